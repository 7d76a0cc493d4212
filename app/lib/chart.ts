/**
 * Data mapping of the inline SVG charts: gateway series (timestamped values,
 * OHLC candles, tick liquidity) to coordinates in a `width` x `height` box.
 * Kept free of React so it can be tested on its own.
 *
 * @module
 */

import { type Candle, percentChange, type SeriesPoint } from "../../lib/series.ts";

export type { Candle, SeriesPoint };

/** Size of a chart's drawing box, with an inner padding on every side. */
export interface ChartBox {
  readonly width: number;
  readonly height: number;
  readonly padding?: number;
}

/** A series point placed in the box. */
export interface PlacedPoint extends SeriesPoint {
  readonly x: number;
  readonly y: number;
}

/** A line chart: its points, the SVG path and the value range. */
export interface LineGeometry {
  readonly points: readonly PlacedPoint[];
  /** SVG path `d` (`M x y L x y ...`), empty without points. */
  readonly path: string;
  /** The path closed down to the bottom edge, for the area fill. */
  readonly area: string;
  readonly min: number;
  readonly max: number;
}

/** A candle placed in the box. */
export interface PlacedCandle extends Candle {
  /** Centre of the candle. */
  readonly x: number;
  readonly bodyWidth: number;
  /** Top of the body (the higher of open and close). */
  readonly bodyTop: number;
  /** Body height, at least 1 so flat candles stay visible. */
  readonly bodyHeight: number;
  readonly wickTop: number;
  readonly wickBottom: number;
  /** Close at or above open. */
  readonly up: boolean;
}

/** A bar placed in the box. */
export interface PlacedBar extends SeriesPoint {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

/** Keeps finite points, sorted by time, without duplicate timestamps. */
export function cleanSeries(
  series: readonly (SeriesPoint | null | undefined)[] | null | undefined,
): SeriesPoint[] {
  const byTime = new Map<number, SeriesPoint>();
  for (const p of series ?? []) {
    if (!p || !Number.isFinite(p.timestamp) || !Number.isFinite(p.value)) {
      continue;
    }
    byTime.set(p.timestamp, { timestamp: p.timestamp, value: p.value });
  }
  return [...byTime.values()].sort((a, b) => a.timestamp - b.timestamp);
}

function inner(box: ChartBox) {
  const pad = box.padding ?? 0;
  return {
    left: pad,
    top: pad,
    width: Math.max(1, box.width - 2 * pad),
    height: Math.max(1, box.height - 2 * pad),
  };
}

/**
 * Places a series on a line chart: time runs left to right over the whole
 * width, values bottom to top between the series' min and max (a flat series
 * is drawn in the middle).
 */
export function lineGeometry(
  series: readonly SeriesPoint[],
  box: ChartBox,
): LineGeometry {
  const data = cleanSeries(series);
  if (data.length === 0) {
    return { points: [], path: "", area: "", min: 0, max: 0 };
  }
  const area = inner(box);
  const values = data.map((p) => p.value);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const t0 = data[0].timestamp;
  const tSpan = data[data.length - 1].timestamp - t0;
  const vSpan = max - min;
  const points = data.map((p) => ({
    ...p,
    x: round(
      area.left +
        (tSpan === 0 ? area.width / 2 : ((p.timestamp - t0) / tSpan) * area.width),
    ),
    y: round(
      area.top +
        (vSpan === 0 ? area.height / 2 : area.height - ((p.value - min) / vSpan) * area.height),
    ),
  }));
  const path = points.map((p, i) => `${i === 0 ? "M" : "L"}${p.x} ${p.y}`)
    .join(" ");
  const bottom = round(area.top + area.height);
  const fill = `${path} L${points[points.length - 1].x} ${bottom} L${points[0].x} ${bottom} Z`;
  return { points, path, area: fill, min, max };
}

/**
 * Places candles: one slot per candle across the width, prices mapped
 * between the lowest low and the highest high.
 */
export function candleGeometry(
  candles: readonly Candle[],
  box: ChartBox,
): PlacedCandle[] {
  const data = candles
    .filter((c) => [c.timestamp, c.open, c.high, c.low, c.close].every(Number.isFinite))
    .slice()
    .sort((a, b) => a.timestamp - b.timestamp);
  if (data.length === 0) return [];
  const area = inner(box);
  const low = Math.min(...data.map((c) => c.low));
  const high = Math.max(...data.map((c) => c.high));
  const span = high - low;
  const y = (v: number) =>
    round(
      area.top +
        (span === 0 ? area.height / 2 : area.height - ((v - low) / span) * area.height),
    );
  const slot = area.width / data.length;
  const bodyWidth = round(Math.max(1, slot * 0.7));
  return data.map((c, i) => {
    const top = y(Math.max(c.open, c.close));
    const bottom = y(Math.min(c.open, c.close));
    return {
      ...c,
      x: round(area.left + slot * (i + 0.5)),
      bodyWidth,
      bodyTop: top,
      bodyHeight: Math.max(1, round(bottom - top)),
      wickTop: y(c.high),
      wickBottom: y(c.low),
      up: c.close >= c.open,
    };
  });
}

/**
 * Places bars (volume, liquidity): one slot per point, heights from zero up
 * to the largest value. Negative values count as zero.
 */
export function barGeometry(
  series: readonly SeriesPoint[],
  box: ChartBox,
): PlacedBar[] {
  const data = cleanSeries(series);
  if (data.length === 0) return [];
  const area = inner(box);
  const max = Math.max(0, ...data.map((p) => p.value));
  const slot = area.width / data.length;
  const width = round(Math.max(1, slot * 0.8));
  return data.map((p, i) => {
    const h = max === 0 ? 0 : (Math.max(0, p.value) / max) * area.height;
    return {
      ...p,
      x: round(area.left + slot * i + (slot - width) / 2),
      y: round(area.top + area.height - h),
      width,
      height: round(h),
    };
  });
}

/** Change from the first to the last value, in percent points. */
export function seriesChange(series: readonly SeriesPoint[]): number | null {
  return percentChange(cleanSeries(series));
}

/**
 * Round axis values between `min` and `max` (about `count` of them, steps of
 * 1, 2, 2.5 or 5 times a power of ten), all inside the range. A flat range
 * gives its one value.
 */
export function niceTicks(min: number, max: number, count = 4): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  if (max < min) [min, max] = [max, min];
  if (max === min) return [min];
  const raw = (max - min) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const ticks: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step) {
    // Round away float noise (0.30000000000000004).
    ticks.push(Number(v.toPrecision(12)));
  }
  return ticks;
}

