/**
 * Best routes with splits: a trade is one route or the amount split across
 * two routes that share no pool (V2 and V3, one or two hops), chosen by what
 * it returns net of gas. The candidates' quotes come from the chain
 * (`quoteRoute` in `wallet_swap.ts`); the choice is pure and unit-tested; a
 * split is sent as one `SwapRouter02.multicall` (V2 and V3 legs, native in
 * and out through its wrap and unwrap).
 *
 * Exact-output trades take the best single route.
 *
 * @module
 */
import { encodeFunctionData, type Hex, parseAbi } from "viem";
import type { Address } from "../../lib/address.ts";
import type { UniswapContracts } from "../../lib/chains.ts";
import { minimumReceived } from "./wallet_math.ts";
import {
  bestQuote,
  buildSwap,
  candidateRoutes,
  chainAddress,
  type ChainCall,
  type Quote,
  quoteRoute,
  type Route,
  type SwapPlan,
  type SwapToken,
  type TradeKind,
  v3Path,
} from "./wallet_swap.ts";

/** One leg of a trade: a quoted route and its share of the amount, in basis points. */
export interface Leg {
  readonly quote: Quote;
  readonly shareBps: number;
}

/** A trade: one leg (shareBps 10 000) or two. Amounts and gas are the legs' sums. */
export interface Trade {
  readonly kind: TradeKind;
  readonly amountIn: bigint;
  readonly amountOut: bigint;
  readonly gasEstimate: bigint;
  readonly legs: readonly Leg[];
}

/** Shares of the first leg tried for a split: 10 % to 90 % in steps of 10 %. */
export const SPLIT_SHARES_BPS: readonly number[] = [1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000];
/** How many of the best single routes are paired for splits. */
export const SPLIT_CANDIDATES = 3;
/** Gas of the second leg's call and the multicall around both (beyond the legs' own estimates). */
export const SPLIT_OVERHEAD_GAS = 30_000n;

/** A one-route trade. */
export function singleTrade(quote: Quote): Trade {
  return {
    kind: quote.kind,
    amountIn: quote.amountIn,
    amountOut: quote.amountOut,
    gasEstimate: quote.gasEstimate,
    legs: [{ quote, shareBps: 10_000 }],
  };
}

/** The key of a route: protocol, tokens and fees. */
export function routeKey(route: Route): string {
  return `${route.protocol}:${route.hops.map((h) => `${h.tokenIn}>${h.tokenOut}@${h.fee}`).join(",")}`.toLowerCase();
}

/** The pools a route trades through, as `V3:token:token:fee` keys (tokens sorted). */
export function routePools(route: Route): string[] {
  return route.hops.map((h) => {
    const [a, b] = [h.tokenIn.toLowerCase(), h.tokenOut.toLowerCase()].sort();
    return `${route.protocol}:${a}:${b}:${h.fee}`;
  });
}

/** Whether two routes share no pool: only then are their quotes independent. */
export function disjoint(a: Route, b: Route): boolean {
  const pools = new Set(routePools(a));
  return routePools(b).every((p) => !pools.has(p));
}

/** The two amounts of a split: `share` of `amount` (rounded down) and the exact rest. */
export function splitAmount(amount: bigint, shareBps: number): [bigint, bigint] {
  const first = amount * BigInt(shareBps) / 10_000n;
  return [first, amount - first];
}

/** The routes worth splitting across: the best `count` single quotes, most out first. */
export function splitCandidates(quotes: readonly (Quote | null)[], count = SPLIT_CANDIDATES): Route[] {
  return quotes
    .filter((q): q is Quote => q !== null && q.kind === "exactIn")
    .sort((a, b) => (b.amountOut > a.amountOut ? 1 : b.amountOut < a.amountOut ? -1 : 0))
    .slice(0, count)
    .map((q) => q.route);
}

/**
 * The best trade net of gas: every single quote, and every split of two
 * disjoint routes at every share whose two legs were quoted. `legQuotes`
 * holds, by route key and amount in, the quote of that route for that amount:
 * a split at `share` takes `splitAmount(amount, share)` (the first leg
 * rounded down, the second the exact rest, so the legs sell exactly the
 * amount). `gasCost` converts gas into the output token.
 */
