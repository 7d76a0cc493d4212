/**
 * V4 reads on chain, batched (viem's multicall: one `eth_call` per batch):
 * a pool's state by key through StateView, the pools of a pair, positions by
 * token id (pool key, range, liquidity, owner, what they hold and the fees
 * they are owed from StateView's fee growth), and the ids a holder owns.
 *
 * The V4 PositionManager has no ERC-721 enumeration: a holder's ids are the
 * `Transfer`s to it in the manager's logs (one `eth_getLogs`), kept when
 * `ownerOf` still names it. V4 has no factory to ask for a pair's pools: the
 * candidates are the four standard fee tiers without a hook and every pool
 * key the PositionManager holds a position in (its newest 256 ids, which
 * finds hooked and dynamic-fee pools), each kept when StateView says it is
 * initialised.
 *
 * @module
 */
import { erc20Abi, parseAbi, parseAbiItem, type PublicClient } from "viem";
import type { Address } from "../../lib/address.ts";
import type { UniswapContracts } from "../../lib/chains.ts";
import { v4PoolId, type V4PoolKey, v4TickSpacing } from "../../lib/pool_address.ts";
import { amountsForLiquidity } from "./v3_position.ts";
import { readMany, type TokenMeta } from "./liquidity_shared.tsx";
import { type PositionStatus, positionStatus } from "./positions_read.ts";
import { decodePositionInfo, feesOwed, positionSalt, V4_POSITION_MANAGER_ABI } from "./v4_calls.ts";

/** StateView's reads of a pool and a position. */
export const STATE_VIEW_ABI = parseAbi([
  "function getSlot0(bytes32 poolId) view returns (uint160 sqrtPriceX96, int24 tick, uint24 protocolFee, uint24 lpFee)",
  "function getLiquidity(bytes32 poolId) view returns (uint128 liquidity)",
  "function getPositionInfo(bytes32 poolId, address owner, int24 tickLower, int24 tickUpper, bytes32 salt) view returns (uint128 liquidity, uint256 feeGrowthInside0LastX128, uint256 feeGrowthInside1LastX128)",
  "function getFeeGrowthInside(bytes32 poolId, int24 tickLower, int24 tickUpper) view returns (uint256 feeGrowthInside0X128, uint256 feeGrowthInside1X128)",
]);

/** The fee of a dynamic-fee pool key (`LPFeeLibrary.DYNAMIC_FEE_FLAG`). */
export const DYNAMIC_FEE = 0x800000;

/** The fee tiers a new V4 pool may take here (no hook): fee and tick spacing as Uniswap's interface creates them. */
export const V4_NEW_POOL_FEES = [100, 500, 3000, 10000] as const;

/** A V4 pool as read through StateView. */
export interface V4Pool {
  readonly key: V4PoolKey;
  readonly id: `0x${string}`;
  readonly sqrtPriceX96: bigint;
  readonly tick: number;
  /** The fee swaps pay now (a dynamic fee's current value), in hundredths of a basis point. */
  readonly lpFee: number;
  readonly liquidity: bigint;
}

/** The pools of `keys` that are initialised (others left out), in one multicall. */
export async function readV4Pools(
  client: PublicClient,
  contracts: UniswapContracts,
  keys: readonly V4PoolKey[],
): Promise<V4Pool[]> {
  const ids = keys.map((key) => v4PoolId(key));
  const reads = await readMany(
    client,
    ids.flatMap((id) => [
      { address: contracts.v4StateView, abi: STATE_VIEW_ABI, functionName: "getSlot0", args: [id] },
      { address: contracts.v4StateView, abi: STATE_VIEW_ABI, functionName: "getLiquidity", args: [id] },
    ]),
  );
  return keys.flatMap((key, i) => {
    const slot0 = reads[2 * i] as readonly [bigint, number, number, number] | null;
    if (!slot0 || slot0[0] === 0n) return [];
    return [{
      key,
      id: ids[i],
      sqrtPriceX96: slot0[0],
      tick: Number(slot0[1]),
      lpFee: Number(slot0[3]),
      liquidity: (reads[2 * i + 1] as bigint | null) ?? 0n,
    }];
  });
}

const keyText = (k: V4PoolKey) => `${k.currency0}:${k.currency1}:${k.fee}:${k.tickSpacing}:${k.hooks}`.toLowerCase();

