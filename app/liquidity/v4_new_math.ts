/**
 * The figures of a new V4 position, pure: the price as shown (the larger
 * number first), a new pool's typed starting price and its gap to the
 * market, the range's ticks, the other side's amount from the one typed, the
 * liquidity they buy, what the mint may take at most (the slippage), and
 * the deposit's USD worth.
 *
 * @module
 */
import { parseAmount } from "../lib/trade_math.ts";
import { amount0ForAmount1, amount1ForAmount0, sqrtRatioAtTick } from "./v3_position.ts";
import { isFullRange, type PriceSide, type RangePreset, shownPrice, shownPriceToTick, shownRange } from "./v3_range.ts";
import { wholeTokens } from "../lib/portfolio_chain.ts";
import type { TokenMeta } from "./liquidity_shared.tsx";
import { rangeOf } from "./v3_new_position_math.ts";
import { priceGap } from "./v3_pair_pools.ts";
import { maxAmounts, mintLiquidity } from "./v4_calls.ts";

/** What the form holds and read. */
export interface V4PositionInputs {
  /** currency0 and currency1 of the pool key (ether: the zero address, symbol ETH). */
  readonly pair: readonly [TokenMeta, TokenMeta] | null;
  /** The chosen pool's state; `null` for a new pool. */
  readonly pool: { readonly sqrtPriceX96: bigint; readonly tick: number } | null;
  readonly tickSpacing: number;
  /** The market's price of currency0 in currency1 (whole tokens): the deepest pool's, else the gateway's. */
  readonly marketPrice: number | null;
  readonly startText: string;
  readonly preset: RangePreset;
  readonly typed: { readonly min: string; readonly max: string };
  /** The amount typed and its side (0: currency0). */
  readonly amount: { readonly side: 0 | 1; readonly text: string };
  readonly slippageBps: number;
  readonly priceOf: (t: TokenMeta) => number | null;
}

/** The amount the other side takes, or why the typed side cannot be used. */
function otherSide(
  side: 0 | 1,
  typed: bigint,
  sqrtPrice: bigint,
  lo: number,
  hi: number,
): { amount0: bigint; amount1: bigint } | { error: string } {
  if (side === 0) {
    const amount1 = amount1ForAmount0(sqrtPrice, lo, hi, typed);
    return amount1 === null ? { error: "This range is below the price: it takes the second token only" } : {
      amount0: typed,
      amount1,
    };
  }
  const amount0 = amount0ForAmount1(sqrtPrice, lo, hi, typed);
  return amount0 === null ? { error: "This range is above the price: it takes the first token only" } : {
    amount0,
    amount1: typed,
  };
}

/** The new V4 position's figures. */
export function v4PositionMath(inputs: V4PositionInputs) {
  const { pair, pool, tickSpacing, startText, preset, typed, amount, slippageBps, priceOf } = inputs;
  const [t0, t1] = pair ?? [null, null];
  const side: PriceSide | null = t0 && t1
    ? {
      decimals0: t0.decimals,
      decimals1: t1.decimals,
      // The larger number first: 3180 USDC per ETH rather than 0.000314 ETH per USDC.
      inverted: pool
        ? shownPrice(pool.tick, { decimals0: t0.decimals, decimals1: t1.decimals, inverted: false }) < 1
        : (inputs.marketPrice ?? 1) < 1,
    }
    : null;
  const quote = t0 && t1 ? (side?.inverted ? `${t0.symbol} per ${t1.symbol}` : `${t1.symbol} per ${t0.symbol}`) : "";
  const market = inputs.marketPrice === null || !side
    ? null
    : side.inverted
    ? 1 / inputs.marketPrice
    : inputs.marketPrice;
  let startError: string | null = null;
  let currentTick: number | null = pool?.tick ?? null;
  if (!pool && side && startText.trim() !== "") {
    try {
      currentTick = shownPriceToTick(Number(startText), side);
    } catch (e) {
      startError = (e as Error).message;
    }
  }
  const gap = pool ? null : priceGap(Number(startText), market);
  const sqrtPrice = pool ? pool.sqrtPriceX96 : currentTick !== null ? sqrtRatioAtTick(currentTick) : null;
  const range = side ? rangeOf(preset, typed, side, currentTick, tickSpacing) : { ticks: null, error: null };
  const [tickLower, tickUpper] = range.ticks ?? [null, null];
  let amount0: bigint | null = null;
  let amount1: bigint | null = null;
  let amountError: string | null = null;
  const typedUnits = t0 && t1 ? parseAmount(amount.text, amount.side === 0 ? t0.decimals : t1.decimals) : null;
  if (typedUnits !== null && typedUnits > 0n && sqrtPrice !== null && tickLower !== null && tickUpper !== null) {
    const both = otherSide(amount.side, typedUnits, sqrtPrice, tickLower, tickUpper);
    if ("error" in both) amountError = both.error;
    else [amount0, amount1] = [both.amount0, both.amount1];
  }
  const liquidity = amount0 !== null && amount1 !== null && sqrtPrice !== null && tickLower !== null &&
      tickUpper !== null
    ? mintLiquidity(sqrtPrice, tickLower, tickUpper, amount0, amount1)
    : null;
  const max = liquidity !== null && liquidity > 0n && sqrtPrice !== null && tickLower !== null && tickUpper !== null
    ? maxAmounts(sqrtPrice, tickLower, tickUpper, liquidity, slippageBps)
    : null;
  const depositUsd = t0 && t1 && amount0 !== null && amount1 !== null && priceOf(t0) !== null && priceOf(t1) !== null
    ? wholeTokens(amount0, t0.decimals) * priceOf(t0)! + wholeTokens(amount1, t1.decimals) * priceOf(t1)!
    : null;
  const full = tickLower !== null && tickUpper !== null && isFullRange(tickLower, tickUpper, tickSpacing);
  const shown = side && tickLower !== null && tickUpper !== null ? shownRange(tickLower, tickUpper, side) : null;
  const current = side && currentTick !== null ? shownPrice(currentTick, side) : null;
  const outside = current !== null && shown !== null && (current < shown[0] || current > shown[1]);
  return {
    t0,
    t1,
    side,
    quote,
    market,
    startError,
    gap,
    sqrtPrice,
    range,
    tickLower,
    tickUpper,
    amount0,
    amount1,
    amountError,
    liquidity,
    max,
    depositUsd,
    full,
    shown,
    current,
    outside,
  };
}

/** The figures {@linkcode v4PositionMath} gives. */
export type V4PositionMath = ReturnType<typeof v4PositionMath>;
