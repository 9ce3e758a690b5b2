import type { Runtime } from "@bm/core";
import {
  FairPlayMessages,
  fairPlayDecisionBody,
  fairPlayFlag,
  fairPlayFlagPage,
  fairPlayFlagParams,
  fairPlayListQuery,
  fairPlayRecomputeAnswer,
} from "@bm/shared/admin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../plugins/access";
import { refusals } from "../plugins/answers";

const notFound = FairPlayMessages.flagNotFound;

/**
 * The fair-play queue (issue 31 part 2): the flags the signals raise, each with its evidence and
 * members; the operator's decisions (audited); a recomputation on demand. Acting on a member goes
 * through the existing tools (void, suspension, adjustment), never from here.
 */
export const adminFairPlayRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  app.get(
    "/api/admin/fair-play/flags",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "The fair-play flags of one status (open by default), a page at a time",
        querystring: fairPlayListQuery,
        response: { 200: fairPlayFlagPage },
      },
    },
    async (request) => {
      const { status, reason, ...page } = request.query;
      return runtime.fairPlay.list({ status, reason }, page);
    },
  );

  app.get(
    "/api/admin/fair-play/flags/:id",
    {
      config: { access: "admin", notFound },
      schema: {
        tags: ["admin"],
        summary: "One flag with its evidence, its members and its decision",
        params: fairPlayFlagParams,
        response: { 200: fairPlayFlag, ...refusals({ 404: "No such flag." }) },
      },
    },
    async (request) => runtime.fairPlay.get(request.params.id),
  );

  app.post(
    "/api/admin/fair-play/flags/:id/decision",
    {
      config: { access: "admin", notFound },
      schema: {
        tags: ["admin"],
        summary: "Marks an open flag reviewed, or dismisses it with why (audited)",
        params: fairPlayFlagParams,
        body: fairPlayDecisionBody,
        response: {
          200: fairPlayFlag,
          ...refusals({ 404: "No such flag.", 409: "The flag was already decided." }),
        },
      },
    },
    async (request) => runtime.fairPlay.decide(request.params.id, request.body, actorOf(request)),
  );

  app.post(
    "/api/admin/fair-play/recompute",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "Computes every fair-play signal now and opens or refreshes flags (audited)",
        response: { 200: fairPlayRecomputeAnswer },
      },
    },
    async (request) => runtime.fairPlay.recomputeBy(actorOf(request)),
  );
};
