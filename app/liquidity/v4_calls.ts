/**
 * The V4 PositionManager's calls, pure: `modifyLiquidities(unlockData,
 * deadline)` payloads for a mint (`MINT_POSITION` + `SETTLE_PAIR`, `SWEEP` of
 * spare ether for a native pool), an increase (`INCREASE_LIQUIDITY` +
 * `CLOSE_CURRENCY` of each side, so owed fees that exceed what the increase
 * takes are paid out instead of reverting), a decrease and a fee collection
 * (`DECREASE_LIQUIDITY` + `TAKE_PAIR`; collecting is a decrease of 0), a new
 * pool (`multicall(initializePool, modifyLiquidities)`), the position's
 * packed info, and the liquidity two amounts buy in a range.
 *
 * @module
 */
import { encodeAbiParameters, encodeFunctionData, type Hex, parseAbi } from "viem";
import type { Address } from "../../lib/address.ts";
import { V4_POOL_KEY_ABI, type V4PoolKey } from "../../lib/pool_address.ts";
import { minimumReceived } from "../lib/trade_math.ts";
import { amountsForLiquidity, liquidityForAmounts } from "./v3_position.ts";
import type { TxRequest } from "../lib/tx_request.ts";

/** PositionManager actions (`Actions.sol` of v4-periphery 1.0.3). */
export const V4_ACTIONS = {
  INCREASE_LIQUIDITY: 0x00,
  DECREASE_LIQUIDITY: 0x01,
  MINT_POSITION: 0x02,
  SETTLE_PAIR: 0x0d,
  TAKE_PAIR: 0x11,
  CLOSE_CURRENCY: 0x12,
  SWEEP: 0x14,
} as const;

/** The zero address: the native currency in a pool key. */
export const NATIVE: Address = "0x0000000000000000000000000000000000000000";

const MAX_UINT128 = 2n ** 128n - 1n;

/** The PositionManager's functions the screens call or read. */
export const V4_POSITION_MANAGER_ABI = parseAbi([
  "struct PoolKey { address currency0; address currency1; uint24 fee; int24 tickSpacing; address hooks; }",
  "function modifyLiquidities(bytes unlockData, uint256 deadline) payable",
  "function initializePool(PoolKey key, uint160 sqrtPriceX96) payable returns (int24)",
  "function multicall(bytes[] data) payable returns (bytes[] results)",
  "function getPoolAndPositionInfo(uint256 tokenId) view returns (PoolKey poolKey, uint256 info)",
  "function getPositionLiquidity(uint256 tokenId) view returns (uint128 liquidity)",
  "function ownerOf(uint256 tokenId) view returns (address)",
  "function nextTokenId() view returns (uint256)",
  "event Transfer(address indexed from, address indexed to, uint256 indexed id)",
]);

const POOL_KEY = V4_POOL_KEY_ABI;

const PAIR = [{ type: "address" }, { type: "address" }] as const;

/** `modifyLiquidities`' `unlockData`: the packed action bytes and their parameters. */
export function unlockData(actions: readonly number[], params: readonly Hex[]): Hex {
  if (actions.length !== params.length) {
    throw new RangeError(`Cannot encode ${actions.length} actions with ${params.length} parameters`);
  }
  const packed = `0x${actions.map((a) => a.toString(16).padStart(2, "0")).join("")}` as Hex;
  return encodeAbiParameters([{ type: "bytes" }, { type: "bytes[]" }], [packed, [...params]]);
}

/** Whether a pool key pays currency0 in native ether. */
export function isNativePool(key: Pick<V4PoolKey, "currency0">): boolean {
  return BigInt(key.currency0) === 0n;
}

/** A new position: the pool, the range, the liquidity and the most of each side the holder lets it take. */
export interface V4MintParams {
  readonly key: V4PoolKey;
  readonly tickLower: number;
  readonly tickUpper: number;
  readonly liquidity: bigint;
  readonly amount0Max: bigint;
  readonly amount1Max: bigint;
  readonly recipient: Address;
}

