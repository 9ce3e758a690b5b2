import { z } from "zod";
import { moneyString } from "../auth";

/**
 * The live console's controls (issue 17): each answers `{message}` saying what happened, is
 * audited, and is told to the room as it happens.
 */
export const consoleControlAnswer = z.object({ message: z.string() });
export type ConsoleControlAnswer = z.infer<typeof consoleControlAnswer>;

export const emptyControlBody = z.object({}).strict();

export const EXTEND_MINUTES_MAX = 1440;
const MINUTES = `Minutes must be a whole number from 1 to ${EXTEND_MINUTES_MAX}`;
export const extendLotBody = z.object({
  minutes: z.number({ error: MINUTES }).int(MINUTES).min(1, MINUTES).max(EXTEND_MINUTES_MAX, MINUTES),
});
export type ExtendLotBody = z.infer<typeof extendLotBody>;

export const BROADCAST_MAX = 280;
export const broadcastBody = z.object({
  message: z
    .string({ error: "The banner needs a message" })
    .trim()
    .min(1, "The banner needs a message")
    .max(BROADCAST_MAX, `A banner is at most ${BROADCAST_MAX} characters`),
});
export type BroadcastBody = z.infer<typeof broadcastBody>;

export const VOID_REASON_MAX = 500;

export const voidBidBody = z.object({
  reason: z
    .string({ error: "Say why the bid is voided" })
    .trim()
    .min(1, "Say why the bid is voided")
    .max(VOID_REASON_MAX, `A reason is at most ${VOID_REASON_MAX} characters`),
  /** For a closed lot: open it again (else it goes to the best bid that stands, with a fresh claim). */
  reopen: z.boolean().default(false),
});
export type VoidBidBody = z.input<typeof voidBidBody>;

export const bidIdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/** A lot's bid as the House sees it: who placed it, and whether it stands. */
export const adminLotBid = z.object({
  id: z.number().int(),
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
export const adminLotBidsAnswer = z.object({ bids: z.array(adminLotBid) });
export type AdminLotBidsAnswer = z.infer<typeof adminLotBidsAnswer>;
