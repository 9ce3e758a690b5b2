import { z } from "zod";
import { moneyString } from "../auth";

/*
 * The live auction console's controls (issue 17, deliverable 4). Every call is `admin`, answers
 * 200 `{message}` on success, 404 for an unknown lot or bid, 409 with a clear message when the
 * lot's state forbids the action. The server side is the lead's; the console's buttons call these.
 */

/** Every control's success: what was done, in words the console shows. */
export const consoleControlAnswer = z.object({ message: z.string() });
export type ConsoleControlAnswer = z.infer<typeof consoleControlAnswer>;

/** POST /api/admin/lots/{id}/pause, /resume, /offer-runner-up; POST /api/admin/hall/pause, /resume. */
export const emptyControlBody = z.object({}).strict();

export const EXTEND_MINUTES_MAX = 1440;
/** POST /api/admin/lots/{id}/extend. */
export const extendLotBody = z.object({
  minutes: z
    .number({ error: "Minutes must be a whole number from 1 to 1440" })
    .int("Minutes must be a whole number from 1 to 1440")
    .min(1, "Minutes must be a whole number from 1 to 1440")
    .max(EXTEND_MINUTES_MAX, "Minutes must be a whole number from 1 to 1440"),
});
export type ExtendLotBody = z.infer<typeof extendLotBody>;

export const BROADCAST_MAX = 280;
/** POST /api/admin/broadcast (DELETE /api/admin/broadcast clears the banner). */
export const broadcastBody = z.object({
  message: z
    .string()
    .trim()
    .min(1, "The banner needs a message")
    .max(BROADCAST_MAX, `The banner is at most ${BROADCAST_MAX} characters`),
});
export type BroadcastBody = z.infer<typeof broadcastBody>;

/** One bid of a lot as the operator sees it: the member's e-mail beside the public label. */
export const adminLotBid = z.object({
  id: z.number().int(),
  /** The anonymous label the room sees. */
  bidder: z.string(),
  email: z.string(),
  amount: moneyString,
  creditsUsed: moneyString,
  createdAt: z.string(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  leading: z.boolean(),
});
export type AdminLotBid = z.infer<typeof adminLotBid>;

/** GET /api/admin/lots/{id}/bids: newest first. */
export const adminLotBidsAnswer = z.object({ bids: z.array(adminLotBid) });
export type AdminLotBidsAnswer = z.infer<typeof adminLotBidsAnswer>;

export const VOID_REASON_MAX = 500;
/** POST /api/admin/bids/{id}/void; `reopen` re-opens a closed lot. */
export const voidBidBody = z.object({
  reason: z
    .string()
    .trim()
    .min(1, "Say why the bid is voided")
    .max(VOID_REASON_MAX, `The reason is at most ${VOID_REASON_MAX} characters`),
  reopen: z.boolean(),
});
export type VoidBidBody = z.infer<typeof voidBidBody>;
