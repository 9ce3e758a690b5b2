import type { AdminChallenge, AdminChallengeList } from "@bm/shared/admin";

/** A puzzle as GET /api/admin/challenges answers it (the contract's shape). */
export function adminChallengeFixture(overrides: Partial<AdminChallenge> = {}): AdminChallenge {
  return {
    id: 3,
    type: "puzzle",
    urlSlug: "the-raven-s-riddle",
    title: "The Raven's Riddle",
    description: "Seek the word the raven repeats.",
    answer: "nevermore",
    answerVariants: [],
    credits: 5,
    date: "2025-11-05",
    isActive: true,
    maxWinners: null,
    imageUrl: null,
    imageUrls: null,
    label: "Day 5",
    unlocksAt: "2025-11-05T18:00:00.000Z",
    completions: 12,
    failures: 4,
    createdAt: "2025-10-01T12:00:00.000Z",
    ...overrides,
  };
}

export function pageOf(items: AdminChallenge[], page = 1, total = items.length, pageSize = 50): AdminChallengeList {
  return { items, page, pageSize, total };
}
