/**
 * Deterministic market series of the demo data: price walks, candles, volume
 * bars and TVL lines for every `HistoryDuration`, ending at a given "now".
 *
 * @module
 */
import { seeded } from "./prng.ts";
import { type Candle, percentChange as changeOf, type SeriesPoint } from "../lib/series.ts";

/** A value of the schema's `HistoryDuration` enum. */
export type Duration =
  | "FIVE_MINUTE"
  | "HOUR"
  | "DAY"
  | "WEEK"
  | "MONTH"
  | "YEAR"
  | "MAX";

/** Every duration, shortest first. */
export const DURATIONS: readonly Duration[] = [
  "FIVE_MINUTE",
  "HOUR",
  "DAY",
  "WEEK",
  "MONTH",
  "YEAR",
  "MAX",
];

/** Number of points and seconds between points of a price line. */
const PRICE_GRID: Record<Duration, { points: number; step: number }> = {
  FIVE_MINUTE: { points: 6, step: 60 },
  HOUR: { points: 61, step: 60 },
  DAY: { points: 289, step: 300 },
  WEEK: { points: 169, step: 3600 },
  MONTH: { points: 181, step: 14_400 },
  YEAR: { points: 366, step: 86_400 },
  MAX: { points: 731, step: 86_400 },
};

/** Number of price points per candle. */
const CANDLE_GROUP: Record<Duration, number> = {
  FIVE_MINUTE: 1,
  HOUR: 5,
  DAY: 12,
  WEEK: 4,
  MONTH: 6,
  YEAR: 7,
  MAX: 7,
};

/** Number of bars and seconds per bar of a volume (or TVL) series. */
const BAR_GRID: Record<Duration, { bars: number; step: number }> = {
  FIVE_MINUTE: { bars: 5, step: 60 },
  HOUR: { bars: 12, step: 300 },
  DAY: { bars: 24, step: 3600 },
  WEEK: { bars: 28, step: 21_600 },
  MONTH: { bars: 30, step: 86_400 },
  YEAR: { bars: 52, step: 604_800 },
  MAX: { bars: 104, step: 604_800 },
};

const YEAR_SECONDS = 365 * 86_400;

/** Standard normal sample (Box-Muller) from a seeded generator. */
function gauss(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** How a series moves: yearly volatility and whether it is pegged. */
export interface Motion {
  /** Yearly volatility (0.8 = 80%). */
  readonly volatility: number;
  /** A stablecoin: reverts to its price. */
  readonly pegged?: boolean;
}

/**
 * Price line of `key` over `duration`, oldest first, ending at `price` at
 * `now` (aligned down to the grid step).
 */
export function priceLine(
  key: string,
  price: number,
  duration: Duration,
  now: number,
  motion: Motion,
): SeriesPoint[] {
  const { points, step } = PRICE_GRID[duration];
  const random = seeded(`price:${key}:${duration}`);
  const sigma = motion.volatility * Math.sqrt(step / YEAR_SECONDS);
  const end = Math.floor(now / step) * step;
  const values = new Array<number>(points);
  values[points - 1] = price;
  for (let i = points - 2; i >= 0; i--) {
    const shock = gauss(random) * sigma;
    values[i] = motion.pegged
      ? price * (1 + (values[i + 1] / price - 1) * 0.6 + shock * 0.3)
      : values[i + 1] * Math.exp(-shock);
  }
  return values.map((value, i) => ({
    timestamp: end - (points - 1 - i) * step,
    value: round(value),
  }));
}

/** Candles of a price line (groups of points; highs and lows widened). */
export function candles(
  key: string,
  line: readonly SeriesPoint[],
  duration: Duration,
): Candle[] {
  const group = CANDLE_GROUP[duration];
  const random = seeded(`ohlc:${key}:${duration}`);
  const out: Candle[] = [];
  for (let start = 1; start < line.length; start += group) {
    const slice = line.slice(start, start + group);
    const open = line[start - 1].value;
    const close = slice[slice.length - 1].value;
    const values = [open, ...slice.map((p) => p.value)];
    out.push({
      timestamp: line[start - 1].timestamp,
      open,
      close,
      high: round(Math.max(...values) * (1 + random() * 0.004)),
      low: round(Math.min(...values) * (1 - random() * 0.004)),
    });
  }
  return out;
}

/** Volume bars of `key` over `duration` around a daily volume, oldest first. */
export function volumeBars(
  key: string,
  dailyVolume: number,
  duration: Duration,
  now: number,
): SeriesPoint[] {
  const { bars, step } = BAR_GRID[duration];
  const random = seeded(`volume:${key}:${duration}`);
  const end = Math.floor(now / step) * step;
  const perBar = dailyVolume * (step / 86_400);
  return Array.from({ length: bars }, (_, i) => ({
    timestamp: end - (bars - 1 - i) * step,
    value: round(perBar * Math.exp(gauss(random) * 0.35 - 0.06)),
  }));
}

/** TVL line of `key` over `duration`, oldest first, ending at `tvl`. */
export function tvlLine(
  key: string,
  tvl: number,
  duration: Duration,
  now: number,
): SeriesPoint[] {
  const { bars, step } = BAR_GRID[duration];
  const random = seeded(`tvl:${key}:${duration}`);
  const end = Math.floor(now / step) * step;
  const values = new Array<number>(bars);
  values[bars - 1] = tvl;
  const sigma = 0.5 * Math.sqrt(step / YEAR_SECONDS);
  for (let i = bars - 2; i >= 0; i--) {
    values[i] = values[i + 1] * Math.exp(-gauss(random) * sigma);
  }
  return values.map((value, i) => ({
    timestamp: end - (bars - 1 - i) * step,
    value: round(value),
  }));
}

/** Keeps every n-th point so that at most `max` remain (the last is kept). */
export function downsample<T>(points: readonly T[], max?: number | null): T[] {
  if (!max || max <= 0 || points.length <= max) return [...points];
  const out: T[] = [];
  const stride = points.length / max;
  for (let i = 0; i < max; i++) {
    out.push(points[Math.min(points.length - 1, Math.round((i + 1) * stride) - 1)]);
  }
  return out;
}

/** Percent change from the first to the last point (`lib/series.ts`'s), rounded; 0 when there is none. */
export function percentChange(points: readonly SeriesPoint[]): number {
  return round(changeOf(points) ?? 0);
}

/** Rounds to 6 significant digits (prices keep their small decimals). */
export function round(value: number): number {
  if (value === 0 || !Number.isFinite(value)) return value;
  return Number(value.toPrecision(6));
}
