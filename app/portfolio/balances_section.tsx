/**
 * Token balances of a portfolio, as the address pages (`/portfolio?address=`)
 * and the connected wallet's tabs show them: a table with each token's 24 h
 * price change, balance and value; hidden and spam tokens folded below.
 *
 * @module
 */
import { Link } from "react-router";
import { chainLabel } from "../../lib/chains.ts";
import { formatAmount, formatUsd } from "../lib/format.ts";
import type { BalanceRow } from "../lib/portfolio_data.ts";
import { Change } from "../components/tokens_table.tsx";
import { TokenLogo } from "../components/token_logo.tsx";

function BalanceTable({ rows, caption }: { rows: readonly BalanceRow[]; caption: string }) {
  return (
    <div className="table-wrap">
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="col-main">Token</th>
            <th scope="col" className="num col-more">Price change (24h)</th>
            <th scope="col" className="num">Balance</th>
            <th scope="col" className="num">Value</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td className="col-main">
                <Link to={r.href} className="token-cell">
                  <TokenLogo url={r.logoUrl} symbol={r.symbol} />
                  <span className="token-cell-text">
                    <span className="token-name" dir="auto">{r.name}</span>
                    <span className="muted">
                      {r.symbol} · {chainLabel(r.chain)}
                      {r.spam ? " · spam" : ""}
                    </span>
                  </span>
                </Link>
              </td>
              <td className="num col-more">
                <Change value={r.change24h} />
              </td>
              <td className="num balance-cell">
                {formatAmount(r.quantity)} <span className="token-symbol" dir="auto">{r.symbol}</span>
              </td>
              <td className="num">{formatUsd(r.value, { compact: false })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Token balances: visible ones in a table, hidden and spam ones folded in a
 * disclosure below (never mixed in the total's list).
 */
export function BalancesSection(
  { rows, limit }: { rows: readonly BalanceRow[]; limit?: number },
) {
  const visible = rows.filter((r) => !r.hidden && !r.spam);
  const folded = rows.filter((r) => r.hidden || r.spam);
  const shown = limit ? visible.slice(0, limit) : visible;
  return (
    <section aria-labelledby="balances-title">
      <h2 id="balances-title">Tokens</h2>
      {shown.length ? <BalanceTable rows={shown} caption="Token balances" /> : <p className="empty">No tokens.</p>}
      {!limit && folded.length
        ? (
          <details style={{ marginTop: 16 }}>
            <summary>Hidden and spam tokens ({folded.length})</summary>
            <BalanceTable rows={folded} caption="Hidden and spam tokens" />
          </details>
        )
        : null}
    </section>
  );
}