const HOUR = 3600;
const DAY = 86_400;
const TIME_STEPS = [HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 7 * DAY, 14 * DAY, 30 * DAY, 91 * DAY];

/**
 * Round times between `t0` and `t1` (UNIX seconds) for a time axis: about
 * `count` of them, on whole hours, days or weeks of the wall clock
 * `offset` seconds ahead of UTC (the visitor's zone; 0 on the server).
 */
export function timeTicks(t0: number, t1: number, options: { count?: number; offset?: number } = {}): number[] {
  if (!Number.isFinite(t0) || !Number.isFinite(t1) || t1 <= t0) return [];
  const offset = options.offset ?? 0;
  const raw = (t1 - t0) / Math.max(1, options.count ?? 4);
  const step = TIME_STEPS.find((s) => s >= raw) ?? 365 * DAY;
  const ticks: number[] = [];
  for (let t = Math.ceil((t0 + offset) / step) * step - offset; t <= t1; t += step) ticks.push(t);
  return ticks;
}

/** How a time axis labels its ticks for a span of `seconds`: hours, days or months. */
export function timeTickStyle(seconds: number): "hour" | "day" | "month" {
  return seconds <= 2 * DAY ? "hour" : seconds <= 120 * DAY ? "day" : "month";
}

/**
 * Seconds the wall clock of `timeZone` is ahead of UTC at `timestamp`
 * (`America/New_York` in winter: -18000). 0 for UTC or an unknown zone.
 */
export function zoneOffset(timeZone: string, timestamp: number): number {
  if (timeZone === "UTC") return 0;
  try {
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    }).formatToParts(new Date(timestamp * 1000));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
    return Math.round(wall / 1000 - Math.floor(timestamp));
  } catch {
    return 0;
  }
}

/** The y coordinate of `value` on a value axis from `min` (bottom) to `max` (top) in the box. */
export function valueY(value: number, min: number, max: number, box: ChartBox): number {
  const area = inner(box);
  const span = max - min;
  return round(area.top + (span === 0 ? area.height / 2 : area.height - ((value - min) / span) * area.height));
}

/** A price series read the other way round (token1 per token0 -> token0 per token1); zero prices dropped. */
export function invertSeries(series: readonly SeriesPoint[]): SeriesPoint[] {
  return series.flatMap((p) => p.value > 0 ? [{ timestamp: p.timestamp, value: 1 / p.value }] : []);
}

/** Candles read the other way round: high and low swap places. */
export function invertCandles(candles: readonly Candle[]): Candle[] {
  return candles.flatMap((c) =>
    c.open > 0 && c.high > 0 && c.low > 0 && c.close > 0
      ? [{ timestamp: c.timestamp, open: 1 / c.open, high: 1 / c.low, low: 1 / c.high, close: 1 / c.close }]
      : []
  );
}
