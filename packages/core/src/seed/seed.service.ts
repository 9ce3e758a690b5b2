import {
  AUCTION_DAYS,
  addDays,
  CHALLENGE_CALENDAR_DAYS,
  currentChallengeDate,
  LOT_CLOSES_HOUR_NY,
  LOT_OPENS_HOUR_NY,
  newYorkDate,
  newYorkTime,
} from "@bm/shared";
import type { AuctionRepository } from "../auctions/auctions.repository";
import type { ChallengeContentRepository } from "../challenges/challenge-content.repository";
import { CHALLENGE_MEDIA_PATH } from "../challenges/challenge-media";
import type { ChallengeTable } from "../challenges/challenges.repository";
import type { LedgerService } from "../credits/ledger.service";
import type { Transactor, Tx } from "../db/transactor";
import type { Logger } from "../logger";
import type { LotRepository } from "../lots/lots.repository";
import type { Clock } from "../ports/clock";
import type { UserRepository } from "../users/user.repository";
import { AUCTION_CATALOGUE } from "./auction-catalogue";
import { CHALLENGE_CATALOGUE, type ChallengeSeed } from "./challenge-catalogue";
import { DEMO_LOT_BIDS } from "./demo-plan";
import { LOT_CATALOGUE } from "./lot-catalogue";
import type { SeedRepository } from "./seed.repository";

export interface SeedDeps {
  tx: Transactor;
  seed: SeedRepository;
  /** Each table through its one writer, which the operator's actions use too. */
  content: ChallengeContentRepository;
  lots: LotRepository;
  auctions: AuctionRepository;
  users: UserRepository;
  clock: Clock;
  ledger: LedgerService;
  log: Logger;
  eventAuctionStart: Date;
  demo: boolean;
  /** The Forbidden Catalogue's products, seeded once with the event. */
  catalogue?: { ensureProductsIn(t: Tx): Promise<number> };
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
 * The event is data: the thirty lots of the four-day calendar, derived from EVENT_AUCTION_START
 * (New York 09:00 to 20:00 each day). With DEMO on, the event is placed around today instead, with
 * demo members and bids, so that a newcomer finds lots open now, some closed, and a live auction.
 */
export class SeedService {
  constructor(private readonly deps: SeedDeps) {}

  /** At start-up: seeds an empty event; in demo mode also re-places a finished one around today. */
  async ensureEvent(): Promise<"seeded" | "demo" | "kept"> {
    const { tx, seed, demo } = this.deps;
    return tx.run(async (em) => {
      await seed.lockSeeding(em);
      await this.ensureChallengesIn(em);
      await this.deps.catalogue?.ensureProductsIn(em);
      const { lots, live } = await this.deps.lots.counts(this.deps.clock.now(), em);
      if (demo && (lots === 0 || live === 0)) {
        await this.seedDemo(em);
        return "demo";
      }
      if (lots === 0) {
        await this.placeLotsAtEventDates(em);
        return "seeded";
      }
      return "kept";
    });
  }

  /**
   * Replaces the lots with the calendar's thirty, inside the caller's transaction (the admin's seed
   * button): at the event's dates, or with DEMO placed around today (no bids). Returns the count.
   */
  async seedLotsIn(em: Tx): Promise<number> {
    if (!this.deps.demo) return this.placeLotsAtEventDates(em);
    await this.deps.lots.clearAll(em);
    return (await this.placeLotsAroundToday(em)).size;
  }

  /** Replaces the puzzles or the trials with the calendar's, inside the caller's transaction. */
  async seedTableIn(table: ChallengeTable, em: Tx): Promise<number> {
    await this.deps.content.clear(table, em);
    return this.insertChallenges(em, this.challengeStart(), table);
  }

  /** Replaces the puzzles and the trials with the calendar's (tests). Returns the count. */
  async seedChallenges(): Promise<number> {
    return this.deps.tx.run(
      async (em) => (await this.seedTableIn("puzzle", em)) + (await this.seedTableIn("trial", em)),
    );
  }

