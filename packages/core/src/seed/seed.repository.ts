import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";

export interface LotSeedRow {
  lotNumber: number;
  day: string;
  title: string;
  description: string;
  imageUrl: string;
  imageUrls: string[];
  reservePrice: string;
  opensAt: Date;
  closesAt: Date;
}

export interface AuctionSeedRow {
  auctionNumber: number;
  title: string;
  description: string;
  imageUrl: string;
  startingBid: string;
  startTime: Date;
  endTime: Date;
  shopifyProductId: string | null;
}

/**
 * Placing the event's data in bulk (the calendar's lots, the demo's members, bids and auctions):
 * the seed writes rows as they would stand after live use, without replaying bids one by one.
 */
export class SeedRepository extends Repository {
  /** Several API nodes may start at once: one seeds, the others then find the event there. */
  async lockSeeding(tx: Tx): Promise<void> {
    await this.manager(tx).query(`SELECT pg_advisory_xact_lock(hashtext('seed-event'))`);
  }
}
