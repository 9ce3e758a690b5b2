import type { Runtime } from "@bm/core";
import { errorAnswer } from "@bm/shared";
import {
  activitySummaryAnswer,
  loginAnalyticsAnswer,
  puzzleAnalyticsAnswer,
  trialAnalyticsAnswer,
} from "@bm/shared/admin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

const refused = { 401: errorAnswer, 403: errorAnswer };

/** The Analytics tab and the Activity Summary (issue 16 item 6); staff and admins left out. */
export const adminAnalyticsRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  const figures = runtime.analytics;
  const read = [
    [
      "/api/admin/analytics/logins",
      "Sign-ins and sign-ups per New York day, and the three totals",
      loginAnalyticsAnswer,
      () => figures.logins(),
    ],
    ["/api/admin/analytics/trials", "Right and wrong answers per trial", trialAnalyticsAnswer, () => figures.trials()],
    [
      "/api/admin/analytics/puzzles",
      "Right and wrong answers per puzzle",
      puzzleAnalyticsAnswer,
      () => figures.puzzles(),
    ],
    [
      "/api/admin/summary",
      "The Activity Summary: attempts, correct and failed per puzzle and trial",
      activitySummaryAnswer,
      () => figures.summary(),
    ],
  ] as const;
  for (const [url, summary, answer, handler] of read) {
    app.get(
      url,
      { config: { access: "admin" }, schema: { tags: ["admin"], summary, response: { 200: answer, ...refused } } },
      handler,
    );
  }
};
