/**
 * Data mapping of the inline SVG charts: gateway series (timestamped values,
 * OHLC candles, tick liquidity) to coordinates in a `width` x `height` box.
 * Kept free of React so it can be tested on its own.
 *
 * @module
 */

/** One point of a time series: UNIX seconds and a value. */
export interface SeriesPoint {
  readonly timestamp: number;
  readonly value: number;
}

/** One candle: UNIX seconds and open/high/low/close. */
export interface Candle {
  readonly timestamp: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
}

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
  const data = cleanSeries(series);
  if (data.length < 2 || data[0].value === 0) return null;
  return ((data[data.length - 1].value - data[0].value) / data[0].value) * 100;
}
