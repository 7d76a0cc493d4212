/**
 * The pool page: pair with both logos, version, fee tier, V4 hook and
 * rewards, TVL, volumes, token supplies, price and volume charts, liquidity
 * by tick and the pool's transactions with paging.
 */
import { Link } from "react-router";
import { useMemo } from "react";
import { tokenHref } from "../../lib/chains.ts";
import { formatAmount, formatInteger, formatPercent, formatPoolFee, formatUsd } from "../lib/format.ts";
import { invertCandles, invertSeries } from "../lib/chart.ts";
import { fetchPoolChart, fetchPoolTransactions } from "./pool_data.ts";
import type { TokenChart } from "./token_data.ts";
import type { PoolPageData } from "./pool_loader.ts";
import { Address } from "../components/address.tsx";
import { ChartPanel } from "./chart_panel.tsx";
import { LiquidityChart } from "../components/charts/liquidity_chart.tsx";
import { GatewayProvider } from "../components/gateway_provider.tsx";
import { usePaged } from "../components/paged.tsx";
import { StatsGrid } from "../components/stats_grid.tsx";
import { ErrorState, NotFoundState } from "../components/status.tsx";
import { PairLogos, TokenLogo } from "../components/token_logo.tsx";
import { Time } from "../components/time.tsx";
import { PagedTransactions } from "../components/transactions_table.tsx";
import { useStored } from "../components/use_stored.ts";
import { TradeCard } from "../swap/trade_card.tsx";
import { poolApr } from "../../lib/fees.ts";

type OkData = Extract<PoolPageData, { status: "ok" }>;

/** The last price of a price chart (token0 in token1), if any. */
function lastPrice(chart: TokenChart | null): number | null {
  if (!chart) return null;
  if (chart.kind === "candles") return chart.candles.at(-1)?.close ?? null;
  return chart.series.at(-1)?.value ?? null;
}

/** A price chart read the other way round (token1 in token0). */
function invertChart(chart: TokenChart | null): TokenChart | null {
  if (!chart || chart.kind === "bars") return chart;
  return chart.kind === "candles"
    ? { kind: "candles", candles: invertCandles(chart.candles) }
    : { kind: "line", series: invertSeries(chart.series) };
}

/**
 * Which way the pool's price reads: by default the way that gives a price
 * of at least 1 (`3,180 USDC per WETH`, not `0.0003144 WETH per USDC`);
 * the visitor's choice is kept per pool in localStorage.
 */
function usePriceDirection(data: OkData): [boolean, () => void] {
  const [stored, setStored] = useStored(`pool-price-direction:${data.chainName}:${data.pool.address.toLowerCase()}`);
  const price = data.chart.ok ? lastPrice(data.chart.data) : null;
  const fallback = price !== null && price > 0 && price < 1;
  const inverted = stored === null ? fallback : stored === "inverted";
  return [inverted, () => setStored(inverted ? "normal" : "inverted")];
}

function Transactions({ data }: { data: OkData }) {
  const first = useMemo(
    () => data.transactions.ok ? data.transactions.data : { rows: [], cursors: { next: null } },
    [data.transactions],
  );
  const paged = usePaged(
    first,
    (client, cursors) => fetchPoolTransactions(client, data.ref, cursors.next),
    (c) => c.next !== null,
  );
  if (!data.transactions.ok) {
    return <ErrorState message={data.transactions.error} />;
  }
  return <PagedTransactions paged={paged} chain={data.pool.chain} now={data.now} amountColumns />;
}

/** The pool page for the loader's data. */
export function PoolScreen({ data }: { data: PoolPageData }) {
  if (data.status === "ok") return <OkPoolScreen data={data} />;
  if (data.status === "not-found") {
    return (
      <NotFoundState title="Pool not found">
        <p>{data.message}</p>
      </NotFoundState>
    );
  }
  return <ErrorState page title="Could not load this pool" message={data.message} />;
}

