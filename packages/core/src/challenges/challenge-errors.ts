import { ErrorCodes, Messages } from "@bm/shared";
import { AppError, NotFoundError } from "../errors";
import type { ChallengeTable } from "./challenges.repository";

/** 'Puzzle Not Found' / 'Trial Not Found': missing, inactive, or not yet visible to this member. */
export class ChallengeNotFoundError extends NotFoundError {
  constructor(table: ChallengeTable) {
    super(table === "puzzle" ? Messages.puzzleNotFound : Messages.trialNotFound);
  }
}

/** The member's one attempt is spent (right or wrong). */
export class AlreadyAttemptedError extends AppError {
  constructor(table: ChallengeTable) {
    super(ErrorCodes.ALREADY_ATTEMPTED, 409, table === "puzzle" ? Messages.puzzleAttempted : Messages.trialAttempted);
  }
}

/** Every winner slot is taken: no attempt is recorded. */
export class ClosedByOthersError extends AppError {
  constructor() {
    super(ErrorCodes.CHALLENGE_WON, 409, Messages.closedByOthers);
  }
}

export class ChallengeNotOpenError extends AppError {
  constructor() {
    super(ErrorCodes.CHALLENGE_NOT_OPEN, 409, Messages.challengeNotOpen);
  }
}

export class ChallengeClosedError extends AppError {
  constructor() {
    super(ErrorCodes.CHALLENGE_CLOSED, 409, Messages.challengeClosed);
  }
}
