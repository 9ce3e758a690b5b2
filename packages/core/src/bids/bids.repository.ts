import { fromCents } from "@bm/shared";
import type { DataSource } from "typeorm";
import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";

/** Where the bids of a kind live: lot bids (dollars plus credits) or legacy auction bids (credits). */
export interface BidTable {
  kind: "lot" | "auction";
  bids: "bids" | "auction_bids";
  parent: "lot_id" | "auction_id";
  parentTable: "auction_lots" | "auctions";
  /** The lot number shown with recent bids (auctions have none). */
  number: "p.lot_number" | "NULL::int";
  /** Whether a bid records the credits it uses. */
  credits: boolean;
  /**
   * Where bidders' labels are kept: lots store each member's rank at their first bid
   * (`lot_bidders`), so voiding a bid renames nobody; auctions derive it from their bids.
   */
  labels: "lot_bidders" | null;
  /** When the House voided the bid (lot bids only). */
  voidedAt: "b.voided_at" | "NULL::timestamptz";
}

export const LOT_BIDS: BidTable = {
  kind: "lot",
  bids: "bids",
  parent: "lot_id",
  parentTable: "auction_lots",
  number: "p.lot_number",
  credits: true,
  labels: "lot_bidders",
  voidedAt: "b.voided_at",
};
export const AUCTION_BIDS: BidTable = {
  kind: "auction",
  bids: "auction_bids",
  parent: "auction_id",
  parentTable: "auctions",
  number: "NULL::int",
  credits: false,
  labels: null,
  voidedAt: "NULL::timestamptz",
};

export interface BidRow {
  id: number;
  userId: string;
  amount: string;
  createdAt: Date;
  /** The bidder's rank on the lot by their first bid (1 = the first to bid): their anonymous label. */
  bidderRank: number;
  /** When the House voided it; null for a standing bid. */
  voidedAt: Date | null;
}

export interface RecentBidRow {
  id: number;
  kind: "lot" | "auction";
  targetId: number;
  lotNumber: number | null;
  title: string;
  amount: string;
  createdAt: Date;
  bidderRank: number;
}

/**
 * Bids of one kind, and the anonymous bidder labels derived from them: a bidder's label on a lot
 * is the rank of their first bid among its distinct bidders, so it is stable for the lot's life.
 */
export class BidRepository extends Repository {
  constructor(
    db: DataSource,
    private readonly table: BidTable,
  ) {
    super(db);
  }

  /** The one query of a bidder's rank: `parent` and `user` are SQL expressions. */
  private rankOf(parent: string, user: string): string {
    const { bids, parent: column, labels } = this.table;
    if (labels) return `(SELECT rank FROM ${labels} WHERE lot_id = ${parent} AND user_id = ${user})`;
    return `(SELECT count(*)::int FROM (SELECT MIN(id) AS first FROM ${bids} WHERE ${column} = ${parent} GROUP BY user_id) ranked
      WHERE first <= (SELECT MIN(id) FROM ${bids} WHERE ${column} = ${parent} AND user_id = ${user}))`;
  }

  /**
   * Records a bid (the legacy auctions' path; a lot bid is recorded, with its bidder's label, by
   * the database's place_lot_bid).
   */
  async record(
    bid: { parentId: number; userId: string; amountCents: number; creditsCents?: number; at: Date },
    tx: Tx,
  ): Promise<{ id: number; createdAt: Date }> {
    const { bids, parent, credits } = this.table;
    const row = credits
      ? await this.first<{ id: number; created_at: Date }>(
          `INSERT INTO ${bids} (${parent}, user_id, amount, credits_used, created_at) VALUES ($1, $2, $3, $4, $5)
           RETURNING id, created_at`,
          [bid.parentId, bid.userId, fromCents(bid.amountCents), fromCents(bid.creditsCents ?? 0), bid.at],
          tx,
        )
      : await this.first<{ id: number; created_at: Date }>(
          `INSERT INTO ${bids} (${parent}, user_id, amount, created_at) VALUES ($1, $2, $3, $4) RETURNING id, created_at`,
          [bid.parentId, bid.userId, fromCents(bid.amountCents), bid.at],
          tx,
        );
    if (!row) throw new Error(`no row inserted into ${bids}`);
    return { id: row.id, createdAt: new Date(row.created_at) };
  }

  /** The rank that labels `userId` on the lot (or auction) `parentId`. */
  async bidderRank(parentId: number, userId: string, tx?: Tx): Promise<number> {
    const row = await this.first<{ rank: number }>(`SELECT ${this.rankOf("$1", "$2")} AS rank`, [parentId, userId], tx);
    return row?.rank ?? 0;
  }

  /** The winners' ranks of several lots (or auctions) in one query, by lot id. */
  async winnerRanks(targets: { id: number; winnerId: string }[], tx?: Tx): Promise<Map<number, number>> {
    if (targets.length === 0) return new Map();
    const rows = await this.rows<{ id: number; rank: number }>(
      `SELECT t.id, ${this.rankOf("t.id", "t.winner_id")} AS rank
       FROM unnest($1::int[], $2::uuid[]) AS t(id, winner_id)`,
      [targets.map((t) => t.id), targets.map((t) => t.winnerId)],
      tx,
    );
    return new Map(rows.map((r) => [r.id, r.rank]));
  }

  /** Newest first, each with its bidder's rank; voided bids stay, marked. */
  async history(parentId: number, limit: number, tx?: Tx): Promise<BidRow[]> {
    const { bids, parent, voidedAt } = this.table;
    const rows = await this.rows<{
      id: number;
      user_id: string;
      amount: string;
      created_at: Date;
      rank: string;
      voided_at: Date | null;
    }>(
      `SELECT b.id, b.user_id, b.amount::text AS amount, b.created_at, ${this.rankOf(`b.${parent}`, "b.user_id")} AS rank,
         ${voidedAt} AS voided_at
       FROM ${bids} b WHERE b.${parent} = $1 ORDER BY b.id DESC LIMIT $2`,
      [parentId, limit],
      tx,
    );
    return rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      amount: r.amount,
      createdAt: new Date(r.created_at),
      bidderRank: Number(r.rank),
      voidedAt: r.voided_at ? new Date(r.voided_at) : null,
    }));
  }

  /** The latest bids of every lot (or auction), newest first. */
  async recent(limit: number, tx?: Tx): Promise<RecentBidRow[]> {
    const { bids, parent, parentTable, number, kind } = this.table;
    const rows = await this.rows<{
      id: number;
      target_id: number;
      lot_number: number | null;
      title: string;
      amount: string;
      created_at: Date;
      rank: number;
    }>(
      `SELECT b.id, p.id AS target_id, ${number} AS lot_number, p.title, b.amount::text AS amount, b.created_at,
         ${this.rankOf(`b.${parent}`, "b.user_id")} AS rank
       FROM ${bids} b JOIN ${parentTable} p ON p.id = b.${parent} WHERE ${this.table.voidedAt} IS NULL
       ORDER BY b.id DESC LIMIT $1`,
      [limit],
      tx,
    );
    return rows.map((r) => ({
      id: r.id,
      kind,
      targetId: r.target_id,
      lotNumber: r.lot_number,
      title: r.title,
      amount: r.amount,
      createdAt: new Date(r.created_at),
      bidderRank: r.rank,
    }));
  }
}
