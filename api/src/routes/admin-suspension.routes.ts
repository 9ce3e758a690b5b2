import type { Runtime } from "@bm/core";
import {
  liftAnswer,
  liftBody,
  SuspensionMessages,
  suspendAnswer,
  suspendBody,
  suspensionHistory,
  suspensionMemberParams,
} from "@bm/shared/admin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../plugins/access";
import { refusals } from "../plugins/answers";

const notFound = SuspensionMessages.memberNotFound;

/** Suspending a member (issue 17): set with a reason and an optional end, lifted by hand, the history. */
export const adminSuspensionRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  app.get(
    "/api/admin/members/:id/suspensions",
    {
      config: { access: "admin", notFound },
      schema: {
        tags: ["admin"],
        summary: "The member's suspensions, newest first, with the one in force",
        params: suspensionMemberParams,
        response: { 200: suspensionHistory, ...refusals({ 404: "No such member." }) },
      },
    },
    async (request) => runtime.suspensions.history(request.params.id),
  );

  app.post(
    "/api/admin/members/:id/suspension",
    {
      config: { access: "admin", notFound },
      schema: {
        tags: ["admin"],
        summary:
          "Suspends the member (reason, optional end): their sessions end and sockets close everywhere; their leading bids voided if asked (audited)",
        params: suspensionMemberParams,
        body: suspendBody,
        response: {
          200: suspendAnswer,
          ...refusals({
            400: "The end is not in the future.",
            404: "No such member.",
            409: "The member is yourself, an admin, erased, or already suspended.",
          }),
        },
      },
    },
    async (request) => runtime.suspensions.suspend(request.params.id, request.body, actorOf(request)),
  );

  // A POST (not a DELETE) because it carries the optional reason as a JSON body.
  app.post(
    "/api/admin/members/:id/suspension/lift",
    {
      config: { access: "admin", notFound },
      schema: {
        tags: ["admin"],
        summary: "Lifts the member's suspension now, with an optional reason (audited)",
        params: suspensionMemberParams,
        body: liftBody,
        response: {
          200: liftAnswer,
          ...refusals({ 404: "No such member.", 409: "The member is not suspended (or is an admin, or erased)." }),
        },
      },
    },
    async (request) => runtime.suspensions.lift(request.params.id, request.body.reason, actorOf(request)),
  );
};
