/**
 * Where a V3 range and the current price sit on a price axis, pure: the
 * range chart's geometry. The axis is logarithmic (a tick is a fixed ratio of
 * price), spans the range and the current price with a margin each side, and
 * a full range runs off both edges.
 *
 * @module
 */

/** The axis, the range's band and the current price's mark, in units of `width`. */
export interface RangeGeometry {
  /** The band's left and right edges (clamped to the axis). */
  readonly band: readonly [number, number];
  /** The current price's x, or `null` when unknown. */
  readonly current: number | null;
  /** The prices at the axis' two ends. */
  readonly domain: readonly [number, number];
  /** Whether the current price lies inside the range. */
  readonly inRange: boolean | null;
}

/**
 * The geometry of range `[low, high]` (prices as shown; `full` for 0 – ∞)
 * around `current` on an axis `width` wide. `null` without a usable range.
 */
export function rangeGeometry(
  range: { readonly low: number | null; readonly high: number | null; readonly full: boolean },
  current: number | null,
  width: number,
): RangeGeometry | null {
  const ok = (n: number | null): n is number => n !== null && Number.isFinite(n) && n > 0;
  const known = current !== null && ok(current) ? current : null;
  const points = range.full ? [known] : [range.low, range.high, known];
  const usable = points.filter(ok);
  if (usable.length === 0 || (!range.full && (!ok(range.low) || !ok(range.high)))) return null;
  const [lo, hi] = [Math.min(...usable), Math.max(...usable)];
  // A margin of a third of the span each side (at least ±20% of the price), so both edges show.
  const span = Math.max(Math.log(hi / lo), Math.log(1.44));
  const from = Math.log(lo) - span / 3;
  const to = Math.log(hi) + span / 3;
  const x = (price: number) => ((Math.log(price) - from) / (to - from)) * width;
  const clamp = (v: number) => Math.min(width, Math.max(0, v));
  const band: [number, number] = range.full ? [0, width] : [clamp(x(range.low!)), clamp(x(range.high!))];
  return {
    band,
    current: known === null ? null : x(known),
    domain: [Math.exp(from), Math.exp(to)],
    inRange: known === null ? null : range.full || (known >= range.low! && known <= range.high!),
  };
}
