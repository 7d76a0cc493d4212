/**
 * Uniswap V3 positions: the pool of a pair and fee tier, prices and ticks,
 * the amounts a range takes, the connected account's positions from the
 * NonfungiblePositionManager (range, liquidity, uncollected fees), and the
 * manager's calls to open, increase, remove and collect, with minimums from
 * the slippage.
 *
 * Tick to square-root-price conversions use floating point: they size the
 * amounts the screen proposes; the manager computes the exact liquidity and
 * the minimums bound what it may take.
 *
 * @module
 */
import { decodeFunctionResult, encodeFunctionData, type Hex, maxUint128, parseAbi, zeroAddress } from "viem";
import type { Address } from "../../lib/address.ts";
import type { UniswapContracts } from "../../lib/chains.ts";
import { V3_FEE_TIERS } from "../../lib/fees.ts";
import { minimumReceived } from "../lib/trade_math.ts";
import type { ChainCall, TxRequest } from "../lib/tx_request.ts";

export const NPM_ABI = parseAbi([
  "function balanceOf(address owner) view returns (uint256)",
  "function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)",
  "function positions(uint256 tokenId) view returns (uint96 nonce, address operator, address token0, address token1, uint24 fee, int24 tickLower, int24 tickUpper, uint128 liquidity, uint256 feeGrowthInside0LastX128, uint256 feeGrowthInside1LastX128, uint128 tokensOwed0, uint128 tokensOwed1)",
  "function createAndInitializePoolIfNecessary(address token0, address token1, uint24 fee, uint160 sqrtPriceX96) payable returns (address pool)",
  "struct MintParams { address token0; address token1; uint24 fee; int24 tickLower; int24 tickUpper; uint256 amount0Desired; uint256 amount1Desired; uint256 amount0Min; uint256 amount1Min; address recipient; uint256 deadline; }",
  "function mint(MintParams params) payable returns (uint256 tokenId, uint128 liquidity, uint256 amount0, uint256 amount1)",
  "struct IncreaseLiquidityParams { uint256 tokenId; uint256 amount0Desired; uint256 amount1Desired; uint256 amount0Min; uint256 amount1Min; uint256 deadline; }",
  "function increaseLiquidity(IncreaseLiquidityParams params) payable returns (uint128 liquidity, uint256 amount0, uint256 amount1)",
  "struct DecreaseLiquidityParams { uint256 tokenId; uint128 liquidity; uint256 amount0Min; uint256 amount1Min; uint256 deadline; }",
  "function decreaseLiquidity(DecreaseLiquidityParams params) payable returns (uint256 amount0, uint256 amount1)",
  "struct CollectParams { uint256 tokenId; address recipient; uint128 amount0Max; uint128 amount1Max; }",
  "function collect(CollectParams params) payable returns (uint256 amount0, uint256 amount1)",
  "function multicall(bytes[] data) payable returns (bytes[] results)",
  "function refundETH() payable",
  "function unwrapWETH9(uint256 amountMinimum, address recipient) payable",
  "function sweepToken(address token, uint256 amountMinimum, address recipient) payable",
]);
/** The V3 pool reads: `slot0` and `liquidity`. */
export const POOL_ABI = parseAbi([
  "function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16 observationIndex, uint16 observationCardinality, uint16 observationCardinalityNext, uint8 feeProtocol, bool unlocked)",
  "function liquidity() view returns (uint128)",
]);
/** The V3 factory's `getPool`. */
export const FACTORY_ABI = parseAbi([
  "function getPool(address tokenA, address tokenB, uint24 fee) view returns (address pool)",
]);

/** The tick range of V3. */
export const MIN_TICK = -887272;
export const MAX_TICK = 887272;
const Q96 = 2n ** 96n;

/** A V3 pool's current state. */
export interface V3Pool {
  readonly address: Address;
  readonly token0: Address;
  readonly token1: Address;
  readonly fee: number;
  readonly tickSpacing: number;
  readonly sqrtPriceX96: bigint;
  readonly tick: number;
  readonly liquidity: bigint;
}

/** A position of the manager. */
export interface V3Position {
  readonly tokenId: bigint;
  readonly token0: Address;
  readonly token1: Address;
  readonly fee: number;
  readonly tickLower: number;
  readonly tickUpper: number;
  readonly liquidity: bigint;
  readonly tokensOwed0: bigint;
  readonly tokensOwed1: bigint;
}

