/**
 * The figures of a new V3 position, pure: the pair's symbols (ether where a
 * side is the native token), the price either way round, a new pool's typed
 * starting price and its gap to the market (the deepest pool's price, else
 * the gateway's prices), the range's ticks, the amounts the range takes from
 * the one typed, and the deposit's USD worth.
 *
 * @module
 */
import type { Address } from "../../lib/address.ts";
import { wholeTokens } from "../lib/portfolio_chain.ts";
import { parseAmount } from "../lib/trade_math.ts";
import { amount0ForAmount1, amount1ForAmount0, sqrtRatioAtTick, tickSpacingOf, type V3Pool } from "./v3_position.ts";
import {
  customRangeTicks,
  fullRangeTicks,
  isFullRange,
  percentRangeTicks,
  type PriceSide,
  type RangePreset,
  shownPrice,
  shownPriceToTick,
  shownRange,
} from "./v3_range.ts";
import type { TokenMeta } from "./liquidity_shared.tsx";
import type { TierPools } from "./v3_pair_pools.ts";
import { priceGap } from "./v3_pair_pools.ts";

/** The range as ticks, or why it cannot be used. */
export function rangeOf(
  preset: RangePreset,
  typed: { min: string; max: string },
  side: PriceSide,
  currentTick: number | null,
  spacing: number,
): { ticks: [number, number] | null; error: string | null } {
  try {
    if (preset === "full") return { ticks: fullRangeTicks(spacing), error: null };
    if (preset === "10") {
      return currentTick === null
        ? { ticks: null, error: null }
        : { ticks: percentRangeTicks(currentTick, spacing, 10, side.inverted), error: null };
    }
    if (typed.min.trim() === "" || typed.max.trim() === "") return { ticks: null, error: null };
    return { ticks: customRangeTicks(Number(typed.min), Number(typed.max), side, spacing), error: null };
  } catch (e) {
    return { ticks: null, error: (e as Error).message };
  }
}

/** An amount typed into one side of the deposit (pool order). */
export interface TypedAmount {
  readonly side: 0 | 1;
  readonly text: string;
}

/**
 * The deposit's two amounts from the one typed: the range takes token0 only
 * when it sits above the price, token1 only below it, else both in the ratio
 * the price and range set. The side typed counts unless the range takes only
 * the other (`typedSide` is the one that counts).
 */
export function depositAmounts(
  pair: readonly [TokenMeta, TokenMeta] | null,
  sqrtPrice: bigint | null,
  [tickLower, tickUpper]: readonly [number | null, number | null],
  typed: TypedAmount,
) {
  const ready = sqrtPrice !== null && tickLower !== null && tickUpper !== null;
  const onlyToken1 = ready && sqrtPrice >= sqrtRatioAtTick(tickUpper);
  const onlyToken0 = ready && !onlyToken1 && sqrtPrice <= sqrtRatioAtTick(tickLower);
  const typedSide: 0 | 1 = onlyToken1 ? 1 : onlyToken0 ? 0 : typed.side;
  const amount = pair && typedSide === typed.side ? parseAmount(typed.text, pair[typedSide].decimals) : null;
  let amount0: bigint | null = null;
  let amount1: bigint | null = null;
  if (amount !== null && amount > 0n && ready) {
    if (typedSide === 1) {
      amount1 = amount;
      amount0 = amount0ForAmount1(sqrtPrice, tickLower, tickUpper, amount) ?? 0n;
    } else {
      amount0 = amount;
      amount1 = amount1ForAmount0(sqrtPrice, tickLower, tickUpper, amount) ?? 0n;
    }
  }
  return { onlyToken0, onlyToken1, typedSide, amount0, amount1 };
}

/** What the form holds and read. */
export interface PositionInputs {
  readonly pair: readonly [TokenMeta, TokenMeta] | null;
  readonly pool: V3Pool | null | undefined;
  readonly pools: TierPools | undefined;
  readonly deepest: number | null;
  readonly fee: number;
  readonly inverted: boolean | null;
  readonly startText: string;
  readonly preset: RangePreset;
  readonly typed: { min: string; max: string };
  /** The amount typed and its side in pool order (0: token0); the other side follows the range. */
  readonly amount: TypedAmount;
  readonly priceOfToken: (t: TokenMeta) => number | null;
  readonly nativeSymbol: string;
  readonly nativeSide: Address | null;
}

