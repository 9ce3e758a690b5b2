import { type ChallengeType, newYorkDate } from "@bm/shared";
import type { AdminChallenge, AdminChallengeBody } from "@bm/shared/admin";

/** New puzzles are worth 5 credits, new trials 3 (spec section 9); new ones are active. */
const DEFAULT_CREDITS: Record<ChallengeType, number> = { puzzle: 5, task: 3 };

/** The form's starting values: the challenge's own, or a new one's defaults. */
export function formValuesOf(
  type: ChallengeType,
  challenge: AdminChallenge | null,
  today = new Date(),
): AdminChallengeBody {
  if (challenge) {
    return {
      title: challenge.title,
      description: challenge.description,
      answer: challenge.answer,
      answerVariants: challenge.answerVariants,
      credits: challenge.credits,
      date: challenge.date,
      isActive: challenge.isActive,
      maxWinners: challenge.maxWinners,
      imageUrl: challenge.imageUrl,
    };
  }
  return {
    title: "",
    description: "",
    answer: "",
    answerVariants: [],
    credits: DEFAULT_CREDITS[type],
    date: newYorkDate(today),
    isActive: true,
    maxWinners: null,
    imageUrl: null,
  };
}

/** An empty number field means "no value": the schema then says what is missing. */
export const emptyAsUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);
/** An empty max-winners field means no limit. */
export const emptyAsNull = (value: unknown) => (value === "" || value === undefined ? null : value);