/** Tokens of a pair in the pool's order (sorted by address). */
export function sortTokens(a: Address, b: Address): [Address, Address] {
  return a.toLowerCase() < b.toLowerCase() ? [a, b] : [b, a];
}

/** The tick spacing of a fee tier. */
export function tickSpacingOf(fee: number): number {
  const tier = V3_FEE_TIERS.find((t) => t.fee === fee);
  if (!tier) throw new RangeError(`Cannot use fee tier ${fee}: expected one of ${V3_FEE_TIERS.map((t) => t.fee)}`);
  return tier.tickSpacing;
}

async function read<T>(
  call: ChainCall,
  to: Address,
  abi: readonly unknown[],
  functionName: string,
  args: unknown[] = [],
) {
  const data = await call({ to, data: encodeFunctionData({ abi, functionName, args } as never) });
  return decodeFunctionResult({ abi, functionName, data } as never) as T;
}

/** The pool of a pair and fee tier, or `null` when none exists yet. */
export async function readPool(
  call: ChainCall,
  contracts: UniswapContracts,
  tokenA: Address,
  tokenB: Address,
  fee: number,
): Promise<V3Pool | null> {
  const [token0, token1] = sortTokens(tokenA, tokenB);
  const address = await read<Address>(call, contracts.v3Factory, FACTORY_ABI, "getPool", [token0, token1, fee]);
  if (address === zeroAddress) return null;
  const [slot0, liquidity] = await Promise.all([
    read<readonly [bigint, number]>(call, address, POOL_ABI, "slot0"),
    read<bigint>(call, address, POOL_ABI, "liquidity"),
  ]);
  if (slot0[0] === 0n) return null;
  return {
    address,
    token0,
    token1,
    fee,
    tickSpacing: tickSpacingOf(fee),
    sqrtPriceX96: slot0[0],
    tick: Number(slot0[1]),
    liquidity,
  };
}

/** The price of token0 in token1 (whole tokens) at a tick. */
export function tickToPrice(tick: number, decimals0: number, decimals1: number): number {
  return 1.0001 ** tick * 10 ** (decimals0 - decimals1);
}

/** The tick at or below a price of token0 in token1 (whole tokens). */
export function priceToTick(price: number, decimals0: number, decimals1: number): number {
  if (!(price > 0) || !Number.isFinite(price)) {
    throw new RangeError(`Cannot place price ${price}: expected a positive number`);
  }
  const tick = Math.floor(Math.log(price / 10 ** (decimals0 - decimals1)) / Math.log(1.0001));
  return Math.max(MIN_TICK, Math.min(MAX_TICK, tick));
}

/** The usable tick nearest to `tick` for a tick spacing, within the range. */
export function nearestUsableTick(tick: number, tickSpacing: number): number {
  const rounded = Math.round(tick / tickSpacing) * tickSpacing;
  const min = Math.ceil(MIN_TICK / tickSpacing) * tickSpacing;
  const max = Math.floor(MAX_TICK / tickSpacing) * tickSpacing;
  return Math.max(min, Math.min(max, rounded));
}

/** The square-root price (Q64.96) at a tick, to double precision. */
export function sqrtRatioAtTick(tick: number): bigint {
  const root = Math.sqrt(1.0001) ** tick;
  const exponent = Math.floor(Math.log2(root));
  const mantissa = BigInt(Math.round(root * 2 ** (52 - exponent)));
  const shift = 96 + exponent - 52;
  return shift >= 0 ? mantissa << BigInt(shift) : mantissa >> BigInt(-shift);
}

/** The token amounts that `liquidity` holds in a range at the current price. */
export function amountsForLiquidity(
  sqrtPriceX96: bigint,
  tickLower: number,
  tickUpper: number,
  liquidity: bigint,
): { amount0: bigint; amount1: bigint } {
  const a = sqrtRatioAtTick(tickLower);
  const b = sqrtRatioAtTick(tickUpper);
  const p = sqrtPriceX96 < a ? a : sqrtPriceX96 > b ? b : sqrtPriceX96;
  const amount0 = p >= b ? 0n : liquidity * Q96 * (b - p) / b / p;
  const amount1 = p <= a ? 0n : liquidity * (p - a) / Q96;
  return { amount0, amount1 };
}

