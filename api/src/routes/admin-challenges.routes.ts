import type { Runtime } from "@bm/core";
import { type ChallengeType, slugParams } from "@bm/shared";
import {
  AdminMessages,
  adminChallenge,
  adminChallengeBody,
  adminChallengeList,
  adminChallengeListQuery,
  adminChallengeOneParams,
  adminChallengeParams,
  adminChallengeSaved,
  previewAnswer,
  previewOneAnswer,
  previewQuery,
} from "@bm/shared/admin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../plugins/access";
import { refusals } from "../plugins/answers";

/** A picture of at most 2 MB travels as base64 (4/3 of it) inside the JSON body. */
const CONTENT_BODY_LIMIT = 3 * 1024 * 1024;

const NOT_FOUND = "No such puzzle or trial.";
/** What a save refuses, beside what its schema does. */
const SAVE_REFUSALS = {
  400: "The title gives no address, or the picture is not a PNG, JPEG or WebP of at most 2 MB (or one the House serves).",
} as const;

/** The operator's puzzles and trials and the preview at an instant (issue 16 items 1 and 2). */
export const adminChallengesRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  const challenges = runtime.challengesAdmin;

  app.get(
    "/api/admin/challenges",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "Puzzles or trials with their answers and play counts, paged, sorted, searched by title or slug",
        querystring: adminChallengeListQuery,
        response: { 200: adminChallengeList },
      },
    },
    async (request) => {
      const { type, q, active, ...page } = request.query;
      return challenges.list(
        type ?? "puzzle",
        { q, active: active === undefined ? undefined : active === "true" },
        page,
      );
    },
  );

  app.get(
    "/api/admin/challenges/:type/:id",
    {
      config: { access: "admin", notFound: AdminMessages.puzzleNotFound },
      schema: {
        tags: ["admin"],
        summary: "One puzzle or trial with its answer",
        params: adminChallengeOneParams,
        response: { 200: adminChallenge, ...refusals({ 404: NOT_FOUND }) },
      },
    },
    async (request) => challenges.one(request.params.type, request.params.id),
  );

  for (const [type, noun] of [
    ["puzzle", "puzzle"],
    ["task", "task"],
  ] as const satisfies [ChallengeType, string][]) {
    const notFound = type === "puzzle" ? AdminMessages.puzzleNotFound : AdminMessages.trialNotFound;
    app.post(
      `/api/admin/create-${noun}`,
      {
        bodyLimit: CONTENT_BODY_LIMIT,
        config: { access: "admin" },
        schema: {
          tags: ["admin"],
          summary: `Creates a ${type === "puzzle" ? "puzzle" : "trial"}; its address (urlSlug) is derived from the title`,
          body: adminChallengeBody,
          response: {
            200: adminChallengeSaved,
            ...refusals({ ...SAVE_REFUSALS, 409: "Another puzzle or trial already has the address this title gives." }),
          },
        },
      },
      async (request) => ({ challenge: await challenges.create(actorOf(request), type, request.body) }),
    );
    app.put(
      `/api/admin/update-${noun}/:id`,
      {
        bodyLimit: CONTENT_BODY_LIMIT,
        config: { access: "admin", notFound },
        schema: {
          tags: ["admin"],
          summary: `Updates a ${type === "puzzle" ? "puzzle" : "trial"}: its slug, completions and credits given stay`,
          params: adminChallengeParams,
          body: adminChallengeBody,
          response: { 200: adminChallengeSaved, ...refusals({ ...SAVE_REFUSALS, 404: NOT_FOUND }) },
        },
      },
      async (request) => ({
        challenge: await challenges.update(actorOf(request), type, request.params.id, request.body),
      }),
    );
  }

  app.get(
    "/api/admin/preview",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "The calendar exactly as a member who has attempted nothing sees it at the instant `at`",
        querystring: previewQuery,
        response: { 200: previewAnswer },
      },
    },
    async (request) => runtime.challengePreview.calendar(new Date(request.query.at)),
  );

  app.get(
    "/api/admin/preview/:type/:slug",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "One challenge's page as a member would meet it at the instant `at`: shown, or hidden",
        params: slugParams.extend({ type: z.enum(["puzzle", "task"]) }),
        querystring: previewQuery,
        response: { 200: previewOneAnswer },
      },
    },
    async (request) =>
      runtime.challengePreview.one(request.params.type, request.params.slug, new Date(request.query.at)),
  );
};
