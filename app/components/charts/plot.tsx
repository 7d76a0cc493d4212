/**
 * The shared plot frame of every chart in `charts/`: the drawing area
 * (`PlotSvg`: scaled box, one labelled image, grid, pointer and keyboard
 * readout), the value axis, the time or price axis labels, the header figure
 * and the empty state. Components only (Fast Refresh swaps them in place);
 * the measures live in `frame.ts`.
 *
 * @module
 */
import type { ReactNode } from "react";
import { timeTicks, timeTickStyle, zoneOffset } from "../../lib/chart.ts";
import { Time, useTimeZone } from "../time.tsx";
import { Change } from "../tokens_table.tsx";
import { HEIGHT, keyboardCursor, nearestIndex, plotLeft, plotTop, WIDTH } from "./frame.ts";

/** Horizontal grid lines at the value ticks (inside the SVG). */
function Grid({ ys }: { ys: readonly number[] }) {
  return (
    <g className="chart-grid">
      {ys.map((y) => <line key={y} x1={0} x2={WIDTH} y1={y} y2={y} vectorEffect="non-scaling-stroke" />)}
    </g>
  );
}

/**
 * The value axis in the right gutter: round ticks and, while hovering, the
 * hovered value at its height; the hovered point gets a dot on the plot.
 */
export function ValueAxis(
  { ticks, hover, format }: {
    ticks: readonly { y: number; value: number }[];
    hover: { x: number; y: number; value: number } | null;
    format: (n: number) => string;
  },
) {
  return (
    <>
      <div className="chart-yaxis" aria-hidden="true">
        {ticks.map((t) => <span key={t.value} style={{ top: plotTop(t.y) }}>{format(t.value)}</span>)}
        {hover
          ? <span className="chart-hover-value" style={{ top: plotTop(hover.y) }}>{format(hover.value)}</span>
          : null}
      </div>
      {hover
        ? <span className="chart-dot" aria-hidden="true" style={{ left: plotLeft(hover.x), top: plotTop(hover.y) }} />
        : null}
    </>
  );
}

/**
 * The time axis under the plot: round hours, days or months of the
 * visitor's clock (UTC on the server), placed by `xOf`.
 */
export function TimeAxis(
  { from, to, xOf }: { from: number; to: number; xOf: (t: number) => number },
) {
  const timeZone = useTimeZone();
  const ticks = timeTicks(from, to, { count: 4, offset: zoneOffset(timeZone, to) });
  const style = timeTickStyle(to - from);
  const format = new Intl.DateTimeFormat(
    "en-US",
    style === "hour"
      ? { hour: "numeric", timeZone }
      : style === "day"
      ? { month: "short", day: "numeric", timeZone }
      : { month: "short", year: "numeric", timeZone },
  );
  return <AxisLabels labels={ticks.map((t) => ({ key: t, x: xOf(t), text: format.format(new Date(t * 1000)) }))} />;
}

/** Labels under the plot at x positions (time or price). */
export function AxisLabels({ labels }: { labels: readonly { key: number; x: number; text: string }[] }) {
  return (
    <div className="chart-xaxis" aria-hidden="true">
      {labels.map((l) => (
        <span
          key={l.key}
          className={l.x < WIDTH * 0.08 ? "axis-start" : l.x > WIDTH * 0.92 ? "axis-end" : undefined}
          style={{ left: plotLeft(l.x) }}
        >
          {l.text}
        </span>
      ))}
    </div>
  );
}

/**
 * A chart's drawing area: scaled to its box, one image with `label` for
 * assistive technology, a grid at `grid`, and the readout (`hover`) following
 * the pointer to the nearest of `xs` and the keyboard.
 */
export function PlotSvg(
  { label, xs, grid, hover, setHover, children }: {
    label: string;
    xs: readonly number[];
    grid: readonly number[];
    hover: number | null;
    setHover: (index: number | null) => void;
    children: ReactNode;
  },
) {
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      onPointerMove={(e) => setHover(nearestIndex(e, xs))}
      onPointerLeave={() => setHover(null)}
      {...keyboardCursor(xs.length, hover, setHover)}
    >
      <Grid ys={grid} />
      {children}
    </svg>
  );
}

/** The figure over a chart: the shown value, its change and its time (or what it is). */
export function ChartHeader(
  { value, timestamp, change, format, note }: {
    value: number | null;
    timestamp: number | null;
    change: number | null;
    format: (n: number | null) => string;
    /** What the figure is when nothing is hovered (`Total volume, past week`). */
    note?: string;
  },
) {
  return (
    <div className="chart-header" aria-live="polite">
      <span className="chart-value">{format(value)}</span>
      {change !== null ? <Change value={change} /> : null}
      <span className="muted chart-time">
        {timestamp !== null ? <Time timestamp={timestamp} /> : note ?? ""}
      </span>
    </div>
  );
}

/** The stand-in of a chart with no points. */
export function EmptyChart({ label }: { label: string }) {
  return (
    <div className="chart chart-empty" role="img" aria-label={label}>
      <p className="muted">No chart data for this period.</p>
    </div>
  );
}
