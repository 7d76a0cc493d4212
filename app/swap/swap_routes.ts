/**
 * Swaps on Uniswap V2, V3 and V4, quoted by the chain itself: the candidate
 * routes (V3 direct over every fee tier, V2 direct, and both through the
 * wrapped native token; V4 over its pool keys, `v4_routes.ts`), their quotes
 * from QuoterV2, Router02 and the V4Quoter, and the best one. The screen
 * sends trades through the Universal Router (`universal_router.ts`);
 * `buildSwap` (one route through SwapRouter or Router02) stays for tests that
 * move prices.
 *
 * @module
 */
import { decodeFunctionResult, encodeFunctionData, encodePacked, type Hex, parseAbi } from "viem";
import type { Address } from "../../lib/address.ts";
import type { UniswapContracts } from "../../lib/chains.ts";
import { V2_FEE_TIER, V3_FEE_TIERS } from "../../lib/fees.ts";
import { maximumSold, minimumReceived } from "../lib/trade_math.ts";
import type { ChainCall, TxRequest } from "../lib/tx_request.ts";

import { decodeV4Quote, v4CandidateHops, v4FeeText, v4QuoteCall } from "./v4_routes.ts";
import { V4_NATIVE_CURRENCY } from "../../lib/pool_address.ts";

/** A token of a swap; `native` trades as the wrapped native token on chain. */
export interface SwapToken {
  /** Contract address, or `"native"`. */
  readonly address: Address | "native";
  readonly symbol: string;
  readonly decimals: number;
}

/** Exact input (amount sold fixed) or exact output (amount bought fixed). */
export type TradeKind = "exactIn" | "exactOut";

/** One hop of a route. */
export interface Hop {
  /** The token in; V4: the currency (the zero address for the native one). */
  readonly tokenIn: Address;
  readonly tokenOut: Address;
  /** V3 and V4 fee tier (V4 dynamic fee: `0x800000`); V2 pairs are 3000. */
  readonly fee: number;
  /** V4 only: the pool key's tick spacing and hook (the zero address: none). */
  readonly tickSpacing?: number;
  readonly hooks?: Address;
}

/** A route: one protocol, one or two hops. */
export interface Route {
  readonly protocol: "V2" | "V3" | "V4";
  readonly hops: readonly Hop[];
}

/** A quoted route. */
export interface Quote {
  readonly route: Route;
  readonly kind: TradeKind;
  readonly amountIn: bigint;
  readonly amountOut: bigint;
  /** The quoter's gas estimate (V3) or a typical figure (V2). */
  readonly gasEstimate: bigint;
}

export const QUOTER_V2_ABI = parseAbi([
  "function quoteExactInputSingle((address tokenIn, address tokenOut, uint256 amountIn, uint24 fee, uint160 sqrtPriceLimitX96) params) returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)",
  "function quoteExactOutputSingle((address tokenIn, address tokenOut, uint256 amount, uint24 fee, uint160 sqrtPriceLimitX96) params) returns (uint256 amountIn, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)",
  "function quoteExactInput(bytes path, uint256 amountIn) returns (uint256 amountOut, uint160[] sqrtPriceX96AfterList, uint32[] initializedTicksCrossedList, uint256 gasEstimate)",
  "function quoteExactOutput(bytes path, uint256 amountOut) returns (uint256 amountIn, uint160[] sqrtPriceX96AfterList, uint32[] initializedTicksCrossedList, uint256 gasEstimate)",
]);

export const V2_ROUTER_ABI = parseAbi([
  "function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)",
  "function getAmountsIn(uint256 amountOut, address[] path) view returns (uint256[] amounts)",
  "function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
  "function swapTokensForExactTokens(uint256 amountOut, uint256 amountInMax, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
  "function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)",
  "function swapETHForExactTokens(uint256 amountOut, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)",
  "function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
  "function swapTokensForExactETH(uint256 amountOut, uint256 amountInMax, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
]);

