/**
 * `/positions/v4/{chain}/{tokenId}`: one V4 position read on chain: its pool
 * (fee or dynamic fee, hook, pool id), status (in range / out of range /
 * closed), range and current price, what its liquidity holds as token
 * amounts with their USD worth, the fees it is owed (StateView's fee
 * growth); for its owner, increase, collect and decrease
 * (`v4_position_actions.tsx`).
 *
 * @module
 */
import { useState } from "react";
import { Link } from "react-router";
import { formatUsd } from "../lib/format.ts";
import { pairValueUsd } from "../lib/portfolio_chain.ts";
import type { PricedToken } from "../lib/wallet_loaders.ts";
import { formatUnitsShort } from "../lib/trade_math.ts";
import { formatRangePrice, isFullRange, type PriceSide, shownPrice, shownRange } from "./v3_range.ts";
import { refreshChainReads } from "../lib/query/query_client.ts";
import { DetailRows } from "../components/controls/detail_rows.tsx";
import { useChain } from "./liquidity_shared.tsx";
import { STATUS_TEXT } from "./positions_read.ts";
import { WalletGate } from "../components/form_rows.tsx";
import { TxStatusView } from "../wallet/tx_status.tsx";
import { useWallet } from "../wallet/wallet_store.ts";
import type { TxStatus } from "../wallet/wallet_tx.ts";
import { useV4Position } from "./use_v4_reads.ts";
import { feeText, v4Prices } from "./v4_pool_name.ts";
import { V4PositionActions } from "./v4_position_actions.tsx";
import { RangeChart } from "./range_chart.tsx";
import type { V4Row } from "./v4_read.ts";

type Amounts = { amount0: bigint; amount1: bigint } | null;

/** The figures of a position as rows. */
function positionRows(row: V4Row, mine: boolean, tokens: readonly PricedToken[], weth: string) {
  const { token0: t0, token1: t1, pool } = row;
  const side: PriceSide = {
    decimals0: t0.decimals,
    decimals1: t1.decimals,
    inverted: pool
      ? shownPrice(pool.tick, { decimals0: t0.decimals, decimals1: t1.decimals, inverted: false }) < 1
      : false,
  };
  const quote = side.inverted ? `${t0.symbol} per ${t1.symbol}` : `${t1.symbol} per ${t0.symbol}`;
  const full = isFullRange(row.tickLower, row.tickUpper, row.key.tickSpacing);
  const [low, high] = shownRange(row.tickLower, row.tickUpper, side);
  const prices = v4Prices(tokens, weth);
  const usd = (a: Amounts) => {
    const value = pairValueUsd({ token0: t0, token1: t1 }, a, prices);
    return value === null ? undefined : `≈ ${formatUsd(value, { compact: false })}`;
  };
  const amounts = (a: Amounts) =>
    a
      ? `${formatUnitsShort(a.amount0, t0.decimals)} ${t0.symbol}, ${
        formatUnitsShort(a.amount1, t1.decimals)
      } ${t1.symbol}`
      : "–";
  const owed = !!row.fees && (row.fees.amount0 > 0n || row.fees.amount1 > 0n);
  return [
    { label: "Fee", value: feeText(row.key, pool?.lpFee), testId: "fee" },
    {
      label: "Hook",
      value: BigInt(row.key.hooks) === 0n ? "None" : <code>{row.key.hooks}</code>,
      testId: "hook",
    },
    {
      label: `Range (${quote})`,
      value: full ? "Full range (0 – ∞)" : `${formatRangePrice(low)} – ${formatRangePrice(high)}`,
      testId: "range",
    },
    { label: "Current price", value: pool ? `${formatRangePrice(shownPrice(pool.tick, side))} ${quote}` : "–" },
    { label: "Liquidity", value: amounts(row.held), note: usd(row.held), testId: "held" },
    {
      label: "Fees owed",
      value: amounts(row.fees),
      note: mine ? usd(row.fees) : undefined,
      testId: "fees",
      tone: owed ? "positive" as const : "neutral" as const,
    },
    { label: "Pool id", value: <code className="tx-hash-full">{pool?.id ?? "–"}</code> },
  ];
}

