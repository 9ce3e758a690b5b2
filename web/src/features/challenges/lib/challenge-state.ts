/**
 * What a member may do with one challenge (spec section 4): answer it, or read why not. Closed by
 * others needs a `maxWinners`, its winners all found and this member not among them.
 */
export type ChallengeState = "open" | "completed" | "failed" | "closed";

export interface ChallengeStanding {
  completed: boolean;
  failed: boolean;
  /** Every winner slot is taken (only challenges with `maxWinners`). */
  won: boolean;
  maxWinners: number | null | undefined;
}

export function challengeState({ completed, failed, won, maxWinners }: ChallengeStanding): ChallengeState {
  if (completed) return "completed";
  if (failed) return "failed";
  if (maxWinners != null && won) return "closed";
  return "open";
}
