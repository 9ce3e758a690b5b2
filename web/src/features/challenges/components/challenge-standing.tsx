import type { ChallengeAnswer } from "@bm/shared";
import type { ReactNode } from "react";
import { cn } from "../../../lib/cn";
import { copy } from "../lib/challenge-copy";
import { type ChallengeState, challengeState } from "../lib/challenge-state";

/** The state of one challenge for this member, from its answer. */
export function stateOf(challenge: Pick<ChallengeAnswer, "attempt" | "won" | "maxWinners">): ChallengeState {
  return challengeState({
    completed: challenge.attempt === "completed",
    failed: challenge.attempt === "failed",
    won: challenge.won,
    maxWinners: challenge.maxWinners,
  });
}

/**
 * Read when a standing is shown, not when this module loads: the built app's shared chunks can load
 * this module before the copy's (a chunk reached first from /contract/covenant did), and a table
 * built at load read `copy` while it was still undefined, which blanked the page.
 */
function toneOf(state: Exclude<ChallengeState, "open">): { text: string; className: string; mark: string } {
  switch (state) {
    case "completed":
      return { text: copy.completed, className: "border-gold/50 text-gold-bright", mark: "✦" };
    case "failed":
      return { text: copy.failed, className: "border-blood-bright/50 text-blood-bright", mark: "✕" };
    case "closed":
      return { text: copy.closedByOthers, className: "border-bone-faint/50 text-bone-muted", mark: "⊘" };
  }
}

/** Why the form is gone: completed, failed, or closed by others. */
export function ChallengeStanding({
  state,
  children,
}: {
  state: Exclude<ChallengeState, "open">;
  children?: ReactNode;
}) {
  const t = toneOf(state);
  return (
    <div role="status" className={cn("border bg-ink-950/60 px-4 py-3", t.className)}>
      <p className="flex items-center gap-3 font-display text-base tracking-[0.08em]">
        <span aria-hidden="true">{t.mark}</span>
        {t.text}
      </p>
      {children}
    </div>
  );
}
