import type { Runtime } from "@bm/core";
import { SEED_TARGETS, seedAnswer, seedBody } from "@bm/shared/admin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../plugins/access";
import { refusals } from "../plugins/answers";

/** The Database tab's seeds (issue 16 item 4): each replaces its content, refused over members' data unless forced. */
export const adminSeedsRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  for (const target of SEED_TARGETS) {
    app.post(
      target.path,
      {
        config: { access: "admin" },
        schema: {
          tags: ["admin"],
          summary: `Replaces ${target.replaces} with the seed's; 409 over members' data unless {"force": true}`,
          body: seedBody,
          response: {
            200: seedAnswer,
            ...refusals({
              409: "Members made some of what the seed would replace (the message names it); not forced.",
            }),
          },
        },
      },
      async (request) => ({
        count: await runtime.seedsAdmin.run(actorOf(request), target.key, request.body?.force ?? false),
      }),
    );
  }
};
