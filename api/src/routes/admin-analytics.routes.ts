import type { Runtime } from "@bm/core";
import {
  activitySummaryAnswer,
  bidsChartAnswer,
  creditsChartAnswer,
  economyChartAnswer,
  loginAnalyticsAnswer,
  puzzleAnalyticsAnswer,
  signupsChartAnswer,
  trialAnalyticsAnswer,
} from "@bm/shared/admin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/**
 * The Analytics tab: its figures and the Activity Summary (issue 16 item 6) and its charts (issue
 * 17 item 8), read only; staff and admins left out of every figure.
 */
export const adminAnalyticsRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  const { analytics: figures, charts } = runtime;
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
    [
      "/api/admin/charts/signups",
      "New members per New York day, zero-filled up to today",
      signupsChartAnswer,
      () => charts.signups(),
    ],
    [
      "/api/admin/charts/bids",
      "Lot bids per hour (labelled in UTC and New York), zero-filled from the first lot's opening to the last close or now",
      bidsChartAnswer,
      () => charts.bids(),
    ],
    [
      "/api/admin/charts/credits",
      "Credits issued by source, spent by use, outstanding; per New York day with running totals",
      creditsChartAnswer,
      () => charts.credits(),
    ],
    [
      "/api/admin/charts/economy",
      "Credits outstanding, committed and available, against the open lots' current bids",
      economyChartAnswer,
      () => charts.economy(),
    ],
  ] as const;
  // The 401 and 403 of an admin route are declared by its shape (plugins/answers.ts).
  for (const [url, summary, answer, handler] of read) {
    app.get(
      url,
      { config: { access: "admin" }, schema: { tags: ["admin"], summary, response: { 200: answer } } },
      handler,
    );
  }
};