/** The pool page's breadcrumb, title with its badges, hook and rewards campaign. */
function PoolHeading({ data, t0, t1, fee }: { data: OkData; t0: string; t1: string; fee: string }) {
  const { pool } = data;
  return (
    <>
      <p className="breadcrumb">
        <Link to="/explore">Explore</Link> › <Link to={`/explore?chain=${data.chainName}&tab=pools`}>Pools</Link> ›{" "}
        {t0}/{t1}
      </p>
      <div className="title-row">
        <PairLogos
          token0={{ url: pool.token0?.project?.logoUrl, symbol: t0 }}
          token1={{ url: pool.token1?.project?.logoUrl, symbol: t1 }}
          size={36}
        />
        <h1>{t0}/{t1}</h1>
        <span className="badge">{pool.protocolVersion.toLowerCase()}</span>
        <span className="badge">{fee}</span>
        <span className="badge">{data.chainLabel}</span>
      </div>
      {pool.hookAddress
        ? (
          <p className="muted address-line">
            Hook: <Address address={pool.hookAddress} chain={pool.chain} label="hook address" />
          </p>
        )
        : null}
      {pool.rewardsBoostedApr != null
        ? (
          <p className="warning">
            <strong>Rewards campaign</strong>
            Liquidity providers earn a boosted APR of {formatPercent(pool.rewardsBoostedApr)}.
          </p>
        )
        : null}
    </>
  );
}

