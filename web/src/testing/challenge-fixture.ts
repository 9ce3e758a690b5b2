import type { ChallengeAnswer, ChallengeDayAnswer } from "@bm/shared";

/** A challenge as the API sends it (never with an answer), for the feature's tests. */
export function challenge(overrides: Partial<ChallengeAnswer> = {}): ChallengeAnswer {
  return {
    id: 3,
    urlSlug: "the-ninth-seal",
    type: "puzzle",
    title: "The Ninth Seal",
    description: "A seal of wax, broken nine times.",
    imageUrl: "/challenges/ninth-seal.webp",
    imageUrls: null,
    credits: 5,
    date: "2025-11-05",
    label: "Day 5",
    maxWinners: null,
    isActive: true,
    answerKind: "text",
    status: "open",
    unlocksAt: "2025-11-05T18:00:00.000Z",
    closesAt: "2025-11-06T18:00:00.000Z",
    serverTime: "2025-11-05T19:00:00.000Z",
    imageStep: null,
    won: false,
    winnersLeft: null,
    attempt: "none",
    ...overrides,
  };
}

export function day(overrides: Partial<ChallengeDayAnswer> = {}): ChallengeDayAnswer {
  const today = challenge();
  return {
    serverTime: "2025-11-05T19:00:00.000Z",
    date: today.date,
    today: today.date,
    status: "open",
    label: today.label,
    unlocksAt: today.unlocksAt,
    nextUnlocksAt: today.closesAt,
    challenge: today,
    range: null,
    auctionStartsAt: "2025-11-28T14:00:00.000Z",
    ...overrides,
  };
}