/** The pool keys the PositionManager holds positions in (its newest `scan` ids). */
async function managedKeys(client: PublicClient, contracts: UniswapContracts, scan: number): Promise<V4PoolKey[]> {
  const manager = contracts.v4PositionManager;
  const next = await client.readContract({
    address: manager,
    abi: V4_POSITION_MANAGER_ABI,
    functionName: "nextTokenId",
  });
  const first = next - BigInt(scan) > 1n ? next - BigInt(scan) : 1n;
  const ids = Array.from({ length: Number(next - first) }, (_, i) => first + BigInt(i));
  const reads = await readMany(
    client,
    ids.map((id) => ({
      address: manager,
      abi: V4_POSITION_MANAGER_ABI,
      functionName: "getPoolAndPositionInfo",
      args: [id],
    })),
  );
  const keys = new Map<string, V4PoolKey>();
  for (const read of reads) {
    const key = (read as readonly [V4PoolKey, bigint] | null)?.[0];
    if (key && BigInt(key.tickSpacing) !== 0n) keys.set(keyText(key), key);
  }
  return [...keys.values()];
}

/**
 * The initialised V4 pools of a pair (currencies sorted, the native one the
 * zero address), deepest first.
 */
export async function readPairPools(
  client: PublicClient,
  contracts: UniswapContracts,
  currency0: Address,
  currency1: Address,
): Promise<V4Pool[]> {
  const standard: V4PoolKey[] = V4_NEW_POOL_FEES.map((fee) => ({
    currency0,
    currency1,
    fee,
    tickSpacing: v4TickSpacing(fee, false),
    hooks: "0x0000000000000000000000000000000000000000",
  }));
  const managed = (await managedKeys(client, contracts, 256).catch(() => [])).filter((k) =>
    k.currency0.toLowerCase() === currency0.toLowerCase() && k.currency1.toLowerCase() === currency1.toLowerCase()
  );
  const keys = new Map([...standard, ...managed].map((k) => [keyText(k), k]));
  const pools = await readV4Pools(client, contracts, [...keys.values()]);
  return pools.sort((a, b) => (a.liquidity === b.liquidity ? 0 : a.liquidity > b.liquidity ? -1 : 1));
}

/** A currency's symbol and decimals (ether for the zero address). */
export function nativeMeta(symbol = "ETH"): TokenMeta {
  return { address: "0x0000000000000000000000000000000000000000", symbol, decimals: 18 };
}

/** Symbols and decimals of currencies, in one multicall (the zero address is ether). */
export async function currencyMeta(
  client: PublicClient,
  currencies: readonly Address[],
): Promise<Map<string, TokenMeta>> {
  const erc20s = [...new Set(currencies.filter((c) => BigInt(c) !== 0n))];
  const reads = await readMany(
    client,
    erc20s.flatMap((address) => [
      { address, abi: erc20Abi, functionName: "symbol" },
      { address, abi: erc20Abi, functionName: "decimals" },
    ]),
  );
  const meta = new Map<string, TokenMeta>([[nativeMeta().address, nativeMeta()]]);
  erc20s.forEach((address, i) =>
    meta.set(address.toLowerCase(), {
      address,
      symbol: String(reads[2 * i] ?? "UNK"),
      decimals: Number(reads[2 * i + 1] ?? 18),
    })
  );
  return meta;
}

/** One V4 position as the screens show it. */
export interface V4Row {
  readonly tokenId: bigint;
  readonly key: V4PoolKey;
  readonly owner: Address;
  readonly tickLower: number;
  readonly tickUpper: number;
  readonly liquidity: bigint;
  readonly token0: TokenMeta;
  readonly token1: TokenMeta;
  readonly pool: V4Pool | null;
  readonly status: PositionStatus;
  /** What its liquidity holds at the current price. */
  readonly held: { readonly amount0: bigint; readonly amount1: bigint } | null;
  /** Fees owed now, from StateView's fee growth; `null` when unreadable. */
  readonly fees: { readonly amount0: bigint; readonly amount1: bigint } | null;
}

/**
 * Positions by token id in two multicalls whatever their number (an id the
 * manager never minted is left out): pool keys, ranges, liquidity and owners;
 * then each pool's state, fee growth inside each range and what StateView
 * last recorded for each position, and the tokens' metadata.
 */
