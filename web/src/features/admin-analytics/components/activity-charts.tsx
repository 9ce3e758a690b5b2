import type { BidsChartAnswer, SignupsChartAnswer } from "@bm/shared/admin";
import { useMemo } from "react";
import { adminColumns, formatCalendarDate, formatInstant } from "../../../components/admin";
import { useBidsChart } from "../api/get-bids-chart";
import { useSignupsChart } from "../api/get-signups-chart";
import type { ChartSpec } from "../lib/chart-spec";
import { busiest, countText, shortDay } from "../lib/chart-words";
import { ChartFigure } from "./chart-figure";
import { ChartQuery } from "./chart-query";

const figure = { align: "right", className: "lining-nums tabular-nums" } as const;

type SignupDay = SignupsChartAnswer["days"][number];
const day = adminColumns<SignupDay>();
const signupColumns = [
  day.accessor("date", { header: "Day (New York)", cell: (info) => formatCalendarDate(info.getValue()) }),
  day.accessor("count", { header: "Sign-ups", meta: figure }),
];

/** New members per New York day. */
export function SignupsChart() {
  const query = useSignupsChart();
  return (
    <ChartQuery query={query} what="sign-ups">
      {(data) => <Signups data={data} />}
    </ChartQuery>
  );
}

function Signups({ data }: { data: SignupsChartAnswer }) {
  const spec = useMemo<ChartSpec>(
    () => ({
      kind: "bars",
      labels: data.days.map((d) => shortDay(d.date)),
      xLabel: "Day (New York)",
      yLabel: "Sign-ups",
      series: [{ label: "Sign-ups", values: data.days.map((d) => d.count), tone: "gold" }],
      format: countText,
      whole: true,
    }),
    [data],
  );
  const first = data.days[0];
  const last = data.days.at(-1);
  const top = busiest(data.days, (d) => d.count);
  const summary =
    first && last
      ? `${countText(data.total)} ${data.total === 1 ? "member" : "members"} signed up over ${countText(data.days.length)} New York days, ${formatCalendarDate(first.date)} to ${formatCalendarDate(last.date)}${top ? `; the busiest day was ${formatCalendarDate(top.date)} with ${countText(top.count)}.` : "."}`
      : "No member has signed up yet.";
  return (
    <ChartFigure
      title="Sign-ups per day"
      summary={summary}
      spec={spec}
      table={{ caption: "Sign-ups per New York day", columns: signupColumns, rows: data.days, rowId: (d) => d.date }}
      excluded={data.excluded}
      empty="No sign-ups yet."
    />
  );
}

type BidHour = BidsChartAnswer["hours"][number];
const hour = adminColumns<BidHour>();
const bidColumns = [
  hour.accessor("newYork", { header: "Hour (New York)" }),
  hour.accessor("count", { header: "Bids", meta: figure }),
  hour.accessor("utc", { header: "Hour (UTC)" }),
  hour.accessor("voided", { header: "Since voided", meta: figure }),
];

/** Lot bids per hour of the auction. */
export function BidsChart() {
  const query = useBidsChart();
  return (
    <ChartQuery query={query} what="bids">
      {(data) => <Bids data={data} />}
    </ChartQuery>
  );
}

function Bids({ data }: { data: BidsChartAnswer }) {
  const spec = useMemo<ChartSpec>(
    () => ({
      kind: "bars",
      labels: data.hours.map((h) => h.newYork),
      xLabel: "Hour (New York)",
      yLabel: "Bids",
      series: [{ label: "Bids", values: data.hours.map((h) => h.count), tone: "ember" }],
      format: countText,
      whole: true,
      labelSpace: 84,
    }),
    [data],
  );
  const top = busiest(data.hours, (h) => h.count);
  const voided = data.hours.reduce((n, h) => n + h.voided, 0);
  const summary = data.span
    ? `${countText(data.total)} ${data.total === 1 ? "bid" : "bids"}${voided > 0 ? ` (${countText(voided)} since voided by the House)` : ""} on the lots in ${countText(data.hours.length)} hours, from ${formatInstant(data.span.from)} to ${formatInstant(data.span.to)}${top ? `; the busiest hour was ${top.newYork} New York (${top.utc} UTC) with ${countText(top.count)}.` : "."}`
    : "The auction has not opened yet: no lot has opened.";
  return (
    <ChartFigure
      title="Bids per hour"
      summary={summary}
      spec={spec}
      table={{
        caption: "Bids per hour of the auction, New York and UTC",
        columns: bidColumns,
        rows: data.hours,
        rowId: (h) => h.start,
      }}
      excluded={data.excluded}
      empty="No hour of the auction has passed yet."
    />
  );
}
