import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";

/** Which of the two tables a challenge lives in (trials are "tasks" on the pages). */
export type ChallengeTable = "puzzle" | "trial";

const TABLES = {
  puzzle: { items: "puzzles", completions: "puzzle_completions", failed: "puzzle_failed_attempts", ref: "puzzle_id" },
  trial: { items: "trials", completions: "trial_completions", failed: "trial_failed_attempts", ref: "trial_id" },
} as const;

/** A challenge as the game reads it: every column but the answers, which only `answersOf` reads. */
export interface ChallengeRow {
  table: ChallengeTable;
  id: number;
  urlSlug: string;
  title: string;
  description: string;
  imageUrl: string | null;
  imageUrls: string[] | null;
  credits: number;
  /** YYYY-MM-DD, New York. */
  date: string;
  isActive: boolean;
  maxWinners: number | null;
  /** The answer is COMPLETE: a "mark as complete" task (known without reading the answer out). */
  markComplete: boolean;
}

export type Attempt = "none" | "completed" | "failed";

interface RawRow {
  id: number;
  url_slug: string;
  title: string;
  description: string;
  image_url: string | null;
  image_urls: string[] | null;
  credits: number;
  date: string;
  is_active: boolean;
  max_winners: number | null;
  mark_complete: boolean;
}

function columns(table: ChallengeTable): string {
  // `date::text`: the driver would read a date as a local-time Date; the day is New York's, as written.
  return `id, url_slug, title, description, image_url, ${table === "puzzle" ? "image_urls" : "NULL::text[] AS image_urls"},
          credits, date::text AS date, is_active, max_winners, answer = 'COMPLETE' AS mark_complete`;
}

function toRow(table: ChallengeTable, raw: RawRow): ChallengeRow {
  return {
    table,
    id: raw.id,
    urlSlug: raw.url_slug,
    title: raw.title,
    description: raw.description,
    imageUrl: raw.image_url,
    imageUrls: raw.image_urls?.length ? raw.image_urls : null,
    credits: raw.credits,
    date: raw.date,
    isActive: raw.is_active,
    maxWinners: raw.max_winners,
    markComplete: raw.mark_complete,
  };
}

/** Puzzles, trials and the attempts at them (completions, failed attempts, confessions). */
export class ChallengeRepository extends Repository {
  /** Every puzzle and trial, in calendar order (one statement: every call of the game reads it). */
  async all(tx?: Tx): Promise<ChallengeRow[]> {
    const rows = await this.rows<RawRow & { table_name: ChallengeTable }>(
      `SELECT 'puzzle' AS table_name, ${columns("puzzle")} FROM puzzles
       UNION ALL
       SELECT 'trial' AS table_name, ${columns("trial")} FROM trials
       ORDER BY date, table_name, id`,
      [],
      tx,
    );
    return rows.map((r) => toRow(r.table_name, r));
  }

  async findBySlug(table: ChallengeTable, slug: string, tx?: Tx): Promise<ChallengeRow | null> {
    const raw = await this.first<RawRow>(
      `SELECT ${columns(table)} FROM ${TABLES[table].items} WHERE url_slug = $1`,
      [slug],
      tx,
    );
    return raw ? toRow(table, raw) : null;
  }

  async findById(table: ChallengeTable, id: number, tx?: Tx): Promise<ChallengeRow | null> {
    const raw = await this.first<RawRow>(
      `SELECT ${columns(table)} FROM ${TABLES[table].items} WHERE id = $1`,
      [id],
      tx,
    );
    return raw ? toRow(table, raw) : null;
  }

  /**
   * The accepted answers (the main one first, then its variants): read only to judge a
   * submission, never returned by any other method; null when there is no such challenge.
   */
  async answersOf(table: ChallengeTable, id: number, tx?: Tx): Promise<string[] | null> {
    const row = await this.first<{ answer: string; answer_variants: string[] | null }>(
      `SELECT answer, answer_variants FROM ${TABLES[table].items} WHERE id = $1`,
      [id],
      tx,
    );
    return row ? [row.answer, ...(row.answer_variants ?? [])] : null;
  }

  /** Holds the challenge row until commit: deciding a winner slot is one at a time. */
  async lock(table: ChallengeTable, id: number, tx: Tx): Promise<void> {
    await this.manager(tx).query(`SELECT id FROM ${TABLES[table].items} WHERE id = $1 FOR UPDATE`, [id]);
  }