/** The actions and parameters of a mint. */
function mintActions(p: V4MintParams): { actions: number[]; params: Hex[] } {
  const native = isNativePool(p.key);
  return {
    actions: [V4_ACTIONS.MINT_POSITION, V4_ACTIONS.SETTLE_PAIR, ...(native ? [V4_ACTIONS.SWEEP] : [])],
    params: [
      encodeAbiParameters(
        [
          POOL_KEY,
          { type: "int24" },
          { type: "int24" },
          { type: "uint256" },
          { type: "uint128" },
          {
            type: "uint128",
          },
          { type: "address" },
          { type: "bytes" },
        ],
        [p.key, p.tickLower, p.tickUpper, p.liquidity, p.amount0Max, p.amount1Max, p.recipient, "0x"],
      ),
      encodeAbiParameters(PAIR, [p.key.currency0, p.key.currency1]),
      ...(native ? [encodeAbiParameters(PAIR, [NATIVE, p.recipient])] : []),
    ],
  };
}

function modify(manager: Address, data: Hex, deadline: bigint, value: bigint, label: string): TxRequest {
  return {
    to: manager,
    data: encodeFunctionData({
      abi: V4_POSITION_MANAGER_ABI,
      functionName: "modifyLiquidities",
      args: [data, deadline],
    }),
    value,
    label: `PositionManager.${label}`,
  };
}

/**
 * Opens a position: `modifyLiquidities(MINT_POSITION, SETTLE_PAIR[, SWEEP])`,
 * ether (at most `amount0Max`) sent as value for a native pool, the rest swept
 * back; with `initialSqrtPriceX96` the pool is created first, in one
 * `multicall(initializePool, modifyLiquidities)`.
 */
export function buildV4Mint(
  manager: Address,
  p: V4MintParams,
  deadline: bigint,
  initialSqrtPriceX96?: bigint,
): TxRequest {
  const { actions, params } = mintActions(p);
  const value = isNativePool(p.key) ? p.amount0Max : 0n;
  const tx = modify(manager, unlockData(actions, params), deadline, value, "modifyLiquidities(MINT_POSITION)");
  if (initialSqrtPriceX96 === undefined) return tx;
  const init = encodeFunctionData({
    abi: V4_POSITION_MANAGER_ABI,
    functionName: "initializePool",
    args: [p.key, initialSqrtPriceX96],
  });
  return {
    ...tx,
    data: encodeFunctionData({ abi: V4_POSITION_MANAGER_ABI, functionName: "multicall", args: [[init, tx.data]] }),
    label: "PositionManager.multicall(initializePool, modifyLiquidities)",
  };
}

/**
 * Adds `liquidity` to position `tokenId`: `INCREASE_LIQUIDITY` then
 * `CLOSE_CURRENCY` of each side (pays what is owed, takes what the position's
 * fees leave over) and `SWEEP` of spare ether for a native pool.
 */
export function buildV4Increase(
  manager: Address,
  p: {
    readonly key: V4PoolKey;
    readonly tokenId: bigint;
    readonly liquidity: bigint;
    readonly amount0Max: bigint;
    readonly amount1Max: bigint;
    readonly recipient: Address;
  },
  deadline: bigint,
): TxRequest {
  const native = isNativePool(p.key);
  const actions = [
    V4_ACTIONS.INCREASE_LIQUIDITY,
    V4_ACTIONS.CLOSE_CURRENCY,
    V4_ACTIONS.CLOSE_CURRENCY,
    ...(native ? [V4_ACTIONS.SWEEP] : []),
  ];
  const params: Hex[] = [
    encodeAbiParameters(
      [{ type: "uint256" }, { type: "uint256" }, { type: "uint128" }, { type: "uint128" }, { type: "bytes" }],
      [p.tokenId, p.liquidity, p.amount0Max, p.amount1Max, "0x"],
    ),
    encodeAbiParameters([{ type: "address" }], [p.key.currency0]),
    encodeAbiParameters([{ type: "address" }], [p.key.currency1]),
    ...(native ? [encodeAbiParameters(PAIR, [NATIVE, p.recipient])] : []),
  ];
  const value = native ? p.amount0Max : 0n;
  return modify(manager, unlockData(actions, params), deadline, value, "modifyLiquidities(INCREASE_LIQUIDITY)");
}

/**
 * Takes `liquidity` out of position `tokenId` with its fees, paid to
 * `recipient` (ether for a native side): `DECREASE_LIQUIDITY` + `TAKE_PAIR`.
 * A `liquidity` of 0 collects the fees alone.
 */
