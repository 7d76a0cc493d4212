/**
 * The tokens a wallet panel offers: the screen's token list, plus the tokens
 * the URL preselects when the list does not have them (a token page's "Swap"
 * link to a long-tail token), named from the chain.
 *
 * @module
 */
import { useMemo } from "react";
import { queryOptions } from "@tanstack/react-query";
import { erc20Abi, getAddress, type PublicClient } from "viem";
import type { TokenOption, TradeData } from "../lib/trade_loader.ts";
import { type TokenListControl, useTokenList } from "../lib/token_list.ts";
import { type Address, isAddress, NATIVE_PLACEHOLDER } from "../../lib/address.ts";
import { type Chain, tokenHref } from "../../lib/chains.ts";
import { chainKey } from "../lib/query/chain_reads.ts";
import { useAppQuery } from "../lib/query/query_client.ts";

/**
 * The contract of a token option: `native` for the chain's own currency, the
 * checksummed address, or `null` (no option, or a key that is no address).
 */
export function optionAddress(option: TokenOption | undefined): Address | "native" | null {
  if (!option) return null;
  if (option.key === NATIVE_PLACEHOLDER) return "native";
  return isAddress(option.key) ? getAddress(option.key) : null;
}

/** A panel's tokens (`tokens`) and the control of the pickers' whole list (`list`, for `TokenPicker`). */
export interface TokenOptions {
  readonly tokens: readonly TokenOption[];
  readonly list: TokenListControl;
}

/**
 * The screen's tokens (the first screen's, then the chain's whole list once
 * in: `useTokenList`) with the preselected ones the list lacks added.
 */
export function useTokenOptions(data: TradeData, client: PublicClient | null): TokenOptions {
  const list = useTokenList(data);
  // The URL's tokens are in the first screen's tokens whenever the chain's list has them.
  const shown = useMemo(() => (data.tokens.ok ? data.tokens.data : []), [data.tokens]);
  const listed = list.tokens;
  const missing = [data.input, data.output].filter((key): key is string =>
    key !== null && key !== "NATIVE" && !shown.some((t) => t.key === key)
  );
  const extra = useAppQuery(extraTokensQuery(client, data.chain, missing)).data ?? NONE;
  const tokens = useMemo(() => [...listed, ...extra.filter((e) => !listed.some((t) => t.key === e.key))], [
    listed,
    extra,
  ]);
  const { status, request } = list;
  return useMemo(() => ({ tokens, list: { status, request } }), [tokens, status, request]);
}

const NONE: readonly TokenOption[] = [];

/** The tokens of `keys` named from the chain (symbol, name); a key that is no token there is left out. */
export function extraTokensQuery(client: PublicClient | null, gatewayChain: Chain, keys: readonly string[]) {
  return queryOptions({
    queryKey: chainKey(client, "tokenNames", keys.map((k) => k.toLowerCase()).join(",")),
    queryFn: () => {
      if (!client) throw new Error("No chain to read token names from");
      return Promise.all(keys.map(async (key): Promise<TokenOption | null> => {
        try {
          const address = getAddress(key);
          const [symbol, name] = await Promise.all([
            client.readContract({ address, abi: erc20Abi, functionName: "symbol" }),
            client.readContract({ address, abi: erc20Abi, functionName: "name" }),
          ]);
          return { key, symbol, name, logoUrl: null, price: null, href: tokenHref(gatewayChain, address) };
        } catch {
          return null; // not a token on this chain: nothing to offer
        }
      })).then((found) => found.filter((t): t is TokenOption => t !== null));
    },
    enabled: !!client && keys.length > 0,
    staleTime: Infinity,
  });
}

/** One side of a token pair in a panel: its key and setter. */
export interface PairSide {
  readonly value: string;
  readonly set: (key: string) => void;
}

/**
 * A picker's `onSelect` for one side of a pair: picking the other side's
 * token swaps the two (as the trade screens' pickers do) instead of pairing a
 * token with itself.
 */
export function pairPicker(side: PairSide, other: PairSide): (key: string) => void {
  return (key) => {
    if (key === other.value && key !== side.value) other.set(side.value);
    side.set(key);
  };
}
