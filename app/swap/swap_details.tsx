/**
 * What the swap panel and its review say about a quote: the rows (both
 * amounts with USD in the review, rate, price impact, minimum received or
 * maximum sold, slippage, network fee, route) and the balance changes
 * expected. Pure: the panel hands in the figures.
 *
 * @module
 */
import { formatUnits } from "viem";
import type { Address } from "../../lib/address.ts";
import { formatUsd } from "../lib/format.ts";
import { formatImpact, formatUnitsGrouped, impactTone, usdValue } from "../lib/trade_math.ts";
import { describeTrade, type Trade } from "./split.ts";
import type { SwapToken, TradeKind } from "./swap_routes.ts";
import type { UniversalPlan } from "./universal_router.ts";
import type { DetailRow } from "../components/controls/detail_rows.tsx";
import type { BalanceChange } from "../review/review_sheet.tsx";

/** A quote and what surrounds it. */
export interface SwapFigures {
  readonly trade: Trade;
  readonly plan: UniversalPlan | null;
  readonly kind: TradeKind;
  readonly tokenIn: SwapToken;
  readonly tokenOut: SwapToken;
  readonly inPrice: number | null | undefined;
  readonly outPrice: number | null | undefined;
  readonly nativePrice: number | null | undefined;
  readonly impact: number | null;
  /** "0.5% (auto)". */
  readonly slippageText: string;
  readonly feeWei: bigint | null;
  readonly nativeSymbol: string;
  /** The symbol a route names for a pool token. */
  readonly symbolOf: (address: Address) => string;
}

/** A token amount's USD worth, formatted, or `null` when unknown. */
export function usdOf(value: bigint | null | undefined, token: SwapToken | null, price: number | null | undefined) {
  if (value === undefined || value === null || !token) return null;
  const worth = usdValue(value, token.decimals, price);
  return worth === null ? null : formatUsd(worth);
}

/** A rate for reading: six significant digits, grouped ("3,177.42", "0.000314748"). */
const rateFormat = new Intl.NumberFormat("en-US", { maximumSignificantDigits: 6 });

const amountOf = (value: bigint, token: SwapToken) => `${formatUnitsGrouped(value, token.decimals)} ${token.symbol}`;

/** The bound of the quote: minimum received (exact input) or maximum sold (exact output). */
function boundRow(f: SwapFigures, review: boolean): DetailRow | null {
  if (!f.plan) return null;
  return f.kind === "exactIn"
    ? {
      label: "Minimum received",
      value: amountOf(f.plan.minimumOut, f.tokenOut),
      note: usdOf(f.plan.minimumOut, f.tokenOut, f.outPrice),
      testId: review ? "review-minimum" : "minimum-received",
    }
    : {
      label: "Maximum sold",
      value: amountOf(f.plan.maximumIn, f.tokenIn),
      note: usdOf(f.plan.maximumIn, f.tokenIn, f.inPrice),
      testId: review ? "review-maximum" : "maximum-sold",
    };
}

/** The quote's rows; the review's (`review`) start with both amounts and carry their own test ids. */
export function swapRows(f: SwapFigures, review: boolean): DetailRow[] {
  const { trade, tokenIn, tokenOut } = f;
  const amounts: DetailRow[] = review
    ? [
      {
        label: f.kind === "exactIn" ? "You pay" : "You pay (estimated)",
        value: amountOf(trade.amountIn, tokenIn),
        note: usdOf(trade.amountIn, tokenIn, f.inPrice),
        testId: "review-pay",
      },
      {
        label: f.kind === "exactIn" ? "You receive (estimated)" : "You receive",
        value: amountOf(trade.amountOut, tokenOut),
        note: usdOf(trade.amountOut, tokenOut, f.outPrice),
        testId: "review-receive",
      },
    ]
    : [];
  const rate = Number(formatUnits(trade.amountOut, tokenOut.decimals)) /
    Number(formatUnits(trade.amountIn, tokenIn.decimals));
  const feeUsd = f.feeWei === null ? null : usdValue(f.feeWei, 18, f.nativePrice);
  const bound = boundRow(f, review);
  return [
    ...amounts,
    { label: "Rate", value: `1 ${tokenIn.symbol} = ${rateFormat.format(rate)} ${tokenOut.symbol}` },
    {
      label: "Price impact",
      value: f.impact === null ? "–" : formatImpact(f.impact),
      tone: f.impact === null ? "neutral" : impactTone(f.impact),
      testId: review ? undefined : "price-impact",
    },
    ...(bound ? [bound] : []),
    { label: "Slippage", value: f.slippageText },
    {
      label: "Network fee (estimate)",
      value: f.feeWei === null ? "–" : `${formatUnitsGrouped(f.feeWei, 18, 4)} ${f.nativeSymbol}`,
      note: feeUsd === null ? null : formatUsd(feeUsd),
      testId: review ? undefined : "network-fee",
    },
    {
      label: trade.legs.length > 1 ? "Route (split)" : "Route",
      value: (
        <span className="route-legs">
          {describeTrade(trade, f.symbolOf).map((leg) => <span key={leg}>{leg}</span>)}
        </span>
      ),
      testId: review ? undefined : "route",
    },
  ];
}

/** What the account's balances do if the swap goes through at the quote, and at worst within the slippage. */
export function swapChanges(f: SwapFigures & { readonly plan: UniversalPlan }): BalanceChange[] {
  const { trade, plan, tokenIn, tokenOut } = f;
  const sold = formatUnitsGrouped(trade.amountIn, tokenIn.decimals);
  const bought = formatUnitsGrouped(trade.amountOut, tokenOut.decimals);
  const feeUsd = f.feeWei === null ? null : usdValue(f.feeWei, 18, f.nativePrice);
  return [
    {
      symbol: tokenIn.symbol,
      amount: f.kind === "exactIn"
        ? `−${sold}`
        : `−${sold} (at most −${formatUnitsGrouped(plan.maximumIn, tokenIn.decimals)})`,
      usd: usdOf(trade.amountIn, tokenIn, f.inPrice),
    },
    {
      symbol: tokenOut.symbol,
      amount: f.kind === "exactIn"
        ? `+${bought} (at least +${formatUnitsGrouped(plan.minimumOut, tokenOut.decimals)})`
        : `+${bought}`,
      usd: usdOf(trade.amountOut, tokenOut, f.outPrice),
    },
    ...(f.feeWei === null ? [] : [{
      symbol: `${f.nativeSymbol} (network fee)`,
      amount: `−${formatUnitsGrouped(f.feeWei, 18, 4)}`,
      usd: feeUsd === null ? null : formatUsd(feeUsd),
    }]),
  ];
}
