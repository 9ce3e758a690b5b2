import type { LotAnswer } from "@bm/shared";

/** A lot as the API answers it, for tests. */
export function lot(overrides: Partial<LotAnswer> = {}): LotAnswer {
  return {
    id: 7,
    lotNumber: 7,
    day: "Friday",
    title: "Tarot of the Drowned Court",
    description: "A complete deck painted on water-stained vellum.",
    imageUrl: "/art/lots/tarot.svg",
    imageUrls: ["/art/lots/tarot.svg"],
    currentBid: "40.00",
    reservePrice: "35.00",
    minimumBid: "41.00",
    bidCount: 2,
    viewCount: 9,
    opensAt: "2025-11-28T14:00:00.000Z",
    closesAt: "2025-11-29T01:00:00.000Z",
    status: "open",
    pausedAt: null,
    extended: false,
    isClosed: false,
    closedAt: null,
    winnerId: null,
    hasWinner: false,
    winnerLabel: null,
    winnerCreditsUsed: "0.00",
    claimStatus: "pending",
    claimDeadline: null,
    claimedAt: null,
    shopifyCartUrl: null,
    shopifyDiscountCode: null,
    isLeader: false,
    isWinner: false,
    version: 5,
    ...overrides,
  };
}
