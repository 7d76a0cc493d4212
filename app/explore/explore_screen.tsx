/**
 * The explore screen: protocol volume chart, then top tokens, top pools or
 * transactions of the chosen chain. `/`, `/explore`, `/tokens` and
 * `/tokens/:chainName` render it.
 */
import { Form, Link } from "react-router";
import type { ReactNode } from "react";
import { useId, useMemo } from "react";
import type { ExploreData, ExploreTab } from "./explore_loader.ts";
import { type Cursors, hasMore, type Version, VERSIONS } from "../lib/paging.ts";
import type { Chain } from "../../lib/chains.ts";
import { StackedBarChart } from "../components/charts/stacked_bar_chart.tsx";
import { browserClient } from "../components/browser_client.ts";
import { LoadMore, usePaged } from "../components/paged.tsx";
import { PoolsTable } from "../components/pools_table.tsx";
import { ErrorState, NotFoundState } from "../components/status.tsx";
import { LazyPagedTransactions as PagedTransactions } from "../components/lazy_parts.ts";
import { TokensTable } from "../components/tokens_table.tsx";

function exploreHref(
  data: ExploreData,
  changes: Record<string, string | null>,
): string {
  const params = new URLSearchParams();
  params.set("chain", data.chainName);
  params.set("tab", data.tab);
  if (data.version !== "all") params.set("version", data.version);
  if (data.tokenFilter) params.set("token", data.tokenFilter);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) params.delete(k);
    else params.set(k, v);
  }
  return `/explore?${params}`;
}

const TABS: readonly { tab: ExploreTab; label: string }[] = [
  { tab: "tokens", label: "Tokens" },
  { tab: "pools", label: "Pools" },
  { tab: "transactions", label: "Transactions" },
];

function VolumePanel({ data }: { data: ExploreData }) {
  if (!data.volume) return null;
  if (!data.volume.ok) {
    return <ErrorState title="Volume unavailable" message={data.volume.error} />;
  }
  return (
    <section className="card chart-panel" aria-labelledby="volume-title">
      <h2 id="volume-title" className="muted">
        Uniswap volume on {data.chainLabel}, past month
      </h2>
      <StackedBarChart
        label={`Daily Uniswap volume on ${data.chainLabel}`}
        note="Total volume, past month"
        days={data.volume.data}
        layers={[
          { key: "v4", label: "v4" },
          { key: "v3", label: "v3" },
          { key: "v2", label: "v2" },
        ]}
      />
    </section>
  );
}

function PoolsTab(
  { data, chain }: { data: ExploreData; chain: Chain },
) {
  const id = useId();
  const pools = data.pools;
  const versions: readonly Version[] = data.version === "all" ? VERSIONS : [data.version];
  const first = useMemo(
    () => (pools?.ok ? pools.data : { rows: [], cursors: {} as Cursors }),
    [pools],
  );
  const paged = usePaged(
    first,
    async (client, cursors) =>
      (await import("../lib/explore_data.ts")).fetchTopPools(client, {
        chain,
        versions,
        cursors,
        tokenAddress: data.tokenFilter,
      }),
    hasMore,
  );
  return (
    <>
      <div className="toolbar">
        <nav className="segmented" aria-label="Protocol version">
          {(["all", ...VERSIONS] as const).map((v) => (
            <Link
              key={v}
              to={exploreHref(data, { version: v === "all" ? null : v })}
              aria-current={v === data.version ? "page" : undefined}
            >
              {v === "all" ? "All" : v}
            </Link>
          ))}
        </nav>
        <Form method="get" action="/explore" className="filter-form">
          <input type="hidden" name="chain" value={data.chainName} />
          <input type="hidden" name="tab" value="pools" />
          {data.version !== "all" ? <input type="hidden" name="version" value={data.version} /> : null}
          <label htmlFor={id} className="visually-hidden">
            Filter pools by token address
          </label>
          <input
            id={id}
            className="field"
            name="token"
            placeholder="Filter by token address (0x…)"
            defaultValue={data.tokenFilter ?? ""}
            aria-invalid={data.tokenFilterError ? true : undefined}
          />
          <button type="submit" className="button secondary">Filter</button>
        </Form>
      </div>
      {data.tokenFilterError ? <p className="field-error" role="alert">{data.tokenFilterError}</p> : null}
      {pools && !pools.ok ? <ErrorState message={pools.error} /> : (
        <>
          <PoolsTable pools={paged.rows} />
          <LoadMore paged={paged} label="Load more pools" />
        </>
      )}
    </>
  );
}

function TransactionsTab(
  { data, chain }: { data: ExploreData; chain: Chain },
) {
  const txs = data.transactions;
  const first = useMemo(
    () => (txs?.ok ? txs.data : { rows: [], cursors: {} as Cursors }),
    [txs],
  );
  const paged = usePaged(
    first,
    async (client, cursors) =>
      (await import("../lib/explore_data.ts")).fetchChainTransactions(client, { chain, cursors }),
    hasMore,
  );
  if (txs && !txs.ok) return <ErrorState message={txs.error} />;
  return <PagedTransactions paged={paged} chain={chain} now={data.now} />;
}

/** The explore screen for the loader's data, under a heading. */
export function ExploreScreen(
  { data, title, intro }: {
    data: ExploreData;
    title: string;
    intro?: ReactNode;
  },
) {
  const chain = data.chain;
  if (!chain) {
    return (
      <NotFoundState title={`Unknown network "${data.chainName}"`}>
        <p>Pick a network from the chain selector in the header.</p>
      </NotFoundState>
    );
  }
  return (
    <section className="screen explore">
      <h1>{title}</h1>
      {intro}
      {data.query ? null : <VolumePanel data={data} />}
      <nav aria-label="Explore">
        <ul className="tabs">
          {TABS.map((t) => (
            <li key={t.tab}>
              <Link
                to={exploreHref(data, {
                  tab: t.tab,
                  version: null,
                  token: null,
                })}
                aria-current={t.tab === data.tab ? "page" : undefined}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="muted">Network: {data.chainLabel}</p>
      {data.tab === "tokens" && data.tokens
        ? data.tokens.ok
          ? (
            <>
              {data.query
                ? (
                  <p>
                    {data.tokens.data.length} result
                    {data.tokens.data.length === 1 ? "" : "s"} for “
                    {data.query}” among the top tokens on {data.chainLabel}.
                  </p>
                )
                : null}
              <TokensTable
                tokens={data.tokens.data}
                caption={`Top tokens on ${data.chainLabel}`}
                more={data.query ? undefined : {
                  total: data.tokensTotal,
                  load: async () => {
                    const [{ fetchTopTokens }, client] = await Promise.all([
                      import("../lib/explore_data.ts"),
                      browserClient(),
                    ]);
                    return await fetchTopTokens(client, chain);
                  },
                }}
              />
            </>
          )
          : <ErrorState message={data.tokens.error} />
        : null}
      {data.tab === "pools" ? <PoolsTab data={data} chain={chain} /> : null}
      {data.tab === "transactions" ? <TransactionsTab data={data} chain={chain} /> : null}
    </section>
  );
}
