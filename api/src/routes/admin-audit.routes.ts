import type { Runtime } from "@bm/core";
import { auditList, auditListQuery } from "@bm/shared/admin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** The audit trail of every admin action (issue 16 item 7). */
export const adminAuditRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  app.get(
    "/api/admin/audit",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "Every admin action, newest first, filtered by action, actor and record, a page at a time",
        querystring: auditListQuery,
        response: { 200: auditList },
      },
    },
    async (request) => {
      const { action, actor, targetKind, targetId, ...page } = request.query;
      return runtime.audit.list({ action, actor, targetKind, targetId }, page);
    },
  );
};
