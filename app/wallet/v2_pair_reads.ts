/**
 * The reads of a V2 screen (add, remove, import, migrate): the two picked
 * tokens with their decimals, their pair (reserves in the picked order and
 * total supply, `null` when the factory has none) and the connected
 * account's pair tokens.
 *
 * @module
 */
import { useEffect, useMemo, useState } from "react";
import type { TradeData } from "../lib/trade_loader.ts";
import type { SwapToken } from "../lib/wallet_swap.ts";
import { readPair, type V2Pair } from "../lib/wallet_v2.ts";
import { chainCall } from "./chain_call.ts";
import { optionAddress, useTokenOptions } from "./token_options.ts";
import { publicClient, type WalletState } from "./wallet_store.ts";
import { tokenBalance, tokenDecimals } from "./wallet_tx.ts";

/** The two tokens of a V2 screen with their decimals, the pair and the account's pair tokens. */
export function usePair(data: TradeData, wallet: WalletState, keys: { a: string; b: string }, refresh: number) {
  const chain = wallet.chains.find((c) => c.chain === data.chain) ?? null;
  const client = useMemo(() => (chain ? publicClient(chain) : null), [chain]);
  const { tokens, list } = useTokenOptions(data, client);
  const optionA = tokens.find((t) => t.key === keys.a);
  const optionB = tokens.find((t) => t.key === keys.b);
  const addressA = optionAddress(optionA);
  const addressB = optionAddress(optionB);
  const [tokenA, setTokenA] = useState<SwapToken | null>(null);
  const [tokenB, setTokenB] = useState<SwapToken | null>(null);
  const [pair, setPair] = useState<V2Pair | null | undefined>(undefined);
  const [lpBalance, setLpBalance] = useState<bigint | null>(null);

  useEffect(() => {
    setTokenA(null);
    setTokenB(null);
    if (!client || !addressA || !addressB || !optionA || !optionB) return;
    void Promise.all([tokenDecimals(client, addressA), tokenDecimals(client, addressB)]).then(([da, db]) => {
      setTokenA({ address: addressA, symbol: optionA.symbol, decimals: da });
      setTokenB({ address: addressB, symbol: optionB.symbol, decimals: db });
    }, () => {});
  }, [client, addressA, addressB]);

  useEffect(() => {
    setPair(undefined);
    if (!client || !chain || !tokenA || !tokenB) return;
    const call = chainCall(client);
    void readPair(call, chain.contracts, tokenA, tokenB).then(setPair, () => setPair(null));
  }, [client, chain, tokenA, tokenB, refresh]);

  useEffect(() => {
    setLpBalance(null);
    if (!client || !pair || !wallet.address) return;
    void tokenBalance(client, pair.address, wallet.address).then(setLpBalance, () => {});
  }, [client, pair, wallet.address]);

  return { chain, client, tokens, list, tokenA, tokenB, pair, lpBalance };
}
