import type { Paged } from "@bm/shared";
import type {
  FairPlayFlag,
  FairPlayFlagSummary,
  FairPlayMember,
  FairPlayReason,
  FairPlaySeverity,
  FairPlayStatus,
} from "@bm/shared/admin";
import { Conditions, type PageRequest, pageClause, pageOf } from "../db/paging";
import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";

interface RawFlag {
  id: number;
  reason: FairPlayReason;
  subject: string;
  severity: FairPlaySeverity;
  status: FairPlayStatus;
  members: string[];
  household: boolean;
  weight: number;
  evidence: Record<string, unknown>;
  raised_at: Date;
  seen_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
  decided_by_email: string | null;
  decision_note: string | null;
  people: FairPlayMember[] | null;
}

export interface RecomputeCounts {
  found: number;
  opened: number;
  refreshed: number;
}

/**
 * Every signal, one statement: what the four signal functions find now (`fairplay/sql/`). A key
 * already decided comes back only with more evidence than when it was decided (a higher weight).
 */
const FOUND = `
  SELECT * FROM fair_play_shared_origin($1)
  UNION ALL SELECT * FROM fair_play_maximum_probing($1)
  UNION ALL SELECT * FROM fair_play_shill_pattern($1)
  UNION ALL SELECT * FROM fair_play_referrals($1)`;

/** The flag's fields, with the members it names (in its order) and who decided it. */
const FLAG_SELECT = `
  SELECT f.*, d.email AS decided_by_email,
    (SELECT jsonb_agg(jsonb_build_object('id', u.id, 'email', u.email,
        'name', NULLIF(trim(concat_ws(' ', u.first_name, u.last_name)), '')) ORDER BY k)
       FROM unnest(f.members) WITH ORDINALITY AS m(id, k) JOIN users u ON u.id = m.id) AS people
  FROM fair_play_flags f LEFT JOIN users d ON d.id = f.decided_by`;

const SEVERITY_RANK = `CASE f.severity WHEN 'high' THEN 3 WHEN 'medium' THEN 2 ELSE 1 END`;

/** The fair-play flags (`fair_play_flags`): the only writer of the table. */
export class FairPlayRepository extends Repository {
  /**
   * Computes every signal and writes what it found: a new key opens a flag, an open one is
   * refreshed in place (severity, members, evidence, when last seen). Idempotent: the partial
   * unique index keeps one open flag per (reason, subject), whoever recomputes at the same time.
   */
  async recompute(now: Date, tx?: Tx): Promise<RecomputeCounts> {
    const row = await this.first<RecomputeCounts>(
      `WITH found AS (${FOUND}),
       fresh AS (
         SELECT f.* FROM found f WHERE NOT EXISTS (
           SELECT 1 FROM fair_play_flags d WHERE d.reason = f.reason AND d.subject = f.subject
              AND d.status <> 'open' AND d.weight >= f.weight)
       ), written AS (
         INSERT INTO fair_play_flags (reason, subject, severity, status, members, household, weight, evidence, raised_at, seen_at)
         SELECT reason, subject, severity, 'open', members, household, weight, evidence, $1, $1 FROM fresh
         ON CONFLICT (reason, subject) WHERE status = 'open' DO UPDATE SET
           severity = EXCLUDED.severity, members = EXCLUDED.members, household = EXCLUDED.household,
           weight = EXCLUDED.weight, evidence = EXCLUDED.evidence, seen_at = EXCLUDED.seen_at
         RETURNING (xmax = 0) AS inserted
       )
       SELECT (SELECT count(*) FROM found)::int AS found,
              count(*) FILTER (WHERE inserted)::int AS opened,
              count(*) FILTER (WHERE NOT inserted)::int AS refreshed
         FROM written`,
      [now],
      tx,
    );
    return row ?? { found: 0, opened: 0, refreshed: 0 };
  }

  async list(
    filter: { status: FairPlayStatus; reason?: FairPlayReason; memberId?: string },
    page: PageRequest<"raisedAt" | "severity" | "weight">,
    tx?: Tx,
  ): Promise<Paged<FairPlayFlagSummary>> {
    const where = new Conditions()
      .add("f.status = ?", filter.status)
      .add("f.reason = ?", filter.reason)
      .add("?::uuid = ANY (f.members)", filter.memberId);
    const total = await this.first<{ n: number }>(
      `SELECT count(*)::int AS n FROM fair_play_flags f ${where.where}`,
      where.params,
      tx,
    );
    const sorts = { raisedAt: "f.raised_at", severity: SEVERITY_RANK, weight: "f.weight" };
    const clause = pageClause(page, sorts, "f.id", where.next);
    const rows = await this.rows<RawFlag>(
      `${FLAG_SELECT} ${where.where} ${clause.sql}`,
      [...where.params, ...clause.params],
      tx,
    );
    return pageOf(page, rows.map(summaryOf), total?.n ?? 0);
  }

  async find(id: number, tx?: Tx): Promise<FairPlayFlag | null> {
    const row = await this.first<RawFlag>(`${FLAG_SELECT} WHERE f.id = $1`, [id], tx);
    return row ? flagOf(row) : null;
  }

  /** The flag's status, locked until `tx` ends (null when there is no such flag). */
  async lockStatus(id: number, tx: Tx): Promise<FairPlayStatus | null> {
    const row = await this.first<{ status: FairPlayStatus }>(
      `SELECT status FROM fair_play_flags WHERE id = $1 FOR UPDATE`,
      [id],
      tx,
    );
    return row?.status ?? null;
  }

  async decide(
    id: number,
    decision: { status: "reviewed" | "dismissed"; by: string; note: string | null; at: Date },
    tx: Tx,
  ): Promise<void> {
    await this.manager(tx).query(
      `UPDATE fair_play_flags SET status = $2, decided_by = $3, decision_note = $4, decided_at = $5 WHERE id = $1`,
      [id, decision.status, decision.by, decision.note, decision.at],
    );
  }
}

function summaryOf(r: RawFlag): FairPlayFlagSummary {
  return {
    id: r.id,
    reason: r.reason,
    subject: r.subject,
    severity: r.severity,
    status: r.status,
    household: r.household,
    weight: r.weight,
    members: r.people ?? [],
    raisedAt: new Date(r.raised_at).toISOString(),
    seenAt: new Date(r.seen_at).toISOString(),
    decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
  };
}

function flagOf(r: RawFlag): FairPlayFlag {
  return {
    ...summaryOf(r),
    evidence: r.evidence,
    decidedBy: r.decided_by && r.decided_by_email ? { id: r.decided_by, email: r.decided_by_email } : null,
    decisionNote: r.decision_note,
  };
}
