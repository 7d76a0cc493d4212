/**
 * `/portfolio` and its tabs with a connected wallet (no `?address=`): each
 * tab its own view. Overview: the total with its 24 h change, the largest
 * balances, the positions and the latest activity; Tokens: every balance with
 * its 24 h price change; DeFi: the V3 positions and V2 pairs with fees owed;
 * NFTs: the gateway's NFTs of the address; Activity: this interface's
 * transactions and the gateway's activity of the address, newest first.
 *
 * Loaded by `components/portfolio_screen.tsx` only in the browser.
 *
 * @module
 */
import { type ReactNode, useSyncExternalStore } from "react";
import { queryOptions } from "@tanstack/react-query";
import { Link } from "react-router";
import { useClient } from "urql";
import type { Address as Hex40 } from "../../lib/address.ts";
import type { PublicChain } from "../../lib/rpc_directory.ts";
import { changeDirection, formatPercentChange, formatUsd } from "../lib/format.ts";
import { type Activity, describeActivity } from "../lib/activity.ts";
import { fetchActivity, fetchNfts, type NftCard } from "../lib/portfolio_data.ts";
import type { PricedToken } from "../lib/wallet_loaders.ts";
import { Address } from "../components/address.tsx";
import { NftGrid } from "./nft_grid.tsx";
import { Time } from "../components/time.tsx";
import { useChain } from "../liquidity/liquidity_shared.tsx";
import { PositionsList } from "../liquidity/positions_list.tsx";
import type { TxRecord } from "../wallet/tx_history.ts";
import { useWallet } from "../wallet/wallet_store.ts";
import { BalancesSection } from "./balances_section.tsx";
import { type BalancesState, useConnectedBalances } from "./connected_balances.ts";
import { useSentTxs } from "./sent_txs.ts";
import { useAppQuery } from "../lib/query/query_client.ts";

/** The tabs of the portfolio. */
export type PortfolioTab = "overview" | "tokens" | "defi" | "nfts" | "activity";

const TABS: readonly { tab: PortfolioTab; to: string; label: string }[] = [
  { tab: "overview", to: "/portfolio", label: "Overview" },
  { tab: "tokens", to: "/portfolio/tokens", label: "Tokens" },
  { tab: "defi", to: "/portfolio/defi", label: "DeFi" },
  { tab: "nfts", to: "/portfolio/nfts", label: "NFTs" },
  { tab: "activity", to: "/portfolio/activity", label: "Activity" },
];

const STATE_TEXT = { pending: "Pending", confirmed: "Confirmed", reverted: "Reverted" } as const;

/** Whether this render is the browser's after hydration. */
function useHydrated(): boolean {
  return useSyncExternalStore(() => () => {}, () => true, () => false);
}

/** The total and its 24 h change. */
function Total({ state, chain }: { state: BalancesState; chain: PublicChain }) {
  if (state === null) return <p className="muted" role="status">Reading your balances…</p>;
  if ("error" in state) return <p role="alert">{state.error}</p>;
  const { balances, source } = state;
  return (
    <p className="chart-header">
      <span className="chart-value" data-testid="portfolio-total">{formatUsd(balances.total, { compact: false })}</span>
      {balances.change24hPercent !== null
        ? (
          <span
            className={`change change-${changeDirection(balances.change24hPercent)}`}
            data-testid="portfolio-change"
          >
            {formatPercentChange(balances.change24hPercent)}{" "}
            ({formatUsd(balances.change24hAbsolute, { compact: false })}) today
          </span>
        )
        : null}
      <span className="muted">
        {source === "chain"
          ? `Balances read on ${chain.label}, valued at the data gateway's prices`
          : "Balances from the data gateway"}
      </span>
    </p>
  );
}

/** One entry of the merged activity: a transaction of this interface or one the gateway knows. */
type Entry = { kind: "sent"; at: number; tx: TxRecord } | { kind: "gateway"; at: number; activity: Activity };

/** This interface's transactions and the gateway's activity of the address, newest first. */
function MergedActivity({ txs, address, limit }: { txs: readonly TxRecord[]; address: Hex40; limit?: number }) {
  const gateway = useClient();
  const read = useAppQuery(queryOptions({
    queryKey: ["gateway", "activity", address.toLowerCase()],
    queryFn: async () => (await fetchActivity(gateway, address.toLowerCase())).rows,
  }));
  // The gateway's activity, once read (none when it cannot say): this interface's own transactions show regardless.
  const known: readonly Activity[] | null = read.isError ? [] : read.data ?? null;
  const sentHashes = new Set(txs.map((t) => t.hash.toLowerCase()));
  const entries: Entry[] = [
    ...txs.map((tx): Entry => ({ kind: "sent", at: tx.sentAt, tx })),
    ...(known ?? []).filter((a) => !sentHashes.has(a.id.toLowerCase())).map((activity): Entry => ({
      kind: "gateway",
      at: activity.timestamp * 1000,
      activity,
    })),
  ].sort((a, b) => b.at - a.at).slice(0, limit);
  if (entries.length === 0) {
    return <p className="empty">{known === null ? "Reading activity…" : "No activity yet."}</p>;
  }
  return (
    <ol className="portfolio-txs activity-list" data-testid="sent-txs">
      {entries.map((e) =>
        e.kind === "sent"
          ? <SentItem key={e.tx.hash} tx={e.tx} />
          : (
            <li key={e.activity.id} className="card" data-source="gateway">
              <span>
                <strong>{describeActivity(e.activity).summary}</strong>
                <br />
                <span className="muted">
                  Data gateway · <Time timestamp={e.activity.timestamp} relative />
                </span>
              </span>
            </li>
          )
      )}
    </ol>
  );
}

