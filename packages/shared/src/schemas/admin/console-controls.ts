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
  /** Placed by the House on the member's maximum. */
  byHouse: z.boolean(),
});
export type AdminLotBid = z.infer<typeof adminLotBid>;

/** A member's maximum on a lot: the admins' alone to see (members never learn another's). */
export const adminLotMaximum = z.object({
  bidder: z.string(),
  email: z.string(),
  amount: moneyString,
  credits: moneyString,
  updatedAt: z.string(),
  /** The maximum's holder leads the lot (an inert maximum was passed by another offer). */
  leading: z.boolean(),
});
export type AdminLotMaximum = z.infer<typeof adminLotMaximum>;
export const adminLotBidsAnswer = z.object({ bids: z.array(adminLotBid), maxima: z.array(adminLotMaximum) });
export type AdminLotBidsAnswer = z.infer<typeof adminLotBidsAnswer>;

/** A step of the House's bid ladder: from `from` dollars up, a bid rises by at least `increment`. */
const ladderMoney = (label: string) =>
  z
    .string({ error: `${label} must be an amount like 5 or 2.50` })
    .trim()
    .regex(/^\d{1,8}(\.\d{1,2})?$/, { error: `${label} must be an amount like 5 or 2.50` });

export const bidIncrementStep = z.object({
  from: ladderMoney("Each step's start"),
  increment: ladderMoney("Each increment"),
});

/** The whole ladder, replaced at once: it starts at $0, its starts rise, every increment is above $0. */
export const bidIncrementsBody = z.object({
  steps: z
    .array(bidIncrementStep, { error: "Give the ladder's steps" })
    .min(1, "The ladder needs at least the step from $0")
    .max(20, "A ladder has at most 20 steps")
    .superRefine((steps, ctx) => {
      const cents = (text: string) => Math.round(Number(text) * 100);
      if (steps[0] && cents(steps[0].from) !== 0)
        ctx.addIssue({ code: "custom", message: "The first step starts at $0" });
      for (const [i, step] of steps.entries()) {
        if (cents(step.increment) <= 0) ctx.addIssue({ code: "custom", message: "Every increment is above $0" });
        const before = steps[i - 1];
        if (before && cents(step.from) <= cents(before.from)) {
          ctx.addIssue({ code: "custom", message: "Each step starts above the one before it" });
        }
      }
    }),
});
export type BidIncrementsBody = z.input<typeof bidIncrementsBody>;
export const bidIncrementsAnswer = z.object({
  steps: z.array(z.object({ from: moneyString, increment: moneyString })),
});
export type BidIncrementsAnswer = z.infer<typeof bidIncrementsAnswer>;
