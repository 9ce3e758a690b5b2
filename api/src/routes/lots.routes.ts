import type { Runtime } from "@bm/core";
import {
  bidHistoryAnswer,
  idempotencyHeaders,
  lotAnswer,
  lotBidAnswer,
  lotBidBody,
  lotIdParams,
  lotListAnswer,
  lotNumberParams,
} from "@bm/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { memberOf } from "../plugins/access";
import { refusals } from "../plugins/answers";
import { limits } from "../plugins/rate-limits";

const LOT_NOT_FOUND = "This lot has been lost to the darkness";

/** What the member is told of an accepted bid, in its own words for a maximum and an instant outbid. */
function bidPlacedMessage(placed: { bid: unknown; leading: boolean; lot: { currentBid: string } }, maximum: boolean) {
  if (!placed.bid) return "Your maximum has been updated";
  if (!placed.leading)
    return `Your bid was placed, but another member's maximum answered it: the lot stands at $${placed.lot.currentBid}`;
  return maximum ? `Your maximum has been placed: you lead at $${placed.lot.currentBid}` : "Your bid has been placed";
}

/** The Bidding Hall's lots: behind its gate (a member who gave the word, or staff). */
export const lotsRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  app.get(
    "/api/auction-lots",
    {
      config: { access: "gate" },
      schema: { tags: ["lots"], summary: "Every lot of the event", response: { 200: lotListAnswer } },
    },
    async (request) => runtime.lots.list(memberOf(request)),
  );

  app.get(
    "/api/auction-lots/won",
    {
      // A member's own victories (the account menu lists them): no gate needed to see what one won.
      config: { access: "member" },
      schema: { tags: ["lots"], summary: "Lots the member won", response: { 200: lotListAnswer } },
    },
    async (request) => runtime.lots.wonBy(memberOf(request)),
  );

  // ':lotNumber' and ':lotId' of the spec share one position: GET reads it as the lot number,
  // the bid routes below as the lot id.
  app.get(
    "/api/auction-lots/:lotNumber",
    {
      config: { access: "gate", notFound: LOT_NOT_FOUND },
      schema: {
        tags: ["lots"],
        summary: "One lot by its number (the first look of each member counts as a view)",
        params: lotNumberParams,
        response: { 200: lotAnswer, ...refusals({ 404: "No such lot." }) },
      },
    },
    async (request) => runtime.lots.viewByNumber(request.params.lotNumber, memberOf(request)),
  );

  app.get(
    "/api/auction-lots/:lotId/bids",
    {
      config: { access: "gate", notFound: LOT_NOT_FOUND },
      schema: {
        tags: ["lots"],
        summary: "A lot's bids, newest first, bidders anonymous",
        params: lotIdParams,
        response: { 200: bidHistoryAnswer, ...refusals({ 404: "No such lot." }) },
      },
    },
    async (request) => runtime.lots.bids(request.params.lotId, memberOf(request).id),
  );

  app.post(
    "/api/auction-lots/:lotId/bid",
    {
      config: {
        access: "gate",
        notFound: LOT_NOT_FOUND,
        limits: [limits.bidsPerMember],
        sessionSnapshot: true,
        idempotent: true,
      },
      schema: {
        tags: ["lots"],
        summary: "Bid on a lot in dollars plus credits, or leave (or raise) a maximum the House bids up to",
        params: lotIdParams,
        headers: idempotencyHeaders,
        body: lotBidBody,
        response: {
          200: lotBidAnswer,
          ...refusals({
            400: "The amounts are refused: too low, or more credits than the member has (INVALID_BID, INVALID_CREDITS, INSUFFICIENT_CREDITS, INSUFFICIENT_BIDDING_POWER), or the Idempotency-Key was used for another request (IDEMPOTENCY_MISMATCH).",
            404: "No such lot.",
            409: "The lot is not open, paused by the House, or closed, or the member already leads it (LOT_NOT_OPEN, LOT_PAUSED, LOT_CLOSED, ALREADY_LEADING), or a request with this Idempotency-Key is still being decided (IDEMPOTENCY_IN_PROGRESS, with Retry-After).",
          }),
        },
      },
    },
    async (request) => {
      const { amount, creditsUsed, maximum } = request.body;
      const member = memberOf(request).id;
      const placed = await runtime.bidding.placeBid(member, request.params.lotId, amount, creditsUsed, maximum);
      return { message: bidPlacedMessage(placed, maximum), ...placed };
    },
  );
};
