/**
 * `/positions/v3/{chain}/{tokenId}`: one V3 position, styled like the pool
 * page: its pair, fee tier and status, the range with the current price
 * (either way round), liquidity, what it holds and the fees it is owed; then
 * increase, collect fees and remove (`actions/`), the WETH side paid as
 * ether unless the holder asks for WETH.
 *
 * @module
 */
import { useReducer } from "react";
import { Link } from "react-router";
import { formatPoolFee, formatUnitsGrouped, formatUsd } from "../lib/format.ts";
import { pairValueUsd } from "../lib/portfolio_chain.ts";
import type { PricedToken } from "../lib/wallet_loaders.ts";
import { wrappedNativeSide } from "./v3_position.ts";
import { formatRangePrice, isFullRange, type PriceSide, shownPrice, shownRange } from "./v3_range.ts";
import { DetailRows } from "../components/controls/detail_rows.tsx";
import { V3PositionActions } from "./v3_position_actions.tsx";
import { useChain } from "./liquidity_shared.tsx";
import { Segmented } from "../components/controls/segmented.tsx";
import { STATUS_TEXT, type V3Row } from "./positions_read.ts";
import { useAppQuery } from "../lib/query/query_client.ts";
import { INITIAL_V3_POSITION, v3PositionReducer } from "./v3_position_state.ts";
import { RangeChart } from "./range_chart.tsx";
import { v3PositionQuery } from "./v3_queries.ts";
import { WalletGate } from "../components/form_rows.tsx";
import { TxStatusView } from "../wallet/tx_status.tsx";
import { useWallet } from "../wallet/wallet_store.ts";

/** The position `id` read on chain with its owner (and, for the connected owner, its fees), as a query. */
function useV3Position(
  client: ReturnType<typeof useChain>["client"],
  chain: ReturnType<typeof useChain>["chain"],
  id: bigint | null,
  account: `0x${string}` | null,
) {
  // The key names the account: a read begun before the wallet reconnected (no fees) never shows after it has.
  const read = useAppQuery(v3PositionQuery(client, chain, id, account));
  const error = read.isError && chain ? `Position #${id} was not found on ${chain.label}` : null;
  return { row: read.data?.row ?? null, owner: read.data?.owner ?? null, error };
}

/** The pair, its version and fee tier, and whether the price is in the position's range. */
function PositionTitle({ row }: { row: V3Row }) {
  return (
    <div className="title-row">
      <h2 className="position-pair">{row.token0.symbol}/{row.token1.symbol}</h2>
      <span className="badge">v3</span>
      <span className="badge">{formatPoolFee({ feeTier: row.position.fee })}</span>
      <span className={`position-status position-${row.status}`} data-testid="in-range">
        {STATUS_TEXT[row.status]}
      </span>
    </div>
  );
}

