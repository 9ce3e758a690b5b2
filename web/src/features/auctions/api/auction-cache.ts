import type { AuctionAnswer, AuctionBidEvent, AuctionUpdateEvent, BidHistoryEntry } from "@bm/shared";
import type { QueryClient } from "@tanstack/react-query";

export type ListKey = "active" | "completed" | "all";

/**
 * Where auctions live in the query cache, and how socket messages are written into it (the lots'
 * rules: a message not above the version held is dropped; an HTTP answer keeps its own fields —
 * the member's lead, win and purchase link — and takes newer public ones from what is held).
 */
export const auctionKeys = {
  list: (key: ListKey) => ["auctions", key] as const,
  detail: (id: number) => ["auction", id] as const,
  bids: (id: number) => ["auction-bids", id] as const,
  bidVersion: (id: number) => ["auction-bid-version", id] as const,
};

function mergeAuctionUpdate(auction: AuctionAnswer, update: AuctionUpdateEvent): AuctionAnswer {
  if (update.version <= auction.version) return auction;
  const outbid = auction.isLeader && update.bidCount > auction.bidCount;
  const ended = update.status === "SOLD";
  return {
    ...auction,
    currentBid: update.currentBid,
    minimumBid: update.minimumBid,
    bidCount: update.bidCount,
    endTime: update.endTime,
    status: update.status,
    isActive: update.status === "ACTIVE",
    isLeader: outbid || ended ? false : auction.isLeader,
    version: update.version,
  };
}

/** An HTTP answer against what is held: its own fields stand; newer public fields stand too. */
export function reconcileAuction(answer: AuctionAnswer, held: AuctionAnswer | undefined): AuctionAnswer {
  if (!held || answer.version >= held.version) return answer;
  return mergeAuctionUpdate(answer, {
    auctionId: held.id,
    currentBid: held.currentBid,
    minimumBid: held.minimumBid,
    bidCount: held.bidCount,
    endTime: held.endTime,
    status: held.status,
    version: held.version,
  });
}

function heldAuction(client: QueryClient, id: number): AuctionAnswer | undefined {
  const detail = client.getQueryData<AuctionAnswer>(auctionKeys.detail(id));
  if (detail) return detail;
  for (const [, list] of client.getQueriesData<AuctionAnswer[]>({ queryKey: ["auctions"] })) {
    const found = list?.find((auction) => auction.id === id);
    if (found) return found;
  }
  return undefined;
}

function updateEverywhere(client: QueryClient, id: number, change: (auction: AuctionAnswer) => AuctionAnswer) {
  client.setQueryData<AuctionAnswer>(auctionKeys.detail(id), (auction) => (auction ? change(auction) : auction));
  client.setQueriesData<AuctionAnswer[]>({ queryKey: ["auctions"] }, (list) =>
    list?.map((auction) => (auction.id === id ? change(auction) : auction)),
  );
}

/** One auction answer into the cache (its page and any list holding it). */
export function receiveAuction(client: QueryClient, auction: AuctionAnswer): AuctionAnswer {
  const next = reconcileAuction(auction, heldAuction(client, auction.id));
  client.setQueryData(auctionKeys.detail(auction.id), next);
  client.setQueriesData<AuctionAnswer[]>({ queryKey: ["auctions"] }, (list) =>
    list?.map((one) => (one.id === next.id ? reconcileAuction(next, one) : one)),
  );
  return next;
}

export function reconcileAuctions(client: QueryClient, auctions: AuctionAnswer[]): AuctionAnswer[] {
  return auctions.map((auction) => reconcileAuction(auction, heldAuction(client, auction.id)));
}

/** `auction:update` / `auction:closed` (or a watch snapshot). Returns whether it was applied. */
export function applyAuctionUpdate(client: QueryClient, update: AuctionUpdateEvent): boolean {
  const held = heldAuction(client, update.auctionId);
  if (!held || update.version <= held.version) return false;
  updateEverywhere(client, update.auctionId, (auction) => mergeAuctionUpdate(auction, update));
  return true;
}

/** `auction:bid`: prepended to a loaded history; the member's own label marks "You". */
export function applyAuctionBid(client: QueryClient, event: AuctionBidEvent): boolean {
  const seen = client.getQueryData<number>(auctionKeys.bidVersion(event.auctionId)) ?? -1;
  if (event.version <= seen) return false;
  client.setQueryData(auctionKeys.bidVersion(event.auctionId), event.version);
  const history = client.getQueryData<BidHistoryEntry[]>(auctionKeys.bids(event.auctionId));
  if (!history || history.some((entry) => entry.id === event.bidId)) return false;
  const isYou = history.some((entry) => entry.isYou && entry.bidder === event.bidder);
  const entry = { id: event.bidId, amount: event.amount, bidder: event.bidder, isYou, createdAt: event.createdAt };
  client.setQueryData(
    auctionKeys.bids(event.auctionId),
    [entry, ...history].sort((a, b) => b.id - a.id),
  );
  return true;
}

export function markAuctionOutbid(client: QueryClient, id: number): void {
  updateEverywhere(client, id, (auction) => (auction.isLeader ? { ...auction, isLeader: false } : auction));
}