export async function readV4RowsByIds(
  client: PublicClient,
  contracts: UniswapContracts,
  ids: readonly bigint[],
): Promise<V4Row[]> {
  const manager = contracts.v4PositionManager;
  const first = await readMany(
    client,
    ids.flatMap((id) =>
      (["getPoolAndPositionInfo", "getPositionLiquidity", "ownerOf"] as const).map((functionName) => ({
        address: manager,
        abi: V4_POSITION_MANAGER_ABI,
        functionName,
        args: [id],
      }))
    ),
  );
  const found = ids.flatMap((tokenId, i) => {
    const info = first[3 * i] as readonly [V4PoolKey, bigint] | null;
    const owner = first[3 * i + 2] as Address | null;
    if (!info || !owner || BigInt(info[0].tickSpacing) === 0n) return [];
    const { tickLower, tickUpper } = decodePositionInfo(info[1]);
    const key = { ...info[0], fee: Number(info[0].fee), tickSpacing: Number(info[0].tickSpacing) };
    return [{ tokenId, key, id: v4PoolId(key), owner, tickLower, tickUpper, liquidity: first[3 * i + 1] as bigint }];
  });
  if (found.length === 0) return [];
  const sv = contracts.v4StateView;
  const [pools, second, meta] = await Promise.all([
    readV4Pools(client, contracts, found.map((f) => f.key)),
    readMany(
      client,
      found.flatMap((f) => [
        {
          address: sv,
          abi: STATE_VIEW_ABI,
          functionName: "getPositionInfo",
          args: [f.id, manager, f.tickLower, f.tickUpper, positionSalt(f.tokenId)],
        },
        {
          address: sv,
          abi: STATE_VIEW_ABI,
          functionName: "getFeeGrowthInside",
          args: [f.id, f.tickLower, f.tickUpper],
        },
      ]),
    ),
    currencyMeta(client, found.flatMap((f) => [f.key.currency0, f.key.currency1])),
  ]);
  return found.map((f, i) => {
    const pool = pools.find((p) => p.id === f.id) ?? null;
    const last = second[2 * i] as readonly [bigint, bigint, bigint] | null;
    const inside = second[2 * i + 1] as readonly [bigint, bigint] | null;
    return {
      tokenId: f.tokenId,
      key: f.key,
      owner: f.owner,
      tickLower: f.tickLower,
      tickUpper: f.tickUpper,
      liquidity: f.liquidity,
      token0: meta.get(f.key.currency0.toLowerCase())!,
      token1: meta.get(f.key.currency1.toLowerCase())!,
      pool,
      status: positionStatus(f, pool),
      held: pool ? amountsForLiquidity(pool.sqrtPriceX96, f.tickLower, f.tickUpper, f.liquidity) : null,
      fees: last && inside
        ? feesOwed(last[0], { growth0: inside[0], growth1: inside[1] }, { growth0: last[1], growth1: last[2] })
        : null,
    };
  });
}

const TRANSFER = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 indexed id)");

/**
 * The V4 position ids `owner` holds, newest first (at most `limit`): the
 * manager's `Transfer`s to it (one `eth_getLogs`), kept where `ownerOf`
 * still names it.
 */
export async function holderV4Ids(
  client: PublicClient,
  contracts: UniswapContracts,
  owner: Address,
  limit = 50,
): Promise<bigint[]> {
  const logs = await client.getLogs({
    address: contracts.v4PositionManager,
    event: TRANSFER,
    args: { to: owner },
    fromBlock: "earliest",
    toBlock: "latest",
  });
  const ids = [...new Set(logs.map((l) => l.args.id).filter((id): id is bigint => typeof id === "bigint"))]
    .sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
  const owners = await readMany(
    client,
    ids.map((id) => ({
      address: contracts.v4PositionManager,
      abi: V4_POSITION_MANAGER_ABI,
      functionName: "ownerOf",
      args: [id],
    })),
  );
  return ids.filter((_, i) => String(owners[i] ?? "").toLowerCase() === owner.toLowerCase()).slice(0, limit);
}

/** The holder's V4 positions with their figures. */
export async function readHolderV4Rows(
  client: PublicClient,
  contracts: UniswapContracts,
  owner: Address,
): Promise<V4Row[]> {
  return await readV4RowsByIds(client, contracts, await holderV4Ids(client, contracts, owner));
}
