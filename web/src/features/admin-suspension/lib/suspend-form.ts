import { newYorkTime } from "@bm/shared";
import { SUSPENSION_REASON_MAX, type SuspendBody, SuspensionMessages } from "@bm/shared/admin";
import { z } from "zod";

/** The dialog's fields: the end is a New York date and time (the admin area's zone), or none. */
export const suspendForm = z
  .object({
    reason: z
      .string()
      .trim()
      .min(1, SuspensionMessages.reasonRequired)
      .max(SUSPENSION_REASON_MAX, SuspensionMessages.reasonTooLong),
    ends: z.enum(["never", "at"]),
    date: z.string(),
    time: z.string(),
    voidLeadingBids: z.boolean(),
  })
  .superRefine((form, ctx) => {
    if (form.ends !== "at") return;
    const until = untilOf(form);
    if (!until) {
      ctx.addIssue({ code: "custom", path: ["date"], message: SuspensionMessages.untilInvalid });
      return;
    }
    // The server decides by its own clock; this only spares the round trip for an obvious slip.
    if (until.getTime() <= Date.now())
      ctx.addIssue({ code: "custom", path: ["date"], message: SuspensionMessages.untilPast });
  });
export type SuspendForm = z.input<typeof suspendForm>;

export const emptySuspendForm: SuspendForm = { reason: "", ends: "never", date: "", time: "", voidLeadingBids: false };

/** The instant of the form's New York date and time, or null when either is missing or malformed. */
export function untilOf({ date, time }: { date: string; time: string }): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const match = /^(\d{2}):(\d{2})/.exec(time);
  if (!match) return null;
  const at = newYorkTime(date, Number(match[1]), Number(match[2]));
  return Number.isNaN(at.getTime()) ? null : at;
}

export function toSuspendBody(form: SuspendForm): SuspendBody {
  const until = form.ends === "at" ? untilOf(form) : null;
  return {
    reason: form.reason.trim(),
    until: until ? until.toISOString() : null,
    voidLeadingBids: form.voidLeadingBids,
  };
}
