import type { PasskeyOfferChoice } from "@bm/shared";
import { useEffect, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { passkeyOfferSettled, usePasskeyOfferStore } from "../../../stores/passkey-offer-store";
import { useEnrolPasskey } from "../api/enrol-passkey";
import { useAnswerPasskeyOffer, usePasskeyOffer } from "../api/passkey-offer";
import { enrolmentFailure } from "../lib/ceremony-errors";

/**
 * After a code sign-in: one tap to keep a passkey on this device, "Not now" (asked again in two
 * weeks at most) or "Never" (kept on the account). Shown only where the browser can make one.
 */
export function PasskeyOffer() {
  const afterCodeSignIn = usePasskeyOfferStore((s) => s.afterCodeSignIn);
  const [capable, setCapable] = useState(false);
  useEffect(() => {
    if (!afterCodeSignIn) return;
    let cancelled = false;
    void import("@simplewebauthn/browser")
      .then((webauthn) => webauthn.platformAuthenticatorIsAvailable())
      .then((available) => {
        if (cancelled) return;
        if (available) setCapable(true);
        else passkeyOfferSettled();
      });
    return () => {
      cancelled = true;
    };
  }, [afterCodeSignIn]);
  const offer = usePasskeyOffer(afterCodeSignIn && capable);
  const answer = useAnswerPasskeyOffer();
  const enrol = useEnrolPasskey();

  useEffect(() => {
    if (offer.data?.offer === false || offer.isError) passkeyOfferSettled();
  }, [offer.data, offer.isError]);

  const open = afterCodeSignIn && capable && offer.data?.offer === true;
  const decline = (choice: PasskeyOfferChoice) => {
    passkeyOfferSettled();
    answer.mutate(choice);
  };
  const create = () => {
    if (enrol.isPending) return;
    enrol.mutate(undefined, {
      onSuccess: () => {
        passkeyOfferSettled();
        toast({ title: "Passkey Created", description: "Next time, enter with this device's screen lock." });
      },
      onError: (error) => toast({ ...enrolmentFailure(error), variant: "destructive" }),
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) decline("later");
      }}
      title="Keep a Passkey on This Device?"
      description="Next time, enter with your fingerprint, face or screen lock: no code to wait for. The e-mailed code always works too."
      closeOnBackdrop={false}
    >
      <div className="flex flex-col gap-3">
        <Button className="w-full" aria-disabled={enrol.isPending} onClick={create}>
          {enrol.isPending && <Spinner className="h-4 w-4" />}
          {enrol.isPending ? "Creating..." : "Create a passkey"}
        </Button>
        <Button variant="outline" className="w-full" onClick={() => decline("later")}>
          Not now
        </Button>
        <Button variant="ghost" className="w-full" onClick={() => decline("never")}>
          Never ask again
        </Button>
      </div>
    </Dialog>
  );
}
