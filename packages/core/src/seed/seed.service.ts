import {
  AUCTION_DAYS,
  addDays,
  CHALLENGE_CALENDAR_DAYS,
  LOT_CLOSES_HOUR_NY,
  LOT_OPENS_HOUR_NY,
  newYorkDate,
  newYorkTime,
} from "@bm/shared";
import type { ChallengeContentRepository } from "../challenges/challenge-content.repository";
import { CHALLENGE_MEDIA_PATH } from "../challenges/challenge-media";
import type { ChallengeTable } from "../challenges/challenges.repository";
import type { Transactor, Tx } from "../db/transactor";
import type { Logger } from "../logger";
import type { LotRepository } from "../lots/lots.repository";
import type { Clock } from "../ports/clock";
import { insertCatalogueLot } from "./catalogue-lot";
import { CHALLENGE_CATALOGUE, type ChallengeSeed } from "./challenge-catalogue";
import type { DemoSeedService } from "./demo-seed.service";
import { LOT_CATALOGUE } from "./lot-catalogue";
import type { SeedRepository } from "./seed.repository";

export interface SeedDeps {
  tx: Transactor;
  seed: SeedRepository;
  /** Each table through its one writer, which the operator's actions use too. */
  content: ChallengeContentRepository;
  lots: LotRepository;
  clock: Clock;
  log: Logger;
  eventAuctionStart: Date;
  /** With DEMO on: the event placed around today instead of at EVENT_AUCTION_START. */
  demo?: DemoSeedService;
  /** The Forbidden Catalogue's products, seeded once with the event. */
  catalogue?: { ensureProductsIn(t: Tx): Promise<number> };
}

/**
 * The event is data: the thirty lots of the four-day calendar, derived from EVENT_AUCTION_START
 * (New York 09:00 to 20:00 each day), and the challenge calendar before it. With DEMO on, the
 * demo's placement (DemoSeedService) puts the event around today instead.
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
        await demo.placeEvent(em);
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
    return this.deps.demo ? this.deps.demo.placeLots(em) : this.placeLotsAtEventDates(em);
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
   * With DEMO it is placed around today (DemoSeedService.challengeStart).
   */
  challengeStart(): string {
    return (
      this.deps.demo?.challengeStart() ?? addDays(newYorkDate(this.deps.eventAuctionStart), -CHALLENGE_CALENDAR_DAYS)
    );
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
      await insertCatalogueLot(
        this.deps.lots,
        em,
        seed,
        newYorkTime(date, LOT_OPENS_HOUR_NY),
        newYorkTime(date, LOT_CLOSES_HOUR_NY),
      );
    }
    return LOT_CATALOGUE.length;
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
