import { RESEND_COOLDOWN_SECONDS } from "@bm/shared";
import { useState } from "react";
import { secondsUntil, useNow } from "../../../lib/time";

interface ResendCountdown {
  /** Whole seconds until another code may be asked for; 0 when it may. */
  resendIn: number;
  /** A code was just sent: the cooldown starts now. */
  start: () => void;
  /** Back to the first step: no cooldown. */
  clear: () => void;
}

/**
 * The resend button's countdown, matching the server's one send per address a minute. The clock
 * ticks only while `active` (the code step is shown).
 */
export function useResendCountdown(active: boolean): ResendCountdown {
  const [resendAt, setResendAt] = useState(0);
  const now = useNow(1000, active);
  // `now` may lag a tick behind a fresh send; the countdown never shows more than the cooldown.
  const resendIn = Math.min(RESEND_COOLDOWN_SECONDS, secondsUntil(resendAt, now));
  return {
    resendIn,
    start: () => setResendAt(Date.now() + RESEND_COOLDOWN_SECONDS * 1000),
    clear: () => setResendAt(0),
  };
}
