import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import "./uplot-chart.css";
import type { ChartSpec, ChartTone } from "../lib/chart-spec";

/** The House's tokens (tokens.css), read from the page; the same values if a token is not emitted. */
const TOKENS: Record<ChartTone | "axis" | "grid", [string, string]> = {
  gold: ["--color-gold", "#c9a45c"],
  blood: ["--color-blood-bright", "#e0605f"],
  bone: ["--color-bone", "#eadfc8"],
  ember: ["--color-ember", "#d9602e"],
  axis: ["--color-bone-muted", "#b3a58b"],
  grid: ["--color-ink-600", "#2a1f1f"],
};

function token(name: keyof typeof TOKENS): string {
  const [variable, fallback] = TOKENS[name];
  return getComputedStyle(document.documentElement).getPropertyValue(variable).trim() || fallback;
}

/** Whole steps on a category axis (one label per day or hour, fewer when they would crowd). */
const CATEGORY_STEPS = [1, 2, 3, 4, 6, 8, 12, 24, 48, 96, 168, 336];
/** The y axis's width in pixels (its tick labels). */
const Y_AXIS = 60;
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000];

function options(spec: ChartSpec, width: number, height: number): uPlot.Options {
  // Named categories (sources, figures) each keep their label: slanted when they would collide.
  // (The plot is the width less the y axis and its title, about Y_AXIS + 30 pixels.)
  const slant = spec.everyLabel && (width - Y_AXIS - 30) / Math.max(spec.labels.length, 1) < (spec.labelSpace ?? 56);
  const family = getComputedStyle(document.body).fontFamily || "serif";
  const font = `15px ${family}`;
  const axis = token("axis");
  const grid = { stroke: token("grid"), width: 1 };
  const bars = spec.kind === "bars" ? uPlot.paths.bars?.({ size: [0.72, 56], align: 0 }) : undefined;
  return {
    width,
    height,
    // Room on the right for the last label, which is centred on the last category.
    padding: [12, 28, null, null],
    cursor: { drag: { x: false, y: false } },
    legend: { show: spec.series.length > 1 || spec.kind === "lines" },
    scales: {
      x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
      y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.08 : 1] },
    },
    axes: [
      {
        stroke: axis,
        font,
        labelFont: font,
        label: spec.xLabel,
        grid: { show: false },
        ticks: { stroke: grid.stroke },
        incrs: spec.everyLabel ? [1] : CATEGORY_STEPS,
        // uPlot drops every label when none of `incrs` leaves `space`: named categories ask for little.
        space: spec.everyLabel ? 12 : (spec.labelSpace ?? 56),
        ...(slant ? { rotate: 40, size: 110 } : {}),
        values: (_u, splits) => splits.map((i) => spec.labels[i] ?? ""),
      },
      {
        stroke: axis,
        font,
        labelFont: font,
        label: spec.yLabel,
        grid,
        ticks: { stroke: grid.stroke },
        size: Y_AXIS,
        ...(spec.whole ? { incrs: COUNT_STEPS } : {}),
        values: (_u, splits) => splits.map((v) => spec.format(v)),
      },
    ],
    series: [
      // At rest (no pointer over the chart) the legend reads the last point.
      { label: spec.xLabel, value: (_u, i) => spec.labels[i ?? spec.labels.length - 1] ?? "" },
      ...spec.series.map((s) => {
        const colour = token(s.tone);
        return {
          label: s.label,
          stroke: colour,
          width: 2,
          ...(s.dash ? { dash: s.dash } : {}),
          ...(bars ? { paths: bars, fill: `${colour}cc`, points: { show: false } } : {}),
          value: (_u: uPlot, v: number | null, _s: number, i: number | null) => {
            const value = i == null ? s.values.at(-1) : v;
            return value == null ? "—" : spec.format(value);
          },
        };
      }),
    ],
  };
}

/**
 * A chart drawn by uPlot on a canvas, sized to its box (and again when the box changes). Loaded
 * lazily by ChartFigure, so the admin area's first load does not carry the library. The canvas is
 * a picture to assistive technology; the figure's summary and table say what it shows.
 */
export default function UplotChart({ spec, height }: { spec: ChartSpec; height: number }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const data: uPlot.AlignedData = [spec.labels.map((_, i) => i), ...spec.series.map((s) => s.values)];
    // Drawn afresh at a new width: the labels' slant depends on it.
    const draw = () => new uPlot(options(spec, el.clientWidth, height), data, el);
    let plot = draw();
    const observer = new ResizeObserver(() => {
      if (el.clientWidth === plot.width) return;
      plot.destroy();
      plot = draw();
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [spec, height]);
  return <div ref={box} className="bm-chart w-full" />;
}
