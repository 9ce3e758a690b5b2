import type { Runtime } from "@bm/core";
import {
  lotIdParams,
  noticeChoices,
  notificationSettingsAnswer,
  pushEndpointBody,
  pushKindsBody,
  pushSubscribeBody,
  watchlistAnswer,
  watchlistMergeBody,
} from "@bm/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { memberOf } from "../plugins/access";
import { refusals } from "../plugins/answers";

const member = { access: "member" as const };

/**
 * A watchlist that follows the member, and the notices that reach them away from the page (issue
 * 29): the lots they watch, kept with their account; their e-mail notices kind by kind; the
 * devices they allowed Web Push on, each with its kinds.
 */
export const noticesRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  const { notices } = runtime;

  app.get(
    "/api/user/watchlist",
    {
      config: member,
      schema: {
        tags: ["notices"],
        summary: "The lots the member watches (kept with the account, every device)",
        response: { 200: watchlistAnswer },
      },
    },
    async (request) => ({ lotIds: await notices.watchlist(memberOf(request).id) }),
  );

  app.put(
    "/api/user/watchlist/:lotId",
    {
      config: { ...member, notFound: "This lot has been lost to the darkness" },
      schema: {
        tags: ["notices"],
        summary: "Watches a lot (again is nothing)",
        params: lotIdParams,
        response: { 200: watchlistAnswer, ...refusals({ 404: "No such lot." }) },
      },
    },
    async (request) => ({ lotIds: await notices.watch(memberOf(request).id, request.params.lotId) }),
  );

  app.delete(
    "/api/user/watchlist/:lotId",
    {
      config: member,
      schema: {
        tags: ["notices"],
        summary: "Stops watching a lot (not watched is nothing)",
        params: lotIdParams,
        response: { 200: watchlistAnswer },
      },
    },
    async (request) => ({ lotIds: await notices.unwatch(memberOf(request).id, request.params.lotId) }),
  );

  app.post(
    "/api/user/watchlist/merge",
    {
      config: member,
      schema: {
        tags: ["notices"],
        summary: "A browser's own watchlist merged into the account's (lots that no longer exist are left out)",
        body: watchlistMergeBody,
        response: { 200: watchlistAnswer },
      },
    },
    async (request) => ({ lotIds: await notices.merge(memberOf(request).id, request.body.lotIds) }),
  );

  app.get(
    "/api/user/notifications",
    {
      config: member,
      schema: {
        tags: ["notices"],
        summary: "The member's notices: e-mail kinds, the devices allowed Web Push, and the key to subscribe with",
        response: { 200: notificationSettingsAnswer },
      },
    },
    (request) => notices.settings(memberOf(request).id),
  );

  app.put(
    "/api/user/notifications/email",
    {
      config: member,
      schema: {
        tags: ["notices"],
        summary: "The kinds of notice sent by e-mail (the winner's e-mail, which carries the claim, is always sent)",
        body: noticeChoices,
        response: { 200: notificationSettingsAnswer },
      },
    },
    (request) => notices.setEmail(memberOf(request).id, request.body),
  );

  app.post(
    "/api/user/notifications/push",
    {
      config: member,
      schema: {
        tags: ["notices"],
        summary: "Allows Web Push on this device: its subscription (PushSubscription.toJSON()), the kinds it wants",
        body: pushSubscribeBody,
        response: { 200: notificationSettingsAnswer, ...refusals({ 409: "Web Push is not set up on this server." }) },
      },
    },
    async (request, reply) => {
      if (runtime.push.publicKey === null) {
        return reply.status(409).send({ message: "Notices on devices are not set up here", code: "CONFLICT" });
      }
      const { subscription, kinds, device } = request.body;
      const target = { endpoint: subscription.endpoint, ...subscription.keys };
      return notices.subscribe(memberOf(request).id, target, kinds, device);
    },
  );

  app.put(
    "/api/user/notifications/push",
    {
      config: { ...member, notFound: "No such device" },
      schema: {
        tags: ["notices"],
        summary: "The kinds of notice one of the member's devices wants",
        body: pushKindsBody,
        response: { 200: notificationSettingsAnswer, ...refusals({ 404: "Not one of the member's devices." }) },
      },
    },
    (request) => notices.setDeviceKinds(memberOf(request).id, request.body.endpoint, request.body.kinds),
  );

  app.post(
    "/api/user/notifications/push/remove",
    {
      config: { ...member, notFound: "No such device" },
      schema: {
        tags: ["notices"],
        summary: "Stops Web Push on one of the member's devices",
        body: pushEndpointBody,
        response: { 200: notificationSettingsAnswer, ...refusals({ 404: "Not one of the member's devices." }) },
      },
    },
    (request) => notices.unsubscribe(memberOf(request).id, request.body.endpoint),
  );
};
