/**
 * `/increase` without a position: the connected holder picks one of their
 * V4 positions (`app/liquidity/v4_positions_list.tsx`) or V3 positions
 * (pair, fee tier, range status, what it holds), each linking to its page,
 * where the increase form adds to it. Closed positions (no liquidity) are
 * listed after the open ones.
 *
 * @module
 */
import { Link } from "react-router";
import { formatPoolFee } from "../lib/format.ts";
import { formatUnitsGrouped } from "../lib/format.ts";
import { buttonClass } from "../components/controls/button.tsx";
import { useChain } from "./liquidity_shared.tsx";
import { STATUS_TEXT, type V3Row } from "./positions_read.ts";
import { useAppQuery } from "../lib/query/query_client.ts";
import { v3RowsQuery } from "./v3_queries.ts";
import { useWallet } from "../wallet/wallet_store.ts";
import { useHolderV4Rows } from "./use_v4_reads.ts";
import { V4IncreaseItems } from "./v4_positions_list.tsx";

function held(row: V3Row): string {
  if (!row.held) return "–";
  const { token0, token1 } = row;
  return `${formatUnitsGrouped(row.held.amount0, token0.decimals)} ${token0.symbol} · ${
    formatUnitsGrouped(row.held.amount1, token1.decimals)
  } ${token1.symbol}`;
}

/** The holder's V3 positions on `chainName` to pick one to increase. */
export function IncreasePicker({ chainName }: { chainName: string }) {
  const wallet = useWallet();
  const { chain, client } = useChain(wallet, chainName);
  const read = useAppQuery(v3RowsQuery(client, chain, wallet.status === "connected" ? wallet.address : null));
  const rows = read.data ?? null;
  const error = read.isError ? "Cannot read your positions from the chain" : null;
  const v4 = useHolderV4Rows(client, chain?.contracts, wallet.status === "connected" ? wallet.address : null);
  if (wallet.status !== "connected") {
    return (
      <p className="muted" data-testid="increase-pick">
        {wallet.ready
          ? 'Connect a wallet ("Connect wallet" at the top) to pick a position.'
          : "Looking for your wallet…"}
      </p>
    );
  }
  if (!chain) {
    return <p className="muted" data-testid="increase-pick">Positions on this chain are not available here.</p>;
  }
  const sorted = rows ? [...rows].sort((a, b) => Number(a.status === "closed") - Number(b.status === "closed")) : null;
  return (
    <section className="positions-list" data-testid="increase-pick" aria-labelledby="increase-pick-title">
      <h2 id="increase-pick-title">Pick a position to add to</h2>
      {error ? <p role="alert">{error}</p> : null}
      {sorted === null && !error ? <p className="muted" role="status">Reading your positions…</p> : null}
      {v4.data?.length ? <V4IncreaseItems rows={v4.data} urlName={chain.urlName} /> : null}
      {sorted?.length === 0 && !v4.data?.length
        ? (
          <div className="state">
            <p>This wallet has no V3 position on {chain.label} to add to.</p>
            <Link className={buttonClass("primary")} to="/positions/create/v3">New position</Link>
          </div>
        )
        : null}
      {sorted?.length
        ? (
          <ul className="position-items" aria-label="Your V3 positions">
            {sorted.map((row) => (
              <li key={String(row.position.tokenId)} className="card position-item" data-status={row.status}>
                <div className="title-row">
                  <Link className="position-link" to={`/positions/v3/${chain.urlName}/${row.position.tokenId}`}>
                    Increase #{String(row.position.tokenId)} {row.token0.symbol}/{row.token1.symbol}{" "}
                    {formatPoolFee({ feeTier: row.position.fee })}
                  </Link>
                  <span className={`position-status position-${row.status}`}>{STATUS_TEXT[row.status]}</span>
                </div>
                <p className="muted">Holds {held(row)}</p>
              </li>
            ))}
          </ul>
        )
        : null}
    </section>
  );
}
