import { EntitySchema } from "typeorm";
import { col, fk } from "../db/columns";
import type { User } from "../users/user.entity";

/** Puzzles and trials share a shape; trials have no image list and default to 3 credits. */
export interface Challenge {
  id: number;
  urlSlug: string;
  title: string;
  description: string;
  imageUrl: string | null;
  imageUrls?: string[] | null;
  /** Never sent to the browser. */
  answer: string;
  /** Other accepted answers (never sent to the browser either). */
  answerVariants: string[];
  credits: number;
  date: string;
  isActive: boolean;
  maxWinners: number | null;
  createdAt: Date;
}

function challengeSchema(name: string, tableName: string, defaultCredits: number, withImages: boolean) {
  return new EntitySchema<Challenge>({
    name,
    tableName,
    columns: {
      id: col.id(),
      urlSlug: col.varchar(255),
      title: col.varchar(255),
      description: col.text(),
      imageUrl: col.text(true),
      ...(withImages ? { imageUrls: col.textList() } : {}),
      answer: col.text(),
      answerVariants: { type: "text", array: true, default: () => "'{}'" },
      credits: col.int(false, defaultCredits),
      date: col.date(),
      isActive: col.bool(true),
      maxWinners: col.int(true),
      createdAt: col.createdAt(),
    },
    uniques: [{ name: `uq_${tableName}_slug`, columns: ["urlSlug"] }],
    indices: [{ name: `ix_${tableName}_date`, columns: ["date"] }],
    checks: [
      { name: `ck_${tableName}_credits`, expression: `"credits" >= 0` },
      { name: `ck_${tableName}_max_winners`, expression: `"max_winners" IS NULL OR "max_winners" > 0` },
    ],
  });
}

export const PuzzleEntity = challengeSchema("Puzzle", "puzzles", 5, true);
export const TrialEntity = challengeSchema("Trial", "trials", 3, false);

export interface Completion {
  id: number;
  userId: string;
  challengeId: number;
  attempted: boolean;
  creditsAwarded: number;
  completedAt: Date;
  /** The address the right answer came from. */
  address: string | null;
  user?: User;
  challenge?: Challenge;
}

function completionSchema(name: string, tableName: string, target: string, refColumn: string) {
  return new EntitySchema<Completion>({
    name,
    tableName,
    columns: {
      id: col.id(),
      userId: col.userRef(),
      challengeId: { ...col.ref(), name: refColumn },
      attempted: col.bool(true),
      creditsAwarded: col.int(false, 0),
      completedAt: col.createdAt(),
      address: col.varchar(64, true),
    },
    relations: { user: fk("User", "user_id"), challenge: fk(target, refColumn) },
    uniques: [{ name: `uq_${tableName}_user`, columns: ["userId", "challengeId"] }],
    checks: [{ name: `ck_${tableName}_credits`, expression: `"credits_awarded" >= 0` }],
  });
}

export const PuzzleCompletionEntity = completionSchema("PuzzleCompletion", "puzzle_completions", "Puzzle", "puzzle_id");
export const TrialCompletionEntity = completionSchema("TrialCompletion", "trial_completions", "Trial", "trial_id");

export interface FailedAttempt {
  id: number;
  userId: string;
  challengeId: number;
  attemptedAnswer: string;
  attemptedAt: Date;
  /** The address the wrong answer came from. */
  address: string | null;
  user?: User;
  challenge?: Challenge;
}

function failedAttemptSchema(name: string, tableName: string, target: string, refColumn: string) {
  return new EntitySchema<FailedAttempt>({
    name,
    tableName,
    columns: {
      id: col.id(),
      userId: col.userRef(),
      challengeId: { ...col.ref(), name: refColumn },
      attemptedAnswer: col.text(),
      attemptedAt: col.createdAt(),
      address: col.varchar(64, true),
    },
    relations: { user: fk("User", "user_id"), challenge: fk(target, refColumn) },
    // One attempt per puzzle or trial: a failed attempt is recorded once.
    uniques: [{ name: `uq_${tableName}_user`, columns: ["userId", "challengeId"] }],
  });
}

export const PuzzleFailedAttemptEntity = failedAttemptSchema(
  "PuzzleFailedAttempt",
  "puzzle_failed_attempts",
  "Puzzle",
  "puzzle_id",
);
export const TrialFailedAttemptEntity = failedAttemptSchema(
  "TrialFailedAttempt",
  "trial_failed_attempts",
  "Trial",
  "trial_id",
);
