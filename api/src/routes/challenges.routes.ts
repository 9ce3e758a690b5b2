import {
  CHALLENGE_MEDIA_PATH,
  CHALLENGE_MEDIA_TYPES,
  type ChallengeTable,
  type ChallengeViewer,
  type PublicUser,
  type Runtime,
} from "@bm/core";
import {
  attemptedAnswer,
  challengeAnswer,
  challengeDayAnswer,
  challengeDayQuery,
  challengeListAnswer,
  challengeMediaParams,
  completionsAnswer,
  ErrorCodes,
  failedAttemptsAnswer,
  Messages,
  puzzleSubmitBody,
  slugParams,
  submitAnswer,
  trialSubmitBody,
  wonAnswer,
} from "@bm/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { memberOf } from "../plugins/access";
import { fileAnswer, refusals } from "../plugins/answers";
import { limits } from "../plugins/rate-limits";

/** Staff and admins see any day of the calendar; members what the server's clock has unlocked. */
function viewerOf(request: FastifyRequest): ChallengeViewer {
  const member: PublicUser = memberOf(request);
  return { id: member.id, seesAnyDay: member.isStaff || member.isAdmin, address: request.ip ?? null };
}

/** A submission the per-member limit refused: kept in the attempt log as `rate_limited`. */
export const logLimited = (runtime: Runtime, table: ChallengeTable) => async (request: FastifyRequest) => {
  const { slug } = request.params as { slug?: string };
  if (!request.member || typeof slug !== "string") return;
  const body = request.body as { answer?: unknown; confession?: unknown } | undefined;
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  await runtime.challengeSubmissions.recordLimited(viewerOf(request), table, slug, {
    answer: text(body?.answer),
    confession: text(body?.confession),
  });
};

/** What a submission may be refused for, beyond its route's shape (shared with the special trials). */
export const submitRefusals = (table: ChallengeTable) =>
  refusals({
    400: "An answer of the wrong kind for this challenge (the message says what it takes).",
    404: `${table === "puzzle" ? Messages.puzzleNotFound : Messages.trialNotFound}: no such ${table}, or not open yet.`,
    409: "The one attempt is spent (ALREADY_ATTEMPTED), every winner slot is taken (CHALLENGE_WON), or it is not open (CHALLENGE_NOT_OPEN, CHALLENGE_CLOSED).",
  });

