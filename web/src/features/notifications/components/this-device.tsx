import { formatDateTime, type NoticeChoices, type PushDevice } from "@bm/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { messageOf } from "../../../lib/api";
import { addDevice, deviceGone, removeDevice, useSaveDeviceNotices } from "../api/device-notices";
import { notificationKeys } from "../api/get-notification-settings";
import type { ThisBrowser } from "../hooks/use-this-browser";
import { allowOnThisDevice, deviceName, subscriptionBody, unsubscribeThisDevice } from "../lib/push";
import { NoticeKinds, SaveState } from "./notice-kinds";

const ALL_KINDS: NoticeChoices = { outbid: true, closing: true, won: true };

/** What went wrong in the browser itself (its permission, its push service), in the member's words. */
function browserTrouble(error: unknown): string {
  if (error instanceof DOMException) {
    if (error.name === "NotAllowedError")
      return "This browser would not let the House send notices here. A private window never takes them.";
    return "This browser could not reach its push service just now, so notices cannot be allowed here yet. Try again later.";
  }
  return messageOf(error, "Notices could not be allowed on this device. Try again.");
}

interface ThisDeviceProps {
  publicKey: string;
  browser: ThisBrowser;
  /** This browser as the server knows it, when it receives notices. */
  device: PushDevice | undefined;
  /** This browser's state after the member's step, and the words that tell it. */
  onChange: (browser: Partial<ThisBrowser>, told: string) => void;
}

/** "On this device": allow notices here, choose which, or stop them. */
export function ThisDevice({ publicKey, browser, device, onChange }: ThisDeviceProps) {
  const client = useQueryClient();
  const [choices, setChoices] = useState<NoticeChoices>(ALL_KINDS);
  const [working, setWorking] = useState<"allow" | "stop" | null>(null);
  const [trouble, setTrouble] = useState<string | null>(null);
  const name = deviceName(navigator.userAgent);

  // Permission is asked here, in the click, and nowhere else.
  const allow = async () => {
    if (working) return;
    setWorking("allow");
    setTrouble(null);
    try {
      const outcome = await allowOnThisDevice(publicKey);
      if (!outcome.subscription) {
        onChange(
          { permission: outcome.permission },
          outcome.permission === "denied" ? "Notices are blocked in this browser." : "Notices were not allowed.",
        );
        if (outcome.permission === "default")
          setTrouble("The browser's question was closed without an answer. Ask again whenever you are ready.");
        return;
      }
      const body = { subscription: subscriptionBody(outcome.subscription), kinds: choices, device: name };
      client.setQueryData(notificationKeys.settings(), await addDevice(body));
      onChange({ permission: "granted", endpoint: outcome.subscription.endpoint }, "Notices will reach this device.");
    } catch (error) {
      setTrouble(browserTrouble(error));
    } finally {
      setWorking(null);
    }
  };

  const stop = async (endpoint: string) => {
    if (working) return;
    setWorking("stop");
    setTrouble(null);
    try {
      await unsubscribeThisDevice();
      try {
        client.setQueryData(notificationKeys.settings(), await removeDevice({ endpoint }));
      } catch (error) {
        // Already forgotten by the server (removed from another page): stopped all the same.
        if (!deviceGone(error)) throw error;
        void client.invalidateQueries({ queryKey: notificationKeys.settings() });
      } finally {
        // Unsubscribed here whatever the server said: a device it still lists shows among the others.
        onChange({ endpoint: null }, "Notices no longer reach this device.");
      }
    } catch (error) {
      setTrouble(messageOf(error, "Notices could not be stopped on this device. Try again."));
    } finally {
      setWorking(null);
    }
  };

  if (device) {
    return (
      <>
        <p className="mt-3 text-lg text-bone-muted">
          Notices reach this device{device.device ? <> ({device.device})</> : null} since{" "}
          <time dateTime={device.createdAt}>{formatDateTime(device.createdAt)}</time>.
        </p>
        {browser.permission === "denied" && <BlockedHelp />}
        <DeviceKinds endpoint={device.endpoint} kinds={device.kinds} />
        <Button
          variant="outline"
          className="mt-2 w-full sm:w-auto"
          aria-disabled={working !== null}
          onClick={() => void stop(device.endpoint)}
        >
          {working === "stop" && <Spinner className="h-4 w-4" />}
          Stop notices on this device
        </Button>
        <Trouble text={trouble} />
      </>
    );
  }

  if (browser.permission === "denied") return <BlockedHelp />;

  return (
    <>
      <p className="mt-3 text-lg text-bone-muted">
        Have the House tap you on the shoulder here{name ? <> ({name})</> : null}, even while this page is closed. Your
        browser will ask you first.
      </p>
      <NoticeKinds legend="Notices to show here" choices={choices} onChange={setChoices} />
      <Button className="mt-5 w-full sm:w-auto" aria-disabled={working !== null} onClick={() => void allow()}>
        {working === "allow" && <Spinner className="h-4 w-4" />}
        Allow notices on this device
      </Button>
      <Trouble text={trouble} />
    </>
  );
}

/** This device's kinds, each saved as it is ticked. */
function DeviceKinds({ endpoint, kinds }: { endpoint: string; kinds: NoticeChoices }) {
  const save = useSaveDeviceNotices(endpoint);
  return (
    <>
      <NoticeKinds legend="Notices to show here" choices={kinds} onChange={(next) => save.mutate(next)} />
      <SaveState status={save.status} />
    </>
  );
}

/** Permission was refused: only the browser's own settings can give it back. */
function BlockedHelp() {
  return (
    <div className="mt-4 border border-blood-bright/40 bg-blood-deep/30 px-4 py-3">
      <p className="text-lg text-bone">Notices are blocked for the House in this browser.</p>
      <p className="mt-2 text-base text-bone-muted">
        To allow them again, open this site's settings (the icon at the left of the address bar, or your browser's
        Settings, then Site settings, then Notifications), set Notifications to Allow, and reload this page.
      </p>
    </div>
  );
}

function Trouble({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p role="alert" className="mt-3 text-base text-blood-bright">
      {text}
    </p>
  );
}