function OkPoolScreen({ data }: { data: OkData }) {
  const direction = usePriceDirection(data);
  const { pool } = data;
  const t0 = pool.token0?.symbol ?? "UNK";
  const t1 = pool.token1?.symbol ?? "UNK";
  const fee = formatPoolFee(pool);
  // A dynamic fee is set by the hook per swap: the fee tier says nothing about earnings.
  const fees24h = pool.volume24hUsd != null && pool.feeTier != null && !pool.isDynamicFee
    ? pool.volume24hUsd * pool.feeTier / 1_000_000
    : null;
  const apr = pool.isDynamicFee ? null : poolApr(pool.volume24hUsd, pool.feeTier, pool.totalLiquidityUsd);
  const [inverted, flip] = direction;
  const [base, quote] = inverted ? [t1, t0] : [t0, t1];
  return (
    <GatewayProvider>
      <article className="screen pool-page">
        <PoolHeading data={data} t0={t0} t1={t1} fee={fee} />
        <div className="grid-2">
          <div>
            <ChartPanel
              key={`${data.chainName}/${pool.address}`}
              title={`${t0}/${t1}`}
              kinds={[
                { value: "price", label: `Price (${quote} per ${base})` },
                { value: "volume", label: "Volume" },
              ]}
              initial={data.chart}
              fetchChart={(client, kind, duration) => fetchPoolChart(client, data.ref, kind, duration)}
              formatValue={(kind) =>
                kind === "price" ? (n) => (n === null ? "–" : `${formatAmount(n)} ${quote}`) : undefined}
              axisFormat={(kind) => kind === "price" ? (n) => formatAmount(n) : undefined}
              mapChart={(kind, chart) => kind === "price" && inverted ? invertChart(chart) : chart}
            />
            <p className="price-direction">
              <button type="button" className="button secondary small" onClick={flip} aria-pressed={inverted}>
                <span aria-hidden="true">⇄</span> Show price in {base}
              </button>
            </p>
            <section aria-labelledby="liquidity-title">
              <h2 id="liquidity-title">Liquidity</h2>
              {data.liquidity.ok
                ? pool.protocolVersion === "V2"
                  ? (
                    <p className="muted">
                      V2 pools spread liquidity over every price.
                    </p>
                  )
                  : (
                    <LiquidityChart
                      bars={data.liquidity.data}
                      label={`${t0}/${t1} liquidity`}
                      token0={t0}
                      token1={t1}
                      currentPrice={data.chart.ok ? lastPrice(data.chart.data) : null}
                      invert={inverted}
                      priceScale={10 ** ((pool.token0?.decimals ?? 0) - (pool.token1?.decimals ?? 0))}
                    />
                  )
                : <ErrorState message={data.liquidity.error} />}
            </section>
          </div>
          <aside>
            <TradeCard
              title={`Trade ${t0}/${t1}`}
              chain={pool.chain}
              tokens={[pool.token0, pool.token1].map((t) => ({
                address: t?.address ?? null,
                symbol: t?.symbol ?? "UNK",
                name: t?.name ?? t?.symbol ?? "Unknown token",
                logoUrl: t?.project?.logoUrl ?? null,
                price: null,
              }))}
              pay={pool.token0?.address ?? "NATIVE"}
              receive={pool.token1?.address ?? "NATIVE"}
              swapHref={`/swap?chain=${data.chainName}&inputCurrency=${pool.token0?.address ?? "ETH"}&outputCurrency=${
                pool.token1?.address ?? "ETH"
              }`}
            />
            <StatsGrid
              stats={[
                { label: "TVL", value: formatUsd(pool.totalLiquidityUsd) },
                { label: "24h volume", value: formatUsd(pool.volume24hUsd) },
                { label: "30d volume", value: formatUsd(pool.volume30dUsd) },
                { label: "24h fees", value: formatUsd(fees24h) },
                { label: "Fee APR", value: formatPercent(apr) },
                { label: "Transactions", value: formatInteger(pool.txCount) },
              ]}
            />
            <section aria-labelledby="balances-title" className="card">
              <h2 id="balances-title">Pool balances</h2>
              <ul className="link-list" style={{ flexDirection: "column" }}>
                {[
                  { token: pool.token0, supply: pool.token0Supply, symbol: t0 },
                  { token: pool.token1, supply: pool.token1Supply, symbol: t1 },
                ].map(({ token, supply, symbol }) => (
                  <li key={symbol + (token?.address ?? "")}>
                    <Link
                      to={tokenHref(pool.chain, token?.address)}
                      className="token-cell"
                    >
                      <TokenLogo url={token?.project?.logoUrl} symbol={symbol} size={22} />
                      {formatAmount(supply)} {symbol}
                    </Link>
                  </li>
                ))}
              </ul>
              <p className="muted address-line">
                Pool {pool.protocolVersion === "V4" ? "id" : "address"}:{" "}
                <Address
                  address={pool.address}
                  chain={pool.chain}
                  label={pool.protocolVersion === "V4" ? "pool id" : "pool address"}
                />
              </p>
              <Link className="button wide" to={addLiquidityHref(data.chainName, pool)} data-testid="add-liquidity">
                Add liquidity
              </Link>
            </section>
          </aside>
        </div>
        <section aria-labelledby="tx-title">
          <h2 id="tx-title">Transactions</h2>
          <Transactions data={data} />
        </section>
        <p className="muted">
          Data as of <Time timestamp={Math.floor(data.now / 1000)} />.
        </p>
      </article>
    </GatewayProvider>
  );
}

/**
 * The working form for a pool's "Add liquidity", its pair and fee tier
 * preselected: a new V3 (or V4) position, or the V2 add form.
 */
function addLiquidityHref(
  chainName: string,
  pool: {
    protocolVersion: string;
    feeTier?: number | null;
    token0?: { address?: string | null } | null;
    token1?: { address?: string | null } | null;
  },
): string {
  const a = pool.token0?.address ?? "ETH";
  const b = pool.token1?.address ?? "ETH";
  const version = pool.protocolVersion.toLowerCase();
  if (version === "v2") return `/add/v2?chain=${chainName}&inputCurrency=${a}&outputCurrency=${b}`;
  const fee = pool.feeTier ? `&fee=${pool.feeTier}` : "";
  return `/positions/create/${version}?chain=${chainName}&currencyA=${a}&currencyB=${b}${fee}`;
}
