import type { AttemptVerdict } from "@bm/shared/admin";
import { EntitySchema } from "typeorm";
import { col, fk } from "../db/columns";
import type { User } from "../users/user.entity";

/**
 * The attempt log: every answer sent to a puzzle or trial and what became of it, appended in the
 * transaction that decided it (a refusal in its own statement), never edited. A re-grade appends
 * its own rows (`regraded_right`, `regraded_missed`) naming the attempt they re-graded.
 * `challenge_id` names a row of `puzzles` or `trials` by `challenge_type`, so it has no foreign key.
 */
export interface ChallengeAttempt {
  id: number;
  userId: string;
  challengeType: "puzzle" | "trial";
  challengeId: number;
  verdict: AttemptVerdict;
  /** What the member typed, trimmed (null: nothing typed, e.g. an upload or a recorded right answer of before the log). */
  answer: string | null;
  address: string | null;
  at: Date;
  regradeOf: number | null;
  user?: User;
}

export const ChallengeAttemptEntity = new EntitySchema<ChallengeAttempt>({
  name: "ChallengeAttempt",
  tableName: "challenge_attempts",
  columns: {
    id: col.id(),
    userId: col.userRef(),
    challengeType: col.varchar(10),
    challengeId: col.ref(),
    verdict: col.varchar(24),
    answer: col.text(true),
    address: col.varchar(64, true),
    at: { type: "timestamptz" },
    regradeOf: col.ref(true),
  },
  relations: { user: fk("User", "user_id") },
  indices: [
    { name: "ix_challenge_attempts_at", columns: ["at"] },
    { name: "ix_challenge_attempts_challenge", columns: ["challengeType", "challengeId", "at"] },
    { name: "ix_challenge_attempts_user", columns: ["userId", "at"] },
  ],
  checks: [{ name: "ck_challenge_attempts_type", expression: `"challenge_type" IN ('puzzle', 'trial')` }],
});