/** The position's range and the pool's current price, drawn (prices as the rows show them). */
function V4RangeChart({ row }: { row: V4Row }) {
  const { token0: t0, token1: t1, pool } = row;
  const side: PriceSide = {
    decimals0: t0.decimals,
    decimals1: t1.decimals,
    inverted: pool
      ? shownPrice(pool.tick, { decimals0: t0.decimals, decimals1: t1.decimals, inverted: false }) < 1
      : false,
  };
  const [low, high] = shownRange(row.tickLower, row.tickUpper, side);
  const full = isFullRange(row.tickLower, row.tickUpper, row.key.tickSpacing);
  return (
    <RangeChart
      low={full ? null : low}
      high={full ? null : high}
      full={full}
      current={pool ? shownPrice(pool.tick, side) : null}
      quote={side.inverted ? `${t0.symbol} per ${t1.symbol}` : `${t1.symbol} per ${t0.symbol}`}
    />
  );
}

/** One V4 position by its token id, with its actions when the connected account owns it. */
export function V4PositionDetail(
  { chainName, tokenId, tokens = [] }: { chainName: string; tokenId: string; tokens?: readonly PricedToken[] },
) {
  const wallet = useWallet();
  const { chain, client } = useChain(wallet, chainName);
  const [status, setStatus] = useState<TxStatus>({ step: "idle" });
  const id = /^\d{1,30}$/.test(tokenId) ? BigInt(tokenId) : null;
  const read = useV4Position(client, chain?.contracts, id);
  if (id === null) return <p role="alert">Cannot parse position id "{tokenId}": expected a number</p>;
  if (wallet.ready && !chain) return <p className="muted">V4 positions on this chain are not available here.</p>;
  if (read.isError) return <p role="alert">Cannot read position #{tokenId} from the chain.</p>;
  if (read.data === null) return <p role="alert">Position #{tokenId} was not found on {chain?.label}.</p>;
  const row = read.data;
  if (!row || !chain) return <p className="muted">Reading position #{tokenId}…</p>;
  const mine = !!wallet.address && row.owner.toLowerCase() === wallet.address.toLowerCase();
  const context = wallet.address && wallet.chainId !== null && client
    ? { chain, client, from: wallet.address, walletChainId: wallet.chainId }
    : null;
  const pool = row.pool;
  return (
    <div className="position-page" data-testid="v4-position">
      <div className="card position-card">
        <div className="title-row">
          <h2 className="position-pair">{row.token0.symbol}/{row.token1.symbol}</h2>
          <span className="badge">v4</span>
          <span className="badge">{feeText(row.key)}</span>
          <span className={`position-status position-${row.status}`} data-testid="in-range">
            {STATUS_TEXT[row.status]}
          </span>
        </div>
        <V4RangeChart row={row} />
        <DetailRows rows={positionRows(row, mine, tokens, chain.contracts.wrappedNative)} />
      </div>
      {!mine && wallet.status === "connected"
        ? (
          <p className="muted">
            This position belongs to <code>{row.owner}</code>: only its owner can change it.
          </p>
        )
        : null}
      <WalletGate wallet={wallet} chain={chain} action="manage this position">
        {mine && context && pool
          ? (
            <V4PositionActions
              row={{ ...row, pool }}
              context={context}
              onStatus={setStatus}
              onChanged={() => void refreshChainReads()}
            />
          )
          : null}
      </WalletGate>
      <TxStatusView status={status} />
      <p>
        <Link to="/positions">All positions</Link> ·{" "}
        <Link
          to={`/positions/create/v4?currencyA=${
            BigInt(row.key.currency0) === 0n ? "NATIVE" : row.key.currency0
          }&currencyB=${row.key.currency1}`}
        >
          New V4 position on this pair
        </Link>
      </p>
    </div>
  );
}