export function bestTrade(
  singles: readonly (Quote | null)[],
  legQuotes: ReadonlyMap<string, ReadonlyMap<bigint, Quote | null>>,
  gasCost: (gas: bigint) => bigint,
): Trade | null {
  const single = bestQuote(singles);
  if (!single) return null;
  let best = singleTrade(single);
  if (single.kind !== "exactIn") return best;
  const amount = single.amountIn;
  const net = (t: Trade) => t.amountOut - gasCost(t.gasEstimate);
  let bestNet = net(best);
  const keys = [...legQuotes.keys()];
  for (let i = 0; i < keys.length; i++) {
    for (let j = 0; j < keys.length; j++) {
      if (i === j) continue;
      const a = legQuotes.get(keys[i])!;
      const b = legQuotes.get(keys[j])!;
      for (const share of SPLIT_SHARES_BPS) {
        const [partA, partB] = splitAmount(amount, share);
        const first = a.get(partA);
        const second = b.get(partB);
        if (!first || !second || !disjoint(first.route, second.route)) continue;
        const trade: Trade = {
          kind: "exactIn",
          amountIn: first.amountIn + second.amountIn,
          amountOut: first.amountOut + second.amountOut,
          gasEstimate: first.gasEstimate + second.gasEstimate + SPLIT_OVERHEAD_GAS,
          legs: [{ quote: first, shareBps: share }, { quote: second, shareBps: 10_000 - share }],
        };
        const value = net(trade);
        if (value > bestNet) {
          best = trade;
          bestNet = value;
        }
      }
    }
  }
  return best;
}

/** The amounts a route is quoted at for splits: both parts of every share (often the same values). */
export function splitLegAmounts(amount: bigint): bigint[] {
  const amounts = new Set<bigint>();
  for (const share of SPLIT_SHARES_BPS) {
    for (const part of splitAmount(amount, share)) if (part > 0n) amounts.add(part);
  }
  return [...amounts];
}

/** Below this marginal price impact (0.1 %) a split cannot gain what its second leg's gas costs. */
export const SPLIT_MIN_IMPACT_BPS = 10n;

/**
 * Whether splits are worth quoting (each costs nine to eighteen quotes per
 * candidate route, against the proxy's per-client call budget): only when
 * the best route's second half of the amount returns at least
 * {@linkcode SPLIT_MIN_IMPACT_BPS} less than its first half, i.e. when the
 * trade moves that route's price enough for another pool to do better.
 */
export async function worthSplitting(
  call: ChainCall,
  contracts: UniswapContracts,
  singles: readonly (Quote | null)[],
  amount: bigint,
): Promise<boolean> {
  const best = bestQuote(singles);
  if (!best || best.kind !== "exactIn" || singles.filter((q) => q !== null).length < 2) return false;
  const half = await quoteRoute(call, contracts, best.route, "exactIn", amount / 2n);
  if (!half) return false;
  // The first half returned half.amountOut, the whole best.amountOut: the second half the rest.
  const secondHalf = best.amountOut - half.amountOut;
  return secondHalf * 10_000n < half.amountOut * (10_000n - SPLIT_MIN_IMPACT_BPS);
}

/**
 * Quotes every candidate route and, for exact input on a chain with
 * SwapRouter02 and a trade large enough to move a pool ({@linkcode worthSplitting}),
 * the splits of the best {@linkcode SPLIT_CANDIDATES} routes; returns the best
 * trade net of gas, or `null` when none can trade.
 */
export async function findBestTrade(
  call: ChainCall,
  contracts: UniswapContracts,
  tokenIn: SwapToken,
  tokenOut: SwapToken,
  options: {
    readonly kind: TradeKind;
    readonly amount: bigint;
    readonly gasCost: (gas: bigint) => bigint;
    /** Awaited before routes are compared net of gas (the gas price, read alongside the first quotes). */
    readonly ready?: Promise<unknown>;
    /** Told the single routes' quotes as soon as they are in (to read more in the same round trip). */
    readonly onSingles?: (singles: readonly (Quote | null)[]) => void;
  },
): Promise<Trade | null> {
  const { kind, amount } = options;
  if (amount <= 0n) return null;
  const routes = candidateRoutes(chainAddress(tokenIn, contracts), chainAddress(tokenOut, contracts), contracts);
  const singles = await Promise.all(routes.map((r) => quoteRoute(call, contracts, r, kind, amount)));
  options.onSingles?.(singles);
  const legQuotes = new Map<string, Map<bigint, Quote | null>>();
  if (kind === "exactIn" && contracts.swapRouter02 && await worthSplitting(call, contracts, singles, amount)) {
    const candidates = splitCandidates(singles);
    await Promise.all(candidates.map(async (route) => {
      const byAmount = new Map<bigint, Quote | null>();
      legQuotes.set(routeKey(route), byAmount);
      await Promise.all(
        splitLegAmounts(amount).map(async (part) => {
          byAmount.set(part, await quoteRoute(call, contracts, route, kind, part));
        }),
      );
    }));
  }
  await options.ready;
  return bestTrade(singles, legQuotes, options.gasCost);
}

