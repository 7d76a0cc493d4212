/**
 * Uniswap V4 routes: the pool keys worth trying between two currencies (every
 * standard fee tier with its tick spacing, the dynamic-fee pools of the hooks
 * the interface knows; one hop, or two through the native currency), the
 * V4Quoter's calls and answers, and the `PoolKey` / `PathKey` structs the
 * quoter and the Universal Router's `V4_SWAP` take. In V4 the native currency
 * is itself (the zero address), not its wrapped token. Pure and below
 * `swap_routes.ts` (which dispatches V4 quotes here): it imports none of it.
 *
 * @module
 */
import { decodeFunctionResult, encodeFunctionData, type Hex, parseAbi } from "viem";
import type { Address } from "../../lib/address.ts";
import { V4_NATIVE_CURRENCY, type V4PoolKey, v4TickSpacing } from "../../lib/pool_address.ts";

/** A V4 hop as the quoter and the router see it (the shape of `swap_routes.ts`'s `Hop`). */
export interface V4Hop {
  readonly tokenIn: Address;
  readonly tokenOut: Address;
  readonly fee: number;
  readonly tickSpacing?: number;
  readonly hooks?: Address;
}

/** The fee field of a dynamic-fee pool key. */
export const V4_DYNAMIC_FEE = 0x800000;
/** Standard fee tiers of V4 pools without a hook, with their usual tick spacing. */
export const V4_FEE_TIERS: readonly number[] = [100, 500, 3000, 10000];

/**
 * The hooked pools the interface routes through besides the standard tiers:
 * the demo chain's dynamic-fee hook (`demo_chain/contracts/DemoDynamicFeeHook.sol`,
 * `DEMO_V4_HOOK` of the demo gateway; `v4_routes_test.ts` checks they agree).
 * A pool key that does not exist on a chain only fails its quote.
 */
export const KNOWN_V4_HOOKS: readonly { readonly hooks: Address; readonly fee: number }[] = [
  { hooks: "0x00000000000000000000000000000000DE101000", fee: V4_DYNAMIC_FEE },
];

const ZERO: Address = V4_NATIVE_CURRENCY;

export const V4_QUOTER_ABI = parseAbi([
  "struct PoolKey { address currency0; address currency1; uint24 fee; int24 tickSpacing; address hooks; }",
  "struct PathKey { address intermediateCurrency; uint24 fee; int24 tickSpacing; address hooks; bytes hookData; }",
  "struct QuoteExactSingleParams { PoolKey poolKey; bool zeroForOne; uint128 exactAmount; bytes hookData; }",
  "struct QuoteExactParams { address exactCurrency; PathKey[] path; uint128 exactAmount; }",
  "function quoteExactInputSingle(QuoteExactSingleParams params) returns (uint256 amountOut, uint256 gasEstimate)",
  "function quoteExactOutputSingle(QuoteExactSingleParams params) returns (uint256 amountIn, uint256 gasEstimate)",
  "function quoteExactInput(QuoteExactParams params) returns (uint256 amountOut, uint256 gasEstimate)",
  "function quoteExactOutput(QuoteExactParams params) returns (uint256 amountIn, uint256 gasEstimate)",
]);