/** One position by its token id, with its actions when the connected account owns it. */
export function V3PositionDetail(
  { chainName, tokenId, tokens = [] }: { chainName: string; tokenId: string; tokens?: readonly PricedToken[] },
) {
  const wallet = useWallet();
  const { chain, client } = useChain(wallet, chainName);
  // The page's one form state (`app/liquidity/v3_position_state.ts`): direction, ether choices, increase, share, status.
  const [state, dispatch] = useReducer(v3PositionReducer, INITIAL_V3_POSITION);
  const { asEther, inverted, status } = state;
  const id = /^\d{1,30}$/.test(tokenId) ? BigInt(tokenId) : null;

  const { row, owner, error } = useV3Position(client, chain, id, wallet.address);

  if (id === null) return <p role="alert">Cannot parse position id "{tokenId}": expected a number</p>;
  if (wallet.ready && !chain) return <p className="muted">V3 positions on this chain are not available here.</p>;
  if (error) return <p role="alert">{error}</p>;
  if (!row || !chain) return <p className="muted">Reading position #{tokenId}…</p>;

  const { position, token0: t0, token1: t1, pool } = row;
  const mine = !!wallet.address && owner?.toLowerCase() === wallet.address.toLowerCase();
  const wethSide = wrappedNativeSide(position, chain.contracts);
  const nativeOut = wethSide !== null && asEther;
  const ether = chain.nativeCurrency.symbol;
  const payout = (side: 0 | 1) => (nativeOut && side === wethSide ? ether : [t0, t1][side].symbol);
  const priceSide: PriceSide = {
    decimals0: t0.decimals,
    decimals1: t1.decimals,
    inverted: inverted ??
      (pool ? shownPrice(pool.tick, { decimals0: t0.decimals, decimals1: t1.decimals, inverted: false }) < 1 : false),
  };
  const quote = priceSide.inverted ? `${t0.symbol} per ${t1.symbol}` : `${t1.symbol} per ${t0.symbol}`;
  const full = isFullRange(position.tickLower, position.tickUpper, pool?.tickSpacing ?? 1);
  const [low, high] = shownRange(position.tickLower, position.tickUpper, priceSide);
  const prices = new Map(tokens.map((t) => [t.address.toLowerCase(), t]));
  const priceOf = (t: { address: string }) => prices.get(t.address.toLowerCase())?.price ?? null;
  const usd = (a: { amount0: bigint; amount1: bigint } | null) => {
    const value = pairValueUsd(row, a, prices);
    return value === null ? undefined : `≈ ${formatUsd(value, { compact: false })}`;
  };
  const amounts = (a: { amount0: bigint; amount1: bigint } | null, out = false) =>
    a
      ? `${formatUnitsGrouped(a.amount0, t0.decimals)} ${out ? payout(0) : t0.symbol}, ${
        formatUnitsGrouped(a.amount1, t1.decimals)
      } ${out ? payout(1) : t1.symbol}`
      : "–";

  const context = wallet.address && wallet.chainId !== null && client
    ? { chain, client, from: wallet.address, walletChainId: wallet.chainId }
    : null;

  return (
    <div className="position-page" data-testid="v3-position">
      <div className="card position-card">
        <PositionTitle row={row} />
        <Segmented
          label="Show prices as"
          value={priceSide.inverted ? "inverted" : "straight"}
          options={[{ value: "straight", label: `${t1.symbol} per ${t0.symbol}` }, {
            value: "inverted",
            label: `${t0.symbol} per ${t1.symbol}`,
          }]}
          onChange={(v) => dispatch({ type: "inverted", inverted: v === "inverted" })}
        />
        <RangeChart
          low={full ? null : low}
          high={full ? null : high}
          full={full}
          current={pool ? shownPrice(pool.tick, priceSide) : null}
          quote={quote}
        />
        <DetailRows
          rows={[
            {
              label: `Range (${quote})`,
              value: full ? "Full range (0 – ∞)" : `${formatRangePrice(low)} – ${formatRangePrice(high)}`,
              testId: "range",
            },
            {
              label: "Current price",
              value: pool ? `${formatRangePrice(shownPrice(pool.tick, priceSide))} ${quote}` : "–",
            },
            {
              // Liquidity as what it holds of each token (the raw L stays in an attribute, for tests and tooltips).
              label: "Liquidity",
              value: <span data-liquidity={String(position.liquidity)}>{amounts(row.held)}</span>,
              note: usd(row.held),
              testId: "liquidity",
            },
            {
              label: "Fees owed",
              value: mine ? amounts(row.fees) : "–",
              testId: "fees",
              note: mine ? usd(row.fees) : undefined,
              tone: row.fees && (row.fees.amount0 > 0n || row.fees.amount1 > 0n) ? "positive" : "neutral",
            },
            {
              label: "Contract called",
              value: (
                <>
                  <code>{chain.contracts.v3PositionManager}</code> (NonfungiblePositionManager
                  {nativeOut ? ": multicall with unwrapWETH9 and sweepToken" : ""})
                </>
              ),
              testId: "contract",
            },
            { label: "Paid out in", value: `${payout(0)} and ${payout(1)}`, testId: "payout" },
          ]}
        />
        {pool
          ? (
            <p className="muted">
              Pool <code>{pool.address}</code>
            </p>
          )
          : null}
      </div>
      {owner && !mine && wallet.status === "connected"
        ? (
          <p className="muted">
            This position belongs to <code>{owner}</code>: only its owner can change it.
          </p>
        )
        : null}
      <WalletGate wallet={wallet} chain={chain} action="manage this position">
        {mine && context && pool
          ? (
            <V3PositionActions
              row={{ ...row, pool }}
              context={context}
              wethSide={wethSide}
              state={state}
              dispatch={dispatch}
              prices={[priceOf(t0), priceOf(t1)]}
              amounts={amounts}
            />
          )
          : null}
      </WalletGate>
      <TxStatusView status={status} />
      <p>
        <Link to="/positions">All positions</Link> ·{" "}
        <Link to={`/positions/create/v3?currencyA=${t0.address}&currencyB=${t1.address}&fee=${position.fee}`}>
          New position on this pair
        </Link>
      </p>
    </div>
  );
}
