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
  /**
   * Where bidders' labels are kept: each member's rank at their first bid, stored by the bid
   * function, so voiding a bid renames nobody.
   */
  labels: "lot_bidders" | "auction_bidders";
  /** When the House voided the bid (lot bids only). */
  voidedAt: "b.voided_at" | "NULL::timestamptz";
  /** Whether a bid was placed by the House on a maximum (lots have maxima; the legacy auctions do not). */
  byHouse: "b.by_house" | "false";
}

export const LOT_BIDS: BidTable = {
  kind: "lot",
  bids: "bids",
  parent: "lot_id",
  parentTable: "auction_lots",
  number: "p.lot_number",
  labels: "lot_bidders",
  voidedAt: "b.voided_at",
  byHouse: "b.by_house",
};
export const AUCTION_BIDS: BidTable = {
  kind: "auction",
  bids: "auction_bids",
  parent: "auction_id",
  parentTable: "auctions",
  number: "NULL::int",
  labels: "auction_bidders",
  voidedAt: "NULL::timestamptz",
  byHouse: "false",
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
  byHouse: boolean;
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
 * Bids of one kind (recorded by the database's bid functions), read with their bidders' anonymous
 * labels: a bidder's label is the rank of their first bid among the target's distinct bidders,
 * stored at that bid, so it is stable for the target's life.
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
    const { parent: column, labels } = this.table;
    return `(SELECT rank FROM ${labels} WHERE ${column} = ${parent} AND user_id = ${user})`;
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
    const { bids, parent, voidedAt, byHouse } = this.table;
    const rows = await this.rows<{
      id: number;
      user_id: string;
      amount: string;
      created_at: Date;
      rank: string;
      voided_at: Date | null;
      by_house: boolean;
    }>(
      `SELECT b.id, b.user_id, b.amount::text AS amount, b.created_at, ${this.rankOf(`b.${parent}`, "b.user_id")} AS rank,
         ${voidedAt} AS voided_at, ${byHouse} AS by_house
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
      byHouse: r.by_house === true,
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
