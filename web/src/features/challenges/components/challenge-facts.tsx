import { type ChallengeAnswer, formatDateTime } from "@bm/shared";
import { copy } from "../lib/challenge-copy";

/** 'Puzzle' or 'Trial', the credits and the unlock: the line under a challenge's title. */
export function ChallengeFacts({ challenge }: { challenge: ChallengeAnswer }) {
  return (
    <dl className="flex flex-wrap items-center gap-x-5 gap-y-1 text-base">
      <div className="flex items-baseline gap-2">
        <dt className="sr-only">Reward</dt>
        <dd className="font-display text-lg text-gold-bright lining-nums">
          {challenge.credits} <span className="text-[0.8rem] tracking-[0.2em] text-bone-muted">MPC Credits</span>
        </dd>
      </div>
      <div className="flex items-baseline gap-2">
        <dt className="text-bone-faint">Unlocked</dt>
        <dd className="text-bone-muted">{formatDateTime(challenge.unlocksAt)}</dd>
      </div>
      {challenge.maxWinners !== null && (
        <div className="flex items-baseline gap-2">
          <dt className="text-bone-faint">Winners</dt>
          <dd className="text-bone-muted">
            first {challenge.maxWinners} only
            {challenge.winnersLeft !== null && !challenge.won && ` · ${challenge.winnersLeft} left`}
          </dd>
        </div>
      )}
    </dl>
  );
}

/** The word-location instructions of titles beginning with 'Puzzle' (spec section 2). */
export function PuzzleInstructions({ title }: { title: string }) {
  if (!title.startsWith("Puzzle")) return null;
  return <p className="border-l-2 border-gold/40 pl-4 text-base text-bone-muted italic">{copy.puzzleInstructions}</p>;
}
