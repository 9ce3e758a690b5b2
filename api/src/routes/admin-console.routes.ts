import type { Runtime } from "@bm/core";
import { errorAnswer, lotIdParams } from "@bm/shared";
import {
  adminLotBidsAnswer,
  bidIdParams,
  bidIncrementsAnswer,
  bidIncrementsBody,
  broadcastBody,
  consoleControlAnswer,
  consoleSnapshot,
  emptyControlBody,
  extendLotBody,
  voidBidBody,
} from "@bm/shared/admin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../plugins/access";
import { refusals } from "../plugins/answers";

const LOT_NOT_FOUND = "This lot has been lost to the darkness";
/** A control's answers: the message, or the conflict that refused it (a lot's 404 is also the lot's). */
const answers = (conflict: string) => ({ 200: consoleControlAnswer, 404: errorAnswer, ...refusals({ 409: conflict }) });

/**
 * The live auction console (issue 17): its read, the same snapshot the admin's socket room receives
 * every few seconds (for the first paint and for polling while the socket is down), and the House's
 * hand on the live Bidding Hall: pause and resume a lot or the whole hall, extend a close, a banner
 * to every member, bids voided, a lot offered to the runner-up. Each control is audited and told to
 * the room as it happens.
 */
export const adminConsoleRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  const { house, bidVoids, runnerUp } = runtime;
  const lotRoute = { access: "admin" as const, notFound: LOT_NOT_FOUND };

  app.get(
    "/api/admin/console",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "The live auction console: lots, bids per minute, sockets per node, jobs, the hall's banner",
        response: { 200: consoleSnapshot },
      },
    },
    () => runtime.liveConsole.snapshot(),
  );

  app.get(
    "/api/admin/bid-increments",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "The House's ladder of bid increments, lowest step first (the spec's $1 from $0 unless set)",
        response: { 200: bidIncrementsAnswer },
      },
    },
    async () => ({ steps: await house.increments() }),
  );

  app.put(
    "/api/admin/bid-increments",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "Sets the ladder of bid increments; every lot not closed takes its next minimum from it at once",
        body: bidIncrementsBody,
        response: { 200: consoleControlAnswer },
      },
    },
    async (request) => ({ message: await house.setIncrements(actorOf(request), request.body.steps) }),
  );

  app.post(
    "/api/admin/lots/:lotId/pause",
    {
      config: lotRoute,
      schema: {
        tags: ["admin"],
        summary: "Pauses a lot: no bid is taken and it does not close until resumed",
        params: lotIdParams,
        body: emptyControlBody,
        response: answers("The lot is closed or already paused."),
      },
    },
    async (request) => ({ message: await house.pauseLot(actorOf(request), request.params.lotId) }),
  );

  app.post(
    "/api/admin/lots/:lotId/resume",
    {
      config: lotRoute,
      schema: {
        tags: ["admin"],
        summary: "Resumes a paused lot; its close moves by the time it was paused (and leaves the soft-close window)",
        params: lotIdParams,
        body: emptyControlBody,
        response: answers("The lot is not paused."),
      },
    },
    async (request) => ({ message: await house.resumeLot(actorOf(request), request.params.lotId) }),
  );

  app.post(
    "/api/admin/lots/:lotId/extend",
    {
      config: lotRoute,
      schema: {
        tags: ["admin"],
        summary: "Moves a lot's close later by a number of minutes",
        params: lotIdParams,
        body: extendLotBody,
        response: answers("The lot is closed."),
      },
    },
    async (request) => ({
      message: await house.extend(actorOf(request), request.params.lotId, request.body.minutes),
    }),
  );

  for (const [verb, act] of [
    ["pause", (r: Parameters<typeof actorOf>[0]) => house.pauseHall(actorOf(r))],
    ["resume", (r: Parameters<typeof actorOf>[0]) => house.resumeHall(actorOf(r))],
  ] as const) {
    app.post(
      `/api/admin/hall/${verb}`,
      {
        config: { access: "admin" },
        schema: {
          tags: ["admin"],
          summary:
            verb === "pause"
              ? "Pauses every lot not yet closed (the upcoming open paused) until the hall resumes"
              : "Resumes the lots the hall's pause took; each close moves by the time it was paused",
          body: emptyControlBody,
          response: answers(verb === "pause" ? "The hall is already paused." : "The hall is not paused."),
        },
      },
      async (request) => ({ message: await act(request) }),
    );
  }

  app.post(
    "/api/admin/broadcast",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "Shows a banner to every connected member (stored: later visitors see it too)",
        body: broadcastBody,
        response: answers("Never answered."),
      },
    },
    async (request) => ({ message: await house.setBanner(actorOf(request), request.body.message) }),
  );

  app.delete(
    "/api/admin/broadcast",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "Takes the banner down",
        response: answers("No banner is showing."),
      },
    },
    async (request) => ({ message: await house.setBanner(actorOf(request), null) }),
  );

  app.get(
    "/api/admin/lots/:lotId/bids",
    {
      config: lotRoute,
      schema: {
        tags: ["admin"],
        summary:
          "A lot's bids and maxima as the House sees them: bidder's e-mail and label, voided or standing, the leading one",
        params: lotIdParams,
        response: { 200: adminLotBidsAnswer },
      },
    },
    async (request) => bidVoids.bidsOf(request.params.lotId),
  );

  app.post(
    "/api/admin/bids/:id/void",
    {
      config: { access: "admin", notFound: "No such bid" },
      schema: {
        tags: ["admin"],
        summary:
          "Voids a bid: kept in the history ('Withdrawn by the House'), the lead and price chosen again from the bids that stand",
        params: bidIdParams,
        body: voidBidBody,
        response: answers("The bid is already voided, or its lot was paid for."),
      },
    },
    async (request) => ({
      message: await bidVoids.voidBid(actorOf(request), request.params.id, request.body.reason, request.body.reopen),
    }),
  );

  app.post(
    "/api/admin/lots/:lotId/offer-runner-up",
    {
      config: lotRoute,
      schema: {
        tags: ["admin"],
        summary:
          "Offers a lot whose claim expired unpaid to the runner-up at their own highest bid, with a fresh claim window and e-mail",
        params: lotIdParams,
        body: emptyControlBody,
        response: answers("The lot's claim has not expired, or no other bidder can take it."),
      },
    },
    async (request) => ({ message: await runnerUp.offer(actorOf(request), request.params.lotId) }),
  );
};
