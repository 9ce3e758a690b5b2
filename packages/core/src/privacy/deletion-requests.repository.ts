import type { DeletionStatus, Paged } from "@bm/shared";
import { Conditions, type PageRequest, pageClause, pageOf } from "../db/paging";
import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";

/** A deletion request as the service reads it. */
export interface DeletionRow {
  id: number;
  email: string;
  userId: string | null;
  status: DeletionStatus;
  requestedAt: Date;
  confirmedAt: Date | null;
  completedAt: Date | null;
}

export type DeletionSort = "requestedAt" | "status";

interface RawRow {
  id: number;
  email: string;
  user_id: string | null;
  status: DeletionStatus;
  requested_at: Date;
  confirmed_at: Date | null;
  completed_at: Date | null;
}

const COLUMNS = "id, email, user_id, status, requested_at, confirmed_at, completed_at";

function rowOf(r: RawRow): DeletionRow {
  return {
    id: r.id,
    email: r.email,
    userId: r.user_id,
    status: r.status,
    requestedAt: new Date(r.requested_at),
    confirmedAt: r.confirmed_at ? new Date(r.confirmed_at) : null,
    completedAt: r.completed_at ? new Date(r.completed_at) : null,
  };
}

/**
 * Data deletion requests (`deletion_requests`): at most one open (pending or confirmed) per
 * member, found by the hash of its link's token, carried out once (conditional updates).
 */
export class DeletionRequestRepository extends Repository {
  /** The member's open request, locked until `tx` ends. */
  async lockOpenOf(userId: string, tx: Tx): Promise<DeletionRow | null> {
    const row = await this.first<RawRow>(
      `SELECT ${COLUMNS} FROM deletion_requests WHERE user_id = $1 AND status <> 'processed' FOR UPDATE`,
      [userId],
      tx,
    );
    return row ? rowOf(row) : null;
  }

  /** A new pending request; null when another one for the member was opened first (the unique index decides). */
  async insertPending(
    request: { email: string; userId: string; codeHash: string; source: string; at: Date },
    tx: Tx,
  ): Promise<number | null> {
    const row = await this.first<{ id: number }>(
      `INSERT INTO deletion_requests (email, user_id, request_source, confirmation_code, status, requested_at)
       VALUES ($1, $2, $3, $4, 'pending', $5) ON CONFLICT DO NOTHING RETURNING id`,
      [request.email, request.userId, request.source, request.codeHash, request.at],
      tx,
    );
    return row?.id ?? null;
  }

  /** Asked again before confirming: a new link (the old one stops working) and a fresh age. */
  async renewPending(id: number, codeHash: string, at: Date, tx: Tx): Promise<void> {
    await this.rows(
      `UPDATE deletion_requests SET confirmation_code = $2, requested_at = $3 WHERE id = $1 AND status = 'pending'`,
      [id, codeHash, at],
      tx,
    );
  }

  /** The request whose link carries this token (by its hash), locked until `tx` ends. */
  async lockByCode(codeHash: string, tx: Tx): Promise<DeletionRow | null> {
    const row = await this.first<RawRow>(
      `SELECT ${COLUMNS} FROM deletion_requests WHERE confirmation_code = $1 FOR UPDATE`,
      [codeHash],
      tx,
    );
    return row ? rowOf(row) : null;
  }

  async lockById(id: number, tx: Tx): Promise<DeletionRow | null> {
    const row = await this.first<RawRow>(`SELECT ${COLUMNS} FROM deletion_requests WHERE id = $1 FOR UPDATE`, [id], tx);
    return row ? rowOf(row) : null;
  }

  /** pending -> confirmed, once. */
  async confirm(id: number, at: Date, tx: Tx): Promise<boolean> {
    const rows = await this.rows<{ id: number }>(
      `UPDATE deletion_requests SET status = 'confirmed', confirmed_at = $2 WHERE id = $1 AND status = 'pending' RETURNING id`,
      [id, at],
      tx,
    );
    return rows.length > 0;
  }

  /**
   * The oldest request confirmed at or before `confirmedBy`, locked until `tx` ends; requests another
   * worker is carrying out are skipped, so two sweeps never take the same one.
   */
  async lockNextDue(confirmedBy: Date, tx: Tx): Promise<DeletionRow | null> {
    const row = await this.first<RawRow>(
      `SELECT ${COLUMNS} FROM deletion_requests
        WHERE status = 'confirmed' AND confirmed_at <= $1
        ORDER BY confirmed_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [confirmedBy],
      tx,
    );
    return row ? rowOf(row) : null;
  }

  /** confirmed -> processed, once; the row keeps the member's placeholder address, not theirs. */
  async markProcessed(id: number, placeholder: string, at: Date, tx: Tx): Promise<DeletionRow | null> {
    const row = await this.first<RawRow>(
      `UPDATE deletion_requests SET status = 'processed', completed_at = $3, email = $2
        WHERE id = $1 AND status = 'confirmed' RETURNING ${COLUMNS}`,
      [id, placeholder, at],
      tx,
    );
    return row ? rowOf(row) : null;
  }

  /** Every request, newest first by default, filtered by status. */
  async list(
    filter: { status?: DeletionStatus },
    page: PageRequest<DeletionSort>,
    tx?: Tx,
  ): Promise<Paged<DeletionRow>> {
    const where = new Conditions().add("status = ?", filter.status);
    const total = await this.first<{ n: number }>(
      `SELECT count(*)::int AS n FROM deletion_requests ${where.where}`,
      where.params,
      tx,
    );
    const clause = pageClause(page, { requestedAt: "requested_at", status: "status" }, "id", where.next);
    const rows = await this.rows<RawRow>(
      `SELECT ${COLUMNS} FROM deletion_requests ${where.where} ${clause.sql}`,
      [...where.params, ...clause.params],
      tx,
    );
    return pageOf(page, rows.map(rowOf), total?.n ?? 0);
  }
}