/** The most liquidity `amount0` and `amount1` make in a range at the current price (the periphery's LiquidityAmounts). */
export function liquidityForAmounts(
  sqrtPriceX96: bigint,
  tickLower: number,
  tickUpper: number,
  amount0: bigint,
  amount1: bigint,
): bigint {
  const a = sqrtRatioAtTick(tickLower);
  const b = sqrtRatioAtTick(tickUpper);
  const from0 = (lo: bigint) => amount0 * (lo * b / Q96) / (b - lo);
  const from1 = (hi: bigint) => amount1 * Q96 / (hi - a);
  if (sqrtPriceX96 <= a) return from0(a);
  if (sqrtPriceX96 >= b) return from1(b);
  const l0 = from0(sqrtPriceX96);
  const l1 = from1(sqrtPriceX96);
  return l0 < l1 ? l0 : l1;
}

/**
 * The amount of token1 that goes with `amount0` in a range at the current
 * price; `null` when the range is entirely below the price (token1 only).
 */
export function amount1ForAmount0(
  sqrtPriceX96: bigint,
  tickLower: number,
  tickUpper: number,
  amount0: bigint,
): bigint | null {
  const a = sqrtRatioAtTick(tickLower);
  const b = sqrtRatioAtTick(tickUpper);
  if (sqrtPriceX96 >= b) return null;
  if (sqrtPriceX96 <= a) return 0n;
  const liquidity = amount0 * (sqrtPriceX96 * b / Q96) / (b - sqrtPriceX96);
  return liquidity * (sqrtPriceX96 - a) / Q96;
}

/**
 * The amount of token0 that goes with `amount1`; `null` when the range is
 * entirely above the price (token0 only).
 */
export function amount0ForAmount1(
  sqrtPriceX96: bigint,
  tickLower: number,
  tickUpper: number,
  amount1: bigint,
): bigint | null {
  const a = sqrtRatioAtTick(tickLower);
  const b = sqrtRatioAtTick(tickUpper);
  if (sqrtPriceX96 <= a) return null;
  if (sqrtPriceX96 >= b) return 0n;
  const liquidity = amount1 * Q96 / (sqrtPriceX96 - a);
  return liquidity * Q96 * (b - sqrtPriceX96) / b / sqrtPriceX96;
}

function minimum(amount: bigint, slippageBps: number): bigint {
  // A side the range does not take is legitimately 0; any other bound follows the slippage.
  return amount === 0n ? 0n : minimumReceived(amount, slippageBps);
}

/** Common options of the manager's calls. */
export interface V3CallOptions {
  readonly contracts: UniswapContracts;
  readonly recipient: Address;
  readonly slippageBps: number;
  /** Unix seconds. */
  readonly deadline: bigint;
}

function managerCall(contracts: UniswapContracts, calls: Hex[], value: bigint, label: string): TxRequest {
  const data = calls.length === 1
    ? calls[0]
    : encodeFunctionData({ abi: NPM_ABI, functionName: "multicall", args: [calls] });
  return { to: contracts.v3PositionManager, data, value, label: `NonfungiblePositionManager.${label}` };
}

/**
 * Opens a position: creates and initialises the pool first when it does not
 * exist (`initialSqrtPriceX96`), then mints. `nativeValue` pays one side in
 * ether (the manager wraps it and refunds what it did not use).
 */
