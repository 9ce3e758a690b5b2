import type { Runtime } from "@bm/core";
import {
  adminAttemptListQuery,
  bidListQuery,
  claimListQuery,
  ledgerListQuery,
  memberListQuery,
} from "@bm/shared/admin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { csvAnswer, sendCsv } from "../plugins/csv";

/**
 * CSV exports of the admin lists (issue 17 item 7): each takes the same query as its list (filter
 * and sort; paging is ignored: every row), streamed from a database cursor.
 */
export const adminExportsRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  app.get(
    "/api/admin/exports/members.csv",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "Members as the list shows them",
        querystring: memberListQuery,
        response: { 200: csvAnswer("Members") },
      },
    },
    async (request, reply) => {
      const { q, flag, sort, order } = request.query;
      return sendCsv(reply, runtime.members.export({ name: "members", filter: { q, flag }, order: { sort, order } }));
    },
  );

  app.get(
    "/api/admin/exports/ledger.csv",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "Credit ledger rows as the list shows them",
        querystring: ledgerListQuery,
        response: { 200: csvAnswer("Ledger rows") },
      },
    },
    async (request, reply) => {
      const { member, kind, sort, order } = request.query;
      return sendCsv(
        reply,
        runtime.members.export({ name: "ledger", filter: { member, kind }, order: { sort, order } }),
      );
    },
  );

  app.get(
    "/api/admin/exports/bids.csv",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "Lot bids as the list shows them",
        querystring: bidListQuery,
        response: { 200: csvAnswer("Bids") },
      },
    },
    async (request, reply) => {
      const { member, lot, sort, order } = request.query;
      return sendCsv(reply, runtime.members.export({ name: "bids", filter: { member, lot }, order: { sort, order } }));
    },
  );

  app.get(
    "/api/admin/exports/claims.csv",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "Won lots and claims as the list shows them",
        querystring: claimListQuery,
        response: { 200: csvAnswer("Claims") },
      },
    },
    async (request, reply) => {
      const { member, status, sort, order } = request.query;
      return sendCsv(
        reply,
        runtime.members.export({ name: "claims", filter: { member, status }, order: { sort, order } }),
      );
    },
  );

  app.get(
    "/api/admin/exports/attempts.csv",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "The attempt log as the list shows it, with the answers given (admins only)",
        querystring: adminAttemptListQuery,
        response: { 200: csvAnswer("Attempts") },
      },
    },
    async (request, reply) => {
      const { type, challengeId, member, verdict, sort, order } = request.query;
      return sendCsv(
        reply,
        runtime.members.export({
          name: "attempts",
          filter: { type, challengeId, member, verdict },
          order: { sort, order },
        }),
      );
    },
  );
};
