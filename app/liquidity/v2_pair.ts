/**
 * Uniswap V2 liquidity: the pair of two tokens and its reserves, the amount
 * of the second token that matches the first at the pair's ratio, the share
 * of a removal, and the Router02 calls (`addLiquidity`/`addLiquidityETH`,
 * `removeLiquidity`/`removeLiquidityETH`) with minimums from the slippage
 * (never 0).
 *
 * @module
 */
import {
  decodeFunctionResult,
  encodeFunctionData,
  type EncodeFunctionDataParameters,
  parseAbi,
  zeroAddress,
} from "viem";
import type { Address } from "../../lib/address.ts";
import type { UniswapContracts } from "../../lib/chains.ts";
import { minimumReceived } from "../lib/trade_math.ts";
import { chainAddress, type SwapToken } from "../swap/swap_routes.ts";
import type { ChainCall, TxRequest } from "../lib/tx_request.ts";

export const V2_PAIR_ABI = parseAbi([
  "function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)",
  "function token0() view returns (address)",
  "function totalSupply() view returns (uint256)",
  "function balanceOf(address owner) view returns (uint256)",
]);
const V2_FACTORY_ABI = parseAbi(["function getPair(address tokenA, address tokenB) view returns (address pair)"]);
export const V2_LIQUIDITY_ABI = parseAbi([
  "function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity)",
  "function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256 amountToken, uint256 amountETH, uint256 liquidity)",
  "function removeLiquidity(address tokenA, address tokenB, uint256 liquidity, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB)",
  "function removeLiquidityETH(address token, uint256 liquidity, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) returns (uint256 amountToken, uint256 amountETH)",
]);

/** A pair as seen from token A and token B (reserves in that order). */
export interface V2Pair {
  readonly address: Address;
  readonly reserveA: bigint;
  readonly reserveB: bigint;
  readonly totalSupply: bigint;
}

/** The pair of two tokens, or `null` when the factory has none (a new pair). */
export async function readPair(
  call: ChainCall,
  contracts: UniswapContracts,
  tokenA: SwapToken,
  tokenB: SwapToken,
): Promise<V2Pair | null> {
  const a = chainAddress(tokenA, contracts);
  const b = chainAddress(tokenB, contracts);
  const pairData = await call({
    to: contracts.v2Factory,
    data: encodeFunctionData({ abi: V2_FACTORY_ABI, functionName: "getPair", args: [a, b] }),
  });
  const address = decodeFunctionResult({ abi: V2_FACTORY_ABI, functionName: "getPair", data: pairData }) as Address;
  if (address === zeroAddress) return null;
  const read = async (functionName: "getReserves" | "token0" | "totalSupply"): Promise<unknown> =>
    decodeFunctionResult({
      abi: V2_PAIR_ABI,
      functionName,
      data: await call({ to: address, data: encodeFunctionData({ abi: V2_PAIR_ABI, functionName } as never) }),
    } as never);
  const [reserves, token0, totalSupply] = await Promise.all([
    read("getReserves") as Promise<readonly [bigint, bigint, number]>,
    read("token0") as Promise<Address>,
    read("totalSupply") as Promise<bigint>,
  ]);
  const aIsToken0 = token0.toLowerCase() === a.toLowerCase();
  return {
    address,
    reserveA: aIsToken0 ? reserves[0] : reserves[1],
    reserveB: aIsToken0 ? reserves[1] : reserves[0],
    totalSupply,
  };
}

/** The amount of B that matches `amountA` at the pair's ratio (Router02's `quote`). */
export function matchingAmount(amountA: bigint, pair: V2Pair): bigint {
  if (pair.reserveA === 0n || pair.reserveB === 0n) return 0n;
  return amountA * pair.reserveB / pair.reserveA;
}

/** What a removal of `liquidity` returns: its share of each reserve. */
export function removalAmounts(liquidity: bigint, pair: V2Pair): { amountA: bigint; amountB: bigint } {
  if (pair.totalSupply === 0n) return { amountA: 0n, amountB: 0n };
  return {
    amountA: liquidity * pair.reserveA / pair.totalSupply,
    amountB: liquidity * pair.reserveB / pair.totalSupply,
  };
}

/** Common options of the V2 calls. */
export interface V2CallOptions {
  readonly contracts: UniswapContracts;
  readonly recipient: Address;
  readonly slippageBps: number;
  /** Unix seconds. */
  readonly deadline: bigint;
}

