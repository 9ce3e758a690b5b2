import type { CreditsChartAnswer } from "@bm/shared/admin";
import { useMemo } from "react";
import { adminColumns, formatCalendarDate } from "../../../components/admin";
import { useCreditsChart } from "../api/get-credits-chart";
import type { ChartSpec, ChartTone } from "../lib/chart-spec";
import { busiest, creditsText, KIND_WORDS, shortDay } from "../lib/chart-words";
import { ChartFigure } from "./chart-figure";
import { ChartQuery } from "./chart-query";

const figure = { align: "right", className: "lining-nums tabular-nums" } as const;

type KindRow = CreditsChartAnswer["issued"][number];
const kind = adminColumns<KindRow>();
const kindColumns = (header: string) => [
  kind.accessor("kind", { header, cell: (info) => KIND_WORDS[info.getValue()] }),
  kind.accessor("credits", { header: "Credits", meta: figure, cell: (info) => creditsText(info.getValue()) }),
];
const issuedColumns = kindColumns("Source");
const spentColumns = kindColumns("Spent on");

type CreditDay = CreditsChartAnswer["days"][number];
const day = adminColumns<CreditDay>();
const money = (header: string) => ({
  header,
  meta: figure,
  cell: (info: { getValue: () => string }) => creditsText(info.getValue()),
});
const dayColumns = [
  day.accessor("date", { header: "Day (New York)", cell: (info) => formatCalendarDate(info.getValue()) }),
  day.accessor("issued", money("Issued")),
  day.accessor("spent", money("Spent")),
  day.accessor("issuedToDate", money("Issued to date")),
  day.accessor("spentToDate", money("Spent to date")),
  day.accessor("outstanding", money("Outstanding")),
];

/** Credits issued by source, spent by use, and outstanding over time. */
export function CreditsCharts() {
  const query = useCreditsChart();
  return (
    <ChartQuery query={query} what="credits">
      {(data) => <Credits data={data} />}
    </ChartQuery>
  );
}

function kindSpec(rows: KindRow[], label: string, tone: ChartTone): ChartSpec {
  return {
    kind: "bars",
    labels: rows.map((r) => KIND_WORDS[r.kind]),
    xLabel: label,
    yLabel: "Credits",
    series: [{ label: "Credits", values: rows.map((r) => Number(r.credits)), tone }],
    format: (v) => creditsText(v).replace(/\.00$/, ""),
    everyLabel: true,
    labelSpace: 96,
  };
}

function Credits({ data }: { data: CreditsChartAnswer }) {
  const issuedSpec = useMemo(() => kindSpec(data.issued, "Source", "gold"), [data]);
  const spentSpec = useMemo(() => kindSpec(data.spent, "Spent on", "blood"), [data]);
  const timeSpec = useMemo<ChartSpec>(
    () => ({
      kind: "lines",
      labels: data.days.map((d) => shortDay(d.date)),
      xLabel: "Day (New York)",
      yLabel: "Credits",
      series: [
        { label: "Issued to date", values: data.days.map((d) => Number(d.issuedToDate)), tone: "gold", dash: [8, 4] },
        { label: "Spent to date", values: data.days.map((d) => Number(d.spentToDate)), tone: "blood", dash: [2, 4] },
        { label: "Outstanding", values: data.days.map((d) => Number(d.outstanding)), tone: "bone" },
      ],
      format: (v) => creditsText(v).replace(/\.00$/, ""),
    }),
    [data],
  );
  const topIssued = busiest(data.issued, (r) => Number(r.credits));
  const topSpent = busiest(data.spent, (r) => Number(r.credits));
  const last = data.days.at(-1);
  const { issued, spent, outstanding } = data.totals;
  return (
    <div className="flex flex-col gap-6">
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <ChartFigure
          title="Credits issued by source"
          summary={`${creditsText(issued)} credits issued in all${topIssued ? `; the largest source is ${KIND_WORDS[topIssued.kind].toLowerCase()} (${creditsText(topIssued.credits)}).` : "."}`}
          spec={issuedSpec}
          table={{
            caption: "Credits issued, by ledger source",
            columns: issuedColumns,
            rows: data.issued,
            rowId: (r) => r.kind,
          }}
          excluded={data.excluded}
          empty="No credits issued yet."
        />
        <ChartFigure
          title="Credits spent by use"
          summary={`${creditsText(spent)} credits spent in all${topSpent ? `; most went to ${KIND_WORDS[topSpent.kind].toLowerCase()} (${creditsText(topSpent.credits)}).` : "."}`}
          spec={spentSpec}
          table={{
            caption: "Credits spent, by what they paid for",
            columns: spentColumns,
            rows: data.spent,
            rowId: (r) => r.kind,
          }}
          excluded={data.excluded}
          empty="No credits spent yet."
        />
      </div>
      <ChartFigure
        title="Credits over time"
        summary={
          last
            ? `At the end of ${formatCalendarDate(last.date)} (New York), members held ${creditsText(outstanding)} credits: ${creditsText(issued)} issued less ${creditsText(spent)} spent. Dashed: issued to date; dotted: spent to date; solid: outstanding.`
            : "No credits have moved yet."
        }
        spec={timeSpec}
        table={{
          caption: "Credits per New York day, with running totals",
          columns: dayColumns,
          rows: data.days,
          rowId: (d) => d.date,
        }}
        excluded={data.excluded}
        empty="No credits have moved yet."
        height={300}
      />
    </div>
  );
}
