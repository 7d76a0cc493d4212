/** The top tokens table: price, 1 day change, FDV, market cap, TVL, volume. */
import { Link } from "react-router";
import { changeDirection, formatPercentChange, formatPrice, formatUsd } from "../lib/format.ts";
import { SortHeader, useSortedRows } from "./sortable.tsx";
import { TokenLogo } from "./token_logo.tsx";

/** One row of the tokens table. */
export interface TokenRow {
  /** Stable key (the gateway's token id). */
  readonly id: string;
  /** Link to the token page. */
  readonly href: string;
  readonly name: string;
  readonly symbol: string;
  readonly logoUrl: string | null;
  /** Chain label shown under the name, if the table mixes chains. */
  readonly chainLabel?: string | null;
  readonly price: number | null;
  /** 1 day price change in percent points. */
  readonly change1d: number | null;
  readonly fdv: number | null;
  readonly marketCap: number | null;
  readonly tvl: number | null;
  readonly volume1d: number | null;
}

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

/** Coloured percent change with an arrow word for screen readers. */
export function Change({ value }: { value: number | null | undefined }) {
  const dir = changeDirection(value);
  return (
    <span className={`change change-${dir}`}>
      {dir === "up" ? "▲ " : dir === "down" ? "▼ " : ""}
      {formatPercentChange(value)}
    </span>
  );
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
  if (tokens.length === 0) {
    return <p className="empty">No tokens to show.</p>;
  }
  return (
    <div className="table-wrap">
      <table className="data-table tokens-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="rank">#</th>
            <th scope="col">Token name</th>
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
            <SortHeader label="FDV" column="fdv" sort={sort} onSort={onSort} />
            <SortHeader
              label="Market cap"
              column="marketCap"
              sort={sort}
              onSort={onSort}
            />
            <SortHeader label="TVL" column="tvl" sort={sort} onSort={onSort} />
            <SortHeader
              label="1 day volume"
              column="volume1d"
              sort={sort}
              onSort={onSort}
            />
          </tr>
        </thead>
        <tbody>
          {sorted.map((t, i) => (
            <tr key={t.id}>
              <td className="rank">{i + 1}</td>
              <td>
                <Link to={t.href} className="token-cell" prefetch="intent">
                  <TokenLogo url={t.logoUrl} symbol={t.symbol} />
                  <span className="token-cell-text">
                    <span className="token-name">{t.name}</span>
                    <span className="muted">
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
              <td className="num">{formatUsd(t.fdv)}</td>
              <td className="num">{formatUsd(t.marketCap)}</td>
              <td className="num">{formatUsd(t.tvl)}</td>
              <td className="num">{formatUsd(t.volume1d)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
