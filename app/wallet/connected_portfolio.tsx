/**
 * `/portfolio` with a connected wallet (no `?address=`): that wallet. Its
 * balances come from the gateway, or, when the gateway knows nothing of the
 * address, are read on its chain for the chain's listed tokens (one
 * multicall) and valued at the gateway's prices; then its liquidity
 * positions, and the transactions this interface sent from it
 * (`tx_history.ts`, status from receipts). Nothing is invented: no live feed
 * unless the gateway has one for that wallet.
 *
 * Loaded by `components/portfolio_screen.tsx` only in the browser, with a
 * `fallback` it shows while no wallet is connected.
 *
 * @module
 */
import { type ReactNode, useEffect, useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { useClient } from "urql";
import { erc20Abi, getAddress } from "viem";
import type { Address as Hex40 } from "../../lib/address.ts";
import type { Chain } from "../../lib/chains.ts";
import { formatUsd } from "../lib/format.ts";
import { fetchTopPools, fetchTopTokens, VERSIONS } from "../lib/explore_data.ts";
import { type Balances, fetchBalances } from "../lib/portfolio_data.ts";
import { chainBalances, type ChainHolding } from "../lib/portfolio_chain.ts";
import { type PricedToken, pricedTokens } from "../lib/wallet_loaders.ts";
import { Address } from "../components/address.tsx";
import { BalancesSection } from "../components/portfolio_screen.tsx";
import { Time } from "../components/time.tsx";
import { readMany, useChain } from "./liquidity_shared.tsx";
import { PositionsList } from "./positions_list.tsx";
import { listTxs, onTxHistory, type TxRecord, updateTxState } from "./tx_history.ts";
import { useWallet } from "./wallet_store.ts";

/** Where the balances come from. */
type Source = "gateway" | "chain";

/** The wallet's balances: the gateway's when it has some, else read on chain. */
function useBalances(chainName: Chain | null, client: ReturnType<typeof useChain>["client"], address: Hex40 | null) {
  const gateway = useClient();
  const [state, setState] = useState<{ balances: Balances; source: Source } | { error: string } | null>(null);
  const [pairs, setPairs] = useState<Hex40[]>([]);
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
      const listed = tokens.flatMap((t) => {
        const key = t.href.split("/").pop() ?? "";
        return /^0x[0-9a-fA-F]{40}$/.test(key) ? [{ row: t, address: getAddress(key) }] : [];
      });
      const reads = await readMany(
        client,
        listed.flatMap(({ address: token }) => [
          { address: token, abi: erc20Abi, functionName: "balanceOf", args: [address] },
          { address: token, abi: erc20Abi, functionName: "decimals" },
        ]),
      );
      const native = tokens.find((t) => /\/NATIVE$/i.test(t.href));
      const weth = tokens.find((t) => t.symbol === "WETH");
      const holdings: ChainHolding[] = [{
        address: null,
        symbol: "ETH",
        name: native?.name ?? "Ether",
        logoUrl: native?.logoUrl ?? weth?.logoUrl ?? null,
        price: native?.price ?? weth?.price ?? null,
        decimals: 18,
        raw: await client.getBalance({ address }),
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
          decimals,
          raw,
        });
      });
      return { balances: chainBalances(chainName, holdings), source: "chain" as const };
    })().then((s) => live && setState(s), () => live && setState({ error: "Cannot read this wallet's balances" }));
    // The V2 pairs whose pair tokens the wallet may hold: the chain's top V2 pairs.
    void fetchTopPools(gateway, { chain: chainName, versions: VERSIONS.filter((v) => v === "v2") }).then((page) => {
      if (!live) return;
      setPairs(page.rows.flatMap((p) => {
        const key = p.href.split("/").pop() ?? "";
        return /^0x[0-9a-fA-F]{40}$/.test(key) ? [getAddress(key)] : [];
      }));
    }, () => {});
    return () => {
      live = false;
    };
  }, [chainName, client, address, gateway]);
  return { state, pairs, priced };
}

