import { type ChallengeViewer, FAMILY_MIME, type Runtime, type Submission } from "@bm/core";

/** What a trial stores: the covenant's signature (PNG or JPEG) and the oath's recording. */
const TRIAL_UPLOAD_TYPES = [FAMILY_MIME.png, FAMILY_MIME.jpeg, FAMILY_MIME.webm];

import {
  type AnswerKind,
  covenantBody,
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
import { memberOf } from "../plugins/access";
import { fileAnswer, refusals } from "../plugins/answers";
import { limits } from "../plugins/rate-limits";
import { logLimited, submitRefusals } from "./challenges.routes";

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

/** A sealed trial's refusals beyond its route's shape: its submission's, and its upload's. */
const sealRefusals = {
  ...submitRefusals("trial"),
  ...refusals({
    400: "The upload is refused: malformed, cut short, or not of its kind; or the answer is not the trial's kind.",
    413: "The decoded upload is over its limit.",
  }),
};

/**
 * The special trials answered with an upload (issue 10): the oath's recording and the covenant's
 * signature, judged by the kind's strategy and settled by the common submission machinery; and
 * the uploads read back by their owner or an operator.
 */
export const specialTrialsRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  /** A sealed trial's call: its payload judged by the kind's own strategy, answered as the spec's shape. */
  const seal = async (request: FastifyRequest<{ Params: { slug: string } }>, body: Submission, kind: AnswerKind) =>
    sealed(await runtime.challengeSubmissions.submit(viewerOf(request), "trial", request.params.slug, body, kind));
  const sealConfig = {
    access: "member",
    notFound: Messages.trialNotFound,
    limits: [limits.submitsPerMember],
    // Refused before the upload is read: logged without what was sent.
    onLimited: logLimited(runtime, "trial"),
  } as const;

  app.post(
    "/api/trials/:slug/oath",
    {
      bodyLimit: uploadBodyLimit(OATH_AUDIO_MAX_BYTES),
      config: sealConfig,
      schema: {
        tags: ["challenges"],
        summary:
          "Seal the oath: the mark-complete answer and the spoken oath as a data URL of audio/webm (at most 5 MB)",
        params: slugParams,
        body: oathBody,
        response: { 200: specialTrialAnswer, ...sealRefusals },
      },
    },
    async (request) => seal(request, request.body, "oath"),
  );

  app.post(
    "/api/trials/:slug/covenant",
    {
      bodyLimit: uploadBodyLimit(SIGNATURE_MAX_BYTES),
      config: sealConfig,
      schema: {
        tags: ["challenges"],
        summary: "Seal the covenant: the typed full name, a signature image (PNG or JPEG, at most 2 MB), both terms",
        params: slugParams,
        body: covenantBody,
        response: { 200: specialTrialAnswer, ...sealRefusals },
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
        response: { 200: myUploadsAnswer },
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
        response: {
          200: fileAnswer("The stored file, typed by what its bytes are", TRIAL_UPLOAD_TYPES),
          ...refusals({ 404: "No such upload, or another member's (NOT_FOUND): both read alike." }),
        },
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
