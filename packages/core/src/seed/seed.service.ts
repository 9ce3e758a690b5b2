import { AUCTION_DAYS, addDays, LOT_CLOSES_HOUR_NY, LOT_OPENS_HOUR_NY, newYorkDate, newYorkTime } from "@bm/shared";
import type { DataSource, EntityManager } from "typeorm";
import type { LedgerService } from "../credits/ledger.service";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import { AUCTION_CATALOGUE } from "./auction-catalogue";
import { LOT_CATALOGUE } from "./lot-catalogue";

export interface SeedDeps {
  db: DataSource;
  clock: Clock;
  ledger: LedgerService;
  log: Logger;
  eventAuctionStart: Date;
  demo: boolean;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
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
    const { db, demo } = this.deps;
    return db.transaction(async (em) => {
      // Several API nodes may start at once: one seeds, the others then find the event there.
      await em.query(`SELECT pg_advisory_xact_lock(hashtext('seed-event'))`);
      const [{ lots, live }] = await em.query(
        `SELECT count(*)::int AS lots, count(*) FILTER (WHERE NOT is_closed AND closes_at > $1)::int AS live FROM auction_lots`,
        [this.deps.clock.now()],
      );
      if (demo && (lots === 0 || live === 0)) {
        await this.seedDemo(em);
        return "demo";
      }
      if (lots === 0) {
        await this.seedLotsIn(em);
        return "seeded";
      }
      return "kept";
    });
  }

  /** Replaces the lots with the calendar's thirty (the admin's seed button). Returns the count. */
  async seedLots(): Promise<number> {
    return this.deps.db.transaction((em) => this.seedLotsIn(em));
  }

  private async seedLotsIn(em: EntityManager): Promise<number> {
    await this.clearLots(em);
    const friday = newYorkDate(this.deps.eventAuctionStart);
    for (const seed of LOT_CATALOGUE) {
      const date = addDays(friday, AUCTION_DAYS.indexOf(seed.day));
      await this.insertLot(em, seed, newYorkTime(date, LOT_OPENS_HOUR_NY), newYorkTime(date, LOT_CLOSES_HOUR_NY));
    }
    return LOT_CATALOGUE.length;
  }

  private async clearLots(em: EntityManager): Promise<void> {
    await em.query(`DELETE FROM lot_views`);
    await em.query(`DELETE FROM lot_notifications`);
    await em.query(`DELETE FROM lot_questions`);
    await em.query(`DELETE FROM bids`);
    await em.query(`DELETE FROM auction_lots`);
  }

  private async insertLot(
    em: EntityManager,
    seed: (typeof LOT_CATALOGUE)[number],
    opensAt: Date,
    closesAt: Date,
  ): Promise<number> {
    const art = `/art/lots/${seed.art}`;
    const [row] = await em.query(
      `INSERT INTO auction_lots (lot_number, day, title, description, image_url, image_urls, reserve_price, opens_at, closes_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        seed.lotNumber,
        seed.day,
        seed.title,
        seed.description,
        `${art}.svg`,
        [`${art}.svg`, `${art}-2.svg`, `${art}-3.svg`],
        seed.reservePrice,
        opensAt,
        closesAt,
      ],
    );
    return row.id;
  }

  private async seedDemo(em: EntityManager): Promise<void> {
    const { clock, ledger, log } = this.deps;
    const now = clock.now();
    const today = newYorkDate(now);
    await this.clearLots(em);
    await em.query(`DELETE FROM auction_bids`);
    await em.query(`DELETE FROM auctions`);

    const members: string[] = [];
    for (const email of DEMO_MEMBERS) {
      const [row] = await em.query(
        `INSERT INTO users (email, first_name) VALUES ($1, $2)
           ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email RETURNING id`,
        [email, email.split("@")[0]],
      );
      members.push(row.id);
      await ledger.apply(em, {
        userId: row.id,
        amountCents: 300_00,
        kind: "admin",
        sourceId: "demo-grant",
        title: "Demo credits",
      });
    }

    const lotIds = new Map<number, number>();
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

    // Yesterday's lots 1-5 and today's 9-12 carry bids; yesterday's close with winners at start-up.
    const plan: [number, [number, number, number][]][] = [
      [
        1,
        [
          [0, 25, 0],
          [1, 32, 10],
          [2, 40, 15],
        ],
      ],
      [
        2,
        [
          [1, 45, 20],
          [0, 60, 0],
        ],
      ],
      [3, [[2, 10, 5]]],
      [
        4,
        [
          [0, 60, 30],
          [2, 75, 0],
          [1, 90, 40],
        ],
      ],
      [
        5,
        [
          [1, 20, 0],
          [2, 24, 12],
        ],
      ],
      [
        9,
        [
          [0, 80, 20],
          [1, 95, 0],
        ],
      ],
      [10, [[2, 45, 15]]],
      [
        11,
        [
          [1, 18, 0],
          [0, 22, 10],
          [2, 30, 0],
        ],
      ],
      [12, [[0, 120, 50]]],
    ];
    for (const [lotNumber, bids] of plan) {
      const lotId = lotIds.get(lotNumber);
      if (!lotId) continue;
      const [lot] = await em.query(`SELECT opens_at FROM auction_lots WHERE id = $1`, [lotId]);
      let at = new Date(new Date(lot.opens_at).getTime() + 10 * MINUTE);
      for (const [member, dollars, credits] of bids) {
        if (at.getTime() > now.getTime()) at = new Date(now.getTime() - MINUTE);
        await em.query(
          `INSERT INTO bids (lot_id, user_id, amount, credits_used, created_at) VALUES ($1, $2, $3, $4, $5)`,
          [lotId, members[member], dollars, credits, at],
        );
        await em.query(
          `UPDATE auction_lots SET current_bid = $2, leader_id = $3, leader_credits_used = $4, bid_count = bid_count + 1,
               version = version + 1 WHERE id = $1`,
          [lotId, dollars, members[member], credits],
        );
        at = new Date(at.getTime() + 17 * MINUTE);
      }
    }

    for (const seed of AUCTION_CATALOGUE) {
      const start = new Date(now.getTime() + seed.startsInHours * HOUR);
      const end = new Date(start.getTime() + seed.hours * HOUR);
      const [row] = await em.query(
        `INSERT INTO auctions (auction_number, title, description, image_url, starting_bid, current_bid, start_time, end_time,
             is_active, shopify_product_id)
           VALUES ($1, $2, $3, $4, $5, $5, $6, $7, true, $8) RETURNING id`,
        [
          seed.auctionNumber,
          seed.title,
          seed.description,
          seed.imageUrl,
          seed.startingBid,
          start,
          end,
          seed.shopifyProductId,
        ],
      );
      let amount = Number(seed.startingBid);
      let at = new Date(start.getTime() + 5 * MINUTE);
      for (const member of seed.demoBidders) {
        amount += 5;
        if (at.getTime() > now.getTime()) break;
        await em.query(`INSERT INTO auction_bids (auction_id, user_id, amount, created_at) VALUES ($1, $2, $3, $4)`, [
          row.id,
          members[member],
          amount,
          at,
        ]);
        await em.query(
          `UPDATE auctions SET current_bid = $2, leader_id = $3, bid_count = bid_count + 1, version = version + 1 WHERE id = $1`,
          [row.id, amount, members[member]],
        );
        at = new Date(at.getTime() + 20 * MINUTE);
      }
    }
    log.info({ today }, "demo event placed around today: lots open now, yesterday's closed, a live auction");
  }
}
