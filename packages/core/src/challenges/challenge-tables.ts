import type { ChallengeType } from "@bm/shared";
import { AdminMessages } from "@bm/shared/admin";
import { NotFoundError } from "../errors";
import type { ChallengeTable } from "./challenges.repository";

/** The table that holds a type: puzzles in `puzzle`, trials (type `task`) in `trial`. */
export const tableOf = (type: ChallengeType): ChallengeTable => (type === "puzzle" ? "puzzle" : "trial");

/** The type a table's rows are answered as. */
export const typeOf = (table: ChallengeTable): ChallengeType => (table === "puzzle" ? "puzzle" : "task");

/** The variants as kept: trimmed, none empty, none repeated, none equal to the main answer. */
export function variantsOf(answer: string, variants: readonly string[] | undefined): string[] {
  const main = answer.trim();
  return [...new Set((variants ?? []).map((v) => v.trim()))].filter((v) => v !== "" && v !== main);
}

/** The operator's 404 for a puzzle or trial that is not there. */
export function challengeNotFound(type: ChallengeType): NotFoundError {
  return new NotFoundError(type === "puzzle" ? AdminMessages.puzzleNotFound : AdminMessages.trialNotFound);
}