/** A transaction this interface sent. */
function SentItem({ tx }: { tx: TxRecord }) {
  return (
    <li className="card" data-state={tx.state} data-source="interface">
      <span>
        <strong>{tx.summary}</strong>
        <br />
        <span className="muted">
          {STATE_TEXT[tx.state]} · sent from this interface · <Time timestamp={Math.floor(tx.sentAt / 1000)} relative />
        </span>
      </span>
      {tx.explorer
        ? <a href={tx.explorer} target="_blank" rel="noreferrer">View on the explorer</a>
        : <code className="mono" data-testid="sent-hash">{tx.hash}</code>}
    </li>
  );
}

/** The NFTs the gateway knows of the address. */
function ConnectedNfts({ address }: { address: Hex40 }) {
  const gateway = useClient();
  const read = useAppQuery(queryOptions({
    queryKey: ["gateway", "nfts", address.toLowerCase()],
    queryFn: async () => (await fetchNfts(gateway, address.toLowerCase())).rows.filter((n) => !n.spam),
  }));
  const nfts: readonly NftCard[] | { error: string } | null = read.isError
    ? { error: "Cannot read this wallet's NFTs" }
    : read.data ?? null;
  if (nfts === null) return <p className="muted" role="status">Reading your NFTs…</p>;
  if ("error" in nfts) return <p role="alert">{nfts.error}</p>;
  return <NftGrid nfts={nfts} />;
}

/** The tab's own view. */
function TabView(
  props: {
    tab: PortfolioTab;
    chain: PublicChain;
    address: Hex40;
    state: BalancesState;
    pairs: readonly Hex40[];
    priced: readonly PricedToken[];
    txs: readonly TxRecord[];
  },
) {
  const { tab, chain, address, state } = props;
  const rows = state && "balances" in state ? state.balances.rows : null;
  const positions = <PositionsList chainName={chain.chain} v2Pairs={props.pairs} tokens={props.priced} />;
  switch (tab) {
    case "tokens":
      return rows ? <BalancesSection rows={rows} /> : null;
    case "defi":
      return positions;
    case "nfts":
      return (
        <section aria-labelledby="nfts-title">
          <h2 id="nfts-title">NFTs</h2>
          <ConnectedNfts address={address} />
        </section>
      );
    case "activity":
      return (
        <section aria-labelledby="activity-title">
          <h2 id="activity-title">Activity</h2>
          <MergedActivity txs={props.txs} address={address} />
        </section>
      );
    default:
      return (
        <>
          {rows
            ? (
              <>
                <BalancesSection rows={rows} limit={8} />
                <p>
                  <Link to="/portfolio/tokens">See every token</Link>
                </p>
              </>
            )
            : null}
          {positions}
          <section aria-labelledby="activity-title">
            <h2 id="activity-title">Latest activity</h2>
            <MergedActivity txs={props.txs} address={address} limit={5} />
            <p>
              <Link to="/portfolio/activity">See all activity</Link>
            </p>
          </section>
        </>
      );
  }
}

/** The connected wallet's portfolio on its tab, or `fallback` while none is connected. */
export function ConnectedPortfolio({ fallback, tab = "overview" }: { fallback: ReactNode; tab?: PortfolioTab }) {
  const wallet = useWallet();
  const hydrated = useHydrated();
  const chain = wallet.chains.find((c) => c.chainId === wallet.chainId) ?? wallet.chains[0] ?? null;
  const { client } = useChain(wallet, chain?.chain ?? "");
  const address = wallet.status === "connected" ? wallet.address : null;
  const { state, pairs, priced } = useConnectedBalances(chain?.chain ?? null, client, address);
  const txs = useSentTxs(address, chain?.chainId ?? null, client);

  if (!hydrated || !wallet.ready || wallet.status === "reconnecting" || wallet.status === "connecting") {
    return <p className="muted" role="status">Looking for your wallet…</p>;
  }
  if (!address) return <>{fallback}</>;
  if (!chain) return <p className="muted">This wallet's chain is not available here.</p>;
  return (
    <section
      className="connected-portfolio"
      data-testid="connected-portfolio"
      data-tab={tab}
      aria-labelledby="wallet-title"
    >
      <h2 id="wallet-title" className="visually-hidden">Your wallet</h2>
      <p className="address-line">
        Your wallet <Address address={address} chain={chain.chain} /> on {chain.label}
      </p>
      <nav aria-label="Portfolio">
        <ul className="tabs">
          {TABS.map((t) => (
            <li key={t.tab}>
              <Link to={t.to} aria-current={t.tab === tab ? "page" : undefined}>{t.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <Total state={state} chain={chain} />
      <TabView tab={tab} chain={chain} address={address} state={state} pairs={pairs} priced={priced} txs={txs} />
      <p>
        <Link to="/swap">Swap</Link> · <Link to="/send">Send</Link> · <Link to="/positions">Positions</Link>
      </p>
    </section>
  );
}
