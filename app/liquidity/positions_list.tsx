/**
 * The connected account's liquidity (`/positions`, `/pool`, the portfolio):
 * its V4 positions (`app/liquidity/v4_positions_list.tsx`), its V3 positions (pair, fee tier, In range / Out of range / Closed, what
 * each holds and the fees it is owed) and its V2 pair tokens, each linking to
 * its position page. Without a wallet: a clear call to connect one.
 *
 * @module
 */
import { Link } from "react-router";
import type { Address } from "../../lib/address.ts";
import { formatPoolFee, formatUsd } from "../lib/format.ts";
import type { PricedToken } from "../lib/wallet_loaders.ts";
import { pairValueUsd } from "../lib/portfolio_chain.ts";
import { PairLogos } from "../components/token_logo.tsx";
import { formatUnitsGrouped } from "../lib/format.ts";
import { buttonClass } from "../components/controls/button.tsx";
import { useChain } from "./liquidity_shared.tsx";
import { STATUS_TEXT, type V2Row, type V3Row } from "./positions_read.ts";
import { useAppQuery } from "../lib/query/query_client.ts";
import { v2RowsQuery } from "./v2_queries.ts";
import { v3RowsQuery } from "./v3_queries.ts";
import { useWallet } from "../wallet/wallet_store.ts";
import { useHolderV4Rows } from "./use_v4_reads.ts";
import { V4PositionItems } from "./v4_positions_list.tsx";

type Side = { readonly address: string; readonly symbol: string; readonly decimals: number };
type Prices = ReadonlyMap<string, PricedToken>;

function amountsText(row: { token0: Side; token1: Side }, a: { amount0: bigint; amount1: bigint } | null): string {
  if (!a) return "–";
  return `${formatUnitsGrouped(a.amount0, row.token0.decimals)} ${row.token0.symbol} · ${
    formatUnitsGrouped(a.amount1, row.token1.decimals)
  } ${row.token1.symbol}`;
}

/** Amounts with their USD value when the prices are known. */
function Valued(
  { row, amounts, prices }: {
    row: { token0: Side; token1: Side };
    amounts: { amount0: bigint; amount1: bigint } | null;
    prices: Prices;
  },
) {
  const usd = pairValueUsd(row, amounts, prices);
  return (
    <>
      {amountsText(row, amounts)}
      {usd !== null ? <span className="muted">{` (${formatUsd(usd, { compact: false })})`}</span> : null}
    </>
  );
}

function Logos({ row, prices }: { row: { token0: Side; token1: Side }; prices: Prices }) {
  return (
    <PairLogos
      size={24}
      token0={{ url: prices.get(row.token0.address.toLowerCase())?.logoUrl, symbol: row.token0.symbol }}
      token1={{ url: prices.get(row.token1.address.toLowerCase())?.logoUrl, symbol: row.token1.symbol }}
    />
  );
}

function V3Item({ row, urlName, prices }: { row: V3Row; urlName: string; prices: Prices }) {
  const { position, token0, token1 } = row;
  const owed = row.fees && (row.fees.amount0 > 0n || row.fees.amount1 > 0n);
  return (
    <li className="card position-item" data-testid="v3-position-row" data-status={row.status}>
      <div className="title-row">
        <Logos row={row} prices={prices} />
        <Link className="position-link" to={`/positions/v3/${urlName}/${position.tokenId}`}>
          #{String(position.tokenId)} {token0.symbol}/{token1.symbol} {formatPoolFee({ feeTier: position.fee })}
        </Link>
        <span className="badge">v3</span>
        <span className={`position-status position-${row.status}`}>{STATUS_TEXT[row.status]}</span>
      </div>
      <dl className="position-figures">
        <div>
          <dt>Holds</dt>
          <dd>
            <Valued row={row} amounts={row.held} prices={prices} />
          </dd>
        </div>
        <div>
          <dt>Fees owed</dt>
          <dd className={owed ? "control-tone-positive" : undefined}>
            <Valued row={row} amounts={row.fees} prices={prices} />
          </dd>
        </div>
      </dl>
    </li>
  );
}

