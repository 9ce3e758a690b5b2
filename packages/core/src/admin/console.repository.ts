import { Repository } from "../db/repository";
import { type AuctionLot, AuctionLotEntity } from "../lots/lot.entity";

/** The live console's reads: every lot, and the bids of the last minutes by minute. */
export class ConsoleRepository extends Repository {
  lots(): Promise<AuctionLot[]> {
    return this.manager()
      .getRepository(AuctionLotEntity)
      .find({ order: { lotNumber: "ASC" } });
  }

  /** Bids placed from `since` (inclusive) to `until` (exclusive), counted per minute (its start, ms). */
  async bidsPerMinute(since: Date, until: Date): Promise<Map<number, number>> {
    const rows = await this.rows<{ minute: Date; bids: number }>(
      `SELECT date_trunc('minute', created_at) AS minute, count(*)::int AS bids
         FROM bids WHERE created_at >= $1 AND created_at < $2 GROUP BY 1`,
      [since, until],
    );
    return new Map(rows.map((r) => [new Date(r.minute).getTime(), r.bids]));
  }
}