export function buildMint(
  position: {
    readonly token0: Address;
    readonly token1: Address;
    readonly fee: number;
    readonly tickLower: number;
    readonly tickUpper: number;
    readonly amount0: bigint;
    readonly amount1: bigint;
    readonly initialSqrtPriceX96?: bigint;
    readonly nativeValue?: bigint;
  },
  options: V3CallOptions,
): TxRequest & { readonly amount0Min: bigint; readonly amount1Min: bigint } {
  if (position.tickLower >= position.tickUpper) {
    throw new RangeError("Cannot open a position: the minimum price must be below the maximum price");
  }
  const amount0Min = minimum(position.amount0, options.slippageBps);
  const amount1Min = minimum(position.amount1, options.slippageBps);
  const calls: Hex[] = [];
  const labels: string[] = [];
  if (position.initialSqrtPriceX96 !== undefined) {
    calls.push(encodeFunctionData({
      abi: NPM_ABI,
      functionName: "createAndInitializePoolIfNecessary",
      args: [position.token0, position.token1, position.fee, position.initialSqrtPriceX96],
    }));
    labels.push("createAndInitializePoolIfNecessary");
  }
  calls.push(encodeFunctionData({
    abi: NPM_ABI,
    functionName: "mint",
    args: [{
      token0: position.token0,
      token1: position.token1,
      fee: position.fee,
      tickLower: position.tickLower,
      tickUpper: position.tickUpper,
      amount0Desired: position.amount0,
      amount1Desired: position.amount1,
      amount0Min,
      amount1Min,
      recipient: options.recipient,
      deadline: options.deadline,
    }],
  }));
  labels.push("mint");
  const value = position.nativeValue ?? 0n;
  if (value > 0n) {
    calls.push(encodeFunctionData({ abi: NPM_ABI, functionName: "refundETH" }));
    labels.push("refundETH");
  }
  const label = calls.length === 1 ? "mint" : `multicall(${labels.join(", ")})`;
  return { ...managerCall(options.contracts, calls, value, label), amount0Min, amount1Min };
}

/** Adds to a position. */
export function buildIncrease(
  tokenId: bigint,
  amounts: { readonly amount0: bigint; readonly amount1: bigint; readonly nativeValue?: bigint },
  options: V3CallOptions,
): TxRequest {
  const calls: Hex[] = [encodeFunctionData({
    abi: NPM_ABI,
    functionName: "increaseLiquidity",
    args: [{
      tokenId,
      amount0Desired: amounts.amount0,
      amount1Desired: amounts.amount1,
      amount0Min: minimum(amounts.amount0, options.slippageBps),
      amount1Min: minimum(amounts.amount1, options.slippageBps),
      deadline: options.deadline,
    }],
  })];
  const value = amounts.nativeValue ?? 0n;
  if (value > 0n) calls.push(encodeFunctionData({ abi: NPM_ABI, functionName: "refundETH" }));
  return managerCall(
    options.contracts,
    calls,
    value,
    value > 0n ? "multicall(increaseLiquidity, refundETH)" : "increaseLiquidity",
  );
}

function collectCall(tokenId: bigint, recipient: Address): Hex {
  return encodeFunctionData({
    abi: NPM_ABI,
    functionName: "collect",
    args: [{ tokenId, recipient, amount0Max: maxUint128, amount1Max: maxUint128 }],
  });
}

/** How a remove or collect pays out. */
export interface PayoutOptions {
  /**
   * Pay the wrapped native side as ether: `collect` to the manager itself,
   * then `unwrapWETH9` (the WETH side) and `sweepToken` (the other side) to
   * the recipient. Ignored for a pair without the wrapped native token.
   */
  readonly nativeOut?: boolean;
}

/** Which side of a pair is the wrapped native token: 0, 1 or `null`. */
export function wrappedNativeSide(
  position: { readonly token0: Address; readonly token1: Address },
  contracts: UniswapContracts,
): 0 | 1 | null {
  const weth = contracts.wrappedNative.toLowerCase();
  return position.token0.toLowerCase() === weth ? 0 : position.token1.toLowerCase() === weth ? 1 : null;
}

/**
 * The payout calls after `decreaseLiquidity` (if any): one `collect` to the
 * recipient, or, for ether out, `collect` to the manager (`address(0)` means
 * the manager itself), `unwrapWETH9` and `sweepToken` with the minimums.
 */
function payoutCalls(
  position: Pick<V3Position, "tokenId" | "token0" | "token1">,
  minimums: { readonly amount0: bigint; readonly amount1: bigint },
  options: Pick<V3CallOptions, "contracts" | "recipient"> & PayoutOptions,
): { calls: Hex[]; labels: string[] } {
  const side = options.nativeOut ? wrappedNativeSide(position, options.contracts) : null;
  if (side === null) return { calls: [collectCall(position.tokenId, options.recipient)], labels: ["collect"] };
  const other = side === 0 ? position.token1 : position.token0;
  const [nativeMin, otherMin] = side === 0
    ? [minimums.amount0, minimums.amount1]
    : [minimums.amount1, minimums.amount0];
  return {
    calls: [
      collectCall(position.tokenId, zeroAddress),
      encodeFunctionData({ abi: NPM_ABI, functionName: "unwrapWETH9", args: [nativeMin, options.recipient] }),
      encodeFunctionData({ abi: NPM_ABI, functionName: "sweepToken", args: [other, otherMin, options.recipient] }),
    ],
    labels: ["collect", "unwrapWETH9", "sweepToken"],
  };
}

