import type { ChallengeAnswer } from "@bm/shared";
import { Link } from "react-router-dom";
import { useAnswer } from "../hooks/use-answer";
import { kindWord } from "../lib/challenge-copy";
import { challengeHref } from "../lib/challenge-href";
import { ChallengeAnswerArea } from "./challenge-answer-area";
import { ChallengeFacts, PuzzleInstructions } from "./challenge-facts";
import { ChallengeMedia } from "./challenge-media";
import { stateOf } from "./challenge-standing";

interface TodayChallengeProps {
  challenge: ChallengeAnswer;
  /** A right answer's credits arrived: the page refreshes the member's balance. */
  onCorrect: () => void;
}

/**
 * The day's challenge with its answer form inline. On a phone one column (the label, title and
 * reward, the picture, the story, the form); from md the picture beside the text and form.
 */
export function TodayChallenge({ challenge, onCorrect }: TodayChallengeProps) {
  const state = stateOf(challenge);
  const answering = useAnswer({ type: challenge.type, slug: challenge.urlSlug, place: "home", onCorrect });
  const open = challenge.status === "open" && state === "open";
  const word = kindWord(challenge.type);

  return (
    <article
      aria-labelledby="today-challenge-title"
      className="panel grid gap-5 p-4 sm:p-6 md:grid-cols-[minmax(0,0.9fr)_minmax(0,1.1fr)] md:grid-rows-[auto_1fr] md:gap-8"
    >
      <span className="panel-corners" aria-hidden="true" />
      <header className="flex flex-col gap-2 md:col-start-2 md:row-start-1">
        <p className="eyebrow flex flex-wrap gap-x-3">
          <span>{challenge.label}</span>
          <span aria-hidden="true" className="text-gold-dim">
            ✦
          </span>
          <span>{word === "puzzle" ? "Puzzle" : "Trial"}</span>
        </p>
        <h2 id="today-challenge-title" className="text-2xl leading-tight sm:text-3xl">
          {challenge.title}
        </h2>
        <ChallengeFacts challenge={challenge} />
      </header>

      <ChallengeMedia challenge={challenge} className="md:col-start-1 md:row-span-2 md:row-start-1" />

      <div className="flex min-w-0 flex-col gap-4 md:col-start-2 md:row-start-2">
        <p className="text-lg whitespace-pre-line text-bone">{challenge.description}</p>
        <PuzzleInstructions title={challenge.title} />
        <p className="text-base text-bone-faint italic">Answers are case and space sensitive.</p>
        <ChallengeAnswerArea challenge={challenge} open={open} answering={answering} />
        <Link to={challengeHref(challenge)} className="link-quiet self-start text-base">
          Open the {word}'s page <span aria-hidden="true">→</span>
        </Link>
      </div>
    </article>
  );
}
