/**
 * Query options of the chain reads shared by every feature: a token's
 * decimals, an account's balance of one token, an allowance, and the balances
 * of every token a picker offers from one batched read. Keys start with `["chain", chainId]`,
 * so `refreshChainReads` (`client.ts`) refreshes them all after a transaction.
 * Each feature keeps its own reads' options beside its hooks, on the same key
 * scheme.
 *
 * @module
 */
import { queryOptions } from "@tanstack/react-query";
import { erc20Abi, formatUnits, getAddress, type PublicClient } from "viem";
import type { Address } from "../../../lib/address.ts";

/** A token on a chain: its address or the native currency. */
export type ChainToken = Address | "native";

const CONTRACT = /^0x[0-9a-f]{40}$/i;

/** The query key of a chain read: `["chain", chainId, ...parts]`. */
export function chainKey<P extends readonly unknown[]>(client: PublicClient | null, ...parts: P) {
  return ["chain", client?.chain?.id ?? 0, ...parts] as const;
}

/** A token's decimals (18 for the native currency); never stale. */
export function decimalsQuery(client: PublicClient | null, token: ChainToken | null) {
  return queryOptions({
    queryKey: chainKey(client, "decimals", token?.toLowerCase() ?? null),
    queryFn: async () => {
      if (!client || !token) throw new Error("No chain or token to read decimals of");
      if (token === "native") return 18;
      return await client.readContract({ address: token, abi: erc20Abi, functionName: "decimals" });
    },
    enabled: !!client && !!token,
    staleTime: Infinity,
    retry: false,
  });
}

/** `owner`'s balance of `token` (native or ERC-20), in its smallest unit. */
export function balanceQuery(client: PublicClient | null, token: ChainToken | null, owner: Address | null) {
  return queryOptions({
    queryKey: chainKey(client, "balance", token?.toLowerCase() ?? null, owner?.toLowerCase() ?? null),
    queryFn: async () => {
      if (!client || !token || !owner) throw new Error("No chain, token or account to read a balance of");
      if (token === "native") return await client.getBalance({ address: owner });
      return await client.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] });
    },
    enabled: !!client && !!token && !!owner,
  });
}

/** A token a picker offers: `key` is its address or `NATIVE`. */
export interface PickerToken {
  readonly key: string;
}

/** Balances by token key, as whole tokens (zero balances left out). */
export type PickerBalances = ReadonlyMap<string, string>;

/**
 * The balance of every offered token from one batched read: ERC-20
 * `balanceOf` and `decimals` in Multicall3 `aggregate3` calls (16 KB of call
 * data each) and the ether balance, sent together as one JSON-RPC batch.
 */
export async function readPickerBalances(
  client: PublicClient,
  account: Address,
  tokens: readonly PickerToken[],
): Promise<Map<string, string>> {
  const erc20s = tokens.filter((t) => CONTRACT.test(t.key));
  const [ether, results] = await Promise.all([
    tokens.some((t) => t.key === "NATIVE") ? client.getBalance({ address: account }) : Promise.resolve(0n),
    client.multicall({
      contracts: erc20s.flatMap((t) => [
        { address: getAddress(t.key), abi: erc20Abi, functionName: "balanceOf", args: [account] } as const,
        { address: getAddress(t.key), abi: erc20Abi, functionName: "decimals" } as const,
      ]),
      allowFailure: true,
      batchSize: 16_384,
      deployless: !client.chain?.contracts?.multicall3,
    }),
  ]);
  const balances = new Map<string, string>();
  if (ether > 0n) balances.set("NATIVE", formatUnits(ether, 18));
  erc20s.forEach((t, i) => {
    const [raw, decimals] = [results[2 * i], results[2 * i + 1]];
    if (raw?.status !== "success" || decimals?.status !== "success") return;
    if (typeof raw.result === "bigint" && raw.result > 0n && typeof decimals.result === "number") {
      balances.set(t.key, formatUnits(raw.result, decimals.result));
    }
  });
  return balances;
}

/** The balances of every token of `tokens` held by `account`, as a query. */
export function pickerBalancesQuery(
  client: PublicClient | null,
  account: Address | null,
  tokens: readonly PickerToken[],
) {
  return queryOptions({
    queryKey: chainKey(client, "pickerBalances", account?.toLowerCase() ?? null, tokens.map((t) => t.key).join(",")),
    queryFn: () => {
      if (!client || !account) throw new Error("No chain or account to read balances of");
      return readPickerBalances(client, account, tokens);
    },
    enabled: !!client && !!account && tokens.length > 0,
  });
}

/**
 * `spender`'s ERC-20 allowance over `owner`'s `token`. Stale at once: a
 * review reads it when it opens (`fetchQuery`), so what it lists follows the
 * chain, while two reads at once share one request and a mined transaction's
 * `refreshChainReads` reaches it like every chain read.
 */
export function allowanceQuery(client: PublicClient, token: Address, owner: Address, spender: Address) {
  return queryOptions({
    queryKey: chainKey(client, "allowance", token.toLowerCase(), owner.toLowerCase(), spender.toLowerCase()),
    queryFn: () =>
      client.readContract({ address: token, abi: erc20Abi, functionName: "allowance", args: [owner, spender] }),
    staleTime: 0,
  });
}
