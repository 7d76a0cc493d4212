/**
 * `/positions/v2/{chain}/{pair}`: the connected account's share of a V2
 * pair, read on chain (pair tokens, share of the pool, what it would
 * withdraw), with links to add more and to remove it.
 *
 * @module
 */
import { Link } from "react-router";
import { getAddress } from "viem";
import { isAddress } from "../../lib/address.ts";
import { formatUnitsGrouped } from "../lib/format.ts";
import { buttonClass } from "../components/controls/button.tsx";
import { DetailRows } from "../components/controls/detail_rows.tsx";
import { useChain } from "./liquidity_shared.tsx";
import type { V2Row } from "./positions_read.ts";
import { useAppQuery } from "../lib/query/query_client.ts";
import { v2RowsQuery } from "./v2_queries.ts";
import { WalletGate } from "../components/form_rows.tsx";
import { useWallet } from "../wallet/wallet_store.ts";

/** The account's share of pair `pairAddress`. */
export function V2PositionDetail({ chainName, pairAddress }: { chainName: string; pairAddress: string }) {
  const wallet = useWallet();
  const { chain, client } = useChain(wallet, chainName);
  const pair = isAddress(pairAddress) ? getAddress(pairAddress) : null;
  const read = useAppQuery(v2RowsQuery(client, pair ? [pair] : [], pair ? wallet.address : null));
  const row: V2Row | null | undefined = read.data ? read.data[0] ?? null : undefined;
  const error = read.isError ? "Cannot read this pair from the chain" : null;

  if (!pair) return <p role="alert">Cannot parse pair address "{pairAddress}": expected 40 hex digits</p>;
  if (wallet.ready && !chain) return <p className="muted">V2 positions on this chain are not available here.</p>;
  return (
    <section className="card position-card" data-testid="v2-position" aria-labelledby="v2-share">
      <h2 id="v2-share">Your share</h2>
      <WalletGate wallet={wallet} chain={chain} action="see and manage your share of this pair">
        {error ? <p role="alert">{error}</p> : null}
        {row === undefined && !error ? <p className="muted">Reading your pair tokens…</p> : null}
        {row === null ? <p className="muted">This wallet holds no pair tokens of this pair.</p> : null}
        {row
          ? (
            <>
              <DetailRows
                rows={[
                  { label: "Pair tokens", value: formatUnitsGrouped(row.balance, 18), testId: "lp-balance" },
                  {
                    label: "Share of the pool",
                    value: `${Number(row.balance * 1_000_000n / (row.totalSupply || 1n)) / 10_000}%`,
                  },
                  {
                    label: "Withdraws about",
                    value: `${formatUnitsGrouped(row.amount0, row.token0.decimals)} ${row.token0.symbol} and ${
                      formatUnitsGrouped(row.amount1, row.token1.decimals)
                    } ${row.token1.symbol}`,
                  },
                ]}
              />
              <div className="toolbar">
                <Link
                  className={buttonClass("primary")}
                  to={`/add/v2?inputCurrency=${row.token0.address}&outputCurrency=${row.token1.address}`}
                >
                  Add liquidity
                </Link>
                <Link className={buttonClass("danger")} to={`/remove/v2/${row.token0.address}/${row.token1.address}`}>
                  Remove liquidity
                </Link>
              </div>
            </>
          )
          : null}
      </WalletGate>
    </section>
  );
}
