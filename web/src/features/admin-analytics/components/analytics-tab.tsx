import { useMemo } from "react";
import {
  AdminSection,
  adminColumns,
  DataTable,
  ErrorNote,
  ExcludedNote,
  formatCalendarDate,
  LoadingNote,
  Stat,
} from "../../../components/admin";
import { messageOf } from "../../../lib/api";
import { useLoginAnalytics } from "../api/get-login-analytics";
import { usePuzzleAnalytics } from "../api/get-puzzle-analytics";
import { useTrialAnalytics } from "../api/get-trial-analytics";
import { type ChallengeStat, ChallengeStatsTable } from "./challenge-stats-table";

interface DayRow {
  date: string;
  signups: number;
  logins: number;
}
const day = adminColumns<DayRow>();
const dayColumns = [
  day.accessor("date", { header: "Date (New York)", cell: (info) => formatCalendarDate(info.getValue()) }),
  day.accessor("signups", { header: "New users", meta: { align: "right", className: "lining-nums tabular-nums" } }),
  day.accessor("logins", { header: "Sign-ins", meta: { align: "right", className: "lining-nums tabular-nums" } }),
];

/** Content Management's Analytics tab: the three totals, sign-ups per day, each trial's and puzzle's plays. */
export function AnalyticsTab() {
  const logins = useLoginAnalytics();
  const trials = useTrialAnalytics();
  const puzzles = usePuzzleAnalytics();

  const days = useMemo<DayRow[]>(() => {
    if (!logins.data) return [];
    const byDate = new Map<string, DayRow>();
    for (const { date, count } of logins.data.signupCounts) byDate.set(date, { date, signups: count, logins: 0 });
    for (const { date, count } of logins.data.loginCounts) {
      const row = byDate.get(date) ?? { date, signups: 0, logins: 0 };
      byDate.set(date, { ...row, logins: count });
    }
    return [...byDate.values()].sort((a, b) => b.date.localeCompare(a.date));
  }, [logins.data]);
  const trialRows = useMemo<ChallengeStat[]>(
    () => trials.data?.trialStats.map(({ trialId, ...rest }) => ({ id: trialId, ...rest })) ?? [],
    [trials.data],
  );
  const puzzleRows = useMemo<ChallengeStat[]>(
    () => puzzles.data?.puzzleStats.map(({ puzzleId, ...rest }) => ({ id: puzzleId, ...rest })) ?? [],
    [puzzles.data],
  );

  const failed = [logins, trials, puzzles].find((query) => query.isError);
  if (failed) {
    return (
      <ErrorNote
        message={messageOf(failed.error, "The figures could not be read.")}
        onRetry={() => void Promise.all([logins.refetch(), trials.refetch(), puzzles.refetch()])}
      />
    );
  }
  if (!logins.data || !trials.data || !puzzles.data) return <LoadingNote text="Counting the souls..." />;

  return (
    <div className="flex flex-col gap-6">
      <div>
        <dl className="grid gap-3 sm:grid-cols-3">
          <Stat label="User signups" value={logins.data.totals.signups} />
          <Stat label="Trial completions" value={logins.data.totals.trialCompletions} />
          <Stat label="Puzzle completions" value={logins.data.totals.puzzleCompletions} />
        </dl>
        <ExcludedNote text={logins.data.excluded} />
      </div>
      <AdminSection title="Daily signups">
        <DataTable
          caption="Daily signups"
          columns={dayColumns}
          data={days}
          getRowId={(row) => row.date}
          empty="No signup data available"
        />
      </AdminSection>
      <ChallengeStatsTable title="Trial statistics" rows={trialRows} empty="No trial data available" />
      <ChallengeStatsTable title="Puzzle statistics" rows={puzzleRows} empty="No puzzle data available" />
    </div>
  );
}