export function buildV4Decrease(
  manager: Address,
  p: {
    readonly key: V4PoolKey;
    readonly tokenId: bigint;
    readonly liquidity: bigint;
    readonly amount0Min: bigint;
    readonly amount1Min: bigint;
    readonly recipient: Address;
  },
  deadline: bigint,
): TxRequest {
  const actions = [V4_ACTIONS.DECREASE_LIQUIDITY, V4_ACTIONS.TAKE_PAIR];
  const params: Hex[] = [
    encodeAbiParameters(
      [{ type: "uint256" }, { type: "uint256" }, { type: "uint128" }, { type: "uint128" }, { type: "bytes" }],
      [p.tokenId, p.liquidity, p.amount0Min, p.amount1Min, "0x"],
    ),
    encodeAbiParameters([{ type: "address" }, { type: "address" }, { type: "address" }], [
      p.key.currency0,
      p.key.currency1,
      p.recipient,
    ]),
  ];
  const what = p.liquidity === 0n ? "DECREASE_LIQUIDITY 0, TAKE_PAIR" : "DECREASE_LIQUIDITY, TAKE_PAIR";
  return modify(manager, unlockData(actions, params), deadline, 0n, `modifyLiquidities(${what})`);
}

/** A position's range (and whether a subscriber is notified), unpacked from `PositionInfo`. */
export function decodePositionInfo(info: bigint): { tickLower: number; tickUpper: number; hasSubscriber: boolean } {
  const int24 = (raw: bigint) => {
    const n = Number(raw & 0xffffffn);
    return n >= 0x800000 ? n - 0x1000000 : n;
  };
  return { tickLower: int24(info >> 8n), tickUpper: int24(info >> 32n), hasSubscriber: (info & 0xffn) !== 0n };
}

/**
 * The most liquidity `amount0` and `amount1` buy in a range at `sqrtPriceX96`
 * (`LiquidityAmounts.getLiquidityForAmounts`), less 0.01% so that the
 * rounding of the chain's exact tick math never asks for more than typed.
 */
export function mintLiquidity(
  sqrtPriceX96: bigint,
  tickLower: number,
  tickUpper: number,
  amount0: bigint,
  amount1: bigint,
): bigint {
  const exact = liquidityForAmounts(sqrtPriceX96, tickLower, tickUpper, amount0, amount1);
  const liquidity = exact - exact / 10_000n;
  return liquidity > MAX_UINT128 ? MAX_UINT128 : liquidity;
}

/** The most of each side a mint or increase of `liquidity` may take: what it holds now plus the slippage. */
export function maxAmounts(
  sqrtPriceX96: bigint,
  tickLower: number,
  tickUpper: number,
  liquidity: bigint,
  slippageBps: number,
): { amount0Max: bigint; amount1Max: bigint } {
  const { amount0, amount1 } = amountsForLiquidity(sqrtPriceX96, tickLower, tickUpper, liquidity);
  const up = (n: bigint) => n === 0n ? 0n : n + n * BigInt(slippageBps) / 10_000n + 1n;
  return { amount0Max: up(amount0), amount1Max: up(amount1) };
}

/** The least of each side a decrease of `liquidity` must pay: what it holds now less the slippage. */
export function minAmounts(
  sqrtPriceX96: bigint,
  tickLower: number,
  tickUpper: number,
  liquidity: bigint,
  slippageBps: number,
): { amount0Min: bigint; amount1Min: bigint } {
  const { amount0, amount1 } = amountsForLiquidity(sqrtPriceX96, tickLower, tickUpper, liquidity);
  const down = (n: bigint) => (n === 0n ? 0n : minimumReceived(n, slippageBps));
  return { amount0Min: down(amount0), amount1Min: down(amount1) };
}

/**
 * Fees a position is owed: the growth inside its range since it last
 * settled, times its liquidity (`Position.sol`: unchecked 256-bit differences,
 * Q128 fixed point).
 */
export function feesOwed(
  liquidity: bigint,
  inside: { readonly growth0: bigint; readonly growth1: bigint },
  last: { readonly growth0: bigint; readonly growth1: bigint },
): { amount0: bigint; amount1: bigint } {
  const mod = 2n ** 256n;
  const delta = (now: bigint, then: bigint) => ((now - then) % mod + mod) % mod;
  return {
    amount0: delta(inside.growth0, last.growth0) * liquidity / 2n ** 128n,
    amount1: delta(inside.growth1, last.growth1) * liquidity / 2n ** 128n,
  };
}

/** The salt StateView names a PositionManager position by: its token id as `bytes32`. */
export function positionSalt(tokenId: bigint): Hex {
  return `0x${tokenId.toString(16).padStart(64, "0")}`;
}