  async winnerCount(table: ChallengeTable, id: number, tx?: Tx): Promise<number> {
    const { completions, ref } = TABLES[table];
    const row = await this.first<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${completions} WHERE ${ref} = $1`,
      [id],
      tx,
    );
    return row?.n ?? 0;
  }

  /** Completions of every challenge that has winner slots, keyed `table:id`. */
  async winnerCounts(tx?: Tx): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (const table of ["puzzle", "trial"] as const) {
      const { items, completions, ref } = TABLES[table];
      const rows = await this.rows<{ id: number; n: number }>(
        `SELECT c.${ref} AS id, count(*)::int AS n FROM ${completions} c JOIN ${items} i ON i.id = c.${ref}
          WHERE i.max_winners IS NOT NULL GROUP BY c.${ref}`,
        [],
        tx,
      );
      for (const r of rows) counts.set(`${table}:${r.id}`, r.n);
    }
    return counts;
  }

  /** Winners so far and the member's own attempt, in one statement (the crowd's first look). */
  async standing(
    table: ChallengeTable,
    id: number,
    userId: string,
    tx?: Tx,
  ): Promise<{ winners: number; attempt: Attempt }> {
    const { completions, failed, ref } = TABLES[table];
    const row = await this.first<{ winners: number; completed: boolean; failed: boolean }>(
      `SELECT (SELECT count(*) FROM ${completions} WHERE ${ref} = $1)::int AS winners,
              EXISTS (SELECT 1 FROM ${completions} WHERE ${ref} = $1 AND user_id = $2) AS completed,
              EXISTS (SELECT 1 FROM ${failed} WHERE ${ref} = $1 AND user_id = $2) AS failed`,
      [id, userId],
      tx,
    );
    const attempt: Attempt = row?.completed ? "completed" : row?.failed ? "failed" : "none";
    return { winners: row?.winners ?? 0, attempt };
  }

  async attemptOf(table: ChallengeTable, id: number, userId: string, tx?: Tx): Promise<Attempt> {
    const { completions, failed, ref } = TABLES[table];
    const row = await this.first<{ completed: boolean; failed: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM ${completions} WHERE ${ref} = $1 AND user_id = $2) AS completed,
              EXISTS (SELECT 1 FROM ${failed} WHERE ${ref} = $1 AND user_id = $2) AS failed`,
      [id, userId],
      tx,
    );
    return row?.completed ? "completed" : row?.failed ? "failed" : "none";
  }

  /** The member's attempts at every challenge, keyed `table:id`. */
  async attemptsOf(userId: string, tx?: Tx): Promise<Map<string, Attempt>> {
    const attempts = new Map<string, Attempt>();
    for (const table of ["puzzle", "trial"] as const) {
      const { completions, failed, ref } = TABLES[table];
      const done = await this.rows<{ id: number }>(
        `SELECT ${ref} AS id FROM ${completions} WHERE user_id = $1`,
        [userId],
        tx,
      );
      const missed = await this.rows<{ id: number }>(
        `SELECT ${ref} AS id FROM ${failed} WHERE user_id = $1`,
        [userId],
        tx,
      );
      for (const r of missed) attempts.set(`${table}:${r.id}`, "failed");
      for (const r of done) attempts.set(`${table}:${r.id}`, "completed");
    }
    return attempts;
  }

  /** Slugs and ids of what the member completed (or failed), per table. */
  async attemptedBy(
    userId: string,
    which: "completions" | "failed",
    tx?: Tx,
  ): Promise<Record<ChallengeTable, { id: number; slug: string }[]>> {
    const out: Record<ChallengeTable, { id: number; slug: string }[]> = { puzzle: [], trial: [] };
    for (const table of ["puzzle", "trial"] as const) {
      const t = TABLES[table];
      out[table] = await this.rows<{ id: number; slug: string }>(
        `SELECT i.id, i.url_slug AS slug FROM ${t[which]} a JOIN ${t.items} i ON i.id = a.${t.ref}
          WHERE a.user_id = $1 ORDER BY i.date, i.id`,
        [userId],
        tx,
      );
    }
    return out;
  }

  /** Records a right answer; false when the member already holds one (the unique key decides). */
  async insertCompletion(
    table: ChallengeTable,
    attempt: { userId: string; challengeId: number; credits: number; at: Date; address?: string | null },
    tx: Tx,
  ): Promise<boolean> {
    const { completions, ref } = TABLES[table];
    const rows = await this.rows<{ id: number }>(
      `INSERT INTO ${completions} (user_id, ${ref}, attempted, credits_awarded, completed_at, address)
       VALUES ($1, $2, true, $3, $4, $5) ON CONFLICT (user_id, ${ref}) DO NOTHING RETURNING id`,
      [attempt.userId, attempt.challengeId, attempt.credits, attempt.at, attempt.address ?? null],
      tx,
    );
    return rows.length > 0;
  }

  /** Records a wrong answer, the member's one attempt; false when one was already recorded. */
  async insertFailedAttempt(
    table: ChallengeTable,
    attempt: { userId: string; challengeId: number; attemptedAnswer: string; at: Date; address?: string | null },
    tx: Tx,
  ): Promise<boolean> {
    const { failed, ref } = TABLES[table];
    const rows = await this.rows<{ id: number }>(
      `INSERT INTO ${failed} (user_id, ${ref}, attempted_answer, attempted_at, address)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id, ${ref}) DO NOTHING RETURNING id`,
      [attempt.userId, attempt.challengeId, attempt.attemptedAnswer, attempt.at, attempt.address ?? null],
      tx,
    );
    return rows.length > 0;
  }

  /** A re-grade made the member's wrong attempt right: the completion replaces it (the attempt log keeps it). */
  async removeFailedAttempt(table: ChallengeTable, challengeId: number, userId: string, tx: Tx): Promise<void> {
    const { failed, ref } = TABLES[table];
    await this.manager(tx).query(`DELETE FROM ${failed} WHERE ${ref} = $1 AND user_id = $2`, [challengeId, userId]);
  }

  async insertConfession(entry: { userId: string; trialId: number; confession: string; at: Date }, tx: Tx) {
    await this.manager(tx).query(
      `INSERT INTO confessions (user_id, trial_id, confession, created_at) VALUES ($1, $2, $3, $4)`,
      [entry.userId, entry.trialId, entry.confession, entry.at],
    );
  }
}
