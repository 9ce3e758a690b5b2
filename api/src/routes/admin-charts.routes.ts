import type { Runtime } from "@bm/core";
import { errorAnswer } from "@bm/shared";
import { bidsChartAnswer, creditsChartAnswer, economyChartAnswer, signupsChartAnswer } from "@bm/shared/admin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

const refused = { 401: errorAnswer, 403: errorAnswer };

/** The admin's charts (issue 17 item 8), read only; staff and admins left out of every figure. */
export const adminChartsRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  const charts = runtime.charts;
  const read = [
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
  for (const [url, summary, answer, handler] of read) {
    app.get(
      url,
      { config: { access: "admin" }, schema: { tags: ["admin"], summary, response: { 200: answer, ...refused } } },
      handler,
    );
  }
};
