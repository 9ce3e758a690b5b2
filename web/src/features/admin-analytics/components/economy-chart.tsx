import type { EconomyChartAnswer } from "@bm/shared/admin";
import { useMemo } from "react";
import { adminColumns, formatInstant, Stat } from "../../../components/admin";
import { useEconomyChart } from "../api/get-economy-chart";
import type { ChartSpec } from "../lib/chart-spec";
import { countText, creditsText } from "../lib/chart-words";
import { ChartFigure } from "./chart-figure";
import { ChartQuery } from "./chart-query";

interface EconomyRow {
  key: string;
  /** A short name on the chart's axis, the whole one in the table. */
  short: string;
  figure: string;
  credits: string;
}
const row = adminColumns<EconomyRow>();
const columns = [
  row.accessor("figure", { header: "Figure" }),
  row.accessor("credits", {
    header: "Credits",
    meta: { align: "right", className: "lining-nums tabular-nums" },
    cell: (info) => creditsText(info.getValue()),
  }),
];

function rowsOf(data: EconomyChartAnswer): EconomyRow[] {
  const { openLots } = data;
  return [
    { key: "outstanding", short: "Held", figure: "Credits outstanding (members' balances)", credits: data.outstanding },
    {
      key: "committed",
      short: "Committed",
      figure: "Committed (leading bids, pending claims, checkouts)",
      credits: data.committed,
    },
    { key: "available", short: "Available", figure: "Available to bid or spend", credits: data.available },
    {
      key: "bids",
      short: "Lot bids",
      figure: `Open lots' current bids (${openLots.led} led by members)`,
      credits: openLots.currentBids,
    },
    { key: "in-credits", short: "In credits", figure: "Of those bids, paid in credits", credits: openLots.credits },
  ];
}

/** The economy at a glance: what members hold, what is spoken for, against the open lots. */
export function EconomyChart() {
  const query = useEconomyChart();
  return (
    <ChartQuery query={query} what="credits held">
      {(data) => <Economy data={data} />}
    </ChartQuery>
  );
}

function Economy({ data }: { data: EconomyChartAnswer }) {
  const rows = useMemo(() => rowsOf(data), [data]);
  const spec = useMemo<ChartSpec>(
    () => ({
      kind: "bars",
      labels: rows.map((r) => r.short),
      xLabel: "Figure",
      yLabel: "Credits",
      series: [{ label: "Credits", values: rows.map((r) => Number(r.credits)), tone: "gold" }],
      format: (v) => creditsText(v).replace(/\.00$/, ""),
      everyLabel: true,
      labelSpace: 80,
    }),
    [rows],
  );
  const { openLots } = data;
  const summary = `As of ${formatInstant(data.at)}, members hold ${creditsText(data.outstanding)} credits: ${creditsText(data.committed)} committed and ${creditsText(data.available)} available. ${countText(openLots.led)} of the ${countText(openLots.open)} lots not yet closed are led by members, at ${creditsText(openLots.currentBids)} in current bids, ${creditsText(openLots.credits)} of it in credits.${data.overCommitted > 0 ? ` ${countText(data.overCommitted)} ${data.overCommitted === 1 ? "member has" : "members have"} more committed than their balance.` : ""}`;
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="Outstanding" value={creditsText(data.outstanding)} />
        <Stat label="Committed" value={creditsText(data.committed)} />
        <Stat label="Available" value={creditsText(data.available)} />
        <Stat label={`Open lots' bids (${openLots.led})`} value={creditsText(openLots.currentBids)} />
      </dl>
      <ChartFigure
        title="The economy at a glance"
        summary={summary}
        spec={spec}
        table={{ caption: "The economy's figures, in credits", columns, rows, rowId: (r) => r.key }}
        excluded={data.excluded}
        empty="No figures."
      />
    </div>
  );
}
