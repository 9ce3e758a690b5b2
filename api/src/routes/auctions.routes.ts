import type { AuctionList, Runtime } from "@bm/core";
import {
  auctionAnswer,
  auctionBidAnswer,
  auctionBidBody,
  auctionIdParams,
  auctionListAnswer,
  bidHistoryAnswer,
  idempotencyHeaders,
  purchaseLinkAnswer,
  recentBidAnswer,
} from "@bm/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { memberOf } from "../plugins/access";
import { refusals, SHOP_REFUSALS } from "../plugins/answers";
import { limits } from "../plugins/rate-limits";

const AUCTION_NOT_FOUND = "Auction Not Found";

/** The legacy auction hub: lists, one auction, its bids, bidding in credits, the winner's purchase link. */
export const auctionsRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  const lists: [string, AuctionList, string][] = [
    ["/api/auctions", "published", "Published auctions, soonest first"],
    ["/api/auctions/active", "active", "Auctions open now"],
    ["/api/auctions/completed", "completed", "Ended auctions, latest first"],
    ["/api/auctions/all", "all", "Every auction"],
    ["/api/auctions/won", "won", "Auctions the member won"],
  ];
  for (const [path, kind, summary] of lists) {
    app.get(
      path,
      { config: { access: "member" }, schema: { tags: ["auctions"], summary, response: { 200: auctionListAnswer } } },
      async (request) => runtime.auctions.list(kind, memberOf(request)),
    );
  }

  app.get(
    "/api/auctions/:id",
    {
      config: { access: "member", notFound: AUCTION_NOT_FOUND },
      schema: {
        tags: ["auctions"],
        summary: "One auction",
        params: auctionIdParams,
        response: { 200: auctionAnswer, ...refusals({ 404: "No such auction." }) },
      },
    },
    async (request) => runtime.auctions.get(request.params.id, memberOf(request)),
  );

  app.get(
    "/api/auctions/:id/bids",
    {
      config: { access: "member", notFound: AUCTION_NOT_FOUND },
      schema: {
        tags: ["auctions"],
        summary: "An auction's bids, newest first, bidders anonymous",
        params: auctionIdParams,
        response: { 200: bidHistoryAnswer, ...refusals({ 404: "No such auction." }) },
      },
    },
    async (request) => runtime.auctions.bids(request.params.id, memberOf(request).id),
  );

  app.post(
    "/api/auctions/:id/bid",
    {
      config: {
        access: "member",
        notFound: AUCTION_NOT_FOUND,
        limits: [limits.bidsPerMember],
        sessionSnapshot: true,
        idempotent: true,
      },
      schema: {
        tags: ["auctions"],
        summary: "Bid on an auction, in credits",
        params: auctionIdParams,
        headers: idempotencyHeaders,
        body: auctionBidBody,
        response: {
          200: auctionBidAnswer,
          ...refusals({
            400: "The amount is refused: too low, or beyond the member's credits (INVALID_BID, INSUFFICIENT_BIDDING_POWER), or the Idempotency-Key was used for another request (IDEMPOTENCY_MISMATCH).",
            404: "No such auction, or not active.",
            409: "The auction has ended or not started (AUCTION_ENDED), or the member leads it (ALREADY_LEADING), or a request with this Idempotency-Key is still being decided (IDEMPOTENCY_IN_PROGRESS).",
          }),
        },
      },
    },
    async (request) => runtime.auctions.placeBid(memberOf(request).id, request.params.id, request.body.amount),
  );

  app.post(
    "/api/auctions/:id/purchase-link",
    {
      config: { access: "member", notFound: AUCTION_NOT_FOUND, limits: [limits.checkoutPerMember] },
      schema: {
        tags: ["auctions"],
        summary: "The winner's purchase link, paid in credits",
        params: auctionIdParams,
        response: {
          200: purchaseLinkAnswer,
          ...refusals({
            403: "Only the winner may claim the auction.",
            404: "No such auction, or its product is not for sale.",
            409: "The claim window has expired.",
            ...SHOP_REFUSALS,
          }),
        },
      },
    },
    async (request) => runtime.auctions.purchaseLink(memberOf(request).id, request.params.id),
  );

  app.get(
    "/api/bids/recent",
    {
      config: { access: "member" },
      schema: { tags: ["auctions"], summary: "The latest bids, bidders anonymous", response: { 200: recentBidAnswer } },
    },
    async () => runtime.auctions.recentBids(),
  );
};
