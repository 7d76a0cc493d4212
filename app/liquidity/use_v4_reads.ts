/**
 * The V4 screens' chain reads as queries of the app's one query client
 * (`app/lib/query/`), keyed `["chain", chainId, "v4", ...]` so
 * `refreshChainReads()` refetches them after a transaction: a pair's pools,
 * currencies' metadata, positions by id and a holder's positions.
 *
 * @module
 */
import { queryOptions } from "@tanstack/react-query";
import type { PublicClient } from "viem";
import type { Address } from "../../lib/address.ts";
import type { UniswapContracts } from "../../lib/chains.ts";
import { chainKey } from "../lib/query/chain_reads.ts";
import { useAppQuery } from "../lib/query/query_client.ts";
import { currencyMeta, readHolderV4Rows, readPairPools, readV4RowsByIds } from "./v4_read.ts";

type Contracts = UniswapContracts | null | undefined;

/** The initialised V4 pools of a sorted pair, deepest first. */
export function useV4PairPools(
  client: PublicClient | null,
  contracts: Contracts,
  pair: readonly [Address, Address] | null,
) {
  return useAppQuery(queryOptions({
    queryKey: chainKey(client, "v4", "pairPools", pair?.join(",").toLowerCase() ?? null),
    queryFn: () => {
      if (!client || !contracts || !pair) throw new Error("No chain or pair to read V4 pools of");
      return readPairPools(client, contracts, pair[0], pair[1]);
    },
    enabled: !!client && !!contracts && !!pair,
  }));
}

/** Symbols and decimals of a pair's currencies (ether for the zero address). */
export function useCurrencyMeta(client: PublicClient | null, pair: readonly [Address, Address] | null) {
  return useAppQuery(queryOptions({
    queryKey: chainKey(client, "v4", "meta", pair?.join(",").toLowerCase() ?? null),
    queryFn: () => {
      if (!client || !pair) throw new Error("No chain or pair to read currencies of");
      return currencyMeta(client, pair);
    },
    enabled: !!client && !!pair,
    staleTime: Infinity,
  }));
}

/** One V4 position by token id (`null` when the manager never minted it). */
export function useV4Position(client: PublicClient | null, contracts: Contracts, tokenId: bigint | null) {
  return useAppQuery(queryOptions({
    queryKey: chainKey(client, "v4", "position", tokenId?.toString() ?? null),
    queryFn: async () => {
      if (!client || !contracts || tokenId === null) throw new Error("No chain or position to read");
      return (await readV4RowsByIds(client, contracts, [tokenId]))[0] ?? null;
    },
    enabled: !!client && !!contracts && tokenId !== null,
  }));
}

/** The V4 positions `owner` holds, newest first. */
export function useHolderV4Rows(client: PublicClient | null, contracts: Contracts, owner: Address | null) {
  return useAppQuery(queryOptions({
    queryKey: chainKey(client, "v4", "holder", owner?.toLowerCase() ?? null),
    queryFn: () => {
      if (!client || !contracts || !owner) throw new Error("No chain or account to read V4 positions of");
      return readHolderV4Rows(client, contracts, owner);
    },
    enabled: !!client && !!contracts && !!owner,
  }));
}
