/**
 * The connected wallet's balances: the gateway's when it knows the address,
 * else the chain's listed tokens read on chain in one multicall (the native
 * balance in the same round trip), valued at the gateway's prices with their
 * 24 h change; and the chain's top V2 pairs, whose pair tokens the wallet may
 * hold.
 *
 * @module
 */
import { queryOptions } from "@tanstack/react-query";
import { type Client as GatewayClient, useClient } from "urql";
import { erc20Abi, getAddress, type PublicClient } from "viem";
import type { Address } from "../../lib/address.ts";
import type { Chain } from "../../lib/chains.ts";
import { fetchTopPools, fetchTopTokens, VERSIONS } from "../lib/explore_data.ts";
import { type Balances, fetchBalances } from "../lib/portfolio_data.ts";
import { chainBalances, type ChainHolding } from "../lib/portfolio_chain.ts";
import type { TokenRow } from "../lib/rows.ts";
import { type PricedToken, pricedTokens } from "../lib/wallet_loaders.ts";
import { readMany } from "../liquidity/liquidity_shared.tsx";
import { chainKey } from "../lib/query/chain_reads.ts";
import { useAppQuery } from "../lib/query/query_client.ts";

/** Where the balances come from. */
export type BalanceSource = "gateway" | "chain";

/** What {@linkcode useConnectedBalances} gives. */
export type BalancesState = { balances: Balances; source: BalanceSource } | { error: string } | null;

const CONTRACT = /^0x[0-9a-fA-F]{40}$/;

/** The holdings of `owner` among the chain's listed tokens, read on chain (two reads a token in one multicall). */
async function readHoldings(client: PublicClient, tokens: readonly TokenRow[], owner: Address) {
  const listed = tokens.flatMap((t) => {
    const key = t.href.split("/").pop() ?? "";
    return CONTRACT.test(key) ? [{ row: t, address: getAddress(key) }] : [];
  });
  const [reads, native] = await Promise.all([
    readMany(
      client,
      listed.flatMap(({ address: token }) => [
        { address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] },
        { address: token, abi: erc20Abi, functionName: "decimals" },
      ]),
    ),
    client.getBalance({ address: owner }),
  ]);
  const ether = tokens.find((t) => /\/NATIVE$/i.test(t.href));
  const weth = tokens.find((t) => t.symbol === "WETH");
  const holdings: ChainHolding[] = [{
    address: null,
    symbol: "ETH",
    name: ether?.name ?? "Ether",
    logoUrl: ether?.logoUrl ?? weth?.logoUrl ?? null,
    price: ether?.price ?? weth?.price ?? null,
    change24h: ether?.change1d ?? weth?.change1d ?? null,
    decimals: 18,
    raw: native,
  }];
  listed.forEach(({ row, address: token }, i) => {
    const raw = reads[2 * i];
    const decimals = reads[2 * i + 1];
    if (typeof raw !== "bigint" || typeof decimals !== "number") return;
    holdings.push({
      address: token.toLowerCase(),
      symbol: row.symbol,
      name: row.name,
      logoUrl: row.logoUrl,
      price: row.price,
      change24h: row.change1d,
      decimals,
      raw,
    });
  });
  return holdings;
}

/** The wallet's balances with where they come from, and the chain's priced tokens (those read on chain only). */
async function readBalances(gateway: GatewayClient, chainName: Chain, client: PublicClient, address: Address) {
  const known = await fetchBalances(gateway, address.toLowerCase()).catch(() => null);
  if (known && known.rows.length > 0) {
    return { state: { balances: known, source: "gateway" as const }, priced: [] as PricedToken[] };
  }
  const tokens = await fetchTopTokens(gateway, chainName).catch(() => []);
  const balances = chainBalances(chainName, await readHoldings(client, tokens, address));
  return { state: { balances, source: "chain" as const }, priced: pricedTokens(tokens) };
}

/** The connected wallet's balances as a query on the chain key (refetched after a mined transaction). */
export function connectedBalancesQuery(
  gateway: GatewayClient,
  chainName: Chain | null,
  client: PublicClient | null,
  address: Address | null,
) {
  return queryOptions({
    queryKey: chainKey(client, "portfolioBalances", chainName, address?.toLowerCase() ?? null),
    queryFn: () => {
      if (!chainName || !client || !address) throw new Error("No chain or account to read balances of");
      return readBalances(gateway, chainName, client, address);
    },
    enabled: !!chainName && !!client && !!address,
  });
}

/** The chain's top V2 pairs, whose pair tokens the wallet may hold. */
export function topV2PairsQuery(gateway: GatewayClient, chainName: Chain | null) {
  return queryOptions({
    queryKey: ["gateway", chainName, "topV2Pairs"],
    queryFn: async () => {
      if (!chainName) throw new Error("No chain to list pairs of");
      const page = await fetchTopPools(gateway, { chain: chainName, versions: VERSIONS.filter((v) => v === "v2") });
      return page.rows.flatMap((p) => {
        const key = p.href.split("/").pop() ?? "";
        return CONTRACT.test(key) ? [getAddress(key)] : [];
      });
    },
    enabled: !!chainName,
    staleTime: 5 * 60_000,
  });
}

/** The wallet's balances, the V2 pairs it may hold and the chain's priced tokens. */
export function useConnectedBalances(chainName: Chain | null, client: PublicClient | null, address: Address | null) {
  const gateway = useClient();
  const read = useAppQuery(connectedBalancesQuery(gateway, chainName, client, address));
  const pairs = useAppQuery(topV2PairsQuery(gateway, chainName));
  const state: BalancesState = read.isError
    ? { error: "Cannot read this wallet's balances" }
    : read.data?.state ?? null;
  return { state, pairs: pairs.data ?? NO_PAIRS, priced: read.data?.priced ?? NO_PRICES };
}

const NO_PAIRS: readonly Address[] = [];
const NO_PRICES: readonly PricedToken[] = [];