export const SWAP_ROUTER_ABI = parseAbi([
  "function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96) params) payable returns (uint256 amountOut)",
  "function exactOutputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountOut, uint256 amountInMaximum, uint160 sqrtPriceLimitX96) params) payable returns (uint256 amountIn)",
  "function exactInput((bytes path, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum) params) payable returns (uint256 amountOut)",
  "function exactOutput((bytes path, address recipient, uint256 deadline, uint256 amountOut, uint256 amountInMaximum) params) payable returns (uint256 amountIn)",
  "function multicall(bytes[] data) payable returns (bytes[] results)",
  "function refundETH() payable",
  "function unwrapWETH9(uint256 amountMinimum, address recipient) payable",
]);

/** Typical gas of a V2 swap, per hop (Router02 has no estimate of its own). */
const V2_GAS_PER_HOP = 110_000n;
/** Fee tiers tried on each hop of a two-hop V3 route (0.01 % pools rarely pair with WETH). */
const TWO_HOP_FEES = [500, 3000, 10000];

/** The chain address a token trades as. */
export function chainAddress(token: SwapToken, contracts: UniswapContracts): Address {
  return token.address === "native" ? contracts.wrappedNative : token.address;
}

function same(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** Every route worth quoting between two tokens. */
export function candidateRoutes(tokenIn: Address, tokenOut: Address, contracts: UniswapContracts): Route[] {
  if (same(tokenIn, tokenOut)) return [];
  const weth = contracts.wrappedNative;
  const routes: Route[] = V3_FEE_TIERS.map(({ fee }) => ({
    protocol: "V3" as const,
    hops: [{ tokenIn, tokenOut, fee }],
  }));
  routes.push({ protocol: "V2", hops: [{ tokenIn, tokenOut, fee: V2_FEE_TIER }] });
  if (!same(tokenIn, weth) && !same(tokenOut, weth)) {
    for (const a of TWO_HOP_FEES) {
      for (const b of TWO_HOP_FEES) {
        routes.push({
          protocol: "V3",
          hops: [{ tokenIn, tokenOut: weth, fee: a }, { tokenIn: weth, tokenOut, fee: b }],
        });
      }
    }
    routes.push({
      protocol: "V2",
      hops: [{ tokenIn, tokenOut: weth, fee: 3000 }, { tokenIn: weth, tokenOut, fee: 3000 }],
    });
  }
  return routes;
}

/** The V3 path of a route: token, fee, token... (reversed for exact output). */
export function v3Path(route: Route, kind: TradeKind): Hex {
  const tokens: Address[] = [route.hops[0].tokenIn, ...route.hops.map((h) => h.tokenOut)];
  const fees = route.hops.map((h) => h.fee);
  if (kind === "exactOut") {
    tokens.reverse();
    fees.reverse();
  }
  const types: ("address" | "uint24")[] = [];
  const values: (Address | number)[] = [];
  tokens.forEach((token, i) => {
    types.push("address");
    values.push(token);
    if (i < fees.length) {
      types.push("uint24");
      values.push(fees[i]);
    }
  });
  return encodePacked(types, values);
}

function v2Path(route: Route): Address[] {
  return [route.hops[0].tokenIn, ...route.hops.map((h) => h.tokenOut)];
}

/** The V4 currency of a token: the native one is the zero address. */
export function v4Currency(token: SwapToken): Address {
  return token.address === "native" ? V4_NATIVE_CURRENCY : token.address;
}

/** Every route worth quoting between two tokens: V2 and V3 over the wrapped native token, V4 over its currencies. */
export function swapCandidates(tokenIn: SwapToken, tokenOut: SwapToken, contracts: UniswapContracts): Route[] {
  const routes = candidateRoutes(chainAddress(tokenIn, contracts), chainAddress(tokenOut, contracts), contracts);
  if (!contracts.v4Quoter || !contracts.universalRouter) return routes;
  for (const hops of v4CandidateHops(v4Currency(tokenIn), v4Currency(tokenOut))) {
    routes.push({ protocol: "V4", hops });
  }
  return routes;
}

async function quoteV4(call: ChainCall, contracts: UniswapContracts, route: Route, kind: TradeKind, amount: bigint) {
  const exactIn = kind === "exactIn";
  const data = await call({ to: contracts.v4Quoter, data: v4QuoteCall(route.hops, exactIn, amount) });
  const { amount: other, gas } = decodeV4Quote(data, exactIn, route.hops.length > 1);
  if (other <= 0n) return null;
  return exactIn
    ? { route, kind, amountIn: amount, amountOut: other, gasEstimate: gas }
    : { route, kind, amountIn: other, amountOut: amount, gasEstimate: gas };
}

/** Quotes one route; `null` when it has no pool or not enough liquidity. */
export async function quoteRoute(
  call: ChainCall,
  contracts: UniswapContracts,
  route: Route,
  kind: TradeKind,
  amount: bigint,
): Promise<Quote | null> {
  try {
    if (route.protocol === "V4") return await quoteV4(call, contracts, route, kind, amount);
    if (route.protocol === "V2") {
      const functionName = kind === "exactIn" ? "getAmountsOut" : "getAmountsIn";
      const data = await call({
        to: contracts.v2Router,
        data: encodeFunctionData({ abi: V2_ROUTER_ABI, functionName, args: [amount, v2Path(route)] }),
      });
      const amounts = decodeFunctionResult({ abi: V2_ROUTER_ABI, functionName, data }) as readonly bigint[];
      const amountIn = amounts[0];
      const amountOut = amounts[amounts.length - 1];
      if (amountIn <= 0n || amountOut <= 0n) return null;
      return { route, kind, amountIn, amountOut, gasEstimate: V2_GAS_PER_HOP * BigInt(route.hops.length) };
    }
    const hop = route.hops[0];
    let functionName: "quoteExactInputSingle" | "quoteExactOutputSingle" | "quoteExactInput" | "quoteExactOutput";
    let data: Hex;
    if (route.hops.length === 1) {
      functionName = kind === "exactIn" ? "quoteExactInputSingle" : "quoteExactOutputSingle";
      data = kind === "exactIn"
        ? encodeFunctionData({
          abi: QUOTER_V2_ABI,
          functionName: "quoteExactInputSingle",
          args: [{
            tokenIn: hop.tokenIn,
            tokenOut: hop.tokenOut,
            amountIn: amount,
            fee: hop.fee,
            sqrtPriceLimitX96: 0n,
          }],
        })
        : encodeFunctionData({
          abi: QUOTER_V2_ABI,
          functionName: "quoteExactOutputSingle",
          args: [{ tokenIn: hop.tokenIn, tokenOut: hop.tokenOut, amount, fee: hop.fee, sqrtPriceLimitX96: 0n }],
        });
    } else {
      functionName = kind === "exactIn" ? "quoteExactInput" : "quoteExactOutput";
      data = encodeFunctionData({ abi: QUOTER_V2_ABI, functionName, args: [v3Path(route, kind), amount] });
    }
    const result = decodeFunctionResult({
      abi: QUOTER_V2_ABI,
      functionName,
      data: await call({ to: contracts.v3QuoterV2, data }),
    }) as readonly [bigint, unknown, unknown, bigint];
    const other = result[0];
    if (other <= 0n) return null;
    return kind === "exactIn"
      ? { route, kind, amountIn: amount, amountOut: other, gasEstimate: result[3] }
      : { route, kind, amountIn: other, amountOut: amount, gasEstimate: result[3] };
  } catch (error) {
    // A route without a pool or liquidity reverts: no quote. A transport failure (rate limit, network) is not "no
    // route": it goes up, so the screen says why.
    if (quoteFailure(error)) throw error;
    return null;
  }
}

/** Why a quote's chain read failed, when it was the transport and not the route. */
export type QuoteFailure = "rate limited" | "network";

/**
 * Whether an error of a chain read is the transport's (viem's `HttpRequestError`,
 * `TimeoutError`, a `-32005` limit), walking its `cause`s: `"rate limited"` for
 * a `429`, `"network"` otherwise; `null` for a revert or anything else.
 */
export function quoteFailure(error: unknown): QuoteFailure | null {
  let e = error as { name?: string; status?: number; code?: number; cause?: unknown } | null | undefined;
  for (let depth = 0; e && typeof e === "object" && depth < 8; depth++) {
    if (e.status === 429 || e.code === -32005 || e.name === "LimitExceededRpcError") return "rate limited";
    if (e.name === "HttpRequestError" || e.name === "TimeoutError" || e.name === "WebSocketRequestError") {
      return "network";
    }
    e = e.cause as typeof e;
  }
  return null;
}

/**
 * The best quote: the most out for exact input, the least in for exact
 * output; on a tie the lower gas estimate, then the fewer hops.
 */
export function bestQuote(quotes: readonly (Quote | null)[]): Quote | null {
  let best: Quote | null = null;
  for (const quote of quotes) {
    if (!quote) continue;
    if (!best) {
      best = quote;
      continue;
    }
    const better = quote.kind === "exactIn" ? quote.amountOut - best.amountOut : best.amountIn - quote.amountIn;
    if (better > 0n) best = quote;
    else if (better === 0n) {
      if (
        quote.gasEstimate < best.gasEstimate ||
        (quote.gasEstimate === best.gasEstimate && quote.route.hops.length < best.route.hops.length)
      ) best = quote;
    }
  }
  return best;
}

/** Quotes every candidate route and returns the best, or `null` when none can trade. */
export async function findBestQuote(
  call: ChainCall,
  contracts: UniswapContracts,
  tokenIn: SwapToken,
  tokenOut: SwapToken,
  options: { readonly kind: TradeKind; readonly amount: bigint },
): Promise<Quote | null> {
  if (options.amount <= 0n) return null;
  const routes = swapCandidates(tokenIn, tokenOut, contracts);
  const quotes = await Promise.all(routes.map((r) => quoteRoute(call, contracts, r, options.kind, options.amount)));
  return bestQuote(quotes);
}

/** The bounds and call of a swap. */
export interface SwapPlan {
  readonly tx: TxRequest;
  /** Exact input: the least received. Exact output: the quoted output. */
  readonly minimumOut: bigint;
  /** Exact input: the amount sold. Exact output: the most sold. */
  readonly maximumIn: bigint;
  /** The contract the input token must be approved for (`null` for native input). */
  readonly spender: Address | null;
}

/** Builds the router call for a quote, with bounds from the slippage (never 0). */
export function buildSwap(
  quote: Quote,
  options: {
    readonly contracts: UniswapContracts;
    readonly tokenIn: SwapToken;
    readonly tokenOut: SwapToken;
    readonly recipient: Address;
    readonly slippageBps: number;
    /** Unix seconds. */
    readonly deadline: bigint;
  },
): SwapPlan {
  const { contracts, recipient, deadline } = options;
  const nativeIn = options.tokenIn.address === "native";
  const nativeOut = options.tokenOut.address === "native";
  const exactIn = quote.kind === "exactIn";
  const minimumOut = exactIn ? minimumReceived(quote.amountOut, options.slippageBps) : quote.amountOut;
  const maximumIn = exactIn ? quote.amountIn : maximumSold(quote.amountIn, options.slippageBps);
  const value = nativeIn ? maximumIn : 0n;
  const route = quote.route;

  if (route.protocol === "V2") {
    const path = v2Path(route);
    const to = contracts.v2Router;
    const spender = nativeIn ? null : to;
    // Ether in: (amountOut[Min], path, to, deadline); tokens in: the exact amount first, then its bound.
    const fn = nativeIn
      ? exactIn ? "swapExactETHForTokens" : "swapETHForExactTokens"
      : nativeOut
      ? exactIn ? "swapExactTokensForETH" : "swapTokensForExactETH"
      : exactIn
      ? "swapExactTokensForTokens"
      : "swapTokensForExactTokens";
    const data = fn === "swapExactETHForTokens" || fn === "swapETHForExactTokens"
      ? encodeFunctionData({ abi: V2_ROUTER_ABI, functionName: fn, args: [minimumOut, path, recipient, deadline] })
      : encodeFunctionData({
        abi: V2_ROUTER_ABI,
        functionName: fn,
        args: exactIn
          ? [maximumIn, minimumOut, path, recipient, deadline]
          : [minimumOut, maximumIn, path, recipient, deadline],
      });
    return { tx: { to, data, value, label: `UniswapV2Router02.${fn}` }, minimumOut, maximumIn, spender };
  }

  const to = contracts.v3SwapRouter;
  // Native output: the router receives WETH and unwraps it to the recipient.
  const swapRecipient = nativeOut ? to : recipient;
  const hop = route.hops[0];
  // Exact input names the amount in and bounds the output; exact output the reverse.
  const amounts:
    | { readonly amountIn: bigint; readonly amountOutMinimum: bigint }
    | { readonly amountOut: bigint; readonly amountInMaximum: bigint } = exactIn
      ? { amountIn: maximumIn, amountOutMinimum: minimumOut }
      : { amountOut: minimumOut, amountInMaximum: maximumIn };
  let swap: Hex;
  let fn: string;
  if (route.hops.length === 1) {
    const single = { tokenIn: hop.tokenIn, tokenOut: hop.tokenOut, fee: hop.fee, recipient: swapRecipient, deadline };
    fn = exactIn ? "exactInputSingle" : "exactOutputSingle";
    swap = "amountIn" in amounts
      ? encodeFunctionData({
        abi: SWAP_ROUTER_ABI,
        functionName: "exactInputSingle",
        args: [{ ...single, ...amounts, sqrtPriceLimitX96: 0n }],
      })
      : encodeFunctionData({
        abi: SWAP_ROUTER_ABI,
        functionName: "exactOutputSingle",
        args: [{ ...single, ...amounts, sqrtPriceLimitX96: 0n }],
      });
  } else {
    const multi = { path: v3Path(route, quote.kind), recipient: swapRecipient, deadline };
    fn = exactIn ? "exactInput" : "exactOutput";
    swap = "amountIn" in amounts
      ? encodeFunctionData({ abi: SWAP_ROUTER_ABI, functionName: "exactInput", args: [{ ...multi, ...amounts }] })
      : encodeFunctionData({ abi: SWAP_ROUTER_ABI, functionName: "exactOutput", args: [{ ...multi, ...amounts }] });
  }
  const calls: Hex[] = [swap];
  if (nativeOut) {
    calls.push(
      encodeFunctionData({ abi: SWAP_ROUTER_ABI, functionName: "unwrapWETH9", args: [minimumOut, recipient] }),
    );
  }
  // Exact output paid in native: the router refunds what the swap did not use.
  if (nativeIn && !exactIn) calls.push(encodeFunctionData({ abi: SWAP_ROUTER_ABI, functionName: "refundETH" }));
  const data = calls.length === 1
    ? swap
    : encodeFunctionData({ abi: SWAP_ROUTER_ABI, functionName: "multicall", args: [calls] });
  const label = calls.length === 1
    ? `SwapRouter.${fn}`
    : `SwapRouter.multicall(${fn}, ${
      [nativeOut ? "unwrapWETH9" : "", nativeIn && !exactIn ? "refundETH" : ""].filter(Boolean).join(", ")
    })`;
  return { tx: { to, data, value, label }, minimumOut, maximumIn, spender: nativeIn ? null : to };
}

/** The route as a person reads it: `USDC → WETH → UNI (V3 0.05 %, 0.3 %)`. */
export function describeRoute(route: Route, symbols: (address: Address) => string): string {
  const tokens = [route.hops[0].tokenIn, ...route.hops.map((h) => h.tokenOut)].map(symbols);
  const fees = route.protocol === "V2" ? "" : ` ${routeFees(route)}`;
  return `${tokens.join(" → ")} (${route.protocol}${fees})`;
}

/** A route's pool fees as people read them: "0.05%, 0.3%"; a V4 pool with a hook says so. */
export function routeFees(route: Route): string {
  return route.hops.map((h) => {
    if (route.protocol !== "V4") return `${h.fee / 10_000}%`;
    const hooked = h.hooks && BigInt(h.hooks) !== 0n ? ` hook ${h.hooks.slice(0, 6)}…${h.hooks.slice(-4)}` : "";
    return `${v4FeeText(h)}${hooked}`;
  }).join(", ");
}
