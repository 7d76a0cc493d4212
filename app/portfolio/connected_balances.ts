/**
 * The connected wallet's balances: the gateway's when it knows the address,
 * else the chain's listed tokens read on chain in one multicall (the native
 * balance in the same round trip), valued at the gateway's prices with their
 * 24 h change; and the chain's top V2 pairs, whose pair tokens the wallet may
 * hold.
 *
 * @module
 */
import { useEffect, useState } from "react";
import { useClient } from "urql";
import { erc20Abi, getAddress, type PublicClient } from "viem";
import type { Address } from "../../lib/address.ts";
import type { Chain } from "../../lib/chains.ts";
import { fetchTopPools, fetchTopTokens, VERSIONS } from "../lib/explore_data.ts";
import { type Balances, fetchBalances } from "../lib/portfolio_data.ts";
import { chainBalances, type ChainHolding } from "../lib/portfolio_chain.ts";
import type { TokenRow } from "../lib/rows.ts";
import { type PricedToken, pricedTokens } from "../lib/wallet_loaders.ts";
import { readMany } from "../wallet/liquidity_shared.tsx";

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

/** The wallet's balances, the V2 pairs it may hold and the chain's priced tokens. */
export function useConnectedBalances(chainName: Chain | null, client: PublicClient | null, address: Address | null) {
  const gateway = useClient();
  const [state, setState] = useState<BalancesState>(null);
  const [pairs, setPairs] = useState<Address[]>([]);
  const [priced, setPriced] = useState<PricedToken[]>([]);
  useEffect(() => {
    setState(null);
    if (!chainName || !client || !address) return;
    let live = true;
    void (async () => {
      const known = await fetchBalances(gateway, address.toLowerCase()).catch(() => null);
      if (known && known.rows.length > 0) return { balances: known, source: "gateway" as const };
      const tokens = await fetchTopTokens(gateway, chainName).catch(() => []);
      if (live) setPriced(pricedTokens(tokens));
      return {
        balances: chainBalances(chainName, await readHoldings(client, tokens, address)),
        source: "chain" as const,
      };
    })().then((s) => live && setState(s), () => live && setState({ error: "Cannot read this wallet's balances" }));
    void fetchTopPools(gateway, { chain: chainName, versions: VERSIONS.filter((v) => v === "v2") }).then((page) => {
      if (!live) return;
      setPairs(page.rows.flatMap((p) => {
        const key = p.href.split("/").pop() ?? "";
        return CONTRACT.test(key) ? [getAddress(key)] : [];
      }));
    }, () => {});
    return () => {
      live = false;
    };
  }, [chainName, client, address, gateway]);
  return { state, pairs, priced };
}