function same(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** The pools tried on one hop: each standard tier, then each known hook's pool. */
function hopChoices(tokenIn: Address, tokenOut: Address, tiers: readonly number[]): V4Hop[] {
  return [
    ...tiers.map((fee) => ({ tokenIn, tokenOut, fee, tickSpacing: v4TickSpacing(fee, false), hooks: ZERO })),
    ...KNOWN_V4_HOOKS.map(({ hooks, fee }) => ({
      tokenIn,
      tokenOut,
      fee,
      tickSpacing: v4TickSpacing(fee, fee === V4_DYNAMIC_FEE),
      hooks,
    })),
  ];
}

/**
 * Every V4 route worth quoting between two currencies (the zero address for
 * the native one): one hop over each choice, and two through the native
 * currency (the deepest V4 pools) when neither side is it.
 */
export function v4CandidateHops(currencyIn: Address, currencyOut: Address): V4Hop[][] {
  if (same(currencyIn, currencyOut)) return [];
  const routes: V4Hop[][] = hopChoices(currencyIn, currencyOut, V4_FEE_TIERS).map((hop) => [hop]);
  if (!same(currencyIn, ZERO) && !same(currencyOut, ZERO)) {
    // The 0.01% tier rarely pairs with the native currency.
    for (const first of hopChoices(currencyIn, ZERO, V4_FEE_TIERS.slice(1))) {
      for (const second of hopChoices(ZERO, currencyOut, V4_FEE_TIERS.slice(1))) routes.push([first, second]);
    }
  }
  return routes;
}

/** The pool key of a hop and its direction (`zeroForOne`: currency0 in). */
export function v4PoolOfHop(hop: V4Hop): { key: V4PoolKey; zeroForOne: boolean } {
  const zeroForOne = BigInt(hop.tokenIn) < BigInt(hop.tokenOut);
  const [currency0, currency1] = zeroForOne ? [hop.tokenIn, hop.tokenOut] : [hop.tokenOut, hop.tokenIn];
  return {
    key: {
      currency0,
      currency1,
      fee: hop.fee,
      tickSpacing: hop.tickSpacing ?? v4TickSpacing(hop.fee, hop.fee === V4_DYNAMIC_FEE),
      hooks: hop.hooks ?? ZERO,
    },
    zeroForOne,
  };
}

/** A V4 `PathKey`. */
export interface V4PathKey {
  readonly intermediateCurrency: Address;
  readonly fee: number;
  readonly tickSpacing: number;
  readonly hooks: Address;
  readonly hookData: Hex;
}

/**
 * The `PathKey`s of a multi-hop route, as the V4 router and quoter read
 * them: exact input names each hop's output currency (from the input
 * onwards), exact output each hop's input currency (in the same order).
 */
export function v4PathKeys(hops: readonly V4Hop[], exactIn: boolean): V4PathKey[] {
  return hops.map((hop) => {
    const { key } = v4PoolOfHop(hop);
    return {
      intermediateCurrency: exactIn ? hop.tokenOut : hop.tokenIn,
      fee: key.fee,
      tickSpacing: key.tickSpacing,
      hooks: key.hooks,
      hookData: "0x",
    };
  });
}

/** The V4Quoter call of a route for an exact amount. */
export function v4QuoteCall(hops: readonly V4Hop[], exactIn: boolean, amount: bigint): Hex {
  if (hops.length === 1) {
    const { key, zeroForOne } = v4PoolOfHop(hops[0]);
    const params = { poolKey: key, zeroForOne, exactAmount: amount, hookData: "0x" as Hex };
    return exactIn
      ? encodeFunctionData({ abi: V4_QUOTER_ABI, functionName: "quoteExactInputSingle", args: [params] })
      : encodeFunctionData({ abi: V4_QUOTER_ABI, functionName: "quoteExactOutputSingle", args: [params] });
  }
  const params = {
    exactCurrency: exactIn ? hops[0].tokenIn : hops[hops.length - 1].tokenOut,
    path: v4PathKeys(hops, exactIn),
    exactAmount: amount,
  };
  return exactIn
    ? encodeFunctionData({ abi: V4_QUOTER_ABI, functionName: "quoteExactInput", args: [params] })
    : encodeFunctionData({ abi: V4_QUOTER_ABI, functionName: "quoteExactOutput", args: [params] });
}

/** The quoter's answer: the other side's amount and its gas estimate. */
export function decodeV4Quote(data: Hex, exactIn: boolean, multiHop: boolean): { amount: bigint; gas: bigint } {
  const functionName = multiHop
    ? exactIn ? "quoteExactInput" : "quoteExactOutput"
    : exactIn
    ? "quoteExactInputSingle"
    : "quoteExactOutputSingle";
  const [amount, gas] = decodeFunctionResult({ abi: V4_QUOTER_ABI, functionName, data }) as readonly [bigint, bigint];
  return { amount, gas };
}

/** A V4 fee as people read it: "0.3%", "dynamic fee". */
export function v4FeeText(hop: V4Hop): string {
  return hop.fee === V4_DYNAMIC_FEE ? "dynamic fee" : `${hop.fee / 10_000}%`;
}
