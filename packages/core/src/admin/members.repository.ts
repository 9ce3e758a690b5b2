import type { Paged } from "@bm/shared";
import type { MemberDetail } from "@bm/shared/admin";
import type { Database } from "../db/data-source";
import { type PageRequest, pageClause, pageOf } from "../db/paging";
import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";
import { type CsvQuery, cursorRows } from "../exports/csv-export";
import { exportQuery, type Listing } from "./member-lists";

type Section<K extends keyof MemberDetail> = MemberDetail[K];

/** What the member page reads beside the lists, and the lists' exports. */
export class MembersRepository extends Repository {
  constructor(private readonly database: Database) {
    super(database.dataSource);
  }

  /** Every row of `listing` under `filter` in `order`, read by a cursor (a list's CSV export). */
  listingRows<R, S extends string, F>(
    listing: Listing<R, S, F>,
    filter: F,
    order: Pick<PageRequest<S>, "sort" | "order">,
  ): AsyncIterable<Record<string, unknown>> {
    return this.rowsOf(exportQuery(listing, filter, order));
  }

  /** The rows of a statement another repository built (the attempt log's), read by a cursor. */
  rowsOf(query: CsvQuery): AsyncIterable<Record<string, unknown>> {
    return cursorRows(this.database, query);
  }

  /** A page of `listing` under `filter`, and how many rows match in all. */
  async page<R, S extends string, F>(
    listing: Listing<R, S, F>,
    filter: F,
    page: PageRequest<S>,
    tx?: Tx,
  ): Promise<Paged<R>> {
    const where = listing.where(filter);
    const from = `${listing.select} ${where.where}`;
    const total = await this.first<{ n: number }>(`SELECT count(*)::int AS n FROM (${from}) x`, where.params, tx);
    const clause = pageClause(page, listing.sorts, listing.tieBreak, where.next);
    const rows = await this.rows<Record<string, unknown>>(
      `${from} ${clause.sql}`,
      [...where.params, ...clause.params],
      tx,
    );
    return pageOf(page, rows.map(listing.row), total?.n ?? 0);
  }

  async leadingLots(userId: string, tx?: Tx): Promise<Section<"leadingLots">> {
    const rows = await this.rows<{
      id: number;
      lot_number: number;
      title: string;
      current_bid: string;
      leader_credits_used: string;
      closes_at: Date;
    }>(
      `SELECT id, lot_number, title, current_bid::text, leader_credits_used::text, closes_at
         FROM auction_lots WHERE leader_id = $1 AND NOT is_closed ORDER BY closes_at, id`,
      [userId],
      tx,
    );
    return rows.map((r) => ({
      lotId: r.id,
      lotNumber: r.lot_number,
      title: r.title,
      currentBid: r.current_bid,
      creditsUsed: r.leader_credits_used,
      closesAt: r.closes_at.toISOString(),
    }));
  }

  /** Right answers (puzzles and trials), newest first. */
  async completions(userId: string, limit: number, tx?: Tx): Promise<Section<"completions">> {
    const rows = await this.rows<{
      kind: "puzzle" | "trial";
      title: string;
      credits: number;
      at: Date;
      address: string | null;
    }>(
      `SELECT 'puzzle' AS kind, p.title, c.credits_awarded AS credits, c.completed_at AS at, c.address
         FROM puzzle_completions c JOIN puzzles p ON p.id = c.puzzle_id WHERE c.user_id = $1
       UNION ALL
       SELECT 'trial', t.title, c.credits_awarded, c.completed_at, c.address
         FROM trial_completions c JOIN trials t ON t.id = c.trial_id WHERE c.user_id = $1
       ORDER BY at DESC LIMIT $2`,
      [userId, limit],
      tx,
    );
    return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
  }

  /** Wrong answers, newest first (what was answered is the attempt log's, not this page's). */
  async failedAttempts(userId: string, limit: number, tx?: Tx): Promise<Section<"failedAttempts">> {
    const rows = await this.rows<{ kind: "puzzle" | "trial"; title: string; at: Date; address: string | null }>(
      `SELECT 'puzzle' AS kind, p.title, f.attempted_at AS at, f.address
         FROM puzzle_failed_attempts f JOIN puzzles p ON p.id = f.puzzle_id WHERE f.user_id = $1
       UNION ALL
       SELECT 'trial', t.title, f.attempted_at, f.address
         FROM trial_failed_attempts f JOIN trials t ON t.id = f.trial_id WHERE f.user_id = $1
       ORDER BY at DESC LIMIT $2`,
      [userId, limit],
      tx,
    );
    return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
  }

  async referrals(userId: string, tx?: Tx): Promise<Section<"referrals">> {
    const by = await this.first<{ id: string; email: string }>(
      `SELECT u.id, u.email FROM referrals r JOIN users u ON u.id = r.referrer_id WHERE r.referee_id = $1`,
      [userId],
      tx,
    );
    const invited = await this.rows<{
      email: string;
      referee_id: string | null;
      credits_awarded: boolean;
      created_at: Date;
      completed_at: Date | null;
    }>(
      `SELECT referee_email AS email, referee_id, credits_awarded, created_at, completed_at
         FROM referrals WHERE referrer_id = $1 ORDER BY created_at DESC, id DESC LIMIT 200`,
      [userId],
      tx,
    );
    return {
      referredBy: by,
      invited: invited.map((r) => ({
        email: r.email,
        refereeId: r.referee_id,
        creditsAwarded: r.credits_awarded,
        createdAt: r.created_at.toISOString(),
        completedAt: r.completed_at ? r.completed_at.toISOString() : null,
      })),
    };
  }

  async signIns(userId: string, limit: number, tx?: Tx): Promise<Section<"signIns">> {
    const rows = await this.rows<{ at: Date; address: string | null }>(
      `SELECT at, address FROM sign_ins WHERE user_id = $1 ORDER BY at DESC, id DESC LIMIT $2`,
      [userId, limit],
      tx,
    );
    return rows.map((r) => ({ at: r.at.toISOString(), address: r.address }));
  }
}
