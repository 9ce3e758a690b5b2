import { randomInt } from "node:crypto";
import {
  isBlankCodeInput,
  type ProcessCodesAnswer,
  parseSocialCodes,
  SOCIAL_CODE_ALPHABET,
  SOCIAL_CODE_LENGTH,
  type SocialCodeAnswer,
  SocialRiteMessages,
  SPECIAL_TRIAL_SLUGS,
} from "@bm/shared";
import { buildCalendar } from "../challenges/challenge-calendar";
import { AlreadyAttemptedError } from "../challenges/challenge-errors";
import type { ChallengeSubmissionService } from "../challenges/challenge-submission.service";
import type { ChallengeRepository } from "../challenges/challenges.repository";
import { AppError, NotFoundError, ValidationError } from "../errors";
import type { Logger } from "../logger";
import type { SocialRiteRepository } from "./social-rite.repository";

export interface SocialRiteDeps {
  social: SocialRiteRepository;
  challenges: ChallengeRepository;
  submissions: ChallengeSubmissionService;
  log: Logger;
}

/**
 * The social rite (trial 581a4ae8a2): each member's code, made once; the operator's processing of
 * the codes found under the House's post. A code's credits are the trial's, awarded through the
 * submission machinery's `settle` (the member's row lock, the completion's unique key, the
 * ledger's key in one transaction), so however often or concurrently a batch is sent, each member
 * is credited once.
 */
export class SocialRiteService {
  constructor(private readonly deps: SocialRiteDeps) {}

  /** GET /api/social-rite/my-code: made on first request; parallel first requests get the same code. */
  async myCode(userId: string): Promise<SocialCodeAnswer> {
    const { social } = this.deps;
    let row = await social.findByUser(userId);
    for (let i = 0; !row && i < 8; i++) {
      // A clash with another member's code (or a parallel request's insert) inserts nothing: read again.
      await social.insertIfAbsent(userId, newCode());
      row = await social.findByUser(userId);
    }
    if (!row) throw new Error("could not make a social-rite code");
    return { code: row.code, completed: row.completedAt !== null };
  }

  /** POST /api/admin/social-rite/process-codes. */
  async process(input: readonly string[]): Promise<ProcessCodesAnswer> {
    const { social, challenges, submissions, log } = this.deps;
    if (isBlankCodeInput(input)) throw new ValidationError(SocialRiteMessages.noCodes);
    const codes = parseSocialCodes(input);
    if (codes.length === 0) throw new ValidationError(SocialRiteMessages.noValidCodes);
    const trial = await challenges.findBySlug("trial", SPECIAL_TRIAL_SLUGS.social);
    const entry = trial ? buildCalendar([trial])[0] : undefined;
    if (!entry) throw new NotFoundError("The social rite's trial is not in the calendar");

    const owners = await social.findByCodes(codes);
    const answer: ProcessCodesAnswer = {
      summary: { processed: codes.length, awarded: 0, alreadyCompleted: 0, notFound: 0 },
      errors: [],
      details: [],
    };
    for (const code of codes) {
      const owner = owners.get(code);
      if (!owner) {
        answer.summary.notFound += 1;
        answer.details.push({ code, email: null, status: "not_found", credits: 0 });
        continue;
      }
      try {
        const { result } = await submissions.settle(owner.userId, entry, {
          correct: true,
          attemptedAnswer: "",
          keep: (t, win) => social.markCompleted(owner.id, win.at, t),
        });
        answer.summary.awarded += 1;
        answer.details.push({ code, email: owner.email, status: "success", credits: result.credits });
      } catch (error) {
        if (error instanceof AlreadyAttemptedError) {
          answer.summary.alreadyCompleted += 1;
          answer.details.push({ code, email: owner.email, status: "already_completed", credits: 0 });
        } else {
          if (!(error instanceof AppError)) log.error({ err: error, code }, "social-rite code not processed");
          answer.errors.push({
            code,
            message: error instanceof AppError ? error.message : "Could not process this code",
          });
        }
      }
    }
    return answer;
  }
}

function newCode(): string {
  let code = "";
  for (let i = 0; i < SOCIAL_CODE_LENGTH; i++) code += SOCIAL_CODE_ALPHABET[randomInt(0, SOCIAL_CODE_ALPHABET.length)];
  return code;
}
