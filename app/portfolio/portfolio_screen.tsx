/**
 * The portfolio pages: the address form, tabs, total value with its 24h
 * change, token balances (hidden and spam tokens folded away), NFTs and the
 * activity list.
 */
import { Link, useLocation } from "react-router";
import type { ReactNode } from "react";
import { lazy, Suspense, useMemo, useSyncExternalStore } from "react";
import { changeDirection, formatPercentChange, formatUsd } from "../lib/format.ts";
import { fetchActivity, fetchNfts } from "../lib/portfolio_data.ts";
import type { PortfolioPageData } from "./portfolio_loader.ts";
import { ActivityList } from "../components/activity_list.tsx";
import { AddressForm } from "../components/address_form.tsx";
import { GatewayProvider } from "../components/gateway_provider.tsx";
import { LiveActivity } from "../components/live_activity.tsx";
import { LoadMore, usePaged } from "../components/paged.tsx";
import { NftGrid } from "./nft_grid.tsx";
import { ErrorState } from "../components/status.tsx";

/** The connected wallet's portfolio: wallet code, loaded in the browser only when the URL names no address. */
const ConnectedPortfolio = lazy(() =>
  import("./connected_portfolio.tsx").then((m) => ({ default: m.ConnectedPortfolio }))
);

/** The connected portfolio's tab of a path. */
function tabOf(pathname: string): "overview" | "tokens" | "defi" | "nfts" | "activity" {
  const last = pathname.replace(/\/+$/, "").split("/").pop();
  return last === "tokens" || last === "defi" || last === "nfts" || last === "activity" ? last : "overview";
}

/**
 * Without `?address=`: the connected wallet's portfolio, or `fallback` (the
 * invitation to enter an address or connect). The server and hydration
 * renders show `fallback`; the wallet code loads after.
 */
function WalletPortfolio({ fallback }: { fallback: ReactNode }) {
  const hydrated = useSyncExternalStore(() => () => {}, () => true, () => false);
  const tab = tabOf(useLocation().pathname);
  if (!hydrated) return <>{fallback}</>;
  return (
    <Suspense fallback={<p className="muted" role="status">Looking for your wallet…</p>}>
      <ConnectedPortfolio fallback={fallback} tab={tab} />
    </Suspense>
  );
}

const TABS = [
  { to: "/portfolio", label: "Overview" },
  { to: "/portfolio/tokens", label: "Tokens" },
  { to: "/portfolio/defi", label: "DeFi" },
  { to: "/portfolio/nfts", label: "NFTs" },
  { to: "/portfolio/activity", label: "Activity" },
];

/** The frame of every portfolio page: heading, address form, tabs, totals. */
export function PortfolioFrame(
  { data, children }: { data: PortfolioPageData; children?: ReactNode },
) {
  const location = useLocation();
  const address = data.wallet.address;
  const query = address ? `?address=${address}` : "";
  const balances = data.balances;
  return (
    <GatewayProvider>
      <section className="screen portfolio">
        <h1>Portfolio</h1>
        <AddressForm
          key={data.wallet.input}
          defaultValue={data.wallet.input}
          error={data.wallet.error}
          action={location.pathname}
        />
        {address
          ? (
            <>
              <nav aria-label="Portfolio">
                <ul className="tabs" style={{ marginTop: 24 }}>
                  {TABS.map((t) => (
                    <li key={t.to}>
                      <Link
                        to={`${t.to}${query}`}
                        aria-current={location.pathname === t.to ? "page" : undefined}
                      >
                        {t.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
              {balances?.ok
                ? (
                  <p className="chart-header">
                    <span className="chart-value">{formatUsd(balances.data.total, { compact: false })}</span>
                    <span className={`change change-${changeDirection(balances.data.change24hPercent)}`}>
                      {formatPercentChange(balances.data.change24hPercent)} (
                      {formatUsd(balances.data.change24hAbsolute, { compact: false })}) today
                    </span>
                  </p>
                )
                : null}
              {balances && !balances.ok ? <ErrorState message={balances.error} /> : null}
              {children}
            </>
          )
          : (
            <WalletPortfolio
              fallback={
                <p className="muted" style={{ marginTop: 16 }}>
                  Enter a wallet address to see its tokens, NFTs and activity (the address is only read), or connect
                  your wallet with "Connect wallet" at the top of the page to see yours.
                </p>
              }
            />
          )}
      </section>
    </GatewayProvider>
  );
}

/** The owned NFTs with "load more" (spam folded away). */
export function NftsSection({ data }: { data: PortfolioPageData }) {
  const address = data.wallet.address ?? "";
  const nfts = data.nfts;
  const first = useMemo(() => nfts?.ok ? nfts.data : { rows: [], cursors: { after: null } }, [nfts]);
  const paged = usePaged(first, (client, c) => fetchNfts(client, address, c.after), (c) => c.after !== null);
  if (!nfts) return null;
  if (!nfts.ok) return <ErrorState message={nfts.error} />;
  const visible = paged.rows.filter((n) => !n.spam);
  const spam = paged.rows.filter((n) => n.spam);
  return (
    <section aria-labelledby="nfts-title">
      <h2 id="nfts-title">NFTs</h2>
      <NftGrid nfts={visible} />
      {spam.length
        ? (
          <details style={{ marginTop: 16 }}>
            <summary>Hidden spam NFTs ({spam.length})</summary>
            <NftGrid nfts={spam} />
          </details>
        )
        : null}
      <LoadMore paged={paged} label="Load more NFTs" />
    </section>
  );
}

/** The activity list with "load more" and live updates. */
export function ActivitySection(
  { data, live = true, more = true }: { data: PortfolioPageData; live?: boolean; more?: boolean },
) {
  const address = data.wallet.address ?? "";
  const activity = data.activity;
  const first = useMemo(() => activity?.ok ? activity.data : { rows: [], cursors: { nextPage: null } }, [activity]);
  const paged = usePaged(
    first,
    (client, c) => fetchActivity(client, address, c.nextPage ?? 1),
    (c) => more && c.nextPage !== null,
  );
  if (!activity) return null;
  return (
    <section aria-labelledby="activity-title">
      <h2 id="activity-title">Activity</h2>
      {activity.ok
        ? (
          <>
            {live && data.graphqlWsUrl
              ? <LiveActivity wsUrl={data.graphqlWsUrl} address={address} known={paged.rows} />
              : null}
            <ActivityList activities={paged.rows} now={data.now} />
            <LoadMore paged={paged} label="Load more activity" />
          </>
        )
        : <ErrorState message={activity.error} />}
    </section>
  );
}
