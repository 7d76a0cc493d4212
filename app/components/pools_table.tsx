/**
 * The pools table: pair, version, fee tier, TVL, volume, APR. On phones only
 * the pair (with version and fee folded under it), TVL and APR show.
 */
import { Link } from "react-router";
import { formatPercent, formatPoolFee, formatUsd } from "../lib/format.ts";
import { SortHeader, useSortedRows } from "./sortable.tsx";
import { PairLogos } from "./token_logo.tsx";
import type { PoolRow } from "../lib/rows.ts";

/** Columns the pools table can be sorted by. */
export type PoolSortKey = "tvl" | "volume1d" | "volume30d" | "apr";

function poolValue(row: PoolRow, key: PoolSortKey) {
  return row[key];
}

/** The sortable pools table. */
export function PoolsTable(
  { pools, caption = "Top pools", startRank = 1 }: {
    pools: readonly PoolRow[];
    caption?: string;
    startRank?: number;
  },
) {
  const { sorted, sort, onSort } = useSortedRows<PoolRow, PoolSortKey>(
    pools,
    poolValue,
  );
  if (pools.length === 0) return <p className="empty">No pools to show.</p>;
  return (
    <div className="table-wrap">
      <table className="data-table pools-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="rank col-more">#</th>
            <th scope="col" className="col-main">Pool</th>
            <th scope="col" className="col-more">Protocol</th>
            <th scope="col" className="num col-more">Fee tier</th>
            <SortHeader label="TVL" column="tvl" sort={sort} onSort={onSort} />
            <SortHeader
              label="APR"
              column="apr"
              sort={sort}
              onSort={onSort}
            />
            <SortHeader label="1 day volume" column="volume1d" sort={sort} onSort={onSort} more />
            <SortHeader label="30 day volume" column="volume30d" sort={sort} onSort={onSort} more />
          </tr>
        </thead>
        <tbody>
          {sorted.map((p, i) => (
            <tr key={p.id}>
              <td className="rank col-more">{startRank + i}</td>
              <td className="col-main">
                <Link to={p.href} className="token-cell" prefetch="intent">
                  <PairLogos
                    token0={{ url: p.token0Logo, symbol: p.token0Symbol }}
                    token1={{ url: p.token1Logo, symbol: p.token1Symbol }}
                    size={24}
                  />
                  <span className="token-cell-text">
                    <span className="token-name">
                      {p.token0Symbol}/{p.token1Symbol}
                    </span>
                    <span className="muted phone-only">
                      {p.protocolVersion.toLowerCase()} · {formatPoolFee(p)}
                    </span>
                  </span>
                </Link>
              </td>
              <td className="col-more">
                <span className="badge">{p.protocolVersion.toLowerCase()}</span>
              </td>
              <td className="num col-more">
                {formatPoolFee(p, { short: true })}
              </td>
              <td className="num">{formatUsd(p.tvl)}</td>
              <td className="num">{formatPercent(p.apr)}</td>
              <td className="num col-more">{formatUsd(p.volume1d)}</td>
              <td className="num col-more">{formatUsd(p.volume30d)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
