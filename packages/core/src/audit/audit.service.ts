import type { AuditAction, AuditList, AuditTargetKind } from "@bm/shared/admin";
import type { PageRequest } from "../db/paging";
import type { Tx } from "../db/transactor";
import type { Clock } from "../ports/clock";
import type { Actor } from "./actor";
import type { AuditFilter, AuditRepository } from "./audit.repository";

export interface AuditRecord {
  action: AuditAction;
  targetKind: AuditTargetKind;
  targetId: string | number | null;
  before?: object | null;
  after?: object | null;
}

/**
 * The audit trail of the admin area. `record` runs inside the caller's transaction, so an action
 * and its row commit together or not at all; nothing ever edits or deletes a row.
 */
export class AuditService {
  constructor(
    private readonly rows: AuditRepository,
    private readonly clock: Clock,
  ) {}

  async record(tx: Tx, actor: Actor, record: AuditRecord): Promise<void> {
    await this.rows.append(
      {
        at: this.clock.now(),
        actorId: actor.id,
        actorEmail: actor.email,
        action: record.action,
        targetKind: record.targetKind,
        targetId: record.targetId === null ? null : String(record.targetId),
        before: plain(record.before),
        after: plain(record.after),
        address: actor.address,
      },
      tx,
    );
  }

  list(filter: AuditFilter, page: PageRequest<"at">): Promise<AuditList> {
    return this.rows.list(filter, page);
  }
}

/** A record's fields as JSON keeps them (dates as ISO strings); a big data URL is named, not copied. */
function plain(value: object | null | undefined): Record<string, unknown> | null {
  if (!value) return null;
  return JSON.parse(
    JSON.stringify(value, (_key, v: unknown) =>
      typeof v === "string" && v.startsWith("data:") && v.length > 200 ? `${v.slice(0, 40)}… (${v.length} chars)` : v,
    ),
  ) as Record<string, unknown>;
}
