import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "../../../components/ui/toast";
import { ApiError, messageOf } from "../../../lib/api";
import { passkeySignInOptions, signInWithPasskey } from "../api/passkey-sign-in";

type Ceremony = "autofill" | "button";

const loadWebAuthn = () => import("@simplewebauthn/browser");

/** The browser's own words for a ceremony another one replaced (the button's replaces the autofill's). */
function aborted(error: unknown): boolean {
  const named = error as { name?: unknown; code?: unknown } | null;
  return named?.name === "AbortError" || named?.code === "ERROR_CEREMONY_ABORTED";
}

/** The member closed the browser's passkey sheet, or it timed out. */
function declined(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === "NotAllowedError";
}

/**
 * Passkey sign-in on the entry page: offered in the e-mail field's autofill (conditional
 * mediation) while `active`, and by a button whose request replaces the autofill's without a word.
 * `onSignedIn` runs once the member is known to the app, as after a code.
 */
export function usePasskeySignIn(active: boolean, onSignedIn: () => void) {
  const [supported, setSupported] = useState(false);
  const [pending, setPending] = useState(false);
  // The House's last refusal, kept under the button as a code's is kept at its field (the toast goes).
  const [refusal, setRefusal] = useState<string | null>(null);
  const live = useRef(active);
  live.current = active;
  const signedIn = useRef(onSignedIn);
  signedIn.current = onSignedIn;

  const run = useCallback(async (ceremony: Ceremony): Promise<boolean> => {
    const webauthn = await loadWebAuthn();
    try {
      const optionsJSON = await passkeySignInOptions();
      const response = await webauthn.startAuthentication({ optionsJSON, useBrowserAutofill: ceremony === "autofill" });
      setPending(true);
      await signInWithPasskey(response);
      signedIn.current();
      return true;
    } catch (error) {
      setPending(false);
      if (aborted(error)) return false;
      if (error instanceof ApiError) {
        const message = messageOf(error, "The passkey was refused");
        setRefusal(message);
        toast({ title: "Access Denied", description: message, variant: "destructive" });
      } else if (ceremony === "button") {
        toast({
          title: declined(error) ? "No Passkey Used" : "Passkey Unavailable",
          description: "Choose a passkey, or sign in with the code sent to your e-mail.",
        });
      }
      return false;
    }
  }, []);

  const startAutofill = useCallback(async () => {
    const webauthn = await loadWebAuthn();
    if (!live.current || !(await webauthn.browserSupportsWebAuthnAutofill())) return;
    await run("autofill");
  }, [run]);

  useEffect(() => {
    let cancelled = false;
    void loadWebAuthn().then((webauthn) => {
      if (!cancelled) setSupported(webauthn.browserSupportsWebAuthn());
    });
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    if (!active) return;
    void startAutofill();
    return () => {
      void loadWebAuthn().then((webauthn) => webauthn.WebAuthnAbortService.cancelCeremony());
    };
  }, [active, startAutofill]);

  /** The button: its request aborts the autofill's; the autofill is offered again if it fails. */
  const signInWithButton = useCallback(async () => {
    if (pending) return;
    setPending(true);
    setRefusal(null);
    const done = await run("button");
    if (!done && live.current) void startAutofill();
  }, [pending, run, startAutofill]);

  return { supported, pending, refusal, signInWithButton };
}
