import type { ChallengeViewer, Runtime, Submission } from "@bm/core";
import {
  type AnswerKind,
  covenantBody,
  errorAnswer,
  Messages,
  myUploadsAnswer,
  OATH_AUDIO_MAX_BYTES,
  oathBody,
  SIGNATURE_MAX_BYTES,
  type SpecialTrialAnswer,
  type SubmitAnswer,
  slugParams,
  specialTrialAnswer,
  uploadParams,
} from "@bm/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { memberOf } from "../plugins/access";
import { limits } from "../plugins/rate-limits";

/** A body carrying `bytes` as base64 (4 characters per 3 bytes), with room for the JSON around it. */
export const uploadBodyLimit = (bytes: number) => Math.ceil(bytes / 3) * 4 + 64 * 1024;

function viewerOf(request: FastifyRequest): ChallengeViewer {
  const member = memberOf(request);
  return { id: member.id, seesAnyDay: member.isStaff || member.isAdmin, address: request.ip ?? null };
}

const sealed = (answer: SubmitAnswer): SpecialTrialAnswer => ({
  success: answer.correct,
  credits: answer.credits,
  message: answer.message,
});

const refusals = { 400: errorAnswer, 401: errorAnswer, 404: errorAnswer, 409: errorAnswer, 413: errorAnswer };

/**
 * The special trials answered with an upload (issue 10): the oath's recording and the covenant's
 * signature, judged by the kind's strategy and settled by the common submission machinery; and
 * the uploads read back by their owner or an operator.
 */
export const specialTrialsRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  /** A sealed trial's call: its payload judged by the kind's own strategy, answered as the spec's shape. */
  const seal = async (request: FastifyRequest<{ Params: { slug: string } }>, body: Submission, kind: AnswerKind) =>
    sealed(await runtime.challengeSubmissions.submit(viewerOf(request), "trial", request.params.slug, body, kind));

  app.post(
    "/api/trials/:slug/oath",
    {
      bodyLimit: uploadBodyLimit(OATH_AUDIO_MAX_BYTES),
      config: { access: "member", notFound: Messages.trialNotFound, limits: [limits.submitsPerMember] },
      schema: {
        tags: ["challenges"],
        summary:
          "Seal the oath: the mark-complete answer and the spoken oath as a data URL of audio/webm (at most 5 MB)",
        params: slugParams,
        body: oathBody,
        response: { 200: specialTrialAnswer, ...refusals },
      },
    },
    async (request) => seal(request, request.body, "oath"),
  );

  app.post(
    "/api/trials/:slug/covenant",
    {
      bodyLimit: uploadBodyLimit(SIGNATURE_MAX_BYTES),
      config: { access: "member", notFound: Messages.trialNotFound, limits: [limits.submitsPerMember] },
      schema: {
        tags: ["challenges"],
        summary: "Seal the covenant: the typed full name, a signature image (PNG or JPEG, at most 2 MB), both terms",
        params: slugParams,
        body: covenantBody,
        response: { 200: specialTrialAnswer, ...refusals },
      },
    },
    async (request) => seal(request, request.body, "covenant"),
  );

  app.get(
    "/api/trials/:slug/uploads",
    {
      config: { access: "member", notFound: Messages.trialNotFound },
      schema: {
        tags: ["challenges"],
        summary:
          "The member's own uploads for a trial (the oath's recording, the covenant's signature), to read them again",
        params: slugParams,
        response: { 200: myUploadsAnswer, 401: errorAnswer },
      },
    },
    async (request) => runtime.trialUploads.mine(memberOf(request).id, request.params.slug),
  );

  app.get(
    "/api/trials/uploads/:id",
    {
      config: { access: "member" },
      schema: {
        tags: ["challenges"],
        summary: "A stored oath recording or signature: to its owner and the operators only (404 to anyone else)",
        params: uploadParams,
        response: { 200: z.instanceof(Buffer).describe("the file's bytes"), 401: errorAnswer, 404: errorAnswer },
      },
    },
    async (request, reply) => {
      const member = memberOf(request);
      const upload = await runtime.trialUploads.read({ id: member.id, isAdmin: member.isAdmin }, request.params.id);
      const extension = upload.mime === "image/png" ? "png" : upload.mime === "image/jpeg" ? "jpg" : "webm";
      return (
        reply
          .type(upload.mime)
          .header("cache-control", "private, no-store")
          .header("x-content-type-options", "nosniff")
          .header("content-disposition", `attachment; filename="${upload.id}.${extension}"`)
          // Opened on its own, it is a document of our origin: it may run nothing.
          .header("content-security-policy", "default-src 'none'; sandbox")
          .send(upload.bytes)
      );
    },
  );
};
