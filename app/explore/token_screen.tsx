/**
 * The token page: price chart (candles or line, with volume and TVL),
 * stats, safety warnings, description with translations, links, pools and
 * the token's pool transactions with paging.
 */
import { Link } from "react-router";
import { useMemo } from "react";
import { formatPrice, formatUsd } from "../lib/format.ts";
import { type Cursors, hasMore, TOKEN_POOL_ROWS } from "../lib/paging.ts";
import { tokenWarnings } from "../lib/safety.ts";
import { LANGUAGES } from "../lib/token_choices.ts";
import type { TokenPageData, TokenPageFrame } from "./token_loader.ts";
import { Address } from "../components/address.tsx";
import { ChartPanel } from "./chart_panel.tsx";
import { usePaged } from "../components/paged.tsx";
import { PoolsTable } from "../components/pools_table.tsx";
import { StatsGrid } from "../components/stats_grid.tsx";
import { ErrorState, NotFoundState } from "../components/status.tsx";
import { LazyPagedTransactions as PagedTransactions } from "../components/lazy_parts.ts";
import { TokenLogo } from "../components/token_logo.tsx";
import { TradeCard } from "../swap/trade_card.tsx";

type OkData = Extract<TokenPageData, { status: "ok" }>;

/**
 * The breadcrumb and title row of a token page, the same in its streamed
 * frame and in the whole screen: nothing above the parts moves when they
 * arrive.
 */
export function TokenHeader({ frame }: { frame: TokenPageFrame }) {
  const { token } = frame;
  const symbol = token.symbol ?? "UNK";
  const name = token.name ?? token.project?.name ?? symbol;
  const logo = token.project?.logo?.url ?? token.project?.logoUrl ?? null;
  return (
    <>
      <p className="breadcrumb">
        <Link to="/explore">Explore</Link> › <Link to={`/tokens/${frame.chainName}`}>Tokens</Link> › {symbol}
      </p>
      <div className="title-row">
        <TokenLogo url={logo} symbol={symbol} size={40} />
        <h1>
          {name} <span className="muted">{symbol}</span>
        </h1>
        <span className="badge">{frame.chainLabel}</span>
      </div>
    </>
  );
}

function Warnings({ data }: { data: OkData }) {
  const warnings = tokenWarnings(data.token);
  if (warnings.length === 0) return null;
  return (
    <div className="warnings">
      {warnings.map((w) => (
        <div
          key={w.title}
          className={w.level === "danger" ? "warning danger" : "warning"}
          role={w.level === "danger" ? "alert" : "note"}
        >
          <strong>{w.title}</strong>
          {w.text}
        </div>
      ))}
    </div>
  );
}

function Transactions({ data }: { data: OkData }) {
  const first = useMemo(
    () => data.transactions.ok ? data.transactions.data : { rows: [], cursors: {} as Cursors },
    [data.transactions],
  );
  const paged = usePaged(
    first,
    async (client, cursors) => (await import("./token_data.ts")).fetchTokenTransactions(client, data.ref, cursors),
    hasMore,
  );
  if (!data.transactions.ok) {
    return <ErrorState message={data.transactions.error} />;
  }
  return <PagedTransactions paged={paged} chain={data.ref.chain} now={data.now} />;
}

