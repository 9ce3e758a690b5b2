import type { NotificationSettingsAnswer } from "@bm/shared";
import { useRef, useState } from "react";
import { useThisBrowser } from "../hooks/use-this-browser";
import { pushUnavailable } from "../lib/push";
import { NoticesSection } from "./notices-section";
import { OtherDevices } from "./other-devices";
import { ThisDevice } from "./this-device";

const UNAVAILABLE = {
  "not-set-up": "Notices to devices are not set up on this House yet. Your e-mail notices still reach you.",
  insecure: "Notices reach a device only over a secure (https) connection, and this page was not opened over one.",
  unsupported:
    "This browser cannot receive notices from a website. Another browser on this device may; your e-mail notices still reach you.",
} as const;

/** "On this device" and "Other devices": which of the member's devices are told, and what. */
export function DeviceNotices({ settings }: { settings: NotificationSettingsAnswer }) {
  const unavailable = pushUnavailable(settings.pushPublicKey);
  const [browser, setBrowser] = useThisBrowser(unavailable === null);
  const [told, setTold] = useState("");
  const thisHeading = useRef<HTMLHeadingElement>(null);
  const othersHeading = useRef<HTMLHeadingElement>(null);
  const here = browser.endpoint ? settings.devices.find((device) => device.endpoint === browser.endpoint) : undefined;
  const others = settings.devices.filter((device) => device !== here);

  return (
    <>
      <NoticesSection id="notices-this-device" title="On this device" headingRef={thisHeading}>
        {unavailable ? (
          <p className="mt-3 text-lg text-bone-muted">
            <span className="text-bone">Notices cannot reach this device.</span> {UNAVAILABLE[unavailable]}
          </p>
        ) : !browser.checked ? (
          <p className="mt-3 text-lg text-bone-faint italic">Looking at this device...</p>
        ) : (
          <ThisDevice
            publicKey={settings.pushPublicKey ?? ""}
            browser={browser}
            device={here}
            onChange={(next, message) => {
              setBrowser((held) => ({ ...held, ...next }));
              setTold(message);
              thisHeading.current?.focus();
            }}
          />
        )}
        <p role="status" className="sr-only">
          {told}
        </p>
      </NoticesSection>
      {browser.checked && (
        <NoticesSection id="notices-other-devices" title="Other devices" headingRef={othersHeading}>
          <OtherDevices
            devices={others}
            onRemoved={(name) => {
              setTold(`${name} no longer receives notices.`);
              othersHeading.current?.focus();
            }}
          />
        </NoticesSection>
      )}
    </>
  );
}
