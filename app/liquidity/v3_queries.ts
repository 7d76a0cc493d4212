/**
 * Query options of the V3 liquidity reads, on the app's one query client
 * and its `["chain", chainId, ...]` keys (refetched by `refreshChainReads()`
 * after a mined transaction): an account's positions, one position by id with
 * its owner, and a pair's pools at every fee tier with what each holds (the
 * fee tier chooser's TVL).
 *
 * @module
 */
import { queryOptions } from "@tanstack/react-query";
import { erc20Abi, type PublicClient } from "viem";
import type { Address } from "../../lib/address.ts";
import { V3_FEE_TIERS } from "../../lib/fees.ts";
import type { PublicChain } from "../../lib/rpc_directory.ts";
import { readPool, sortTokens, type V3Pool } from "./v3_position.ts";
import { chainKey } from "../lib/query/chain_reads.ts";
import { chainCall } from "../wallet/chain_call.ts";
import { positionOwner, readMany, tokenMeta } from "./liquidity_shared.tsx";
import { readV3Rows, readV3RowsByIds, type V3Row } from "./positions_read.ts";
import type { TokenMeta } from "./liquidity_shared.tsx";

const lower = (a: string | null | undefined) => a?.toLowerCase() ?? null;

/** `owner`'s V3 positions on `chain`, newest first. */
export function v3RowsQuery(client: PublicClient | null, chain: PublicChain | null, owner: Address | null) {
  return queryOptions({
    queryKey: chainKey(client, "v3Rows", lower(owner)),
    queryFn: () => {
      if (!client || !chain || !owner) throw new Error("No chain or account to read positions of");
      return readV3Rows(client, chain.contracts, owner);
    },
    enabled: !!client && !!chain && !!owner,
  });
}

/** A position read by id, with its owner (and the fees owed when `account` owns it). */
export interface OwnedPosition {
  readonly row: V3Row;
  readonly owner: Address;
}

/** Position `id` with its owner; fees are read only when `account` is the owner. */
export function v3PositionQuery(
  client: PublicClient | null,
  chain: PublicChain | null,
  id: bigint | null,
  account: Address | null,
) {
  return queryOptions({
    queryKey: chainKey(client, "v3Position", id === null ? null : String(id), lower(account)),
    queryFn: async (): Promise<OwnedPosition> => {
      if (!client || !chain || id === null) throw new Error("No chain or position id to read");
      const owner = await positionOwner(client, chain.contracts.v3PositionManager, id);
      const mine = !!account && owner.toLowerCase() === account.toLowerCase();
      const [row] = await readV3RowsByIds(client, chain.contracts, [id], mine ? account : null);
      if (!row) throw new Error(`Position #${id} was not found on ${chain.label}`);
      return { row, owner };
    },
    enabled: !!client && !!chain && id !== null,
    retry: false,
  });
}

/** The pool of each fee tier (`null`: none), by fee. */
export type TierPools = ReadonlyMap<number, V3Pool | null>;

/** What each fee tier's pool holds, `[token0, token1]` in their smallest units, by fee. */
export type TierReserves = ReadonlyMap<number, readonly [bigint, bigint]>;

/** A pair's tokens (pool order), its pools at every tier (`null`: none) and what each pool holds. */
export interface PairPools {
  readonly pair: readonly [TokenMeta, TokenMeta];
  readonly pools: TierPools;
  readonly reserves: TierReserves;
}

/** The pools of `addressA`/`addressB` at every fee tier, read at once. */
export function pairPoolsQuery(
  client: PublicClient | null,
  chain: PublicChain | null,
  addressA: Address | null,
  addressB: Address | null,
) {
  const [x, y] = addressA && addressB ? sortTokens(addressA, addressB) : [null, null];
  return queryOptions({
    queryKey: chainKey(client, "v3PairPools", lower(x), lower(y)),
    queryFn: async (): Promise<PairPools> => {
      if (!client || !chain || !x || !y) throw new Error("No chain or pair to read pools of");
      const call = chainCall(client);
      const [t0, t1, found] = await Promise.all([
        tokenMeta(client, x),
        tokenMeta(client, y),
        Promise.all(V3_FEE_TIERS.map((t) => readPool(call, chain.contracts, x, y, t.fee).catch(() => null))),
      ]);
      const existing = found.filter((p) => p !== null);
      const held = await readMany(
        client,
        existing.flatMap((p) => [
          { address: x, abi: erc20Abi, functionName: "balanceOf", args: [p.address] },
          { address: y, abi: erc20Abi, functionName: "balanceOf", args: [p.address] },
        ]),
      );
      const reserves = new Map(existing.map((p, i) => [p.fee, [asBig(held[2 * i]), asBig(held[2 * i + 1])] as const]));
      return { pair: [t0, t1], pools: new Map(V3_FEE_TIERS.map((t, i) => [t.fee, found[i]])), reserves };
    },
    enabled: !!client && !!chain && !!x && !!y && x !== y,
  });
}

function asBig(value: unknown): bigint {
  return typeof value === "bigint" ? value : 0n;
}
