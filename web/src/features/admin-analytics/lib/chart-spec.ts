/** The theme colours a series may take: each holds at least 3:1 against the panels it is drawn on. */
export type ChartTone = "gold" | "blood" | "bone" | "ember";

export interface ChartSeries {
  label: string;
  values: number[];
  tone: ChartTone;
  /** A dash pattern, so lines differ by more than colour. */
  dash?: number[];
}

/** What a chart draws: one category per x position (a day, an hour, a kind), one or more series. */
export interface ChartSpec {
  kind: "bars" | "lines";
  /** The x axis's labels, one per category, naming their zone where they are times. */
  labels: string[];
  xLabel: string;
  yLabel: string;
  series: ChartSeries[];
  /** How a value is written on the axis and in the legend. */
  format: (value: number) => string;
  /** Counts: the y axis steps by whole numbers. */
  whole?: boolean;
  /** Named categories: every label shown (slanted when narrow), never thinned out. */
  everyLabel?: boolean;
  /** Pixels each x label needs (wider labels, fewer of them; slanted under it with everyLabel). */
  labelSpace?: number;
}