/** The transactions this interface sent from the account, their pending ones checked against receipts. */
function useSentTxs(
  account: string | null,
  chainId: number | null,
  client: ReturnType<typeof useChain>["client"],
): TxRecord[] {
  const [version, setVersion] = useState(0);
  useEffect(() => onTxHistory(() => setVersion((n) => n + 1)), []);
  const records = account && chainId !== null ? listTxs(account, chainId) : [];
  const pending = records.filter((r) => r.state === "pending").map((r) => r.hash).join(",");
  useEffect(() => {
    if (!client || !account || chainId === null || !pending) return;
    for (const hash of pending.split(",")) {
      client.waitForTransactionReceipt({ hash: hash as `0x${string}`, pollingInterval: 2_000, timeout: 120_000 })
        .then((receipt) =>
          updateTxState(account, chainId, hash, receipt.status === "success" ? "confirmed" : "reverted")
        )
        .catch(() => {}); // still pending, or dropped: left as it is
    }
  }, [client, account, chainId, pending, version]);
  return records;
}

const STATE_TEXT = { pending: "Pending", confirmed: "Confirmed", reverted: "Reverted" } as const;

/** Whether this render is the browser's after hydration. */
function useHydrated(): boolean {
  return useSyncExternalStore(() => () => {}, () => true, () => false);
}

/** The connected wallet's portfolio, or `fallback` while none is connected. */
export function ConnectedPortfolio({ fallback }: { fallback: ReactNode }) {
  const wallet = useWallet();
  const hydrated = useHydrated();
  const chain = wallet.chains.find((c) => c.chainId === wallet.chainId) ?? wallet.chains[0] ?? null;
  const { client } = useChain(wallet, chain?.chain ?? "");
  const address = wallet.status === "connected" ? wallet.address : null;
  const { state, pairs, priced } = useBalances(chain?.chain ?? null, client, address);
  const txs = useSentTxs(address, chain?.chainId ?? null, client);

  if (!hydrated || !wallet.ready || wallet.status === "reconnecting" || wallet.status === "connecting") {
    return <p className="muted" role="status">Looking for your wallet…</p>;
  }
  if (!address) return <>{fallback}</>;
  if (!chain) return <p className="muted">This wallet's chain is not available here.</p>;
  return (
    <section className="connected-portfolio" data-testid="connected-portfolio" aria-labelledby="wallet-title">
      <h2 id="wallet-title" className="visually-hidden">Your wallet</h2>
      <p className="address-line">
        Your wallet <Address address={address} chain={chain.chain} /> on {chain.label}
      </p>
      {state === null ? <p className="muted" role="status">Reading your balances…</p> : null}
      {state && "error" in state ? <p role="alert">{state.error}</p> : null}
      {state && "balances" in state
        ? (
          <>
            <p className="chart-header">
              <span className="chart-value" data-testid="portfolio-total">
                {formatUsd(state.balances.total, { compact: false })}
              </span>
              <span className="muted">
                {state.source === "chain"
                  ? `Balances read on ${chain.label}, valued at the data gateway's prices`
                  : "Balances from the data gateway"}
              </span>
            </p>
            <BalancesSection rows={state.balances.rows} />
          </>
        )
        : null}
      <PositionsList chainName={chain.chain} v2Pairs={pairs} tokens={priced} />
      <section aria-labelledby="sent-title">
        <h2 id="sent-title">Sent from this interface</h2>
        {txs.length === 0
          ? <p className="empty">No transaction sent from this browser yet.</p>
          : (
            <ul className="portfolio-txs" data-testid="sent-txs">
              {txs.map((tx) => (
                <li key={tx.hash} className="card" data-state={tx.state}>
                  <span>
                    <strong>{tx.summary}</strong>
                    <br />
                    <span className="muted">
                      {STATE_TEXT[tx.state]} · <Time timestamp={Math.floor(tx.sentAt / 1000)} relative />
                    </span>
                  </span>
                  {tx.explorer
                    ? <a href={tx.explorer} target="_blank" rel="noreferrer">View on the explorer</a>
                    : <code className="mono" data-testid="sent-hash">{tx.hash}</code>}
                </li>
              ))}
            </ul>
          )}
        <p>
          <Link to="/swap">Swap</Link> · <Link to="/send">Send</Link> · <Link to="/positions">Positions</Link>
        </p>
      </section>
    </section>
  );
}
