import type { Runtime } from "@bm/core";
import {
  AdminMessages,
  adminAttemptList,
  adminAttemptListQuery,
  adminChallengeOneParams,
  RegradeMessages,
  regradeApplied,
  regradeApplyBody,
  regradeBody,
  regradePreview,
} from "@bm/shared/admin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../plugins/access";
import { refusals } from "../plugins/answers";

const regradeRefusals = {
  400: `The answers do not match their schema, or the challenge is not answered by typing (${RegradeMessages.notTyped}).`,
  404: "No such puzzle or trial.",
};

/** The attempt log and fair re-grading (issue 17 items 5 and 6). */
export const adminAttemptsRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  app.get(
    "/api/admin/attempts",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary:
          "Every answer sent to a puzzle or trial and its verdict, with what was typed and where from, newest first; filtered by challenge, member (id or e-mail) and verdict, a page at a time",
        querystring: adminAttemptListQuery,
        response: { 200: adminAttemptList },
      },
    },
    async (request) => {
      const { type, challengeId, member, verdict, ...page } = request.query;
      return runtime.attemptsAdmin.attempts({ type, challengeId, member, verdict }, page);
    },
  );

  app.post(
    "/api/admin/challenges/:type/:id/regrade/preview",
    {
      config: { access: "admin", notFound: AdminMessages.puzzleNotFound },
      schema: {
        tags: ["admin"],
        summary:
          "What a corrected answer (and accepted variants) would change, moving nothing: the recorded wrong attempts it makes right, in their original time order, one per member, and who takes the winner slots left",
        params: adminChallengeOneParams,
        body: regradeBody,
        response: { 200: regradePreview, ...refusals(regradeRefusals) },
      },
    },
    async (request) => runtime.attemptsAdmin.preview(request.params.type, request.params.id, request.body),
  );

  app.post(
    "/api/admin/challenges/:type/:id/regrade/apply",
    {
      config: { access: "admin", notFound: AdminMessages.puzzleNotFound },
      schema: {
        tags: ["admin"],
        summary:
          "Applies a re-grade the operator previewed: saves the answers, completes the newly right at their original attempt's time and pays them in that order within the winner slots left; credits already paid stay; audited",
        params: adminChallengeOneParams,
        body: regradeApplyBody,
        response: {
          200: regradeApplied,
          ...refusals({
            ...regradeRefusals,
            409: `The preview is out of date: attempts, winners or answers changed since (CONFLICT, '${RegradeMessages.stale}'); nothing was applied.`,
          }),
        },
      },
    },
    async (request) => {
      const { fingerprint, ...answers } = request.body;
      return runtime.attemptsAdmin.apply(actorOf(request), request.params.type, request.params.id, {
        ...answers,
        fingerprint,
      });
    },
  );
};
