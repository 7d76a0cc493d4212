/**
 * The top tokens table: price, 1 day change, FDV, market cap, TVL, volume.
 * On phones (below 640 px) only the name, price and 1 day change show
 * (cells of the other columns carry `col-more`); long lists show a page of
 * rows at a time. A document carries the first page only: the rest is
 * fetched when "Show more" or a sort asks for it ({@linkcode TableRest}).
 */
import { Link } from "react-router";
import { useState } from "react";
import { changeDirection, formatPercentChange, formatPrice, formatUsd } from "../lib/format.ts";
import { SortHeader, useSortedRows } from "./sortable.tsx";
import { TokenLogo } from "./token_logo.tsx";
import type { TokenRow } from "../lib/rows.ts";
import { gatewayMessage } from "../lib/load.ts";

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
 * The first `count` rows of a list of `total` (of which `rows` may hold
 * fewer) and a button that shows `page` more; the DOM stays small on long
 * lists. Starts over when `resetOn`
 * changes (by default the list: a new navigation).
 */
export function useShownRows<T>(rows: readonly T[], total = rows.length, resetOn: unknown = rows, page = ROWS_PAGE) {
  const [shown, setShown] = useState({ resetOn, count: page });
  const count = shown.resetOn === resetOn ? shown.count : page;
  const visible = rows.slice(0, count);
  return {
    visible,
    rest: Math.max(0, total - visible.length),
    showMore: () => setShown({ resetOn, count: visible.length + page }),
  };
}

/** The rows of a table the document carries only the first page of: how many there are, and how to fetch them all. */
export interface TableRest<T> {
  /** Rows of the whole list. */
  readonly total: number;
  /** Fetches the whole list (first page included), in the gateway's order. */
  load(): Promise<readonly T[]>;
}

/**
 * The loader's first rows, or the whole list once {@linkcode TableRest.load}
 * fetched it. `whenWhole(then)` runs `then` at once if the list is whole,
 * else after fetching it (not at all if that failed: `error` says why).
 */
export function useWholeRows<T>(first: readonly T[], rest?: TableRest<T>) {
  const [whole, setWhole] = useState<{ first: readonly T[]; rows: readonly T[] } | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rows = whole?.first === first ? whole.rows : first;
  const partial = rest !== undefined && rows.length < rest.total;
  async function fetchWhole(then: () => void): Promise<void> {
    setLoading(true);
    setError(null);
    try {
      setWhole({ first, rows: await rest!.load() });
    } catch (e) {
      setError(gatewayMessage(e));
      return;
    } finally {
      setLoading(false);
    }
    then();
  }
  function whenWhole(then: () => void): void {
    if (partial) void fetchWhole(then);
    else then();
  }
  return { rows, total: partial ? rest.total : rows.length, loading, error, whenWhole };
}

/** The sortable tokens table; rows keep the gateway order until sorted. */
export function TokensTable(
  { tokens, caption = "Top tokens", more }: {
    /** The rows the document carries (the first page when `more` is given). */
    tokens: readonly TokenRow[];
    caption?: string;
    /** The rest of the list, fetched on "Show more" or a sort. */
    more?: TableRest<TokenRow>;
  },
) {
  const whole = useWholeRows(tokens, more);
  const { sorted, sort, onSort: sortBy } = useSortedRows<TokenRow, TokenSortKey>(
    whole.rows,
    tokenValue,
  );
  const { visible, rest, showMore } = useShownRows(sorted, whole.total, tokens);
  const onSort = (key: TokenSortKey) => whole.whenWhole(() => sortBy(key));
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
      {whole.error ? <p className="field-error" role="alert">{whole.error}</p> : null}
      <ShowMore
        rest={rest}
        onClick={() => whole.whenWhole(showMore)}
        noun="tokens"
        loading={whole.loading}
      />
    </div>
  );
}

/** The "Show more" row under a long table, with how many rows are left. */
export function ShowMore(
  { rest, onClick, noun, loading = false }: { rest: number; onClick: () => void; noun: string; loading?: boolean },
) {
  if (rest === 0) return null;
  return (
    <div className="load-more">
      <button type="button" className="button secondary" onClick={onClick} disabled={loading} aria-busy={loading}>
        Show more {noun} ({rest} more)
      </button>
    </div>
  );
}
