import { formatMoney } from "@bm/shared";
import type { Actor } from "../audit/actor";
import type { AuditService } from "../audit/audit.service";
import type { CreditsService } from "../credits/credits.service";
import type { Transactor } from "../db/transactor";
import { ConflictError } from "../errors";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import type { LockPort } from "../ports/lock";
import type { RealtimePort } from "../ports/realtime";
import type { ShopPort } from "../ports/shop";
import type { UserRepository } from "../users/user.repository";
import type { HouseRepository } from "./house.repository";
import { chooseLead } from "./lead";
import type { AuctionLot } from "./lot.entity";
import type { LotClosingService } from "./lot-closing.service";
import type { NotificationRepository } from "./lot-notifications.repository";
import { awardLot, rechooseUnderLock, recordRechoice, tellRechoice } from "./lot-rechoice";
import type { LotRepository } from "./lots.repository";

export interface RunnerUpDeps {
  tx: Transactor;
  house: HouseRepository;
  lots: LotRepository;
  users: UserRepository;
  notifications: NotificationRepository;
  credits: CreditsService;
  audit: AuditService;
  closing: LotClosingService;
  shop: ShopPort;
  clock: Clock;
  lock: LockPort;
  realtime: RealtimePort;
  log: Logger;
  claimWindowHours: number;
}

/**
 * A lot whose claim expired unpaid, offered by the House to the runner-up: the best standing bid
 * of a member who never held it, at its own amount, with a fresh claim window (its e-mail and
 * checkout follow the close announced again).
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
      const runnerUp = await chooseLead(this.d, lotId, t, skip);
      if (!runnerUp) throw new ConflictError("No other bidder can take this lot (none left, or none with the credits)");
      await awardLot(this.d, lot, runnerUp, t, now);
      return { runnerUp };
    });
    await recordRechoice(this.d, actor, "lot.offered_runner_up", { kind: "lot", id: lotId }, outcome, {});
    await tellRechoice(this.d, outcome);
    return `Lot ${outcome.lot.lotNumber} offered to ${holderOf(outcome.lot)} at $${formatMoney(outcome.lot.currentBid)}`;
  }
}

function holderOf(lot: AuctionLot): string {
  return lot.winnerId ? "the runner-up" : "nobody";
}
