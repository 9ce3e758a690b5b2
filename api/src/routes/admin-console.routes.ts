import type { Runtime } from "@bm/core";
import { errorAnswer } from "@bm/shared";
import { consoleSnapshot } from "@bm/shared/admin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/**
 * The live auction console's read (issue 17, deliverable 4): the same snapshot the admin's socket
 * room receives every few seconds, for the first paint and for polling while the socket is down.
 */
export const adminConsoleRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  app.get(
    "/api/admin/console",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "The live auction console: lots, bids per minute, sockets per node, jobs, the hall's banner",
        response: { 200: consoleSnapshot, 401: errorAnswer, 403: errorAnswer },
      },
    },
    () => runtime.liveConsole.snapshot(),
  );
};
