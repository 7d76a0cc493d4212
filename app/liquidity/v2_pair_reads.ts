/**
 * The reads of a V2 screen (add, remove, import, migrate): the two picked
 * tokens with their decimals, their pair (reserves in the picked order and
 * total supply, `null` when the factory has none) and the connected
 * account's pair tokens and balances of both tokens. Every read is a query of
 * the app's one client (`app/lib/query/`, `app/liquidity/v2_queries.ts`), so
 * a mined transaction refetches them all (`refreshChainReads`).
 *
 * @module
 */
import { useMemo } from "react";
import { useQueries } from "@tanstack/react-query";
import type { TradeData } from "../lib/trade_loader.ts";
import type { SwapToken } from "../swap/swap_routes.ts";
import { balanceQuery, decimalsQuery } from "../lib/query/chain_reads.ts";
import { queryClient, useAppQuery } from "../lib/query/query_client.ts";
import { v2PairQuery } from "./v2_queries.ts";
import { optionAddress, useTokenOptions } from "../wallet/token_options.ts";
import { publicClient, type WalletState } from "../wallet/wallet_store.ts";

/**
 * The two tokens of a V2 screen with their decimals, the pair, the account's
 * pair tokens and its balances of both sides (`balances`, picked order; the
 * native token's is ether's).
 */
export function usePair(data: TradeData, wallet: WalletState, keys: { a: string; b: string }) {
  const chain = wallet.chains.find((c) => c.chain === data.chain) ?? null;
  const client = useMemo(() => (chain ? publicClient(chain) : null), [chain]);
  const { tokens, list } = useTokenOptions(data, client);
  const optionA = tokens.find((t) => t.key === keys.a);
  const optionB = tokens.find((t) => t.key === keys.b);
  const addresses = [optionAddress(optionA), optionAddress(optionB)] as const;
  const decimals = useQueries({ queries: addresses.map((a) => decimalsQuery(client, a)) }, queryClient());
  const side = (i: 0 | 1): SwapToken | null => {
    const [address, option, d] = [addresses[i], [optionA, optionB][i], decimals[i]?.data];
    return address && option && d !== undefined ? { address, symbol: option.symbol, decimals: d } : null;
  };
  const [tokenA, tokenB] = [side(0), side(1)];
  const pairRead = useAppQuery(v2PairQuery(client, chain, tokenA, tokenB));
  const pair = tokenA && tokenB ? pairRead.data : undefined;
  const lpRead = useAppQuery(balanceQuery(client, pair?.address ?? null, wallet.address));
  const held = useQueries({ queries: addresses.map((a) => balanceQuery(client, a, wallet.address)) }, queryClient());
  const balances = [held[0]?.data ?? null, held[1]?.data ?? null] as const;
  return {
    chain,
    client,
    tokens,
    list,
    tokenA,
    tokenB,
    picked: [optionA ?? null, optionB ?? null] as const,
    pair,
    lpBalance: pair && wallet.address ? lpRead.data ?? null : null,
    balances: wallet.address ? balances : [null, null] as const,
  };
}
