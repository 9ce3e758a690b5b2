import type { ChallengeAnswer } from "@bm/shared";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { PausedNote } from "../../../components/paused-note";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { useAfterPagePaint } from "../../../lib/use-after-page-paint";
import { usePollInterval } from "../../../lib/use-poll-while-offline";
import { useChallengeDayQuery } from "../api/get-challenge-day";
import { useChallengeListQuery } from "../api/get-challenge-list";
import { useChallengeRoom } from "../hooks/use-challenge-room";
import { useUnlockRefetch } from "../hooks/use-unlock-refetch";
import { copy } from "../lib/challenge-copy";
import { AuctionCountdown } from "./auction-countdown";
import { ClosedChallenges } from "./closed-challenges";
import { ComingSoon } from "./coming-soon";
import { OpenRites } from "./open-rites";
import { StaffDatePicker } from "./staff-date-picker";
import { TodayChallenge } from "./today-challenge";

/** While the socket is down, the day is asked for again this often. */
const DAY_REFETCH_MS = 30_000;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /earn-credits, 'Harvest Credits': the auction countdown, today's challenge (or a staff member's
 * chosen day) with its form, and the closed earlier challenges. Live through the `challenges`
 * room; polled while the socket is down.
 */
interface EarnCreditsHomeProps {
  /** Staff and admins: the date picker (the server serves any day to them alone). */
  picksAnyDay: boolean;
  onCorrect: () => void;
}

export function EarnCreditsHome({ picksAnyDay, onCorrect }: EarnCreditsHomeProps) {
  const [params, setParams] = useSearchParams();
  const raw = picksAnyDay ? params.get("date") : null;
  const date = raw && DATE_PATTERN.test(raw) ? raw : null;
  const interval = usePollInterval(DAY_REFETCH_MS);
  const day = useChallengeDayQuery(date, interval);
  // On a first visit the earlier challenges (below the day's, a picture each) are asked for and
  // shown once the day's challenge is drawn: its answer and picture are the page's largest paint
  // and do not share the connections with theirs. With the day already held (back to the page),
  // all come at once, so the scroll position the member left returns.
  const [firstVisit] = useState(() => day.data === undefined);
  const dayDrawn = useAfterPagePaint(firstVisit && day.data !== undefined, "main-content");
  const showEarlier = !firstVisit || dayDrawn;
  const puzzles = useChallengeListQuery("puzzle", showEarlier);
  const tasks = useChallengeListQuery("task", showEarlier);
  useChallengeRoom();
  useUnlockRefetch(day.data);

  const { closed, standing } = useMemo(() => {
    const all: ChallengeAnswer[] = [...(puzzles.data ?? []), ...(tasks.data ?? [])];
    // ISO dates ("2025-11-10") sort as plain strings; localeCompare was a collation per comparison.
    const newestFirst = (a: ChallengeAnswer, b: ChallengeAnswer) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0);
    const shown = day.data?.date;
    return {
      // Closed, and the earlier standing rites the member has already taken.
      closed: all
        .filter((c) => c.status === "closed" || (c.attempt !== "none" && shown !== undefined && c.date < shown))
        .sort(newestFirst),
      // Earlier rites that stay open and the member has not taken yet (the day's own is above).
      standing: all
        .filter((c) => c.status === "open" && c.attempt === "none" && shown !== undefined && c.date < shown)
        .sort(newestFirst),
    };
  }, [puzzles.data, tasks.data, day.data?.date]);

  function chooseDate(next: string | null) {
    setParams(next ? { date: next } : {}, { replace: true });
  }

  const answer = day.data;
  return (
    // Busy until the day's challenge is there: what waits for the page (the header's extras, the
    // live connection) starts after it rather than beside its first answers (afterPagePaint).
    <main aria-busy={!answer && !day.isError} className="mx-auto w-full max-w-6xl px-4 pt-6 pb-16 sm:px-6 sm:pt-12">
      <header className="flex flex-col items-center text-center">
        <p className="eyebrow">Earn Extra Credits</p>
        <h1 className="mt-3 text-4xl sm:text-5xl">Harvest Credits</h1>
        <div className="hairline mt-5 w-56" />
        <p className="mt-4 max-w-xl text-base text-bone-muted italic sm:text-lg">
          Each day at 1:00 PM New York time a new puzzle or trial unlocks. Answer it rightly and the House pays in
          credits. One attempt each; answers are case and space sensitive.
        </p>
      </header>

      {answer?.range && (
        <div className="mt-8">
          <StaffDatePicker
            value={answer.date}
            first={answer.range.first}
            last={answer.range.last}
            today={answer.today}
            onChange={chooseDate}
          />
        </div>
      )}

      <PausedNote failed={interval !== false && day.isRefetchError} />

      <section aria-label={date ? "The chosen day's challenge" : "Today's challenge"} className="mt-6 sm:mt-8">
        {!answer ? (
          day.isError ? (
            <div className="flex flex-col items-center gap-4 py-16 text-center">
              <p className="text-lg text-bone-muted italic">The day's challenge could not be summoned.</p>
              <Button variant="outline" onClick={() => void day.refetch()}>
                Try again
              </Button>
            </div>
          ) : (
            <div role="status" className="flex flex-col items-center gap-4 py-16">
              <Spinner className="h-8 w-8" />
              <p className="font-display text-sm tracking-[0.3em] text-bone-faint uppercase">
                Consulting the calendar...
              </p>
            </div>
          )
        ) : answer.status === "none" ? (
          <p className="panel px-4 py-12 text-center text-xl text-bone-muted italic">{copy.noItems}</p>
        ) : answer.status === "locked" && answer.unlocksAt ? (
          <div className="panel">
            <span className="panel-corners" aria-hidden="true" />
            <ComingSoon label={answer.label} unlocksAt={answer.unlocksAt} />
            {answer.challenge && (
              <div className="border-t border-gold/20 p-4 sm:p-6">
                <p className="eyebrow mb-4 text-center">Staff preview</p>
                <TodayChallenge challenge={answer.challenge} onCorrect={onCorrect} />
              </div>
            )}
          </div>
        ) : answer.challenge ? (
          <TodayChallenge
            key={`${answer.challenge.type}-${answer.challenge.id}`}
            challenge={answer.challenge}
            onCorrect={onCorrect}
          />
        ) : (
          <p className="panel px-4 py-12 text-center text-xl text-bone-muted italic">{copy.noItems}</p>
        )}
      </section>

      {/* After the day's challenge: on a phone the challenge and its form come first. */}
      {answer && (
        <div className="mt-8">
          <AuctionCountdown startsAt={answer.auctionStartsAt} />
        </div>
      )}

      {showEarlier && (
        <>
          <OpenRites rites={standing} />
          <ClosedChallenges challenges={closed} />
        </>
      )}
    </main>
  );
}
