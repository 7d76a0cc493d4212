/**
 * Query options of the V2 liquidity reads, on the app's one query client
 * (`app/lib/query/`) and its `["chain", chainId, ...]` keys, so a mined
 * transaction's `refreshChainReads()` refetches them: a pair of two tokens
 * (reserves in the picked order, `null` when the factory has none) and the
 * account's pair tokens in pairs the screen knows of.
 *
 * @module
 */
import { queryOptions } from "@tanstack/react-query";
import type { PublicClient } from "viem";
import type { Address } from "../../lib/address.ts";
import type { PublicChain } from "../../lib/rpc_directory.ts";
import type { SwapToken } from "../swap/swap_routes.ts";
import { readPair } from "./v2_pair.ts";
import { chainKey } from "../lib/query/chain_reads.ts";
import { chainCall } from "../wallet/chain_call.ts";
import { readV2Rows } from "./positions_read.ts";

const lower = (a: string | null | undefined) => a?.toLowerCase() ?? null;

/** The V2 pair of `tokenA` and `tokenB` (reserves in that order), `null` without one. */
export function v2PairQuery(
  client: PublicClient | null,
  chain: PublicChain | null,
  tokenA: SwapToken | null,
  tokenB: SwapToken | null,
) {
  return queryOptions({
    queryKey: chainKey(client, "v2Pair", lower(tokenA?.address), lower(tokenB?.address)),
    queryFn: async () => {
      if (!client || !chain || !tokenA || !tokenB) throw new Error("No chain or pair to read");
      // A pair the factory cannot read counts as none: the form offers to create it.
      return await readPair(chainCall(client), chain.contracts, tokenA, tokenB).catch(() => null);
    },
    enabled: !!client && !!chain && !!tokenA && !!tokenB,
  });
}

/** `owner`'s pair tokens of `pairs` (only pairs it holds), with what they withdraw. */
export function v2RowsQuery(client: PublicClient | null, pairs: readonly Address[], owner: Address | null) {
  return queryOptions({
    queryKey: chainKey(client, "v2Rows", lower(owner), pairs.map((p) => p.toLowerCase()).join(",")),
    queryFn: () => {
      if (!client || !owner) throw new Error("No chain or account to read pair tokens of");
      return readV2Rows(client, pairs, owner);
    },
    enabled: !!client && !!owner,
  });
}