/** The earn-credits game (spec 001 section 7): signed-in members; the date picker for staff. */
export const challengesRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  const game = runtime.challenges;

  app.get(
    "/api/challenges/today",
    {
      config: { access: "member" },
      schema: {
        tags: ["challenges"],
        summary: "The challenge open now (after 1 PM New York time today's, before it the day before's)",
        response: { 200: challengeDayAnswer },
      },
    },
    async (request) => game.day(viewerOf(request), undefined),
  );

  app.get(
    "/api/challenges/day",
    {
      config: { access: "staff" },
      schema: {
        tags: ["challenges"],
        summary: "Any day of the calendar, locked or not (the staff date picker)",
        querystring: challengeDayQuery,
        response: { 200: challengeDayAnswer },
      },
    },
    async (request) => game.day(viewerOf(request), request.query.date),
  );

  app.get(
    `${CHALLENGE_MEDIA_PATH}/:name`,
    {
      config: { access: "member" },
      schema: {
        tags: ["challenges"],
        summary: "A challenge's picture or video, to a member who may see that challenge now (never a future one)",
        params: challengeMediaParams,
        response: {
          200: fileAnswer("The file, typed by its extension", Object.values(CHALLENGE_MEDIA_TYPES)),
          ...refusals({ 404: "No such file, or its challenge is not open to this member (NOT_FOUND)." }),
        },
      },
    },
    async (request, reply) => {
      const media = await game.media(viewerOf(request), request.params.name);
      // A file of a challenge not yet open reads exactly as one that does not exist.
      if (!media) return reply.status(404).send({ message: Messages.notFound, code: ErrorCodes.NOT_FOUND });
      return (
        reply
          .type(media.mime)
          .header("cache-control", "private, max-age=3600")
          // An SVG opened on its own is a document of our origin: it may run nothing.
          .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .send(media.bytes)
      );
    },
  );

  app.get(
    "/api/completions",
    {
      config: { access: "member" },
      schema: {
        tags: ["challenges"],
        summary: "The member's completed puzzles and trials",
        response: { 200: completionsAnswer },
      },
    },
    async (request) => game.completions(memberOf(request).id),
  );

  app.get(
    "/api/failed-attempts",
    {
      config: { access: "member" },
      schema: {
        tags: ["challenges"],
        summary: "The member's failed attempts",
        response: { 200: failedAttemptsAnswer },
      },
    },
    async (request) => game.failedAttempts(memberOf(request).id),
  );

  for (const table of ["puzzle", "trial"] as const satisfies ChallengeTable[]) {
    const plural = `${table}s`;
    const notFound = table === "puzzle" ? Messages.puzzleNotFound : Messages.trialNotFound;

    app.get(
      `/api/${plural}/all`,
      {
        config: { access: "member" },
        schema: {
          tags: ["challenges"],
          summary: `Every ${table} the member may see (unlocked ones; staff all)`,
          response: { 200: challengeListAnswer },
        },
      },
      async (request) => game.list(viewerOf(request), table),
    );

    app.get(
      `/api/${plural}/:slug`,
      {
        config: { access: "member", notFound },
        schema: {
          tags: ["challenges"],
          summary: `One ${table}, never with its answer`,
          params: slugParams,
          response: { 200: challengeAnswer, ...refusals({ 404: `${notFound}: no such ${table}, or not open yet.` }) },
        },
      },
      async (request) => game.one(viewerOf(request), table, request.params.slug),
    );

    app.get(
      `/api/${plural}/:slug/attempted`,
      {
        config: { access: "member", notFound },
        schema: {
          tags: ["challenges"],
          summary: `Whether the member used their one attempt at the ${table}`,
          params: slugParams,
          response: { 200: attemptedAnswer, ...refusals({ 404: `${notFound}: no such ${table}, or not open yet.` }) },
        },
      },
      async (request) => game.attempted(viewerOf(request), table, request.params.slug),
    );
  }

  app.get(
    "/api/trials/:slug/won",
    {
      config: { access: "member", notFound: Messages.trialNotFound },
      schema: {
        tags: ["challenges"],
        summary: "Whether every winner slot of the trial is taken",
        params: slugParams,
        response: { 200: wonAnswer, ...refusals({ 404: "Trial Not Found: no such trial, or not open yet." }) },
      },
    },
    async (request) => game.won(viewerOf(request), "trial", request.params.slug),
  );

  app.post(
    "/api/puzzles/:slug/submit",
    {
      config: {
        access: "member",
        notFound: Messages.puzzleNotFound,
        limits: [limits.submitsPerMember],
        onLimited: logLimited(runtime, "puzzle"),
        limitAfterBody: true,
      },
      schema: {
        tags: ["challenges"],
        summary: "The member's one answer to a puzzle",
        params: slugParams,
        body: puzzleSubmitBody,
        response: { 200: submitAnswer, ...submitRefusals("puzzle") },
      },
    },
    async (request) =>
      runtime.challengeSubmissions.submit(viewerOf(request), "puzzle", request.params.slug, request.body),
  );

  app.post(
    "/api/trials/:slug/submit",
    {
      config: {
        access: "member",
        notFound: Messages.trialNotFound,
        limits: [limits.submitsPerMember],
        onLimited: logLimited(runtime, "trial"),
        limitAfterBody: true,
      },
      schema: {
        tags: ["challenges"],
        summary: "The member's one answer (or confession) to a trial",
        params: slugParams,
        body: trialSubmitBody,
        response: { 200: submitAnswer, ...submitRefusals("trial") },
      },
    },
    async (request) =>
      runtime.challengeSubmissions.submit(viewerOf(request), "trial", request.params.slug, request.body),
  );
};