function V2Item({ row, urlName, prices }: { row: V2Row; urlName: string; prices: Prices }) {
  const share = row.totalSupply > 0n ? Number(row.balance * 1_000_000n / row.totalSupply) / 10_000 : 0;
  return (
    <li className="card position-item" data-testid="v2-position-row">
      <div className="title-row">
        <Logos row={row} prices={prices} />
        <Link className="position-link" to={`/positions/v2/${urlName}/${row.pair}`}>
          {row.token0.symbol}/{row.token1.symbol} V2 pair
        </Link>
        <span className="badge">v2</span>
        {/* A V2 pair has no range: its liquidity spans every price, so it is never "In range" or out of it. */}
        <span className="badge" data-testid="v2-full-range">Full range</span>
      </div>
      <dl className="position-figures">
        <div>
          <dt>Pair tokens</dt>
          <dd>{formatUnitsGrouped(row.balance, 18)} ({share < 0.0001 ? "<0.0001" : share}% of the pool)</dd>
        </div>
        <div>
          <dt>Withdraws about</dt>
          <dd>
            <Valued row={row} amounts={row} prices={prices} />
          </dd>
        </div>
      </dl>
    </li>
  );
}

/** The account's positions on `chainName`, and its pair tokens of `v2Pairs`, valued at `tokens`' prices. */
export function PositionsList(
  { chainName, v2Pairs, tokens = [] }: {
    chainName: string;
    v2Pairs: readonly Address[];
    tokens?: readonly PricedToken[];
  },
) {
  const wallet = useWallet();
  const { chain, client } = useChain(wallet, chainName);
  const prices: Prices = new Map(tokens.map((t) => [t.address.toLowerCase(), t]));
  const owner = wallet.status === "connected" ? wallet.address : null;
  const v3Read = useAppQuery(v3RowsQuery(client, chain, owner));
  const v2Read = useAppQuery(v2RowsQuery(client, v2Pairs, owner));
  const v3 = owner ? v3Read.data ?? null : null;
  const v2 = owner ? v2Read.data ?? null : null;
  const v4 = useHolderV4Rows(client, chain?.contracts, owner);
  const error = v3Read.isError
    ? "Cannot read your positions from the chain"
    : v2Read.isError
    ? "Cannot read your V2 pair tokens from the chain"
    : null;

  if (!wallet.ready || wallet.status === "connecting" || wallet.status === "reconnecting") {
    return <p className="muted" data-testid="positions-list">Looking for your wallet…</p>;
  }
  if (wallet.status !== "connected") {
    return (
      <div className="state state-wallet" data-testid="positions-list">
        <p>
          <strong>Connect a wallet to see your positions.</strong>
        </p>
        <p className="muted">
          Use "Connect wallet" at the top of the page: your V2 and V3 liquidity is then read from the chain.
        </p>
      </div>
    );
  }
  if (!chain) {
    return <p className="muted" data-testid="positions-list">Positions on this chain are not available here.</p>;
  }
  const urlName = chain.urlName;
  const empty = v3?.length === 0 && v2?.length === 0 && v4.data?.length === 0;
  return (
    <section className="positions-list" data-testid="positions-list" aria-labelledby="your-positions">
      <h2 id="your-positions">Your positions on {chain.label}</h2>
      {error ? <p role="alert">{error}</p> : null}
      {(v3 === null || v2 === null) && !error ? <p className="muted" role="status">Reading your positions…</p> : null}
      {empty
        ? (
          <div className="state">
            <p>No liquidity in this wallet yet.</p>
            <Link className={buttonClass("primary")} to="/positions/create/v3">New position</Link>
          </div>
        )
        : null}
      {v4.isError ? <p role="alert">Cannot read your V4 positions from the chain</p> : null}
      {v4.data?.length
        ? <V4PositionItems rows={v4.data} urlName={urlName} tokens={tokens} weth={chain.contracts.wrappedNative} />
        : null}
      {v3?.length
        ? (
          <ul className="position-items" data-testid="v3-positions" aria-label="V3 positions">
            {v3.map((row) => <V3Item key={String(row.position.tokenId)} row={row} urlName={urlName} prices={prices} />)}
          </ul>
        )
        : null}
      {v2?.length
        ? (
          <ul className="position-items" data-testid="v2-positions" aria-label="V2 liquidity">
            {v2.map((row) => <V2Item key={row.pair} row={row} urlName={urlName} prices={prices} />)}
          </ul>
        )
        : null}
    </section>
  );
}
