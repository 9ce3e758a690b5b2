import type { Paged } from "@bm/shared";
import type { AuditAction, AuditEntry, AuditTargetKind } from "@bm/shared/admin";
import { Conditions, type PageRequest, pageClause, pageOf } from "../db/paging";
import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";

export interface NewAuditEntry {
  at: Date;
  actorId: string | null;
  actorEmail: string;
  action: AuditAction;
  targetKind: AuditTargetKind;
  targetId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  address: string | null;
}

export interface AuditFilter {
  action?: AuditAction;
  /** Part of the actor's e-mail, case-insensitive. */
  actor?: string;
  targetKind?: AuditTargetKind;
  targetId?: string;
}

interface RawEntry {
  id: number;
  at: Date;
  actor_id: string | null;
  actor_email: string;
  action: AuditAction;
  target_kind: AuditTargetKind;
  target_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  address: string | null;
}

/** The audit trail: the only writer of `audit_log`, which it only ever appends to. */
export class AuditRepository extends Repository {
  async append(entry: NewAuditEntry, tx: Tx): Promise<void> {
    await this.manager(tx).query(
      `INSERT INTO audit_log (at, actor_id, actor_email, action, target_kind, target_id, before, after, address)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        entry.at,
        entry.actorId,
        entry.actorEmail,
        entry.action,
        entry.targetKind,
        entry.targetId,
        entry.before === null ? null : JSON.stringify(entry.before),
        entry.after === null ? null : JSON.stringify(entry.after),
        entry.address,
      ],
    );
  }

  async list(filter: AuditFilter, page: PageRequest<"at">, tx?: Tx): Promise<Paged<AuditEntry>> {
    const where = new Conditions()
      .add("action = ?", filter.action)
      .add("actor_email ILIKE ?", filter.actor ? `%${escapeLike(filter.actor)}%` : undefined)
      .add("target_kind = ?", filter.targetKind)
      .add("target_id = ?", filter.targetId);
    const total = await this.first<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log ${where.where}`,
      where.params,
      tx,
    );
    const clause = pageClause(page, { at: "at" }, "id", where.next);
    const rows = await this.rows<RawEntry>(
      `SELECT * FROM audit_log ${where.where} ${clause.sql}`,
      [...where.params, ...clause.params],
      tx,
    );
    return pageOf(
      page,
      rows.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        actorId: r.actor_id,
        actorEmail: r.actor_email,
        action: r.action,
        targetKind: r.target_kind,
        targetId: r.target_id,
        before: r.before,
        after: r.after,
        address: r.address,
      })),
      total?.n ?? 0,
    );
  }
}

/** `%` and `_` typed in a search are searched for, not wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
