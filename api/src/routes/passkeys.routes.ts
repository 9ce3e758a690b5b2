import type { Runtime } from "@bm/core";
import {
  messageAnswer,
  PasskeyMessages,
  passkey,
  passkeyCreationOptions,
  passkeyEnrolBody,
  passkeyIdParams,
  passkeyList,
  passkeyOffer,
  passkeyOfferBody,
  passkeyRenameBody,
  passkeyRequestOptions,
  passkeySignInBody,
  verifyCodeAnswer,
} from "@bm/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { memberOf } from "../plugins/access";
import { refusals } from "../plugins/answers";
import { deviceOf } from "../plugins/device";
import { limits } from "../plugins/rate-limits";

const member = { access: "member", limits: [limits.passkeysPerMember] } as const;
const owned = { ...member, notFound: PasskeyMessages.notFound } as const;

/** Passkeys beside the e-mailed code (issue 31): sign-in with one, and the member's own. */
export const passkeysRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  app.post(
    "/api/auth/passkey/options",
    {
      config: { access: "public", limits: [limits.passkeyOptionsPerAddress] },
      schema: {
        tags: ["auth"],
        summary: "Options for a passkey sign-in (a single-use challenge, five minutes; user verification required)",
        response: { 200: passkeyRequestOptions },
      },
    },
    async () => runtime.passkeySignIn.options(),
  );

  app.post(
    "/api/auth/passkey/sign-in",
    {
      config: {
        access: "public",
        limits: [limits.codeFailuresPerAddress, limits.codeFailuresPerAddressHourly, limits.passkeyFailuresPerPasskey],
      },
      schema: {
        tags: ["auth"],
        summary: "Sign in with a passkey (the same session and records as a code sign-in)",
        body: passkeySignInBody,
        response: {
          200: verifyCodeAnswer,
          ...refusals({
            401: "A passkey that does not verify: unknown or removed, a spent or stale challenge, a replay (INVALID_CODE).",
            403: "A suspended account, told only after a passkey that verifies (SUSPENDED: 'This account is suspended').",
          }),
        },
      },
    },
    async (request, reply) => {
      const user = await runtime.passkeySignIn.signIn(
        request.body.response,
        request.ip ?? null,
        deviceOf(request, reply),
      );
      // As a code sign-in: a fresh session id, so a session fixed before it is worth nothing after.
      await request.session.regenerate();
      request.session.userId = user.id;
      await request.session.save();
      return { message: "Welcome to the Black Market", user, isNewUser: false, referralApplied: false };
    },
  );

  app.get(
    "/api/passkeys",
    {
      config: member,
      schema: { tags: ["passkeys"], summary: "The member's passkeys", response: { 200: passkeyList } },
    },
    async (request) => ({ passkeys: await runtime.passkeys.list(memberOf(request).id) }),
  );

  app.post(
    "/api/passkeys/options",
    {
      config: member,
      schema: {
        tags: ["passkeys"],
        summary: "Options for a new passkey on this device (a single-use challenge, five minutes)",
        response: { 200: passkeyCreationOptions },
      },
    },
    async (request) => runtime.passkeys.registrationOptions(memberOf(request)),
  );

  app.post(
    "/api/passkeys",
    {
      config: member,
      schema: {
        tags: ["passkeys"],
        summary: "Keeps a new passkey (audited)",
        body: passkeyEnrolBody,
        response: {
          200: passkey,
          ...refusals({
            400: "The passkey does not verify against a challenge issued to this member (VALIDATION).",
            409: "The passkey is kept already, or the member has 20 (CONFLICT).",
          }),
        },
      },
    },
    async (request) => runtime.passkeys.enrol(memberOf(request), request.body),
  );

  app.patch(
    "/api/passkeys/:id",
    {
      config: owned,
      schema: {
        tags: ["passkeys"],
        summary: "Renames one of the member's passkeys",
        params: passkeyIdParams,
        body: passkeyRenameBody,
        response: { 200: passkey, ...refusals({ 404: PasskeyMessages.notFound }) },
      },
    },
    async (request) => runtime.passkeys.rename(memberOf(request).id, request.params.id, request.body.name),
  );

  app.delete(
    "/api/passkeys/:id",
    {
      config: owned,
      schema: {
        tags: ["passkeys"],
        summary: "Removes one of the member's passkeys (audited)",
        params: passkeyIdParams,
        response: { 200: messageAnswer, ...refusals({ 404: PasskeyMessages.notFound }) },
      },
    },
    async (request) => {
      await runtime.passkeys.remove(memberOf(request).id, request.params.id);
      return { message: PasskeyMessages.removed };
    },
  );

  app.get(
    "/api/passkeys/offer",
    {
      config: member,
      schema: {
        tags: ["passkeys"],
        summary: "Whether to offer a passkey for this device now (not after 'never', not while 'not now' lasts)",
        response: { 200: passkeyOffer },
      },
    },
    async (request) => ({ offer: await runtime.passkeys.shouldOffer(memberOf(request).id) }),
  );

  app.post(
    "/api/passkeys/offer",
    {
      config: member,
      schema: {
        tags: ["passkeys"],
        summary: "The member's answer to the offer: 'later' (two weeks) or 'never'",
        body: passkeyOfferBody,
        response: { 200: passkeyOffer },
      },
    },
    async (request) => {
      await runtime.passkeys.answerOffer(memberOf(request).id, request.body.choice);
      return { offer: false };
    },
  );
};
