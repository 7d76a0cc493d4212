/**
 * The quote action: the best trade between two tokens on the screen's chain
 * (every candidate route across V2 and V3 up to two hops, and splits across
 * two of them, compared net of gas), its price impact against a tiny probe
 * along its main route, the gas price and the network fee.
 *
 * @module
 */
import type { PublicClient } from "viem";
import type { UniswapContracts } from "../../../lib/chains.ts";
import { priceImpactBps } from "../../lib/trade_math.ts";
import { findBestTrade, routeKey, type Trade } from "../split.ts";
import { chainCall } from "../../wallet/chain_call.ts";
import { bestQuote, type Quote, quoteRoute, type SwapToken, type TradeKind } from "../swap_routes.ts";

/** Parameters of {@linkcode quote}. */
export interface QuoteParameters {
  readonly contracts: UniswapContracts;
  readonly tokenIn: SwapToken;
  readonly tokenOut: SwapToken;
  readonly kind: TradeKind;
  /** The exact side's amount, in base units. */
  readonly amount: bigint;
  /**
   * Converts an amount of the native token (wei) into the output token, to
   * compare routes net of gas; `null` when no price says it (routes are then
   * compared on what they return alone).
   */
  readonly nativeToOutput: ((wei: bigint) => bigint) | null;
}

/** What {@linkcode quote} found. */
export interface QuoteResult {
  readonly trade: Trade;
  /** Price impact in basis points, `null` when the probe could not be quoted. */
  readonly impactBps: number | null;
  /** Gas price (wei), `null` when the chain did not say. */
  readonly gasPrice: bigint | null;
  /** The trade's gas estimate times the gas price (wei). */
  readonly feeWei: bigint | null;
}

/** The best trade, or `null` when no route can trade these tokens. */
export async function quote(client: PublicClient, parameters: QuoteParameters): Promise<QuoteResult | null> {
  const { contracts, tokenIn, tokenOut, kind, amount } = parameters;
  const call = chainCall(client);
  // The gas price goes out in the same HTTP batch as the first quotes (one Multicall3 eth_call).
  let gasPrice: bigint | null = null;
  const gasRead = client.getGasPrice().then((p) => void (gasPrice = p), () => {});
  const convert = parameters.nativeToOutput;
  const gasCost = (gas: bigint) => (gasPrice !== null && convert ? convert(gas * gasPrice) : 0n);
  // The impact probe (a thousandth of the trade) of the best single route starts with the split check, in the
  // same round trip; a split whose largest leg takes another route probes that one afterwards.
  const probeAmount = amount / 1000n > 0n ? amount / 1000n : 1n;
  let early: { key: string; probe: Promise<Quote | null> } | null = null;
  const trade = await findBestTrade(call, contracts, tokenIn, tokenOut, {
    kind,
    amount,
    gasCost,
    ready: gasRead,
    onSingles(singles) {
      const best = bestQuote(singles);
      if (best) {
        early = {
          key: routeKey(best.route),
          probe: quoteRoute(call, contracts, best.route, kind, probeAmount).catch(() => null),
        };
      }
    },
  });
  if (!trade) return null;
  const main = [...trade.legs].sort((a, b) => b.shareBps - a.shareBps)[0].quote;
  const known = early as { key: string; probe: Promise<Quote | null> } | null;
  const probe = known && known.key === routeKey(main.route)
    ? await known.probe
    : await quoteRoute(call, contracts, main.route, kind, probeAmount);
  return {
    trade,
    impactBps: probe ? priceImpactBps(trade.amountIn, trade.amountOut, probe.amountIn, probe.amountOut) : null,
    gasPrice,
    feeWei: gasPrice === null ? null : gasPrice * trade.gasEstimate,
  };
}