/**
 * Removes `liquidity` from a position and collects what it returns and the
 * fees, in one multicall; minimums from the position's amounts at the current
 * price and the slippage. With `nativeOut` the wrapped native side is paid as
 * ether (`unwrapWETH9`) and the other side swept to the recipient, each with
 * its minimum.
 */
export function buildRemove(
  position: V3Position,
  liquidity: bigint,
  sqrtPriceX96: bigint,
  options: V3CallOptions & PayoutOptions,
): TxRequest & { readonly amount0Min: bigint; readonly amount1Min: bigint } {
  if (liquidity <= 0n || liquidity > position.liquidity) {
    throw new RangeError(`Cannot remove ${liquidity} of a position's ${position.liquidity} liquidity`);
  }
  const expected = amountsForLiquidity(sqrtPriceX96, position.tickLower, position.tickUpper, liquidity);
  const amount0Min = minimum(expected.amount0, options.slippageBps);
  const amount1Min = minimum(expected.amount1, options.slippageBps);
  const payout = payoutCalls(position, { amount0: amount0Min, amount1: amount1Min }, options);
  const calls = [
    encodeFunctionData({
      abi: NPM_ABI,
      functionName: "decreaseLiquidity",
      args: [{ tokenId: position.tokenId, liquidity, amount0Min, amount1Min, deadline: options.deadline }],
    }),
    ...payout.calls,
  ];
  return {
    ...managerCall(options.contracts, calls, 0n, `multicall(decreaseLiquidity, ${payout.labels.join(", ")})`),
    amount0Min,
    amount1Min,
  };
}

/**
 * Collects a position's fees (and anything owed) to the recipient. With
 * `nativeOut` the wrapped native side comes as ether; `expected` (the fees a
 * simulated `collect` reported) are then the minimums of the unwrap and the
 * sweep (fees only grow).
 */
export function buildCollect(
  position: Pick<V3Position, "tokenId" | "token0" | "token1">,
  options: Pick<V3CallOptions, "contracts" | "recipient"> & PayoutOptions & {
    readonly expected?: { readonly amount0: bigint; readonly amount1: bigint };
  },
): TxRequest {
  const payout = payoutCalls(position, options.expected ?? { amount0: 0n, amount1: 0n }, options);
  return managerCall(
    options.contracts,
    payout.calls,
    0n,
    payout.calls.length === 1 ? "collect" : `multicall(${payout.labels.join(", ")})`,
  );
}

/** What the manager's `positions(tokenId)` answers, field by field. */
export type PositionTuple = readonly [
  bigint,
  Address,
  Address,
  Address,
  number,
  number,
  number,
  bigint,
  bigint,
  bigint,
  bigint,
  bigint,
];

/** The position `tokenId` from the manager's answer for it. */
export function positionOf(tokenId: bigint, p: PositionTuple): V3Position {
  return {
    tokenId,
    token0: p[2],
    token1: p[3],
    fee: Number(p[4]),
    tickLower: Number(p[5]),
    tickUpper: Number(p[6]),
    liquidity: p[7],
    tokensOwed0: p[10],
    tokensOwed1: p[11],
  };
}

/**
 * A position's uncollected fees: what `collect` would pay its owner now
 * (simulated as the owner, nothing sent).
 */
export async function uncollectedFees(
  simulateAs: (call: { from: Address; to: Address; data: Hex }) => Promise<Hex>,
  contracts: UniswapContracts,
  tokenId: bigint,
  owner: Address,
): Promise<{ amount0: bigint; amount1: bigint }> {
  const data = await simulateAs({ from: owner, to: contracts.v3PositionManager, data: collectCall(tokenId, owner) });
  const [amount0, amount1] = decodeFunctionResult({ abi: NPM_ABI, functionName: "collect", data }) as readonly [
    bigint,
    bigint,
  ];
  return { amount0, amount1 };
}
