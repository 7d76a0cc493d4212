/**
 * Time series as the gateway sends them (`TimestampedAmount`,
 * `TimestampedOhlc`, flattened): what the demo gateway generates and what
 * the app's charts draw.
 *
 * @module
 */

/** One point of a time series: Unix seconds and a value. */
export interface SeriesPoint {
  readonly timestamp: number;
  readonly value: number;
}

/** One candle: Unix seconds and open/high/low/close. */
export interface Candle {
  readonly timestamp: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
}

/**
 * Change from the first to the last value of `points`, in percent points;
 * `null` with fewer than two points or a first value of 0.
 */
export function percentChange(points: readonly SeriesPoint[]): number | null {
  if (points.length < 2 || points[0].value === 0) return null;
  const first = points[0].value;
  return ((points[points.length - 1].value - first) / first) * 100;
}
