/**
 * Best routes with splits: a trade is one route or the amount split across
 * two routes that share no pool (V2, V3 and V4, mixed, one or two hops),
 * chosen by what it returns net of gas. The candidates' quotes come from the
 * chain (`quoteRoute` in `swap_routes.ts`); the choice is pure and
 * unit-tested; a trade is sent as one Universal Router `execute`
 * (`universal_router.ts`).
 *
 * Exact output splits too: the amount bought is shared between two routes,
 * each leg bounded by its own most sold.
 *
 * @module
 */
import type { Address } from "../../lib/address.ts";
import type { UniswapContracts } from "../../lib/chains.ts";
import {
  bestQuote,
  type Quote,
  quoteRoute,
  type Route,
  routeFees,
  swapCandidates,
  type SwapToken,
  type TradeKind,
} from "./swap_routes.ts";
import type { ChainCall } from "../lib/tx_request.ts";

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
  return `${route.protocol}:${route.hops.map((h) => `${h.tokenIn}>${h.tokenOut}@${h.fee}${hookOf(h)}`).join(",")}`
    .toLowerCase();
}

function hookOf(hop: Route["hops"][number]): string {
  return hop.hooks && BigInt(hop.hooks) !== 0n ? `+${hop.hooks}` : "";
}

/** The pools a route trades through, as `V3:token:token:fee` keys (tokens sorted; V4 adds the hook). */
export function routePools(route: Route): string[] {
  return route.hops.map((h) => {
    const [a, b] = [h.tokenIn.toLowerCase(), h.tokenOut.toLowerCase()].sort();
    return `${route.protocol}:${a}:${b}:${h.fee}${hookOf(h)}`.toLowerCase();
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

/** The routes worth splitting across: the best `count` single quotes (most out, or least in for exact output). */
export function splitCandidates(quotes: readonly (Quote | null)[], count = SPLIT_CANDIDATES): Route[] {
  const order = (q: Quote) => (q.kind === "exactIn" ? q.amountOut : -q.amountIn);
  return quotes
    .filter((q): q is Quote => q !== null)
    .sort((a, b) => (order(b) > order(a) ? 1 : order(b) < order(a) ? -1 : 0))
    .slice(0, count)
    .map((q) => q.route);
}

/**
 * What a trade is worth net of gas, comparable between trades of one kind:
 * exact input, what it returns less the gas (in the output token); exact
 * output, less what it costs plus the gas (converted to the input token at
 * the trade's own rate).
 */
export function netValue(trade: Trade, gasCost: (gas: bigint) => bigint): bigint {
  const gas = gasCost(trade.gasEstimate);
  if (trade.kind === "exactIn") return trade.amountOut - gas;
  const gasIn = trade.amountOut > 0n ? gas * trade.amountIn / trade.amountOut : 0n;
  return -(trade.amountIn + gasIn);
}

/**
 * The best trade net of gas: every single quote, and every split of two
 * disjoint routes at every share whose two legs were quoted. `legQuotes`
 * holds, by route key and exact amount (in for exact input, out for exact
 * output), the quote of that route for that amount: a split at `share` takes
 * `splitAmount(amount, share)` (the first leg rounded down, the second the
 * exact rest, so the legs sell, or buy, exactly the amount). `gasCost`
 * converts gas into the output token.
 */
export function bestTrade(
  singles: readonly (Quote | null)[],
  legQuotes: ReadonlyMap<string, ReadonlyMap<bigint, Quote | null>>,
  gasCost: (gas: bigint) => bigint,
): Trade | null {
  const single = bestQuote(singles);
  if (!single) return null;
  let best = singleTrade(single);
  const kind = single.kind;
  const amount = kind === "exactIn" ? single.amountIn : single.amountOut;
  const net = (t: Trade) => netValue(t, gasCost);
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
          kind,
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
 * {@linkcode SPLIT_MIN_IMPACT_BPS} less than its first half (exact output:
 * costs that much more), i.e. when the trade moves that route's price enough
 * for another pool to do better.
 */
export async function worthSplitting(
  call: ChainCall,
  contracts: UniswapContracts,
  singles: readonly (Quote | null)[],
  amount: bigint,
  legQuotes?: Map<string, Map<bigint, Quote | null>>,
): Promise<boolean> {
  const best = bestQuote(singles);
  if (!best || singles.filter((q) => q !== null).length < 2) return false;
  const half = await quoteRoute(call, contracts, best.route, best.kind, amount / 2n);
  // The half is also the 50% leg of the best route's split: kept, so the split search does not ask it again.
  legQuotes?.set(routeKey(best.route), new Map([[amount / 2n, half]]));
  if (!half) return false;
  if (best.kind === "exactOut") {
    // The first half of the output cost half.amountIn, the whole best.amountIn: the second half the rest.
    const secondCost = best.amountIn - half.amountIn;
    return secondCost * 10_000n > half.amountIn * (10_000n + SPLIT_MIN_IMPACT_BPS);
  }
  // The first half returned half.amountOut, the whole best.amountOut: the second half the rest.
  const secondHalf = best.amountOut - half.amountOut;
  return secondHalf * 10_000n < half.amountOut * (10_000n - SPLIT_MIN_IMPACT_BPS);
}

/**
 * Quotes every candidate route and, exact input or output, on a chain with the
 * Universal Router and a trade large enough to move a pool ({@linkcode worthSplitting}),
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
  const routes = swapCandidates(tokenIn, tokenOut, contracts);
  const singles = await Promise.all(routes.map((r) => quoteRoute(call, contracts, r, kind, amount)));
  options.onSingles?.(singles);
  const legQuotes = new Map<string, Map<bigint, Quote | null>>();
  if (contracts.universalRouter && await worthSplitting(call, contracts, singles, amount, legQuotes)) {
    const candidates = splitCandidates(singles);
    await Promise.all(candidates.map(async (route) => {
      const byAmount = legQuotes.get(routeKey(route)) ?? new Map<bigint, Quote | null>();
      legQuotes.set(routeKey(route), byAmount);
      await Promise.all(
        splitLegAmounts(amount).filter((part) => !byAmount.has(part)).map(async (part) => {
          byAmount.set(part, await quoteRoute(call, contracts, route, kind, part));
        }),
      );
    }));
  }
  await options.ready;
  return bestTrade(singles, legQuotes, options.gasCost);
}

/** A trade's route as people read it: each leg's share, tokens, protocol and fees. */
export function describeTrade(trade: Trade, symbols: (address: Address) => string): string[] {
  return trade.legs.map(({ quote, shareBps }) => {
    const route = quote.route;
    const tokens = [route.hops[0].tokenIn, ...route.hops.map((h) => h.tokenOut)].map(symbols);
    const fees = routeFees(route);
    const share = trade.legs.length > 1 ? `${shareBps / 100}% ` : "";
    return `${share}${tokens.join(" → ")} (${route.protocol} ${fees})`;
  });
}
