import { addDays, newYorkDate, newYorkTime } from "./calendar";

/** How a challenge is answered: typed, completed, confessed, or one of the special trials' own ways. */
export const ANSWER_KINDS = [
  "text",
  "complete",
  "confession",
  "oath",
  "covenant",
  "subscriber",
  "social",
  "referrals",
  "ritual",
  "final-eve",
] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];

/** The game's calendar of the specification: 28 entries, 31 Oct to 27 Nov 2025 (New York dates). */
export const CHALLENGE_CALENDAR_FIRST = "2025-10-31";
export const CHALLENGE_CALENDAR_DAYS = 28;
export const CHALLENGE_CALENDAR_LAST = addDays(CHALLENGE_CALENDAR_FIRST, CHALLENGE_CALENDAR_DAYS - 1);
/** A challenge unlocks at this New York wall-clock hour on its date (1:00 PM). */
export const CHALLENGE_UNLOCK_HOUR_NY = 13;
/** Multi-image challenges show their next image every 3.5 hours from the unlock. */
export const MULTI_IMAGE_STEP_MS = 3.5 * 60 * 60 * 1000;
export const MULTI_IMAGE_COUNT = 6;
/** Credit values the calendar uses. */
export const CHALLENGE_CREDIT_VALUES = [0, 2, 3, 5, 7, 30, 200] as const;
/** After a right answer, detail pages go back to /earn-credits after this long. */
export const CHALLENGE_REDIRECT_DELAY_MS = 2000;
/** Longest answer or confession the server reads; longer input is refused, not cut. */
export const CHALLENGE_ANSWER_MAX_LENGTH = 500;
export const CONFESSION_MAX_LENGTH = 2000;

/** The trials of spec 001 section 3 that have their own page or rule, by slug. */
export const SPECIAL_TRIAL_SLUGS = {
  oath: "b3edf438b3",
  confession: "0076be08e8",
  covenant: "4931eb8e90",
  subscriber: "bde140f670",
  social: "581a4ae8a2",
  referrals: "04b75e095d",
  finalEve: "feeb378613",
  unfolding: "6897f98860",
} as const;
/** The subscriber trial's id in completion lists (its page reads `trialIds`). */
export const SUBSCRIBER_TRIAL_ID = 26;
/** The hidden puzzle of the Ritual page (/404/ritual): outside the calendar, found, not listed. */
export const RITUAL_PUZZLE_SLUG = "a17e5c0d93";
/**
 * The rites that stay open from their unlock to the event's end instead of one day: the standing
 * offers (the newsletter, referrals that succeed when a friend acts, the social code the operator
 * processes later) and the rites with a page of their own (the oath, the confession, the
 * covenant). A member who missed the day may still take them; each is still taken once, and the
 * covenant still has its one winner. Typed puzzles close the next day: their answers get around.
 */
export const STANDING_KINDS: ReadonlySet<AnswerKind> = new Set<AnswerKind>([
  "subscriber",
  "referrals",
  "social",
  "oath",
  "confession",
  "covenant",
]);
/** Tasks whose answer is this are "mark as complete" tasks. */
export const COMPLETE_ANSWER = "COMPLETE";

/**
 * The instant a challenge dated `date` (YYYY-MM-DD, New York) unlocks: 1:00 PM New York time,
 * computed with the zone (18:00 UTC in winter, 17:00 UTC while daylight time lasts).
 */
export function challengeUnlocksAt(date: string): Date {
  return newYorkTime(date, CHALLENGE_UNLOCK_HOUR_NY);
}

/** The New York date whose challenge is current at an instant: before 1 PM it is still the previous day's. */
export function currentChallengeDate(now: Date): string {
  const today = newYorkDate(now);
  return now.getTime() >= challengeUnlocksAt(today).getTime() ? today : addDays(today, -1);
}

/** The label of the entry at `position` (0-based) of a calendar of `count` entries. */
export function challengeLabel(position: number, count: number): string {
  if (position === 0) return "Bonus";
  if (position === count - 1) return "THANK YOU";
  return `Day ${position}`;
}

/**
 * Which of a multi-image challenge's images shows at `now`: one more every 3.5 hours from the
 * unlock, stopping on the last. `nextAt` is when the next one shows (null on the last).
 */
export function multiImageStep(unlocksAt: Date, now: Date, count: number): { index: number; nextAt: Date | null } {
  if (count <= 0) return { index: 0, nextAt: null };
  const elapsed = Math.max(0, now.getTime() - unlocksAt.getTime());
  const index = Math.min(count - 1, Math.floor(elapsed / MULTI_IMAGE_STEP_MS));
  const nextAt = index >= count - 1 ? null : new Date(unlocksAt.getTime() + (index + 1) * MULTI_IMAGE_STEP_MS);
  return { index, nextAt };
}

/** Answers are trimmed, then compared exactly: case and spaces inside count. */
export function normaliseAnswer(answer: string): string {
  return answer.trim();
}

/** A video among a challenge's media (the House's short clips are mp4). */
export function isVideoUrl(url: string | null | undefined): boolean {
  if (!url) return false;
  return /\.mp4(?:$|[?#])/i.test(url);
}

/**
 * The picture a challenge shows at `now` (the page's media and the server's preload of it): a
 * multi-image challenge its image of the moment among those revealed so far (`behind` when the
 * moment's image is not revealed to the member yet), any other its own.
 */
export function challengeImageAt(
  challenge: { imageUrl: string | null; imageUrls?: string[] | null; imageStep: unknown; unlocksAt: string },
  now: Date,
): { src: string | null; shown: number; stepped: boolean; behind: boolean; nextAt: Date | null } {
  const images = challenge.imageUrls ?? [];
  if (challenge.imageStep === null || images.length === 0) {
    return { src: challenge.imageUrl, shown: 0, stepped: false, behind: false, nextAt: null };
  }
  const step = multiImageStep(new Date(challenge.unlocksAt), now, MULTI_IMAGE_COUNT);
  const shown = Math.min(step.index, images.length - 1);
  return {
    src: images[shown] ?? null,
    shown,
    stepped: true,
    behind: step.index > images.length - 1,
    nextAt: step.nextAt,
  };
}
