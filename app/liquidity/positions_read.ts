/**
 * The connected account's liquidity, read on chain: its V3 positions from
 * the NonfungiblePositionManager (pair, fee tier, range, status, liquidity,
 * what it holds and the fees it is owed) and its V2 pair tokens in the pairs
 * the screen knows of (share, what it would withdraw). `/positions` and the
 * portfolio list them.
 *
 * @module
 */
import {
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  maxUint128,
  parseAbi,
  type PublicClient,
  zeroAddress,
} from "viem";
import type { Address } from "../../lib/address.ts";
import type { UniswapContracts } from "../../lib/chains.ts";
import { V2_PAIR_ABI } from "./v2_pair.ts";
import {
  amountsForLiquidity,
  FACTORY_ABI,
  NPM_ABI,
  POOL_ABI,
  positionOf,
  type PositionTuple,
  tickSpacingOf,
  type V3Pool,
  type V3Position,
} from "./v3_position.ts";
import { readMany, type TokenMeta } from "./liquidity_shared.tsx";

/** In range, out of range, or closed (no liquidity left). */
export type PositionStatus = "in-range" | "out-of-range" | "closed";

/** The words of a status. */
export const STATUS_TEXT: Readonly<Record<PositionStatus, string>> = {
  "in-range": "In range",
  "out-of-range": "Out of range",
  closed: "Closed",
};

/** A position's status against its pool's current tick. */
export function positionStatus(
  position: Pick<V3Position, "liquidity" | "tickLower" | "tickUpper">,
  pool: Pick<V3Pool, "tick"> | null,
): PositionStatus {
  if (position.liquidity === 0n) return "closed";
  return pool && pool.tick >= position.tickLower && pool.tick < position.tickUpper ? "in-range" : "out-of-range";
}

/** One V3 position as the lists show it. */
export interface V3Row {
  readonly position: V3Position;
  readonly token0: TokenMeta;
  readonly token1: TokenMeta;
  readonly pool: V3Pool | null;
  readonly status: PositionStatus;
  /** What its liquidity holds at the current price. */
  readonly held: { readonly amount0: bigint; readonly amount1: bigint } | null;
  /** What `collect` would pay now (fees and anything owed); `null` when it could not be simulated. */
  readonly fees: { readonly amount0: bigint; readonly amount1: bigint } | null;
}

/** One V2 pair the account holds pair tokens of. */
export interface V2Row {
  readonly pair: Address;
  readonly token0: TokenMeta;
  readonly token1: TokenMeta;
  readonly balance: bigint;
  readonly totalSupply: bigint;
  /** Its share of each reserve. */
  readonly amount0: bigint;
  readonly amount1: bigint;
}

/**
 * Positions by token id with their tokens, pools, status, holdings and owed
 * fees, in a handful of calls whatever their number: the positions, token
 * metadata, pools and prices each in one multicall, and the fees in one
 * simulated manager `multicall` of `collect`s as the owner (`owner` `null`:
 * fees not read). An id the manager does not know is left out.
 */
export async function readV3RowsByIds(
  client: PublicClient,
  contracts: UniswapContracts,
  ids: readonly bigint[],
  owner: Address | null,
): Promise<V3Row[]> {
  const manager = contracts.v3PositionManager;
  const raw = await readMany(
    client,
    ids.map((id) => ({ address: manager, abi: NPM_ABI, functionName: "positions", args: [id] })),
  );
  const positions: V3Position[] = ids.flatMap((tokenId, i) => {
    const p = raw[i] as PositionTuple | null;
    return p ? [positionOf(tokenId, p)] : [];
  });
  if (positions.length === 0) return [];
  const tokens = [...new Set(positions.flatMap((p) => [p.token0, p.token1]))];
  const keys = [...new Set(positions.map((p) => `${p.token0}:${p.token1}:${p.fee}`))];
  const [metaReads, fees] = await Promise.all([
    readMany(client, [
      ...tokens.flatMap((address) => [
        { address, abi: erc20Abi, functionName: "symbol" },
        { address, abi: erc20Abi, functionName: "decimals" },
      ]),
      ...keys.map((key) => {
        const [a, b, fee] = key.split(":");
        return { address: contracts.v3Factory, abi: FACTORY_ABI, functionName: "getPool", args: [a, b, Number(fee)] };
      }),
    ]),
    owner ? owedFees(client, manager, positions, owner).catch(() => null) : null,
  ]);
  const meta = new Map(tokens.map((address, i) => [address, {
    address,
    symbol: String(metaReads[2 * i] ?? "UNK"),
    decimals: Number(metaReads[2 * i + 1] ?? 18),
  }]));
  const poolAddresses = keys.map((_, i) => metaReads[2 * tokens.length + i] as Address | null);
  const slots = await readMany(
    client,
    poolAddresses.flatMap((address) =>
      address && address !== zeroAddress ? [{ address, abi: POOL_ABI, functionName: "slot0" }] : []
    ),
  );
  const pools = new Map<string, V3Pool>();
  let slot = 0;
  keys.forEach((key, i) => {
    const address = poolAddresses[i];
    if (!address || address === zeroAddress) return;
    const s0 = slots[slot++] as readonly [bigint, number] | null;
    if (!s0 || s0[0] === 0n) return;
    const [token0, token1, fee] = key.split(":");
    pools.set(key, {
      address,
      token0: token0 as Address,
      token1: token1 as Address,
      fee: Number(fee),
      tickSpacing: tickSpacingOf(Number(fee)),
      sqrtPriceX96: s0[0],
      tick: Number(s0[1]),
      liquidity: 0n, // not read: the lists need the price only
    });
  });
  return positions.map((position, i) => {
    const pool = pools.get(`${position.token0}:${position.token1}:${position.fee}`) ?? null;
    return {
      position,
      token0: meta.get(position.token0)!,
      token1: meta.get(position.token1)!,
      pool,
      status: positionStatus(position, pool),
      held: pool
        ? amountsForLiquidity(pool.sqrtPriceX96, position.tickLower, position.tickUpper, position.liquidity)
        : null,
      fees: fees?.[i] ?? null,
    };
  });
}

