import type {
  ActivitySummaryAnswer,
  LoginAnalyticsAnswer,
  PuzzleAnalyticsAnswer,
  TrialAnalyticsAnswer,
} from "@bm/shared/admin";
import type { AnalyticsRepository, ChallengeStat } from "./analytics.repository";

/** The addresses the figures leave out: the configured admins' and staff's. */
export function houseAddresses(house: {
  adminEmails: ReadonlySet<string>;
  staffEmails: ReadonlySet<string>;
}): string[] {
  return [...house.adminEmails, ...house.staffEmails];
}

/** The sentence every figure carries: whose accounts it leaves out. */
export function excludedNote(excluded: readonly string[]): string {
  return `Staff and admin accounts (${excluded.length} configured, and any flagged admin) are left out of these figures.`;
}

/**
 * The Analytics tab and the Activity Summary (issue 16 item 6), in the spec's shapes. Staff and
 * admin accounts are left out of every figure, and each answer says so.
 */
export class AnalyticsService {
  private readonly excluded: string[];
  constructor(
    private readonly rows: AnalyticsRepository,
    house: { adminEmails: ReadonlySet<string>; staffEmails: ReadonlySet<string> },
  ) {
    this.excluded = houseAddresses(house);
  }

  private get note(): string {
    return excludedNote(this.excluded);
  }

  async logins(): Promise<LoginAnalyticsAnswer> {
    const [loginCounts, signupCounts, totals] = await Promise.all([
      this.rows.signInsPerDay(this.excluded),
      this.rows.signUpsPerDay(this.excluded),
      this.rows.totals(this.excluded),
    ]);
    return { loginCounts, signupCounts, totals, excluded: this.note };
  }

  async trials(): Promise<TrialAnalyticsAnswer> {
    const stats = await this.rows.challengeStats("trial", this.excluded);
    return { trialStats: stats.map(({ id, ...s }) => ({ trialId: id, ...s })), excluded: this.note };
  }

  async puzzles(): Promise<PuzzleAnalyticsAnswer> {
    const stats = await this.rows.challengeStats("puzzle", this.excluded);
    return { puzzleStats: stats.map(({ id, ...s }) => ({ puzzleId: id, ...s })), excluded: this.note };
  }

  async summary(): Promise<ActivitySummaryAnswer> {
    const [puzzles, trials] = await Promise.all([
      this.rows.challengeStats("puzzle", this.excluded),
      this.rows.challengeStats("trial", this.excluded),
    ]);
    return { puzzles: puzzles.map(summaryRow), trials: trials.map(summaryRow), excluded: this.note };
  }
}

function summaryRow(stat: ChallengeStat) {
  return {
    name: stat.title,
    date: stat.date,
    totalAttempts: stat.successCount + stat.failureCount,
    correct: stat.successCount,
    failed: stat.failureCount,
  };
}
