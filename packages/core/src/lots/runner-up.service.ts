import { formatMoney } from "@bm/shared";
import type { Actor } from "../audit/actor";
import { ConflictError } from "../errors";
import { chooseLead } from "./lead";
import type { AuctionLot } from "./lot.entity";
import { awardLot, type RechoiceDeps, rechooseUnderLock, recordRechoice, tellRechoice } from "./lot-rechoice";

export type RunnerUpDeps = RechoiceDeps;

/**
 * A lot whose claim expired unpaid, offered by the House to the runner-up: the best standing offer
 * of a member who never held it, at the price the bidding rules give without the members who held
 * it (its own plain bid, or one step above the next offer for a maximum), with a fresh claim
 * window (its e-mail and checkout follow the close announced again).
 */
export class RunnerUpService {
  constructor(private readonly d: RunnerUpDeps) {}

  async offer(actor: Actor, lotId: number): Promise<string> {
    const outcome = await rechooseUnderLock(this.d, lotId, async (lot, t, now) => {
      if (!lot.isClosed || lot.claimStatus !== "expired") {
        throw new ConflictError("Only a lot whose claim expired unpaid can be offered to the runner-up");
      }
      const skip = new Set(await this.d.house.pastWinners(lotId, t));
      if (lot.winnerId) skip.add(lot.winnerId);
      const { lead: runnerUp, added, withdrawn } = await chooseLead(this.d, lotId, t, skip, now);
      if (!runnerUp) throw new ConflictError("No other bidder can take this lot (none left, or none with the credits)");
      await awardLot(this.d, lot, runnerUp, t, now);
      return { runnerUp, added, voided: withdrawn };
    });
    await recordRechoice(this.d, actor, "lot.offered_runner_up", { kind: "lot", id: lotId }, outcome, {});
    await tellRechoice(this.d, outcome);
    return `Lot ${outcome.lot.lotNumber} offered to ${holderOf(outcome.lot)} at $${formatMoney(outcome.lot.currentBid)}`;
  }
}

function holderOf(lot: AuctionLot): string {
  return lot.winnerId ? "the runner-up" : "nobody";
}