/** What `collect` would pay the owner for each position: one simulated manager `multicall`. */
async function owedFees(
  client: PublicClient,
  manager: Address,
  positions: readonly V3Position[],
  owner: Address,
): Promise<{ amount0: bigint; amount1: bigint }[]> {
  const calls = positions.map((p) =>
    encodeFunctionData({
      abi: NPM_ABI,
      functionName: "collect",
      args: [{ tokenId: p.tokenId, recipient: owner, amount0Max: maxUint128, amount1Max: maxUint128 }],
    })
  );
  const { data } = await client.call({
    account: owner,
    to: manager,
    data: encodeFunctionData({ abi: NPM_ABI, functionName: "multicall", args: [calls] }),
  });
  const results = decodeFunctionResult({ abi: NPM_ABI, functionName: "multicall", data: data ?? "0x" });
  return results.map((r) => {
    const [amount0, amount1] = decodeFunctionResult({ abi: NPM_ABI, functionName: "collect", data: r });
    return { amount0, amount1 };
  });
}

/** The account's V3 positions, newest first (at most `limit`). */
export async function readV3Rows(
  client: PublicClient,
  contracts: UniswapContracts,
  owner: Address,
  limit = 50,
): Promise<V3Row[]> {
  const manager = contracts.v3PositionManager;
  const count = await client.readContract({ address: manager, abi: NPM_ABI, functionName: "balanceOf", args: [owner] });
  const n = Number(count < BigInt(limit) ? count : BigInt(limit));
  const ids = await readMany(
    client,
    Array.from({ length: n }, (_, i) => ({
      address: manager,
      abi: NPM_ABI,
      functionName: "tokenOfOwnerByIndex",
      args: [owner, count - 1n - BigInt(i)],
    })),
  );
  return await readV3RowsByIds(client, contracts, ids.filter((id): id is bigint => typeof id === "bigint"), owner);
}

/** The account's pair tokens in `pairs` (those it holds none of are left out), in three multicalls. */
export async function readV2Rows(client: PublicClient, pairs: readonly Address[], owner: Address): Promise<V2Row[]> {
  const balances = await readMany(
    client,
    pairs.map((address) => ({ address, abi: V2_PAIR_ABI, functionName: "balanceOf", args: [owner] })),
  );
  const held = pairs.flatMap((pair, i) => {
    const balance = balances[i];
    return typeof balance === "bigint" && balance > 0n ? [{ pair, balance }] : [];
  });
  if (held.length === 0) return [];
  const reads = await readMany(
    client,
    held.flatMap(({ pair: address }) =>
      (["token0", "token1", "getReserves", "totalSupply"] as const).map((functionName) => ({
        address,
        abi: [...V2_PAIR_ABI, ...TOKEN1_ABI],
        functionName,
      }))
    ),
  );
  const tokens = [...new Set(held.flatMap((_, i) => [reads[4 * i] as Address, reads[4 * i + 1] as Address]))];
  const metaReads = await readMany(
    client,
    tokens.flatMap((address) => [
      { address, abi: erc20Abi, functionName: "symbol" },
      { address, abi: erc20Abi, functionName: "decimals" },
    ]),
  );
  const meta = (address: Address): TokenMeta => {
    const i = tokens.indexOf(address);
    return { address, symbol: String(metaReads[2 * i] ?? "UNK"), decimals: Number(metaReads[2 * i + 1] ?? 18) };
  };
  return held.map(({ pair, balance }, i) => {
    const reserves = reads[4 * i + 2] as readonly [bigint, bigint, number];
    const totalSupply = reads[4 * i + 3] as bigint;
    return {
      pair,
      token0: meta(reads[4 * i] as Address),
      token1: meta(reads[4 * i + 1] as Address),
      balance,
      totalSupply,
      amount0: totalSupply > 0n ? balance * reserves[0] / totalSupply : 0n,
      amount1: totalSupply > 0n ? balance * reserves[1] / totalSupply : 0n,
    };
  });
}

const TOKEN1_ABI = parseAbi(["function token1() view returns (address)"]);
