import { toCents } from "@bm/shared";
import type { CreditsService } from "../credits/credits.service";
import type { Tx } from "../db/transactor";
import type { UserRepository } from "../users/user.repository";
import type { CandidateBid, HouseRepository } from "./house.repository";

export interface LeadDeps {
  house: HouseRepository;
  users: UserRepository;
  credits: CreditsService;
}

/**
 * Chooses the lot's lead again from the bids that stand (after a void, a suspension, a runner-up
 * offer): walks them from the top and skips a bid whose bidder's available credits no longer
 * cover the credits it uses, so committed credits never exceed a balance, not only at bid time.
 * Runs in the caller's transaction with the lot's row locked; each candidate's row is locked in
 * turn (lot, then member: bids take member then another lot, never this one, which the lot lock holds).
 * `skip` leaves out members who may not lead (the suspended, an expired winner).
 */
export async function chooseLead(
  d: LeadDeps,
  lotId: number,
  tx: Tx,
  skip: ReadonlySet<string> = new Set(),
): Promise<CandidateBid | null> {
  await d.house.dropLead(lotId, tx);
  for (const bid of await d.house.standingBids(lotId, tx)) {
    if (skip.has(bid.userId)) continue;
    const balance = await d.users.lockBalance(bid.userId, tx);
    if (balance === null) continue;
    const committed = await d.credits.committedCents(bid.userId, tx);
    if (toCents(bid.creditsUsed) <= balance - committed) return bid;
  }
  return null;
}
