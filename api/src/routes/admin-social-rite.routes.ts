import type { Runtime } from "@bm/core";
import { processCodesAnswer, processCodesBody } from "@bm/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../plugins/access";
import { refusals } from "../plugins/answers";

/** The Social Rite tab: the codes found under the House's post, credited once each (issue 10 item 7). */
export const adminSocialRiteRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  app.post(
    "/api/admin/social-rite/process-codes",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "Credits the members whose codes were found under the House's post, once each",
        body: processCodesBody,
        response: {
          200: processCodesAnswer,
          ...refusals({
            400: "No codes, or none that reads as a code.",
            404: "The social rite's trial is not in the calendar.",
          }),
        },
      },
    },
    async (request) => runtime.socialRiteAdmin.process(actorOf(request), request.body.codes),
  );
};