/** A Router02 liquidity call with the minimums it keeps. */
export type LiquidityTx = TxRequest & { readonly minimumA: bigint; readonly minimumB: bigint };

/** The Router02 call, labelled with its function, carrying `value` and the minimums. */
function routerCall(
  to: Address,
  call: EncodeFunctionDataParameters<typeof V2_LIQUIDITY_ABI>,
  extra: { readonly value: bigint; readonly minimumA: bigint; readonly minimumB: bigint },
): LiquidityTx {
  return { to, data: encodeFunctionData(call), label: `UniswapV2Router02.${call.functionName}`, ...extra };
}

/**
 * The pair's two token addresses, or, when one side is native ether, the
 * other token and which side is native: the router's `...ETH` functions
 * take (token, token amounts, ether amounts).
 */
function pairSides(
  tokenA: SwapToken,
  tokenB: SwapToken,
):
  | { readonly native: false; readonly tokenA: Address; readonly tokenB: Address }
  | { readonly native: true; readonly token: Address; readonly nativeIsA: boolean } {
  if (tokenA.address === "native") return { native: true, token: tokenB.address as Address, nativeIsA: true };
  if (tokenB.address === "native") return { native: true, token: tokenA.address, nativeIsA: false };
  return { native: false, tokenA: tokenA.address, tokenB: tokenB.address };
}

/**
 * The `addLiquidity` call (or `addLiquidityETH` when one side is native, the
 * ether sent as value), with minimums below the desired amounts by the slippage.
 */
export function buildAddLiquidity(
  tokenA: SwapToken,
  tokenB: SwapToken,
  amounts: { readonly amountA: bigint; readonly amountB: bigint },
  options: V2CallOptions,
): LiquidityTx {
  const { contracts, recipient, deadline } = options;
  const minimumA = minimumReceived(amounts.amountA, options.slippageBps);
  const minimumB = minimumReceived(amounts.amountB, options.slippageBps);
  const to = contracts.v2Router;
  const sides = pairSides(tokenA, tokenB);
  if (sides.native) {
    const [amountToken, amountEth] = sides.nativeIsA
      ? [amounts.amountB, amounts.amountA]
      : [amounts.amountA, amounts.amountB];
    const [minToken, minEth] = sides.nativeIsA ? [minimumB, minimumA] : [minimumA, minimumB];
    return routerCall(to, {
      abi: V2_LIQUIDITY_ABI,
      functionName: "addLiquidityETH",
      args: [sides.token, amountToken, minToken, minEth, recipient, deadline],
    }, { value: amountEth, minimumA, minimumB });
  }
  return routerCall(to, {
    abi: V2_LIQUIDITY_ABI,
    functionName: "addLiquidity",
    args: [sides.tokenA, sides.tokenB, amounts.amountA, amounts.amountB, minimumA, minimumB, recipient, deadline],
  }, { value: 0n, minimumA, minimumB });
}

/**
 * The `removeLiquidity` call (or `removeLiquidityETH`), with minimums below
 * the pair's current share by the slippage. The pair token must be approved
 * to the router first.
 */
export function buildRemoveLiquidity(
  tokenA: SwapToken,
  tokenB: SwapToken,
  liquidity: bigint,
  pair: V2Pair,
  options: V2CallOptions,
): LiquidityTx {
  const { contracts, recipient, deadline } = options;
  const share = removalAmounts(liquidity, pair);
  const minimumA = minimumReceived(share.amountA, options.slippageBps);
  const minimumB = minimumReceived(share.amountB, options.slippageBps);
  const to = contracts.v2Router;
  const sides = pairSides(tokenA, tokenB);
  if (sides.native) {
    const [minToken, minEth] = sides.nativeIsA ? [minimumB, minimumA] : [minimumA, minimumB];
    return routerCall(to, {
      abi: V2_LIQUIDITY_ABI,
      functionName: "removeLiquidityETH",
      args: [sides.token, liquidity, minToken, minEth, recipient, deadline],
    }, { value: 0n, minimumA, minimumB });
  }
  return routerCall(to, {
    abi: V2_LIQUIDITY_ABI,
    functionName: "removeLiquidity",
    args: [sides.tokenA, sides.tokenB, liquidity, minimumA, minimumB, recipient, deadline],
  }, { value: 0n, minimumA, minimumB });
}
