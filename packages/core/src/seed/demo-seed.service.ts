import {
  AUCTION_DAYS,
  addDays,
  currentChallengeDate,
  LOT_CLOSES_HOUR_NY,
  LOT_OPENS_HOUR_NY,
  newYorkDate,
  newYorkTime,
} from "@bm/shared";
import type { AuctionRepository } from "../auctions/auctions.repository";
import type { LedgerService } from "../credits/ledger.service";
import type { Tx } from "../db/transactor";
import type { FairPlayRepository } from "../fairplay/fair-play.repository";
import type { HouseholdRepository } from "../fairplay/households.repository";
import type { Logger } from "../logger";
import type { LotRepository } from "../lots/lots.repository";
import type { Clock } from "../ports/clock";
import type { ReferralRepository } from "../referrals/referrals.repository";
import type { UserRepository } from "../users/user.repository";
import { AUCTION_CATALOGUE } from "./auction-catalogue";
import { insertCatalogueLot } from "./catalogue-lot";
import { placeFairPlayScenario } from "./demo-fair-play";
import { DEMO_LOT_BIDS } from "./demo-plan";
import { LOT_CATALOGUE } from "./lot-catalogue";

export interface DemoSeedDeps {
  lots: LotRepository;
  auctions: AuctionRepository;
  users: UserRepository;
  referrals: ReferralRepository;
  households: HouseholdRepository;
  fairPlay: FairPlayRepository;
  clock: Clock;
  ledger: LedgerService;
  log: Logger;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** With DEMO, the calendar entry whose challenge is open now (the multi-image puzzle, 'Day 20'). */
export const DEMO_CHALLENGE_POSITION = 20;
export const DEMO_MEMBERS = [
  "raven@demo.blackmarket.local",
  "moth@demo.blackmarket.local",
  "wraith@demo.blackmarket.local",
];

/**
 * With DEMO on, the event placed around today instead of at its dates, with demo members and bids,
 * so that a newcomer finds lots open now, some closed, and a live auction.
 */
export class DemoSeedService {
  constructor(private readonly deps: DemoSeedDeps) {}

  /** The challenge calendar's first day, so that the entry at DEMO_CHALLENGE_POSITION is the one open now. */
  challengeStart(): string {
    return addDays(currentChallengeDate(this.deps.clock.now()), -DEMO_CHALLENGE_POSITION);
  }

  /** Replaces the lots with the calendar's thirty around today (no bids), in the caller's transaction; the count. */
  async placeLots(em: Tx): Promise<number> {
    await this.deps.lots.clearAll(em);
    return (await this.placeLotsAroundToday(em)).size;
  }

  /** The whole demo event in the caller's transaction: members with credits, the lots around today with bids, the auctions. */
  async placeEvent(em: Tx): Promise<void> {
    const { lots, auctions, users, clock, ledger, log } = this.deps;
    const now = clock.now();
    const today = newYorkDate(now);
    await lots.clearAll(em);
    await auctions.clearAll(em);

    const members: string[] = [];
    for (const email of DEMO_MEMBERS) {
      const id = await users.upsertByEmail(email, email.split("@")[0] ?? email, em);
      members.push(id);
      await ledger.apply(em, {
        userId: id,
        amountCents: 300_00,
        kind: "admin",
        sourceId: "demo-grant",
        title: "Demo credits",
      });
    }

    const lotIds = await this.placeLotsAroundToday(em);

    // Yesterday's lots 1-5 and today's 9-12 carry bids; yesterday's close with winners at start-up.
    for (const [lotNumber, bids] of DEMO_LOT_BIDS) {
      const lot = lotIds.get(lotNumber);
      if (!lot) continue;
      let at = new Date(lot.opensAt.getTime() + 10 * MINUTE);
      for (const [member, dollars, credits] of bids) {
        if (at.getTime() > now.getTime()) at = new Date(now.getTime() - MINUTE);
        const userId = members[member];
        if (userId) await lots.insertSeededBid({ lotId: lot.id, userId, amount: dollars, credits, at }, em);
        at = new Date(at.getTime() + 17 * MINUTE);
      }
    }

    // The fair-play queue's demo: a ring behind one address, a referral loop, a declared household.
    const [raven, moth, wraith] = members;
    if (raven && moth && wraith) await placeFairPlayScenario(this.deps, em, raven, [moth, wraith], lotIds, now);

    for (const seed of AUCTION_CATALOGUE) {
      const start = new Date(now.getTime() + seed.startsInHours * HOUR);
      const end = new Date(start.getTime() + seed.hours * HOUR);
      const auctionId = await auctions.insertAuction(
        {
          auctionNumber: seed.auctionNumber,
          title: seed.title,
          description: seed.description,
          imageUrl: seed.imageUrl,
          startingBid: seed.startingBid,
          startTime: start,
          endTime: end,
          shopifyProductId: seed.shopifyProductId,
        },
        em,
      );
      let amount = Number(seed.startingBid);
      let at = new Date(start.getTime() + 5 * MINUTE);
      for (const member of seed.demoBidders) {
        amount += 5;
        if (at.getTime() > now.getTime()) break;
        const userId = members[member];
        if (userId) await auctions.insertSeededBid({ auctionId, userId, amount, at }, em);
        at = new Date(at.getTime() + 20 * MINUTE);
      }
    }
    log.info({ today }, "demo event placed around today: lots open now, yesterday's closed, a live auction");
  }

  /**
   * The calendar's lots around today: yesterday's closed at start-up, today's open now and closing
   * one after another (so a visitor sees lots close live), the coming days' later.
   */
  private async placeLotsAroundToday(em: Tx): Promise<Map<number, { id: number; opensAt: Date }>> {
    const now = this.deps.clock.now();
    const today = newYorkDate(now);
    const lotIds = new Map<number, { id: number; opensAt: Date }>();
    let saturdayIndex = 0;
    for (const seed of LOT_CATALOGUE) {
      const day = AUCTION_DAYS.indexOf(seed.day);
      const date = addDays(today, day - 1);
      let opensAt = newYorkTime(date, LOT_OPENS_HOUR_NY);
      let closesAt = newYorkTime(date, LOT_CLOSES_HOUR_NY);
      if (day === 1) {
        // Today's lots: open now, closing one after another so a visitor sees lots close live.
        opensAt = new Date(Math.min(opensAt.getTime(), now.getTime() - HOUR));
        closesAt = new Date(now.getTime() + (25 + saturdayIndex * 15) * MINUTE);
        saturdayIndex += 1;
      } else if (day > 1 && opensAt.getTime() <= now.getTime()) {
        opensAt = new Date(now.getTime() + day * 12 * HOUR);
        closesAt = new Date(opensAt.getTime() + 11 * HOUR);
      }
      lotIds.set(seed.lotNumber, await insertCatalogueLot(this.deps.lots, em, seed, opensAt, closesAt));
    }

    return lotIds;
  }
}
