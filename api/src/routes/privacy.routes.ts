import type { Runtime } from "@bm/core";
import {
  deletionConfirmAnswer,
  deletionConfirmBody,
  deletionRequestAnswer,
  deletionRequestBody,
  errorAnswer,
  siteAnswer,
} from "@bm/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { limits } from "../plugins/rate-limits";

/** The public pages' facts and data deletion (issue 16): every call here is open to anyone. */
export const privacyRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  app.get(
    "/api/site",
    {
      config: { access: "public" },
      schema: {
        tags: ["site"],
        summary:
          "What the public pages state from configuration: the support address, the days to erase data, the claim window, the auction's start",
        response: { 200: siteAnswer },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return runtime.site.answer();
    },
  );

  app.post(
    "/api/data-deletion/request",
    {
      config: { access: "public", limits: [limits.deletionPerAddress, limits.deletionPerEmail] },
      schema: {
        tags: ["privacy"],
        summary:
          "Asks to erase the personal data of an address's account: the same answer for every address; a member is mailed a link to confirm",
        body: deletionRequestBody,
        response: { 200: deletionRequestAnswer, 400: errorAnswer, 429: errorAnswer },
      },
    },
    async (request) => ({ message: runtime.dataDeletion.request(request.body.email) }),
  );

  app.post(
    "/api/data-deletion/confirm",
    {
      config: { access: "public", limits: [limits.deletionConfirmFailuresPerAddress] },
      schema: {
        tags: ["privacy"],
        summary: "Confirms a deletion request with the mailed link's token; answers by when it will be carried out",
        body: deletionConfirmBody,
        response: { 200: deletionConfirmAnswer, 400: errorAnswer, 404: errorAnswer, 429: errorAnswer },
      },
    },
    async (request) => runtime.dataDeletion.confirm(request.body.token),
  );
};
