/**
 * The holder's V4 positions as list items (`/positions`, `/pool`, the
 * portfolio's DeFi tab, through `app/liquidity/positions_list.tsx`): pair, fee
 * or dynamic fee, hook, a `v4` badge, In range / Out of range / Closed, what
 * each holds and the fees it is owed, valued at the gateway's prices.
 *
 * @module
 */
import { Link } from "react-router";
import { formatUsd } from "../lib/format.ts";
import { pairValueUsd } from "../lib/portfolio_chain.ts";
import type { PricedToken } from "../lib/wallet_loaders.ts";
import { formatUnitsShort } from "../lib/trade_math.ts";
import { STATUS_TEXT } from "./positions_read.ts";
import { poolName, v4Prices } from "./v4_pool_name.ts";
import type { V4Row } from "./v4_read.ts";

type Prices = ReadonlyMap<string, PricedToken>;

function Valued({ row, amounts, prices }: { row: V4Row; amounts: V4Row["held"]; prices: Prices }) {
  if (!amounts) return <>–</>;
  const usd = pairValueUsd(row, amounts, prices);
  return (
    <>
      {formatUnitsShort(amounts.amount0, row.token0.decimals)} {row.token0.symbol} ·{" "}
      {formatUnitsShort(amounts.amount1, row.token1.decimals)} {row.token1.symbol}
      {usd !== null ? <span className="muted">{` (${formatUsd(usd, { compact: false })})`}</span> : null}
    </>
  );
}

function V4Item({ row, urlName, prices }: { row: V4Row; urlName: string; prices: Prices }) {
  const owed = row.fees && (row.fees.amount0 > 0n || row.fees.amount1 > 0n);
  return (
    <li className="card position-item" data-testid="v4-position-row" data-status={row.status}>
      <div className="title-row">
        <Link className="position-link" to={`/positions/v4/${urlName}/${row.tokenId}`}>
          #{String(row.tokenId)} {poolName(row.key, row.token0.symbol, row.token1.symbol, row.pool?.lpFee)}
        </Link>
        <span className="badge">v4</span>
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

/** The V4 positions of the list, newest first. */
export function V4PositionItems(
  { rows, urlName, tokens, weth }: {
    rows: readonly V4Row[];
    urlName: string;
    tokens: readonly PricedToken[];
    weth: string;
  },
) {
  const prices = v4Prices(tokens, weth);
  return (
    <ul className="position-items" data-testid="v4-positions" aria-label="V4 positions">
      {rows.map((row) => <V4Item key={String(row.tokenId)} row={row} urlName={urlName} prices={prices} />)}
    </ul>
  );
}

/** The holder's open V4 positions first, each linking to its page's increase form (`/increase` without an id). */
export function V4IncreaseItems({ rows, urlName }: { rows: readonly V4Row[]; urlName: string }) {
  const sorted = [...rows].sort((a, b) => Number(a.status === "closed") - Number(b.status === "closed"));
  return (
    <ul className="position-items" aria-label="Your V4 positions" data-testid="v4-increase-pick">
      {sorted.map((row) => (
        <li key={String(row.tokenId)} className="card position-item" data-status={row.status}>
          <div className="title-row">
            <Link className="position-link" to={`/positions/v4/${urlName}/${row.tokenId}`}>
              Increase #{String(row.tokenId)} {poolName(row.key, row.token0.symbol, row.token1.symbol, row.pool?.lpFee)}
            </Link>
            <span className="badge">v4</span>
            <span className={`position-status position-${row.status}`}>{STATUS_TEXT[row.status]}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
