/**
 * Pool transactions (swaps, adds, removes) of a token or a pool. On phones
 * only the time, the description and the USD value show.
 */
import { formatAmount, formatTimeAgo, formatUsd } from "../lib/format.ts";
import { Address } from "./address.tsx";
import type { TransactionRow } from "../lib/rows.ts";
import { LoadMoreButton, type Paged } from "./paged.tsx";

/**
 * The plain-word description of a pool transaction: `Swap 1.2 ETH for 3,400
 * USDC`, `Add 1 ETH and 3,000 USDC`, `Remove ...`. In a swap the token with a
 * positive quantity went into the pool (the trader sold it).
 */
export function describeTransaction(tx: TransactionRow): string {
  const a = `${formatAmount(tx.token0Quantity)} ${tx.token0Symbol}`;
  const b = `${formatAmount(tx.token1Quantity)} ${tx.token1Symbol}`;
  if (tx.type === "ADD") return `Add ${a} and ${b}`;
  if (tx.type === "REMOVE") return `Remove ${a} and ${b}`;
  const sold0 = Number(tx.token0Quantity) > 0;
  return sold0 ? `Swap ${a} for ${b}` : `Swap ${b} for ${a}`;
}

/** The transactions table with an optional "Load more" button. */
export function TransactionsTable(
  {
    transactions,
    now,
    onLoadMore,
    loadingMore = false,
    hasMore = false,
    amountColumns = false,
    chain,
  }: {
    transactions: readonly TransactionRow[];
    /** The gateway chain of the rows, for the wallets' explorer links. */
    chain?: string;
    /** Show a column per token (for one pool, where every row has the same pair). */
    amountColumns?: boolean;
    /** Reference time in milliseconds for "ago" labels (stable across hydration). */
    now: number;
    onLoadMore?: () => void;
    loadingMore?: boolean;
    hasMore?: boolean;
  },
) {
  if (transactions.length === 0) {
    return <p className="empty">No transactions yet.</p>;
  }
  return (
    <div className="table-wrap">
      <table className="data-table tx-table">
        <caption className="visually-hidden">Transactions</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col" className="col-main">Type</th>
            <th scope="col" className="num">USD</th>
            {amountColumns
              ? (
                <>
                  <th scope="col" className="num col-more">
                    {transactions[0].token0Symbol}
                  </th>
                  <th scope="col" className="num col-more">
                    {transactions[0].token1Symbol}
                  </th>
                </>
              )
              : null}
            <th scope="col" className="num col-more">Wallet</th>
          </tr>
        </thead>
        <tbody>
          {transactions.map((tx) => (
            <tr key={tx.id} data-testid="tx-row">
              <td className="muted">{formatTimeAgo(tx.timestamp, now)}</td>
              <td className="col-main wrap">
                <span className={`tx-type tx-${tx.type.toLowerCase()}`}>
                  {describeTransaction(tx)}
                </span>
              </td>
              <td className="num">{formatUsd(tx.usdValue, { compact: false })}</td>
              {amountColumns
                ? (
                  <>
                    <td className="num col-more">{formatAmount(tx.token0Quantity)}</td>
                    <td className="num col-more">{formatAmount(tx.token1Quantity)}</td>
                  </>
                )
                : null}
              <td className="num mono col-more">
                <Address address={tx.account} chain={chain} to={`/portfolio?address=${tx.account}`} label="wallet" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {onLoadMore
        ? <LoadMoreButton hasMore={hasMore} loading={loadingMore} onClick={onLoadMore} label="Load more transactions" />
        : null}
    </div>
  );
}

/** The rows of a paged transactions list with its "Load more" button, then why the last one failed. */
export function PagedTransactions(
  { paged, chain, now, amountColumns }: {
    paged: Paged<TransactionRow>;
    chain?: string;
    now: number;
    amountColumns?: boolean;
  },
) {
  return (
    <>
      <TransactionsTable
        transactions={paged.rows}
        chain={chain}
        now={now}
        amountColumns={amountColumns}
        hasMore={paged.hasMore}
        loadingMore={paged.loading}
        onLoadMore={paged.loadMore}
      />
      {paged.error ? <p className="field-error">{paged.error}</p> : null}
    </>
  );
}
