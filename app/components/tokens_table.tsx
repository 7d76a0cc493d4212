/**
 * The top tokens table: price, 1 day change, FDV, market cap, TVL, volume.
 * On phones (below 640 px) only the name, price and 1 day change show
 * (cells of the other columns carry `col-more`); long lists show a page of
 * rows at a time.
 */
import { Link } from "react-router";
import { useState } from "react";
import { changeDirection, formatPercentChange, formatPrice, formatUsd } from "../lib/format.ts";
import { SortHeader, useSortedRows } from "./sortable.tsx";
import { TokenLogo } from "./token_logo.tsx";
import type { TokenRow } from "../lib/rows.ts";

/** Columns the tokens table can be sorted by. */
export type TokenSortKey =
  | "price"
  | "change1d"
  | "fdv"
  | "marketCap"
  | "tvl"
  | "volume1d";

function tokenValue(row: TokenRow, key: TokenSortKey) {
  return row[key];
}

/** Coloured percent change; the arrow is decoration, the sign says the direction. */
export function Change({ value }: { value: number | null | undefined }) {
  const dir = changeDirection(value);
  return (
    <span className={`change change-${dir}`}>
      {dir === "flat" ? null : <span aria-hidden="true">{dir === "up" ? "▲ " : "▼ "}</span>}
      {formatPercentChange(value)}
    </span>
  );
}

/** Rows a long table shows at first, and how many more each "Show more" adds. */
export const ROWS_PAGE = 25;

/**
 * The first `count` rows of a list and a button that shows `page` more; the
 * DOM stays small on long lists. Starts over when the list changes.
 */
export function useShownRows<T>(rows: readonly T[], page = ROWS_PAGE) {
  const [shown, setShown] = useState({ rows, count: page });
  const count = shown.rows === rows ? shown.count : page;
  return {
    visible: rows.slice(0, count),
    rest: Math.max(0, rows.length - count),
    showMore: () => setShown({ rows, count: count + page }),
  };
}

/** The sortable tokens table; rows keep the gateway order until sorted. */
export function TokensTable(
  { tokens, caption = "Top tokens" }: {
    tokens: readonly TokenRow[];
    caption?: string;
  },
) {
  const { sorted, sort, onSort } = useSortedRows<TokenRow, TokenSortKey>(
    tokens,
    tokenValue,
  );
  const { visible, rest, showMore } = useShownRows(sorted);
  if (tokens.length === 0) {
    return <p className="empty">No tokens to show.</p>;
  }
  return (
    <div className="table-wrap">
      <table className="data-table tokens-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="rank col-more">#</th>
            <th scope="col" className="col-main">Token name</th>
            <SortHeader
              label="Price"
              column="price"
              sort={sort}
              onSort={onSort}
            />
            <SortHeader
              label="1 day"
              column="change1d"
              sort={sort}
              onSort={onSort}
            />
            <SortHeader label="FDV" column="fdv" sort={sort} onSort={onSort} more />
            <SortHeader label="Market cap" column="marketCap" sort={sort} onSort={onSort} more />
            <SortHeader label="TVL" column="tvl" sort={sort} onSort={onSort} more />
            <SortHeader label="1 day volume" column="volume1d" sort={sort} onSort={onSort} more />
          </tr>
        </thead>
        <tbody>
          {visible.map((t, i) => (
            <tr key={t.id}>
              <td className="rank col-more">{i + 1}</td>
              <td className="col-main">
                <Link to={t.href} className="token-cell" prefetch="intent">
                  <TokenLogo url={t.logoUrl} symbol={t.symbol} />
                  <span className="token-cell-text">
                    <span className="token-name" dir="auto">{t.name}</span>
                    <span className="muted token-symbol">
                      {t.symbol}
                      {t.chainLabel ? ` · ${t.chainLabel}` : ""}
                    </span>
                  </span>
                </Link>
              </td>
              <td className="num">{formatPrice(t.price)}</td>
              <td className="num">
                <Change value={t.change1d} />
              </td>
              <td className="num col-more">{formatUsd(t.fdv)}</td>
              <td className="num col-more">{formatUsd(t.marketCap)}</td>
              <td className="num col-more">{formatUsd(t.tvl)}</td>
              <td className="num col-more">{formatUsd(t.volume1d)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ShowMore rest={rest} onClick={showMore} noun="tokens" />
    </div>
  );
}

/** The "Show more" row under a long table, with how many rows are left. */
export function ShowMore({ rest, onClick, noun }: { rest: number; onClick: () => void; noun: string }) {
  if (rest === 0) return null;
  return (
    <div className="load-more">
      <button type="button" className="button secondary" onClick={onClick}>
        Show more {noun} ({rest} more)
      </button>
    </div>
  );
}
