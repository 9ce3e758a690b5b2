import type { Paged, SortOrder } from "@bm/shared";
import type { AdminAttempt, AdminAttemptListFilter, AttemptSort, AttemptVerdict } from "@bm/shared/admin";
import { escapeLike } from "../audit/audit.repository";
import { Conditions, type PageRequest, pageOf } from "../db/paging";
import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";
import type { CsvColumn } from "../exports/csv-export";
import type { ChallengeTable } from "./challenges.repository";

/** One row appended to the log. */
export interface AttemptEntry {
  userId: string;
  table: ChallengeTable;
  challengeId: number;
  verdict: AttemptVerdict;
  answer: string | null;
  address: string | null;
  at: Date;
  regradeOf?: number | null;
}

/** A recorded wrong attempt, as a re-grade reads it. */
export interface WrongAttempt {
  id: number;
  userId: string;
  email: string;
  name: string | null;
  answer: string;
  address: string | null;
  at: Date;
}

export interface RawAttempt {
  id: number;
  at: Date;
  verdict: AttemptVerdict;
  user_id: string;
  email: string;
  name: string | null;
  challenge_type: ChallengeTable;
  challenge_id: number;
  title: string | null;
  url_slug: string | null;
  address: string | null;
  answer: string | null;
  regrade_of: number | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MEMBER_NAME = `NULLIF(trim(concat_ws(' ', u.first_name, u.last_name)), '')`;

const FROM = `FROM challenge_attempts a
  JOIN users u ON u.id = a.user_id
  LEFT JOIN puzzles p ON a.challenge_type = 'puzzle' AND p.id = a.challenge_id
  LEFT JOIN trials t ON a.challenge_type = 'trial' AND t.id = a.challenge_id`;

const SORTS: Record<AttemptSort, string> = {
  at: "a.at",
  verdict: "a.verdict",
  member: "lower(u.email)",
  challenge: "lower(COALESCE(p.title, t.title))",
};

/** The attempts export's columns: the list's fields, times in UTC, the answer given (admins only). */
export const ATTEMPT_COLUMNS: readonly CsvColumn<AdminAttempt>[] = [
  { header: "id", value: (a) => a.id, numeric: true },
  { header: "at", value: (a) => a.at },
  { header: "verdict", value: (a) => a.verdict },
  { header: "member_id", value: (a) => a.member.id },
  { header: "email", value: (a) => a.member.email },
  { header: "name", value: (a) => a.member.name },
  { header: "challenge_type", value: (a) => a.challenge.type },
  { header: "challenge_id", value: (a) => a.challenge.id, numeric: true },
  { header: "challenge", value: (a) => a.challenge.title },
  { header: "answer", value: (a) => a.answer },
  { header: "address", value: (a) => a.address },
  { header: "regrade_of", value: (a) => a.regradeOf, numeric: true },
];

/** The log's columns as the list and the export name them. */
export function presentAttempt(raw: RawAttempt): AdminAttempt {
  return {
    id: raw.id,
    at: new Date(raw.at).toISOString(),
    verdict: raw.verdict,
    member: { id: raw.user_id, email: raw.email, name: raw.name },
    challenge: {
      type: raw.challenge_type === "puzzle" ? "puzzle" : "task",
      id: raw.challenge_id,
      title: raw.title,
      urlSlug: raw.url_slug,
    },
    address: raw.address,
    answer: raw.answer,
    regradeOf: raw.regrade_of,
  };
}

/**
 * The attempt log: appended by the game (each answer and its verdict) and by re-grades; read by
 * the operator's list, its export (`query`, one statement a cursor can stream), and re-grades.
 */
export class AttemptLogRepository extends Repository {
  async append(entry: AttemptEntry, tx?: Tx): Promise<number> {
    const row = await this.first<{ id: number }>(
      `INSERT INTO challenge_attempts (user_id, challenge_type, challenge_id, verdict, answer, address, at, regrade_of)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        entry.userId,
        entry.table,
        entry.challengeId,
        entry.verdict,
        entry.answer,
        entry.address,
        entry.at,
        entry.regradeOf ?? null,
      ],
      tx,
    );
    return row?.id ?? 0;
  }

  /** Many rows in one statement (the refusals of a crowd, written together). */
  async appendMany(entries: AttemptEntry[], tx?: Tx): Promise<void> {
    if (entries.length === 0) return;
    await this.rows(
      `INSERT INTO challenge_attempts (user_id, challenge_type, challenge_id, verdict, answer, address, at, regrade_of)
       SELECT * FROM unnest($1::uuid[], $2::varchar[], $3::int[], $4::varchar[], $5::text[], $6::varchar[],
                            $7::timestamptz[], $8::int[])`,
      [
        entries.map((e) => e.userId),
        entries.map((e) => e.table),
        entries.map((e) => e.challengeId),
        entries.map((e) => e.verdict),
        entries.map((e) => e.answer),
        entries.map((e) => e.address),
        entries.map((e) => e.at),
        entries.map((e) => e.regradeOf ?? null),
      ],
      tx,
    );
  }

  private where(filter: AdminAttemptListFilter): Conditions {
    const member = filter.member;
    return new Conditions()
      .add(
        "a.challenge_type = ?",
        filter.type === undefined ? undefined : filter.type === "puzzle" ? "puzzle" : "trial",
      )
      .add("a.challenge_id = ?", filter.challengeId)
      .add("a.verdict = ?", filter.verdict)
      .add("a.user_id = ?::uuid", member && UUID.test(member) ? member : undefined)
      .add("u.email ILIKE ?", member && !UUID.test(member) ? `%${escapeLike(member)}%` : undefined);
  }

  /**
   * The filtered and sorted log as ONE statement and its parameters (no LIMIT): the list pages
   * it, the CSV export streams it through a cursor. Rows read as `presentAttempt` takes them.
   */
  listStatement(
    filter: AdminAttemptListFilter,
    order: { sort: AttemptSort; order: SortOrder },
  ): {
    sql: string;
    params: unknown[];
  } {
    const where = this.where(filter);
    const direction = order.order === "asc" ? "ASC" : "DESC";
    return {
      sql: `SELECT a.id, a.at, a.verdict, a.user_id, u.email, ${MEMBER_NAME} AS name, a.challenge_type,
                   a.challenge_id, COALESCE(p.title, t.title) AS title, COALESCE(p.url_slug, t.url_slug) AS url_slug,
                   a.address, a.answer, a.regrade_of
              ${FROM} ${where.where}
             ORDER BY ${SORTS[order.sort]} ${direction} NULLS LAST, a.id ${direction}`,
      params: where.params,
    };
  }

  async list(filter: AdminAttemptListFilter, page: PageRequest<AttemptSort>, tx?: Tx): Promise<Paged<AdminAttempt>> {
    const where = this.where(filter);
    const total = await this.first<{ n: number }>(`SELECT count(*)::int AS n ${FROM} ${where.where}`, where.params, tx);
    const { sql, params } = this.listStatement(filter, page);
    const next = params.length + 1;
    const rows = await this.rows<RawAttempt>(
      `${sql} LIMIT $${next} OFFSET $${next + 1}`,
      [...params, page.pageSize, (page.page - 1) * page.pageSize],
      tx,
    );
    return pageOf(page, rows.map(presentAttempt), total?.n ?? 0);
  }

  /**
   * Every recorded wrong attempt at a challenge by a member who holds no completion of it, in
   * original time order (earliest first; the id breaks ties of one instant).
   */
  async wrongAttempts(table: ChallengeTable, challengeId: number, tx?: Tx): Promise<WrongAttempt[]> {
    const completions = table === "puzzle" ? "puzzle_completions" : "trial_completions";
    const ref = table === "puzzle" ? "puzzle_id" : "trial_id";
    const rows = await this.rows<{
      id: number;
      user_id: string;
      email: string;
      name: string | null;
      answer: string;
      address: string | null;
      at: Date;
    }>(
      `SELECT a.id, a.user_id, u.email, ${MEMBER_NAME} AS name, a.answer, a.address, a.at
         FROM challenge_attempts a JOIN users u ON u.id = a.user_id
        WHERE a.challenge_type = $1 AND a.challenge_id = $2 AND a.verdict = 'wrong' AND a.answer IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM ${completions} c WHERE c.${ref} = a.challenge_id AND c.user_id = a.user_id)
        ORDER BY a.at, a.id`,
      [table, challengeId],
      tx,
    );
    return rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      email: r.email,
      name: r.name,
      answer: r.answer,
      address: r.address,
      at: new Date(r.at),
    }));
  }

  /** Whether anyone has answered the challenge at all (the web's way into a re-grade). */
  async count(table: ChallengeTable, challengeId: number, tx?: Tx): Promise<number> {
    const row = await this.first<{ n: number }>(
      `SELECT count(*)::int AS n FROM challenge_attempts WHERE challenge_type = $1 AND challenge_id = $2`,
      [table, challengeId],
      tx,
    );
    return row?.n ?? 0;
  }
}
