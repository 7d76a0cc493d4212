/**
 * The price range of a new V3 position: the presets people pick (full range,
 * a band of ±N% around the current price, custom prices) as usable ticks,
 * and prices shown either way round ("USDC per WETH" or "WETH per USDC").
 *
 * Ticks price token0 in token1; a range typed "inverted" (token0 per token1)
 * swaps and inverts its bounds before it becomes ticks.
 *
 * @module
 */
import { MAX_TICK, MIN_TICK, nearestUsableTick, priceToTick, tickToPrice } from "./v3_position.ts";

/** A range preset: the whole price axis, ±10% around the current price, or prices typed by hand. */
export type RangePreset = "full" | "10" | "custom";

/** The presets in the order the form offers them, with their labels. */
export const RANGE_PRESETS: readonly { readonly preset: RangePreset; readonly label: string }[] = [
  { preset: "full", label: "Full range" },
  { preset: "10", label: "±10%" },
  { preset: "custom", label: "Custom" },
];

/** A pool's token decimals and which way round prices are shown. */
export interface PriceSide {
  readonly decimals0: number;
  readonly decimals1: number;
  /** Prices in token0 per token1 (the inverse of the ticks' price). */
  readonly inverted: boolean;
}

/** The lowest and highest usable ticks of a tick spacing: a full-range position. */
export function fullRangeTicks(tickSpacing: number): [number, number] {
  return [nearestUsableTick(MIN_TICK, tickSpacing), nearestUsableTick(MAX_TICK, tickSpacing)];
}

/** Whether a tick range is the full range of its spacing (shown as 0 to ∞). */
export function isFullRange(tickLower: number, tickUpper: number, tickSpacing: number): boolean {
  const [lower, upper] = fullRangeTicks(tickSpacing);
  return tickLower <= lower && tickUpper >= upper;
}

/**
 * The usable ticks of a band of ±`percent` around `currentTick`: the price
 * as shown times 1 − p and 1 + p (`inverted`: the price shown is token0 per
 * token1), at least one spacing wide on each side.
 */
export function percentRangeTicks(
  currentTick: number,
  tickSpacing: number,
  percent: number,
  inverted = false,
): [number, number] {
  if (!(percent > 0 && percent < 100)) {
    throw new RangeError(`Cannot make a ±${percent}% range: expected a percentage between 0 and 100`);
  }
  const step = Math.log(1.0001);
  const p = percent / 100;
  const [down, up] = inverted ? [1 / (1 + p), 1 / (1 - p)] : [1 - p, 1 + p];
  let lower = nearestUsableTick(currentTick + Math.log(down) / step, tickSpacing);
  let upper = nearestUsableTick(currentTick + Math.log(up) / step, tickSpacing);
  if (lower > currentTick - tickSpacing) lower = nearestUsableTick(currentTick - tickSpacing, tickSpacing);
  if (upper < currentTick + tickSpacing) upper = nearestUsableTick(currentTick + tickSpacing, tickSpacing);
  return [lower, upper];
}

/** The price at a tick as shown: token1 per token0, or its inverse when `inverted`. */
export function shownPrice(tick: number, side: PriceSide): number {
  const price = tickToPrice(tick, side.decimals0, side.decimals1);
  return side.inverted ? 1 / price : price;
}

/** The tick of a price as shown (token1 per token0, or token0 per token1 when `inverted`). */
export function shownPriceToTick(price: number, side: PriceSide): number {
  if (!(price > 0) || !Number.isFinite(price)) {
    throw new RangeError(`Cannot place price ${price}: expected a positive number`);
  }
  return priceToTick(side.inverted ? 1 / price : price, side.decimals0, side.decimals1);
}

/**
 * The usable ticks of a range typed as two prices as shown (`min` below
 * `max`, whichever way round they are shown).
 */
export function customRangeTicks(
  min: number,
  max: number,
  side: PriceSide,
  tickSpacing: number,
): [number, number] {
  if (!(min < max)) throw new RangeError("Cannot use this range: the minimum price must be below the maximum price");
  const a = nearestUsableTick(shownPriceToTick(min, side), tickSpacing);
  const b = nearestUsableTick(shownPriceToTick(max, side), tickSpacing);
  const [lower, upper] = side.inverted ? [b, a] : [a, b];
  if (lower >= upper) {
    throw new RangeError("Cannot use this range: the two prices fall on the same tick, widen it");
  }
  return [lower, upper];
}

/** The bounds of a tick range as shown, lowest first (an inverted range swaps its ends). */
export function shownRange(tickLower: number, tickUpper: number, side: PriceSide): [number, number] {
  const a = shownPrice(tickLower, side);
  const b = shownPrice(tickUpper, side);
  return a <= b ? [a, b] : [b, a];
}

/** A price to six significant digits (`∞` when it is not finite). */
export function formatRangePrice(n: number): string {
  if (!Number.isFinite(n)) return "∞";
  return Number(n.toPrecision(6)).toString();
}
