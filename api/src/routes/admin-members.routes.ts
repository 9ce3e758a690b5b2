import type { Runtime } from "@bm/core";
import { messageAnswer, PasskeyMessages, passkeyList } from "@bm/shared";
import {
  bidList,
  bidListQuery,
  claimList,
  claimListQuery,
  creditAdjustmentAnswer,
  creditAdjustmentBody,
  ledgerList,
  ledgerListQuery,
  MemberAdminMessages,
  memberDetail,
  memberIdParams,
  memberList,
  memberListQuery,
  memberPasskeyParams,
} from "@bm/shared/admin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../plugins/access";
import { refusals } from "../plugins/answers";

/** Members, a member's page and credit adjustments, and the ledger, bids and claims lists (issue 17). */
export const adminMembersRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  app.get(
    "/api/admin/members",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "Members found by e-mail, name or referral code, filtered by flag, a page at a time",
        querystring: memberListQuery,
        response: { 200: memberList },
      },
    },
    async (request) => {
      const { q, flag, ...page } = request.query;
      return runtime.members.list({ q, flag }, page);
    },
  );

  app.get(
    "/api/admin/members/:id",
    {
      config: { access: "admin", notFound: MemberAdminMessages.memberNotFound },
      schema: {
        tags: ["admin"],
        summary: "A member's page: credits, leading lots, answers, referrals, sign-ins, flags and adjustments",
        params: memberIdParams,
        response: { 200: memberDetail, ...refusals({ 404: MemberAdminMessages.memberNotFound }) },
      },
    },
    async (request) => runtime.members.detail(request.params.id),
  );

  app.post(
    "/api/admin/members/:id/credit-adjustments",
    {
      config: { access: "admin", notFound: MemberAdminMessages.memberNotFound },
      schema: {
        tags: ["admin"],
        summary: "Adds or takes whole credits with an internal reason and a note the member reads (audited)",
        params: memberIdParams,
        body: creditAdjustmentBody,
        response: {
          200: creditAdjustmentAnswer,
          ...refusals({
            404: MemberAdminMessages.memberNotFound,
            409: "The balance left would fall below 0 or below the credits the member has committed (CONFLICT).",
          }),
        },
      },
    },
    async (request) => runtime.creditAdjustments.adjust(request.params.id, request.body, actorOf(request)),
  );

  app.get(
    "/api/admin/ledger",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "Credit ledger rows, of one member or all, filtered by kind, a page at a time",
        querystring: ledgerListQuery,
        response: { 200: ledgerList },
      },
    },
    async (request) => {
      const { member, kind, ...page } = request.query;
      return runtime.members.ledger({ member, kind }, page);
    },
  );

  app.get(
    "/api/admin/bids",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "Lot bids, of one member or one lot or all, a page at a time",
        querystring: bidListQuery,
        response: { 200: bidList },
      },
    },
    async (request) => {
      const { member, lot, ...page } = request.query;
      return runtime.members.bids({ member, lot }, page);
    },
  );

  app.get(
    "/api/admin/claims",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "Won lots and their claims, of one member or all, filtered by status, a page at a time",
        querystring: claimListQuery,
        response: { 200: claimList },
      },
    },
    async (request) => {
      const { member, status, ...page } = request.query;
      return runtime.members.claims({ member, status }, page);
    },
  );

  app.get(
    "/api/admin/members/:id/passkeys",
    {
      config: { access: "admin", notFound: MemberAdminMessages.memberNotFound },
      schema: {
        tags: ["admin"],
        summary: "A member's passkeys (names, when made and last used; never a key)",
        params: memberIdParams,
        response: { 200: passkeyList, ...refusals({ 404: MemberAdminMessages.memberNotFound }) },
      },
    },
    async (request) => ({ passkeys: await runtime.passkeysAdmin.list(request.params.id) }),
  );

  app.delete(
    "/api/admin/members/:id/passkeys/:passkeyId",
    {
      config: { access: "admin", notFound: PasskeyMessages.notFound },
      schema: {
        tags: ["admin"],
        summary: "Revokes a member's passkey (audited); the member keeps the e-mailed code",
        params: memberPasskeyParams,
        response: {
          200: messageAnswer,
          ...refusals({ 404: `${MemberAdminMessages.memberNotFound}, or ${PasskeyMessages.notFound}` }),
        },
      },
    },
    async (request) => {
      await runtime.passkeysAdmin.revoke(request.params.id, request.params.passkeyId, actorOf(request));
      return { message: PasskeyMessages.revoked };
    },
  );
};