function About({ data }: { data: OkData }) {
  const project = data.token.project;
  const d = data.description;
  return (
    <section aria-labelledby="about-title">
      <h2 id="about-title">About</h2>
      <nav className="segmented" aria-label="Description language">
        {LANGUAGES.map((l) => (
          <Link
            key={l.code}
            to={`?lang=${l.code}`}
            preventScrollReset
            replace
            aria-current={d.ok && d.data.lang === l.code ? "page" : undefined}
            lang={l.code}
          >
            {l.label}
          </Link>
        ))}
      </nav>
      {d.ok
        ? (
          <>
            {d.data.fallback
              ? (
                <p className="muted">
                  No translation yet: showing the English description.
                </p>
              )
              : null}
            <p className="description" lang={d.data.fallback ? "en" : d.data.lang}>
              {d.data.text ?? "No description yet."}
            </p>
          </>
        )
        : <ErrorState message={d.error} />}
      <ul className="link-list">
        {project?.homepageUrl
          ? (
            <li>
              <a href={project.homepageUrl} rel="noopener noreferrer" target="_blank">
                Website
              </a>
            </li>
          )
          : null}
        {project?.twitterName
          ? (
            <li>
              <a
                href={`https://x.com/${project.twitterName}`}
                rel="noopener noreferrer"
                target="_blank"
              >
                X (@{project.twitterName})
              </a>
            </li>
          )
          : null}
        <li className="chip">
          {data.token.address
            ? <Address address={data.token.address} chain={data.token.chain} target="token" label="token address" />
            : "Native token"}
        </li>
      </ul>
    </section>
  );
}

/** The token page for the loader's data. */
export function TokenScreen({ data }: { data: TokenPageData }) {
  if (data.status === "not-found") {
    return (
      <NotFoundState title="Token not found">
        <p>{data.message}</p>
      </NotFoundState>
    );
  }
  if (data.status === "error") {
    return <ErrorState page title="Could not load this token" message={data.message} />;
  }
  const { token } = data;
  const market = token.market;
  const projectMarket = token.project?.markets?.[0] ?? null;
  const symbol = token.symbol ?? "UNK";
  const name = token.name ?? token.project?.name ?? symbol;
  const logo = token.project?.logo?.url ?? token.project?.logoUrl ?? null;
  return (
    <article className="screen token-page">
      <TokenHeader frame={data} />
      <Warnings data={data} />
      <div className="grid-2">
        <div>
          <ChartPanel
            key={`${data.chainName}/${data.address}`}
            title={`${symbol} price`}
            kinds={[
              { value: "price", label: "Price" },
              { value: "volume", label: "Volume" },
              { value: "tvl", label: "TVL" },
            ]}
            initial={data.chart}
            fetchChart={async (client, kind, duration) =>
              (await import("./token_data.ts")).fetchTokenChart(client, data.ref, kind, duration)}
          />
          <StatsGrid
            stats={[
              { label: "TVL", value: formatUsd(market?.totalValueLocked?.value) },
              {
                label: "Market cap",
                value: formatUsd(projectMarket?.marketCap?.value),
              },
              {
                label: "FDV",
                value: formatUsd(
                  market?.fullyDilutedValuation?.value ??
                    projectMarket?.fullyDilutedValuation?.value,
                ),
              },
              { label: "1 day volume", value: formatUsd(market?.volume24H?.value) },
              {
                label: "52W high",
                value: formatPrice(
                  market?.priceHigh52W?.value ?? projectMarket?.priceHigh52w?.value,
                ),
              },
              {
                label: "52W low",
                value: formatPrice(
                  market?.priceLow52W?.value ?? projectMarket?.priceLow52w?.value,
                ),
              },
            ]}
          />
        </div>
        <aside>
          <TradeCard
            title={`Trade ${symbol}`}
            chain={data.ref.chain}
            tokens={[{
              address: token.address ?? null,
              symbol,
              name,
              logoUrl: logo,
              price: market?.price?.value ?? null,
            }]}
            pay={token.address ? "NATIVE" : null}
            receive={token.address ?? "NATIVE"}
            swapHref={`/swap?chain=${data.chainName}&outputCurrency=${data.address}`}
          />
          <About data={data} />
        </aside>
      </div>
      <section aria-labelledby="pools-title">
        <h2 id="pools-title">Pools with {symbol}</h2>
        {data.pools.ok
          ? <PoolsTable pools={data.pools.data.rows.slice(0, TOKEN_POOL_ROWS)} caption={`Pools with ${symbol}`} />
          : <ErrorState message={data.pools.error} />}
      </section>
      <section aria-labelledby="tx-title">
        <h2 id="tx-title">Transactions</h2>
        <Transactions data={data} />
      </section>
    </article>
  );
}