  /**
   * The calendar ends the day before the auction's first day (31 Oct to 27 Nov 2025 by default).
   * With DEMO it is placed so that the entry at DEMO_CHALLENGE_POSITION is the one open now.
   */
  challengeStart(): string {
    const { demo, clock, eventAuctionStart } = this.deps;
    if (demo) return addDays(currentChallengeDate(clock.now()), -DEMO_CHALLENGE_POSITION);
    return addDays(newYorkDate(eventAuctionStart), -CHALLENGE_CALENDAR_DAYS);
  }

  /** Seeds the calendar once; with DEMO, moves it (completions kept) so today's challenge is open. */
  private async ensureChallengesIn(em: Tx): Promise<void> {
    const { content, demo, log } = this.deps;
    const start = this.challengeStart();
    if ((await content.count(em)) === 0) {
      await this.insertChallenges(em, start, "puzzle");
      await this.insertChallenges(em, start, "trial");
      return;
    }
    const first = await content.firstDate(em);
    if (demo && first && first !== start) {
      const days = Math.round((Date.parse(start) - Date.parse(first)) / 86_400_000);
      await content.shiftDates(days, em);
      log.info({ start, days }, "demo challenge calendar placed around today");
    }
  }

  private async insertChallenges(em: Tx, start: string, table: ChallengeTable): Promise<number> {
    const seeds = CHALLENGE_CATALOGUE.filter((seed) => (seed.type === "puzzle" ? "puzzle" : "trial") === table);
    for (const seed of seeds) {
      await this.deps.content.insert(
        table,
        {
          urlSlug: seed.urlSlug,
          title: seed.title,
          description: seed.description,
          ...challengeArt(seed),
          answer: seed.answer,
          credits: seed.credits,
          date: seed.position === null ? start : addDays(start, seed.position),
          isActive: true,
          maxWinners: seed.maxWinners ?? null,
        },
        em,
        seed.id,
      );
    }
    await this.deps.content.syncIds(table, em);
    return seeds.length;
  }

  private async placeLotsAtEventDates(em: Tx): Promise<number> {
    await this.deps.lots.clearAll(em);
    const friday = newYorkDate(this.deps.eventAuctionStart);
    for (const seed of LOT_CATALOGUE) {
      const date = addDays(friday, AUCTION_DAYS.indexOf(seed.day));
      await this.insertLot(em, seed, newYorkTime(date, LOT_OPENS_HOUR_NY), newYorkTime(date, LOT_CLOSES_HOUR_NY));
    }
    return LOT_CATALOGUE.length;
  }

  private async insertLot(
    em: Tx,
    seed: (typeof LOT_CATALOGUE)[number],
    opensAt: Date,
    closesAt: Date,
  ): Promise<{ id: number; opensAt: Date }> {
    const art = `/art/lots/${seed.art}`;
    return this.deps.lots.insertLot(
      {
        lotNumber: seed.lotNumber,
        day: seed.day,
        title: seed.title,
        description: seed.description,
        imageUrl: `${art}.svg`,
        imageUrls: [`${art}.svg`, `${art}-2.svg`, `${art}-3.svg`],
        reservePrice: seed.reservePrice,
        opensAt,
        closesAt,
      },
      em,
    );
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
      lotIds.set(seed.lotNumber, await this.insertLot(em, seed, opensAt, closesAt));
    }

    return lotIds;
  }

  private async seedDemo(em: Tx): Promise<void> {
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
}

/**
 * The artwork shipped in packages/core/assets/challenge-art/: one image, six for the multi-image
 * step, or a video; served by the API to those who may see the challenge (never a public file:
 * a future challenge's picture would give it away).
 */
function challengeArt(seed: ChallengeSeed): { imageUrl: string; imageUrls: string[] | null } {
  const base = `${CHALLENGE_MEDIA_PATH}/${seed.art}`;
  if (seed.video) return { imageUrl: `${base}.mp4`, imageUrls: null };
  if (seed.images) {
    const urls = Array.from({ length: seed.images }, (_, i) => `${base}-${i + 1}.svg`);
    return { imageUrl: urls[0] ?? `${base}.svg`, imageUrls: urls };
  }
  return { imageUrl: `${base}.svg`, imageUrls: null };
}
