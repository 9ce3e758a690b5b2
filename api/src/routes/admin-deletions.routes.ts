import type { Runtime } from "@bm/core";
import { auctionIdParams as idParams } from "@bm/shared";
import { AdminMessages, deletionList, deletionListQuery, deletionProcessAnswer } from "@bm/shared/admin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../plugins/access";
import { refusals } from "../plugins/answers";

/** The operator's view of data deletion requests (issue 16): list them, carry one out now. */
export const adminDeletionsRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  app.get(
    "/api/admin/deletion-requests",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "Data deletion requests, newest first, filtered by status, a page at a time",
        querystring: deletionListQuery,
        response: { 200: deletionList },
      },
    },
    async (request) => {
      const { status, ...page } = request.query;
      return runtime.dataDeletion.list({ status }, page);
    },
  );

  app.post(
    "/api/admin/deletion-requests/:id/process",
    {
      config: { access: "admin", notFound: AdminMessages.deletionNotFound },
      schema: {
        tags: ["admin"],
        summary: "Erases the member's personal data now for a confirmed request (audited)",
        params: idParams,
        response: {
          200: deletionProcessAnswer,
          ...refusals({
            404: `'${AdminMessages.deletionNotFound}'`,
            409: "The request is not confirmed yet, or was already carried out.",
          }),
        },
      },
    },
    async (request) => ({ request: await runtime.dataDeletion.processNow(request.params.id, actorOf(request)) }),
  );
};