export const SWAP_ROUTER02_ABI = parseAbi([
  "function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96) params) payable returns (uint256 amountOut)",
  "function exactInput((bytes path, address recipient, uint256 amountIn, uint256 amountOutMinimum) params) payable returns (uint256 amountOut)",
  "function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to) payable returns (uint256 amountOut)",
  "function multicall(uint256 deadline, bytes[] data) payable returns (bytes[] results)",
  "function unwrapWETH9(uint256 amountMinimum, address recipient) payable",
]);

/** SwapRouter02's stand-in for "the router itself" as a recipient (`Constants.ADDRESS_THIS`). */
export const ROUTER02_ADDRESS_THIS: Address = "0x0000000000000000000000000000000000000002";

function legCall(quote: Quote, minimumOut: bigint, recipient: Address): { data: Hex; fn: string } {
  const route = quote.route;
  if (route.protocol === "V2") {
    const path = [route.hops[0].tokenIn, ...route.hops.map((h) => h.tokenOut)];
    return {
      fn: "swapExactTokensForTokens",
      data: encodeFunctionData({
        abi: SWAP_ROUTER02_ABI,
        functionName: "swapExactTokensForTokens",
        args: [quote.amountIn, minimumOut, path, recipient],
      }),
    };
  }
  if (route.hops.length === 1) {
    const hop = route.hops[0];
    return {
      fn: "exactInputSingle",
      data: encodeFunctionData({
        abi: SWAP_ROUTER02_ABI,
        functionName: "exactInputSingle",
        args: [{
          tokenIn: hop.tokenIn,
          tokenOut: hop.tokenOut,
          fee: hop.fee,
          recipient,
          amountIn: quote.amountIn,
          amountOutMinimum: minimumOut,
          sqrtPriceLimitX96: 0n,
        }],
      }),
    };
  }
  return {
    fn: "exactInput",
    data: encodeFunctionData({
      abi: SWAP_ROUTER02_ABI,
      functionName: "exactInput",
      args: [{ path: v3Path(route, "exactIn"), recipient, amountIn: quote.amountIn, amountOutMinimum: minimumOut }],
    }),
  };
}

/**
 * The call of a trade: a single route as `buildSwap` builds it; a split as
 * one `SwapRouter02.multicall(deadline, legs...)`, each leg bounded by its
 * own quote less the slippage, ether in paid by the router's wrap (the value
 * is the whole amount) and ether out unwrapped once for the sum of the
 * bounds.
 */
export function buildTrade(
  trade: Trade,
  options: Parameters<typeof buildSwap>[1],
): SwapPlan {
  if (trade.legs.length === 1) return buildSwap(trade.legs[0].quote, options);
  const { contracts, recipient, deadline, slippageBps } = options;
  const nativeIn = options.tokenIn.address === "native";
  const nativeOut = options.tokenOut.address === "native";
  const to = contracts.swapRouter02;
  const legRecipient = nativeOut ? ROUTER02_ADDRESS_THIS : recipient;
  let minimumOut = 0n;
  const legs = trade.legs.map(({ quote }) => {
    const minimum = minimumReceived(quote.amountOut, slippageBps);
    minimumOut += minimum;
    return legCall(quote, minimum, legRecipient);
  });
  const calls = legs.map((l) => l.data);
  if (nativeOut) {
    calls.push(
      encodeFunctionData({ abi: SWAP_ROUTER02_ABI, functionName: "unwrapWETH9", args: [minimumOut, recipient] }),
    );
  }
  const data = encodeFunctionData({ abi: SWAP_ROUTER02_ABI, functionName: "multicall", args: [deadline, calls] });
  const label = `SwapRouter02.multicall(${
    [...legs.map((l) => l.fn), ...(nativeOut ? ["unwrapWETH9"] : [])].join(", ")
  })`;
  return {
    tx: { to, data, value: nativeIn ? trade.amountIn : 0n, label },
    minimumOut,
    maximumIn: trade.amountIn,
    spender: nativeIn ? null : to,
  };
}

/** A trade's route as people read it: each leg's share, tokens, protocol and fees. */
export function describeTrade(trade: Trade, symbols: (address: Address) => string): string[] {
  return trade.legs.map(({ quote, shareBps }) => {
    const route = quote.route;
    const tokens = [route.hops[0].tokenIn, ...route.hops.map((h) => h.tokenOut)].map(symbols);
    const fees = route.hops.map((h) => `${h.fee / 10_000}%`).join(", ");
    const share = trade.legs.length > 1 ? `${shareBps / 100}% ` : "";
    return `${share}${tokens.join(" → ")} (${route.protocol} ${fees})`;
  });
}
