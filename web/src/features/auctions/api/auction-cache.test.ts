import type { AuctionAnswer } from "@bm/shared";
import type { QueryClient } from "@tanstack/react-query";
import { beforeEach, describe, expect, it } from "vitest";
import { createQueryClient } from "../../../lib/query-client";
import { applyAuctionBid, applyAuctionUpdate, auctionKeys, markAuctionOutbid, receiveAuction } from "./auction-cache";

function auction(overrides: Partial<AuctionAnswer> = {}): AuctionAnswer {
  return {
    id: 3,
    auctionNumber: 3,
    title: "The Lantern of Unquiet Hours",
    description: null,
    imageUrl: null,
    startTime: "2025-11-28T14:00:00.000Z",
    endTime: "2025-11-28T15:00:00.000Z",
    startingBid: "5.00",
    currentBid: "10.00",
    minimumBid: "11.00",
    bidCount: 2,
    isActive: true,
    status: "ACTIVE",
    winnerId: null,
    hasWinner: false,
    winnerLabel: null,
    isLeader: true,
    isWinner: false,
    mpcDebited: false,
    purchaseLink: null,
    discountAmountUsd: null,
    shopifyProductId: null,
    shopifyDiscountCode: null,
    version: 4,
    ...overrides,
  };
}

const update = {
  auctionId: 3,
  currentBid: "12.00",
  minimumBid: "13.00",
  bidCount: 3,
  endTime: "2025-11-28T15:00:00.000Z",
};
let client: QueryClient;
const held = () => client.getQueryData<AuctionAnswer>(auctionKeys.detail(3));

describe("auctions in the query cache", () => {
  beforeEach(() => {
    client = createQueryClient();
  });

  it("applies a newer update to the auction's page and its lists, ending the member's lead", () => {
    client.setQueryData(auctionKeys.list("active"), [auction()]);
    receiveAuction(client, auction());
    expect(applyAuctionUpdate(client, { ...update, status: "ACTIVE", version: 5 })).toBe(true);
    expect(held()).toMatchObject({ currentBid: "12.00", isLeader: false, version: 5 });
    expect(client.getQueryData<AuctionAnswer[]>(auctionKeys.list("active"))?.[0]?.currentBid).toBe("12.00");
    expect(applyAuctionUpdate(client, { ...update, currentBid: "1.00", status: "ACTIVE", version: 5 })).toBe(false);
    expect(held()?.currentBid).toBe("12.00");
  });

  it("keeps an older answer's own fields but the newer public ones", () => {
    receiveAuction(client, auction({ version: 6, currentBid: "20.00", status: "SOLD", isActive: false }));
    receiveAuction(client, auction({ version: 5, isWinner: true, purchaseLink: "https://shop/x" }));
    expect(held()).toMatchObject({
      currentBid: "20.00",
      status: "SOLD",
      isWinner: true,
      purchaseLink: "https://shop/x",
    });
  });

  it("adds live bids to a loaded history once each, and marks the member outbid", () => {
    client.setQueryData(auctionKeys.bids(3), [
      { id: 1, amount: "10.00", bidder: "Bidder 1", isYou: true, createdAt: "2025-11-28T14:10:00Z" },
    ]);
    const bid = { auctionId: 3, bidId: 2, amount: "12.00", bidder: "Bidder 2", createdAt: "2025-11-28T14:20:00Z" };
    expect(applyAuctionBid(client, { ...bid, version: 5 })).toBe(true);
    expect(applyAuctionBid(client, { ...bid, version: 5 })).toBe(false);
    expect(client.getQueryData<unknown[]>(auctionKeys.bids(3))).toHaveLength(2);
    receiveAuction(client, auction());
    markAuctionOutbid(client, 3);
    expect(held()?.isLeader).toBe(false);
  });
});
