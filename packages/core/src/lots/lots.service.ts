import { type BidHistoryEntry, bidderLabel, formatMoney, type LotAnswer, type LotUpdateEvent } from "@bm/shared";
import type { DataSource, EntityManager } from "typeorm";
import { rowsOf } from "../db/rows";
import { NotFoundError } from "../errors";
import type { Clock } from "../ports/clock";
import { type AuctionLot, AuctionLotEntity } from "./lot.entity";
import { lotUpdateEvent, presentLot } from "./lot-presenter";

export const LOT_NOT_FOUND = "This lot has been lost to the darkness";

/** Reading lots: lists, one lot (counting its viewers), bid histories. */
export class LotsService {
  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  private repo(em?: EntityManager) {
    return (em ?? this.db.manager).getRepository(AuctionLotEntity);
  }

  async list(viewerId: string | null): Promise<LotAnswer[]> {
    const lots = await this.repo().find({ order: { lotNumber: "ASC" } });
    const now = this.clock.now();
    return lots.map((lot) => presentLot(lot, viewerId, now));
  }

  async wonBy(userId: string): Promise<LotAnswer[]> {
    const lots = await this.repo().find({ where: { winnerId: userId }, order: { closedAt: "DESC" } });
    const now = this.clock.now();
    return lots.map((lot) => presentLot(lot, userId, now));
  }

  /** One lot by its number; the first look of each member counts as a view. */
  async viewByNumber(lotNumber: number, viewerId: string): Promise<LotAnswer> {
    const lot = await this.repo().findOneBy({ lotNumber });
    if (!lot) throw new NotFoundError(LOT_NOT_FOUND);
    const counted = await this.db.query(
      `WITH seen AS (
         INSERT INTO lot_views (lot_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING lot_id
       )
       UPDATE auction_lots SET view_count = view_count + 1 WHERE id IN (SELECT lot_id FROM seen) RETURNING id`,
      [lot.id, viewerId],
    );
    if (rowsOf(counted).length > 0) lot.viewCount += 1;
    return presentLot(lot, viewerId, this.clock.now());
  }

  async find(lotId: number, em?: EntityManager): Promise<AuctionLot | null> {
    return this.repo(em).findOneBy({ id: lotId });
  }

  async snapshotByNumber(lotNumber: number): Promise<LotUpdateEvent | null> {
    const lot = await this.repo().findOneBy({ lotNumber });
    return lot ? lotUpdateEvent(lot) : null;
  }

  async snapshots(): Promise<LotUpdateEvent[]> {
    const lots = await this.repo().find({ order: { lotNumber: "ASC" } });
    return lots.map(lotUpdateEvent);
  }

  /** Newest first; bidders are anonymous labels in order of their first bid on the lot. */
  async bids(lotId: number, viewerId: string | null, limit = 200): Promise<BidHistoryEntry[]> {
    if (!(await this.repo().existsBy({ id: lotId }))) throw new NotFoundError(LOT_NOT_FOUND);
    const rows: { id: number; amount: string; user_id: string; created_at: Date; rank: string }[] = await this.db.query(
      `SELECT b.id, b.amount::text, b.user_id, b.created_at, f.rank
       FROM bids b
       JOIN (SELECT user_id, ROW_NUMBER() OVER (ORDER BY MIN(id)) AS rank FROM bids WHERE lot_id = $1 GROUP BY user_id) f
         USING (user_id)
       WHERE b.lot_id = $1 ORDER BY b.id DESC LIMIT $2`,
      [lotId, limit],
    );
    return rows.map((r) => ({
      id: r.id,
      amount: formatMoney(r.amount),
      bidder: bidderLabel(Number(r.rank)),
      isYou: r.user_id === viewerId,
      createdAt: new Date(r.created_at).toISOString(),
    }));
  }
}

/** The label of `userId` on a lot: the rank of their first bid there among distinct bidders. */
export async function bidderLabelOn(em: EntityManager, lotId: number, userId: string): Promise<string> {
  const [row] = await em.query(
    `SELECT count(*)::int AS rank FROM (SELECT MIN(id) AS first FROM bids WHERE lot_id = $1 GROUP BY user_id) t
     WHERE first <= (SELECT MIN(id) FROM bids WHERE lot_id = $1 AND user_id = $2)`,
    [lotId, userId],
  );
  return bidderLabel(row.rank);
}