/** The new position's figures. */
export function positionMath(inputs: PositionInputs) {
  const { pair, pool, pools, deepest, fee, inverted, startText, preset, typed, priceOfToken } = inputs;
  const { nativeSymbol, nativeSide } = inputs;
  const [t0, t1] = pair ?? [null, null];
  // The symbols people pay with: ether where a side is the native token.
  const symbol = (t: TokenMeta | null) => t ? (t.address === nativeSide ? nativeSymbol : t.symbol) : "…";
  const s0 = symbol(t0);
  const s1 = symbol(t1);
  const spacing = tickSpacingOf(fee);
  // Prices shown as the larger number by default (3180 USDC per WETH rather than 0.000314 WETH per USDC).
  const defaultInverted = !!(pool && t0 && t1 &&
    shownPrice(pool.tick, { decimals0: t0.decimals, decimals1: t1.decimals, inverted: false }) < 1);
  const side: PriceSide | null = t0 && t1
    ? { decimals0: t0.decimals, decimals1: t1.decimals, inverted: inverted ?? defaultInverted }
    : null;
  const quote = side?.inverted ? `${s0} per ${s1}` : `${s1} per ${s0}`;
  let startError: string | null = null;
  let currentTick: number | null = pool?.tick ?? null;
  if (pool === null && side && startText.trim() !== "") {
    try {
      currentTick = shownPriceToTick(Number(startText), side);
    } catch (e) {
      startError = (e as Error).message;
    }
  }
  // The market's price as shown: the deepest pool's, else the gateway's prices of both tokens.
  const marketPool = deepest !== null ? pools?.get(deepest) ?? null : null;
  const gatewayPrice = t0 && t1 && priceOfToken(t0) && priceOfToken(t1)
    ? (side?.inverted ? priceOfToken(t1)! / priceOfToken(t0)! : priceOfToken(t0)! / priceOfToken(t1)!)
    : null;
  const market = marketPool && side ? shownPrice(marketPool.tick, side) : gatewayPrice;
  const gap = pool === null ? priceGap(Number(startText), market) : null;
  const sqrtPrice = pool ? pool.sqrtPriceX96 : currentTick !== null ? sqrtRatioAtTick(currentTick) : null;
  const range = side ? rangeOf(preset, typed, side, currentTick, spacing) : { ticks: null, error: null };
  const [tickLower, tickUpper] = range.ticks ?? [null, null];
  const deposit = depositAmounts(t0 && t1 ? [t0, t1] : null, sqrtPrice, [tickLower, tickUpper], inputs.amount);
  const { onlyToken0, onlyToken1, typedSide, amount0, amount1 } = deposit;
  const priceOf = priceOfToken;
  const depositUsd = t0 && t1 && amount0 !== null && amount1 !== null && priceOf(t0) !== null &&
      priceOf(t1) !== null
    ? wholeTokens(amount0, t0.decimals) * priceOf(t0)! + wholeTokens(amount1, t1.decimals) * priceOf(t1)!
    : null;

  const full = tickLower !== null && tickUpper !== null && isFullRange(tickLower, tickUpper, spacing);
  const shown = side && tickLower !== null && tickUpper !== null ? shownRange(tickLower, tickUpper, side) : null;
  const current = pool && side ? shownPrice(pool.tick, side) : null;
  const outside = current !== null && shown !== null && (current < shown[0] || current > shown[1]);
  return {
    t0,
    t1,
    s0,
    s1,
    spacing,
    side,
    quote,
    startError,
    market,
    gap,
    sqrtPrice,
    range,
    tickLower,
    tickUpper,
    onlyToken0,
    onlyToken1,
    typedSide,
    amount0,
    amount1,
    depositUsd,
    full,
    shown,
    current,
    outside,
  };
}

/** The figures {@linkcode positionMath} gives. */
export type PositionMath = ReturnType<typeof positionMath>;
