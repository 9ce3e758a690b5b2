import { z } from "zod";
import { moneyString } from "../auth";

/**
 * The live console's controls (issue 17): each answers `{message}` saying what happened, is
 * audited, and is told to the room as it happens.
 */
export const houseAnswer = z.object({ message: z.string() });
export type HouseAnswer = z.infer<typeof houseAnswer>;

export const emptyBody = z.object({}).strict();

export const extendBody = z.object({
  minutes: z
    .number({ error: "Minutes must be a whole number from 1 to 1440" })
    .int("Minutes must be a whole number from 1 to 1440")
    .min(1, "Minutes must be a whole number from 1 to 1440")
    .max(1440, "Minutes must be a whole number from 1 to 1440"),
});
export type ExtendBody = z.infer<typeof extendBody>;

export const bannerBody = z.object({
  message: z
    .string({ error: "Write the banner's message" })
    .trim()
    .min(1, "Write the banner's message")
    .max(280, "A banner is at most 280 characters"),
});
export type BannerBody = z.infer<typeof bannerBody>;

export const voidBidBody = z.object({
  reason: z
    .string({ error: "Give the reason (kept in the audit trail)" })
    .trim()
    .min(1, "Give the reason (kept in the audit trail)")
    .max(500, "A reason is at most 500 characters"),
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
