/**
 * The plot frame's measures and helpers, shared by every chart of
 * `charts/`: the drawing box, CSS positions over the stretched SVG, the time
 * scale of placed points, the nearest point under the pointer, the keyboard
 * cursor and a bar chart's value scale. No components here, so the chart
 * modules stay component-only for Fast Refresh.
 *
 * @module
 */
import type { KeyboardEvent, PointerEvent } from "react";
import { type barGeometry, niceTicks, valueY } from "../../lib/chart.ts";
import { formatUsd } from "../../lib/format.ts";

/** Width of every chart's drawing (SVG units; the SVG stretches to its box). */
export const WIDTH = 800;
/** Height of every chart's drawing (SVG units). */
export const HEIGHT = 260;
/** The box the geometry of `app/lib/chart.ts` places points in. */
export const BOX = { width: WIDTH, height: HEIGHT, padding: 8 };

/** A position along the plot's width (0..WIDTH) as CSS, the value axis gutter left out. */
export function plotLeft(x: number): string {
  return `calc((100% - var(--axis-gutter)) * ${Math.round((x / WIDTH) * 10_000) / 10_000})`;
}

/** A height in the plot (0..HEIGHT) as a CSS percentage from the top. */
export function plotTop(y: number): string {
  return `${Math.round((y / HEIGHT) * 10_000) / 100}%`;
}

/** x of time `t` between the first and last placed points (linear: points are evenly spaced in time). */
export function timeToX(points: readonly { timestamp: number; x: number }[]): (t: number) => number {
  const first = points[0];
  const last = points[points.length - 1];
  const span = last.timestamp - first.timestamp;
  return (t) => span === 0 ? first.x : first.x + ((t - first.timestamp) / span) * (last.x - first.x);
}

/** Compact axis labels for USD values (`$0` rather than `$0.00` at the base line). */
export function axisUsd(n: number): string {
  return n === 0 ? "$0" : formatUsd(n, { compact: true });
}

/** The index of the point of `xs` nearest the pointer, or `null` off a laid-out plot. */
export function nearestIndex(
  event: PointerEvent<SVGSVGElement>,
  xs: readonly number[],
): number | null {
  if (xs.length === 0) return null;
  const rect = event.currentTarget.getBoundingClientRect();
  if (rect.width === 0) return null;
  const x = ((event.clientX - rect.left) / rect.width) * WIDTH;
  let best = 0;
  for (let i = 1; i < xs.length; i++) {
    if (Math.abs(xs[i] - x) < Math.abs(xs[best] - x)) best = i;
  }
  return best;
}

/**
 * Keyboard access to a chart's readout: with the chart focused, the arrow
 * keys move through the points, Home and End jump to the ends, Escape leaves.
 */
export function keyboardCursor(
  count: number,
  hover: number | null,
  setHover: (index: number | null) => void,
) {
  return {
    tabIndex: 0,
    onBlur: () => setHover(null),
    onKeyDown: (event: KeyboardEvent<SVGSVGElement>) => {
      const last = count - 1;
      const current = hover ?? last;
      const next = event.key === "ArrowLeft"
        ? Math.max(0, current - 1)
        : event.key === "ArrowRight"
        ? Math.min(last, current + (hover === null ? 0 : 1))
        : event.key === "Home"
        ? 0
        : event.key === "End"
        ? last
        : event.key === "Escape"
        ? null
        : undefined;
      if (next === undefined) return;
      event.preventDefault();
      setHover(next);
    },
  };
}

/** A bar chart's value ticks (from 0 to its tallest bar) and each bar's centre. */
export function barScale(bars: ReturnType<typeof barGeometry>) {
  const max = Math.max(0, ...bars.map((b) => b.value));
  return {
    ticks: niceTicks(0, max, 3).map((value) => ({ value, y: valueY(value, 0, max, BOX) })),
    centres: bars.map((b) => ({ timestamp: b.timestamp, x: b.x + b.width / 2 })),
  };
}
