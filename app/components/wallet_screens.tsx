/**
 * Screens that list or act on a wallet's positions, votes or passkeys. They
 * show real market data where there is some (top pools, the pair, the UNI
 * token) and a clear "connect a wallet" state for the rest.
 */
import { Link } from "react-router";
import type { ReactNode } from "react";
import { formatPercentChange, formatPoolFee, formatPrice, formatUsd, shortenAddress } from "../lib/format.ts";
import type { Loaded } from "../lib/load.ts";
import type { GovernanceToken, PairInfo } from "../lib/wallet_loaders.ts";
import { PoolsTable } from "./pools_table.tsx";
import { StatsGrid } from "./stats_grid.tsx";
import { ConnectWalletState, ErrorState, NotFoundState } from "./status.tsx";
import { PairLogos, TokenLogo } from "./token_logo.tsx";
import type { PoolRow } from "../lib/rows.ts";

/** A screen frame: heading, optional intro and content. */
export function Frame({ title, intro, children }: { title: string; intro?: ReactNode; children?: ReactNode }) {
  return (
    <section className="screen">
      <h1>{title}</h1>
      {intro ? <p className="muted">{intro}</p> : null}
      {children}
    </section>
  );
}

/**
 * Positions list: the wallet's part (`children`: the connected account's
 * positions, or a call to connect) or, without one, the connect-a-wallet
 * state; then the top pools to explore.
 */
export function PositionsScreen(
  { title, pools, chainLabel, action = "see your liquidity positions", children }: {
    title: string;
    pools: Loaded<PoolRow[]>;
    chainLabel: string;
    action?: string;
    children?: ReactNode;
  },
) {
  return (
    <Frame title={title}>
      <div className="toolbar">
        <Link className="button" to="/positions/create/v3">New position</Link>
        <Link className="button secondary" to="/positions/create/v2">New V2 position</Link>
        <Link className="button secondary" to="/positions/create/v4">New V4 position</Link>
      </div>
      {children ?? <ConnectWalletState action={action} />}
      <h2>Top pools on {chainLabel}</h2>
      {pools.ok ? <PoolsTable pools={pools.data} /> : <ErrorState message={pools.error} />}
    </Frame>
  );
}

/** A pair (V2 pair or pool) header with its figures and a link to the pool page. */
export function PairSummary({ pair }: { pair: PairInfo }) {
  return (
    <div className="card">
      <div className="title-row">
        <PairLogos
          token0={{ url: pair.token0Logo, symbol: pair.token0 }}
          token1={{ url: pair.token1Logo, symbol: pair.token1 }}
        />
        <h2 style={{ margin: 0 }}>{pair.token0}/{pair.token1}</h2>
        <span className="badge">{pair.version.toLowerCase()}</span>
        <span className="badge">{formatPoolFee(pair)}</span>
      </div>
      <StatsGrid
        title="Pool"
        stats={[
          { label: "TVL", value: formatUsd(pair.tvl) },
          { label: "24h volume", value: formatUsd(pair.volume24h) },
        ]}
      />
      <p>
        <Link to={pair.href}>Open the pool page ({shortenAddress(pair.address)})</Link>
      </p>
    </div>
  );
}

/** A screen about one pair: the pair's data, then the wallet's part (`children`) or the connect-a-wallet state. */
export function PairScreen(
  { title, pair, action, children }: {
    title: string;
    pair: Loaded<PairInfo | null>;
    action: string;
    children?: ReactNode;
  },
) {
  return (
    <Frame title={title}>
      {pair.ok
        ? pair.data ? <PairSummary pair={pair.data} /> : (
          <NotFoundState title="Pair not found">
            <p>The data gateway does not know this pair.</p>
          </NotFoundState>
        )
        : <ErrorState message={pair.error} />}
      {children ?? <ConnectWalletState action={action} />}
    </Frame>
  );
}

/** A screen about one position NFT (by token id). */
export function PositionScreen(
  { tokenId, version, chainLabel }: { tokenId: string; version?: string; chainLabel?: string },
) {
  return (
    <Frame
      title={`Position #${tokenId}`}
      intro={`${version ? `${version.toUpperCase()} liquidity position` : "Liquidity position"}${
        chainLabel ? ` on ${chainLabel}` : ""
      }. Positions belong to a wallet: connect it to see this position's range, liquidity and fees.`}
    >
      <ConnectWalletState action="manage this position" />
      <p>
        <Link to="/positions">All positions</Link> · <Link to="/explore?tab=pools">Explore pools</Link>
      </p>
    </Frame>
  );
}

/** Governance screens: UNI figures and the wallet state. */
export function GovernanceScreen(
  { title, token, action, children }: {
    title: string;
    token: Loaded<GovernanceToken | null>;
    action: string;
    children?: ReactNode;
  },
) {
  return (
    <Frame
      title={title}
      intro="Uniswap is governed by UNI holders, who propose and vote on changes to the protocol."
    >
      {token.ok && token.data
        ? (
          <div className="card">
            <div className="title-row">
              <TokenLogo url={token.data.logoUrl} symbol={token.data.symbol} size={32} />
              <h2 style={{ margin: 0 }}>{token.data.symbol}</h2>
              <span>{formatPrice(token.data.price)}</span>
              <span className="muted">{formatPercentChange(token.data.change24h)} today</span>
            </div>
            <p className="muted">Market cap {formatUsd(token.data.marketCap)}</p>
            <Link to={token.data.href}>About {token.data.symbol}</Link>
          </div>
        )
        : token.ok
        ? null
        : <ErrorState message={token.error} />}
      {children}
      <ConnectWalletState action={action} />
    </Frame>
  );
}
