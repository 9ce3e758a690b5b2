import { fromCents } from "@bm/shared";
import type { CreditsService } from "../credits/credits.service";
import type { Tx } from "../db/transactor";
import type { UserRepository } from "../users/user.repository";
import type { ChosenLead, HouseRepository, StandingOffer } from "./house.repository";

export interface LeadDeps {
  house: HouseRepository;
  users: UserRepository;
  credits: CreditsService;
}

/** The lead chosen again, and the bids that choice wrote or withdrew (for the room and the audit row). */
export interface LeadChoice {
  lead: ChosenLead | null;
  /** The House bid placed for the new leader at the price the rules give (when none of theirs stood there). */
  added: { id: number; amount: string; rank: number; createdAt: string } | null;
  /** The new leader's House bids above that price, withdrawn: they answered a bid that no longer stands. */
  withdrawn: number[];
}

/**
 * Chooses the lot's lead again from the offers that stand (after a void, a suspension, a runner-up
 * offer), with the rules a bid is decided by (`place_lot_bid`, the shared `replayLotOffers`): each
 * member's offer is their maximum or their best standing bid, whichever is higher; the best offer
 * leads (the earlier of two equal), at the least it must: one step above the next offer, never
 * below its own plain bids nor the lot's first minimum; a plain bid leads at its own amount.
 *
 * An offer counts only when its member may still lead: not suspended, not left out by `skip` (an
 * expired winner), and with available credits for what it pledges, so committed credits never
 * exceed a balance, not only at bid time. Runs in the caller's transaction with the lot's row
 * locked; each candidate's row is locked in turn (lot, then member: bids take member then another
 * lot, never this one, which the lot lock holds).
 */
export async function chooseLead(
  d: LeadDeps,
  lotId: number,
  tx: Tx,
  skip: ReadonlySet<string> = new Set(),
  now: Date = new Date(),
): Promise<LeadChoice> {
  await d.house.dropLead(lotId, tx);
  const eligible: StandingOffer[] = [];
  for (const offer of await d.house.standingOffers(lotId, tx)) {
    if (eligible.length === 2) break;
    if (skip.has(offer.userId)) continue;
    // Settlement's lock: a suspended bidder is skipped here, not refused (which would undo the void).
    const balance = await d.users.lockForSettlement(offer.userId, tx);
    if (balance === null || (await d.users.isSuspended(offer.userId, tx))) continue;
    const committed = await d.credits.committedCents(offer.userId, tx);
    if (offer.pledgeCents <= balance - committed) eligible.push(offer);
  }
  const [leader, second] = eligible;
  if (!leader) return { lead: null, added: null, withdrawn: [] };

  let price = leader.topCents;
  if (leader.onMaximum) {
    const floor = Math.max(leader.plainCents, await d.house.firstMinimumCents(lotId, tx));
    const needed = second ? second.offerCents + (await d.house.incrementCents(second.offerCents, tx)) : 0;
    price = Math.min(leader.offerCents, Math.max(floor, needed));
  }
  const withdrawn = await d.house.withdrawHouseBidsAbove(lotId, leader.userId, fromCents(price), now, tx);
  let added: LeadChoice["added"] = null;
  let bidId = await d.house.standingBidAt(lotId, leader.userId, fromCents(price), tx);
  if (bidId === null) {
    const creditsUsed = fromCents(Math.min(leader.pledgeCents, price));
    added = await d.house.placeHouseBid(lotId, leader.userId, fromCents(price), creditsUsed, now, tx);
    bidId = added.id;
  }
  return {
    lead: {
      id: bidId,
      userId: leader.userId,
      amount: fromCents(price),
      creditsUsed: fromCents(Math.min(leader.pledgeCents, price)),
      creditsHeld: fromCents(leader.pledgeCents),
    },
    added,
    withdrawn,
  };
}
