import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";

export interface DayCount {
  date: string;
  count: number;
}

export interface ChallengeStat {
  id: number;
  date: string;
  title: string;
  successCount: number;
  failureCount: number;
}

const TABLES = {
  puzzle: { items: "puzzles", completions: "puzzle_completions", failed: "puzzle_failed_attempts", ref: "puzzle_id" },
  trial: { items: "trials", completions: "trial_completions", failed: "trial_failed_attempts", ref: "trial_id" },
} as const;

/**
 * The operator's figures, read only. Every query leaves out the accounts in `$1` (the staff's and
 * admins' addresses) and any account flagged admin, as CTFd leaves out hidden accounts: the House
 * testing its own game is no member activity.
 */
export const MEMBER = `u.email <> ALL($1::text[]) AND NOT u.is_admin`;

export class AnalyticsRepository extends Repository {
  /** Sign-ins per New York day. */
  async signInsPerDay(excluded: string[], tx?: Tx): Promise<DayCount[]> {
    return this.rows<DayCount>(
      `SELECT (s.at AT TIME ZONE 'America/New_York')::date::text AS date, count(*)::int AS count
         FROM sign_ins s JOIN users u ON u.id = s.user_id WHERE ${MEMBER} GROUP BY 1 ORDER BY 1`,
      [excluded],
      tx,
    );
  }

  /** New members per New York day. */
  async signUpsPerDay(excluded: string[], tx?: Tx): Promise<DayCount[]> {
    return this.rows<DayCount>(
      `SELECT (u.created_at AT TIME ZONE 'America/New_York')::date::text AS date, count(*)::int AS count
         FROM users u WHERE ${MEMBER} GROUP BY 1 ORDER BY 1`,
      [excluded],
      tx,
    );
  }

  async totals(
    excluded: string[],
    tx?: Tx,
  ): Promise<{ signups: number; trialCompletions: number; puzzleCompletions: number }> {
    const row = await this.first<{ signups: number; trialCompletions: number; puzzleCompletions: number }>(
      `SELECT (SELECT count(*) FROM users u WHERE ${MEMBER})::int AS "signups",
              (SELECT count(*) FROM trial_completions c JOIN users u ON u.id = c.user_id WHERE ${MEMBER})::int AS "trialCompletions",
              (SELECT count(*) FROM puzzle_completions c JOIN users u ON u.id = c.user_id WHERE ${MEMBER})::int AS "puzzleCompletions"`,
      [excluded],
      tx,
    );
    return row ?? { signups: 0, trialCompletions: 0, puzzleCompletions: 0 };
  }

  /** Right and wrong answers per puzzle or trial, in calendar order. */
  async challengeStats(table: "puzzle" | "trial", excluded: string[], tx?: Tx): Promise<ChallengeStat[]> {
    const { items, completions, failed, ref } = TABLES[table];
    return this.rows<ChallengeStat>(
      `SELECT i.id, i.date::text AS date, i.title,
              (SELECT count(*) FROM ${completions} c JOIN users u ON u.id = c.user_id WHERE c.${ref} = i.id AND ${MEMBER})::int AS "successCount",
              (SELECT count(*) FROM ${failed} f JOIN users u ON u.id = f.user_id WHERE f.${ref} = i.id AND ${MEMBER})::int AS "failureCount"
         FROM ${items} i ORDER BY i.date, i.id`,
      [excluded],
      tx,
    );
  }
}
