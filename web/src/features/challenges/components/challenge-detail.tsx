import { CHALLENGE_REDIRECT_DELAY_MS, type ChallengeAnswer, type ChallengeType } from "@bm/shared";
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { isMissing, useChallengeQuery } from "../../../api/get-challenge";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { paths } from "../../../config/paths";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useAnswer } from "../hooks/use-answer";
import { useChallengeRoom } from "../hooks/use-challenge-room";
import { copy, kindWord } from "../lib/challenge-copy";
import { ChallengeAnswerArea } from "./challenge-answer-area";
import { ChallengeFacts, PuzzleInstructions } from "./challenge-facts";
import { ChallengeMedia } from "./challenge-media";
import { ChallengeNotFound } from "./challenge-not-found";
import { ChallengeStanding, stateOf } from "./challenge-standing";

/** Kinds whose page shows a panel of their own rather than an attempt. */
const PANEL_KINDS = new Set<ChallengeAnswer["answerKind"]>(["referrals", "social"]);

interface ChallengeDetailProps {
  type: ChallengeType;
  slug: string;
  onCorrect: () => void;
}

/** /puzzle/{slug}, /task/{slug}, /trial/{slug}: one challenge, its one attempt, and the way back. */
export function ChallengeDetail({ type, slug, onCorrect }: ChallengeDetailProps) {
  const query = useChallengeQuery(type, slug);
  useChallengeRoom();
  const word = kindWord(type);
  useDocumentTitle(query.data?.title ?? (word === "puzzle" ? "Puzzle" : "Trial"));

  if (query.isError && isMissing(query.error)) return <ChallengeNotFound type={type} />;
  if (!query.data) {
    return (
      <main className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center">
        {query.isError ? (
          <>
            <h1 className="text-2xl">{word === "puzzle" ? "Puzzle" : "Trial"}</h1>
            <p className="text-lg text-bone-muted italic">The {word} could not be summoned.</p>
            <Button variant="outline" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </>
        ) : (
          <div role="status" className="flex flex-col items-center gap-4">
            <Spinner className="h-8 w-8" />
            <p className="font-display text-sm tracking-[0.3em] text-bone-faint uppercase">Unsealing the {word}...</p>
          </div>
        )}
      </main>
    );
  }
  return <ChallengeView challenge={query.data} onCorrect={onCorrect} />;
}

function ChallengeView({ challenge, onCorrect }: { challenge: ChallengeAnswer; onCorrect: () => void }) {
  const navigate = useNavigate();
  const [solved, setSolved] = useState(false);
  const answering = useAnswer({
    type: challenge.type,
    slug: challenge.urlSlug,
    place: "detail",
    onCorrect: () => {
      setSolved(true);
      onCorrect();
    },
  });

  // After a right answer the member is taken back to the day's page (spec section 4).
  useEffect(() => {
    if (!solved) return;
    const timer = setTimeout(() => navigate(paths.earnCredits.href()), CHALLENGE_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [solved, navigate]);

  const state = stateOf(challenge);
  // The referral and social panels tell their own standing: no 'one attempt' for them.
  const attempted = challenge.attempt !== "none" && !PANEL_KINDS.has(challenge.answerKind);
  const open = challenge.status === "open" && state === "open" && !solved;

  return (
    <main className="mx-auto w-full max-w-5xl px-4 pt-4 pb-16 sm:px-6 sm:pt-10">
      <Link to={paths.earnCredits.href()} className="link-quiet inline-flex items-center gap-2 text-base">
        <span aria-hidden="true">←</span> Harvest Credits
      </Link>

      {attempted && !solved && (
        <p role="status" className="mt-4 border border-blood-bright/40 bg-blood-deep/30 px-4 py-3 text-base text-bone">
          {copy.alreadyAttempted(challenge.type)}
        </p>
      )}

      <div className="mt-4 grid gap-6 md:mt-6 md:grid-cols-[minmax(0,0.9fr)_minmax(0,1.1fr)] md:grid-rows-[auto_1fr] md:gap-10">
        <header className="flex flex-col gap-2 md:col-start-2 md:row-start-1">
          <p className="eyebrow flex flex-wrap gap-x-3">
            <span>{challenge.label}</span>
            <span aria-hidden="true" className="text-gold-dim">
              ✦
            </span>
            <span>{challenge.type === "puzzle" ? "Puzzle" : "Trial"}</span>
          </p>
          <h1 className="text-3xl leading-tight sm:text-4xl">{challenge.title}</h1>
          <ChallengeFacts challenge={challenge} />
        </header>

        <ChallengeMedia challenge={challenge} className="md:col-start-1 md:row-span-2 md:row-start-1" />

        <div className="flex min-w-0 flex-col gap-4 md:col-start-2 md:row-start-2">
          <p className="text-lg whitespace-pre-line text-bone">{challenge.description}</p>
          <PuzzleInstructions title={challenge.title} />
          {solved ? (
            <ChallengeStanding state="completed">
              <p className="mt-1 text-base text-bone-muted">Returning you to Harvest Credits...</p>
            </ChallengeStanding>
          ) : (
            <ChallengeAnswerArea challenge={challenge} open={open} answering={answering} />
          )}
        </div>
      </div>
    </main>
  );
}
