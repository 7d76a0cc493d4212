/**
 * A chart with a kind switch (price, volume, TVL) and a duration switch.
 * The loader's chart shows first; other kinds and durations are fetched in
 * the browser through the shared urql client (loaded on the first switch)
 * and kept for later switches. Each chart (line, candles, bars) is its own
 * module loaded on demand: a page carries only the chart it shows, the
 * server renders it, and the first switch loads the others with the data.
 */
import { Suspense, use, useRef, useState } from "react";
import type { Client } from "@urql/core";
import type { HistoryDuration } from "../../queries/graphql.ts";
import { gatewayMessage, type Loaded } from "../lib/load.ts";
import { DURATIONS } from "../lib/token_choices.ts";
import type { TokenChart } from "./token_data.ts";
import { browserClient } from "../components/browser_client.ts";
import { Segmented } from "../components/controls/segmented.tsx";

/** A module import, tagged as React's `use` reads it, so a module that has arrived renders at once. */
function cachedImport<T>(load: () => Promise<T>): () => Promise<T> {
  let cached: Promise<T> | null = null;
  return () => {
    if (cached) return cached;
    const promise = load() as Promise<T> & { status?: string; value?: T; reason?: unknown };
    promise.status = "pending";
    promise.then(
      (value) => Object.assign(promise, { status: "fulfilled", value }),
      (reason) => Object.assign(promise, { status: "rejected", reason }),
    );
    return cached = promise;
  };
}

const lineModule = cachedImport(() => import("../components/charts/line_chart.tsx"));
const candleModule = cachedImport(() => import("../components/charts/candle_chart.tsx"));
const barModule = cachedImport(() => import("../components/charts/bar_chart.tsx"));

/** Every chart module the panel may show, so a fetched chart renders without a loading state of its own. */
function loadCharts() {
  return Promise.all([lineModule(), candleModule(), barModule()]);
}

// The server has every chart at hand before its first page; a browser loads the one it shows.
if (typeof document === "undefined") loadCharts().catch(() => {});

/** One chart kind of the switch. */
export interface ChartKindOption<K extends string> {
  readonly value: K;
  readonly label: string;
}

/** The period a duration covers, as chart notes say it. */
const PERIODS: Readonly<Record<HistoryDuration, string>> = {
  FIVE_MINUTE: "past five minutes",
  HOUR: "past hour",
  DAY: "past day",
  WEEK: "past week",
  MONTH: "past month",
  YEAR: "past year",
  MAX: "all time",
};

function ChartView(
  { chart, label, format, axisFormat, kindLabel, period }: {
    chart: TokenChart | null;
    label: string;
    format?: (n: number | null) => string;
    axisFormat?: (n: number) => string;
    kindLabel: string;
    period: string;
  },
) {
  if (!chart) {
    return <p className="empty">No chart data for this period.</p>;
  }
  if (chart.kind === "candles") {
    const { CandleChart } = use(candleModule());
    return <CandleChart candles={chart.candles} label={label} />;
  }
  if (chart.kind === "bars") {
    const { BarChart } = use(barModule());
    return (
      <BarChart
        series={chart.series}
        label={label}
        format={format}
        note={`Total ${kindLabel.toLowerCase()}, ${period}`}
      />
    );
  }
  const { LineChart } = use(lineModule());
  return (
    <LineChart
      series={chart.series}
      label={label}
      format={format}
      axisFormat={axisFormat}
      note={`${kindLabel}, ${period}`}
    />
  );
}

/** The chart panel; `initial` is the loader's chart of the first kind and DAY. */
export function ChartPanel<K extends string>(
  { kinds, initial, fetchChart, title, formatValue, axisFormat, mapChart }: {
    kinds: readonly ChartKindOption<K>[];
    initial: Loaded<TokenChart | null>;
    fetchChart: (
      client: Client,
      kind: K,
      duration: HistoryDuration,
    ) => Promise<TokenChart | null>;
    title: string;
    /** How a kind's values print (USD by default). */
    formatValue?: (kind: K) => ((n: number | null) => string) | undefined;
    /** How a kind's value axis labels print (compact USD by default). */
    axisFormat?: (kind: K) => ((n: number) => string) | undefined;
    /** A view of a fetched chart (a price read the other way round); fetched charts stay cached as they came. */
    mapChart?: (kind: K, chart: TokenChart | null) => TokenChart | null;
  },
) {
  const [kind, setKind] = useState<K>(kinds[0].value);
  const [duration, setDuration] = useState<HistoryDuration>("DAY");
  const cache = useRef(
    new Map<string, Loaded<TokenChart | null>>([[
      `${kinds[0].value}:DAY`,
      initial,
    ]]),
  );
  const [, setVersion] = useState(0);
  const [loading, setLoading] = useState(false);
  const key = `${kind}:${duration}`;
  const shown = cache.current.get(key);

  async function show(nextKind: K, nextDuration: HistoryDuration, force = false) {
    setKind(nextKind);
    setDuration(nextDuration);
    const nextKey = `${nextKind}:${nextDuration}`;
    if (cache.current.has(nextKey) && !force) return;
    setLoading(true);
    try {
      const [chart] = await Promise.all([
        browserClient().then((client) => fetchChart(client, nextKind, nextDuration)),
        loadCharts(),
      ]);
      cache.current.set(nextKey, { ok: true, data: chart });
    } catch (error) {
      cache.current.set(nextKey, { ok: false, error: gatewayMessage(error) });
    } finally {
      setLoading(false);
      setVersion((v) => v + 1);
    }
  }

  const kindLabel = kinds.find((k) => k.value === kind)?.label ?? "";
  const label = `${title}, ${kindLabel}, ${DURATIONS.find((d) => d.value === duration)?.label ?? ""}`;
  return (
    <section className="chart-panel" aria-label={`${title} chart`}>
      <div aria-busy={loading} className={loading ? "chart-loading" : undefined}>
        {shown
          ? shown.ok
            ? (
              <Suspense fallback={<p className="loading" role="status">Loading chart…</p>}>
                <ChartView
                  chart={mapChart ? mapChart(kind, shown.data) : shown.data}
                  label={label}
                  format={formatValue?.(kind)}
                  axisFormat={axisFormat?.(kind)}
                  kindLabel={kindLabel}
                  period={PERIODS[duration]}
                />
              </Suspense>
            )
            : (
              <div className="state state-error" role="alert">
                <p>{shown.error}</p>
                <button
                  type="button"
                  className="button"
                  onClick={() => show(kind, duration, true)}
                >
                  Retry
                </button>
              </div>
            )
          : <p className="loading" role="status">Loading chart…</p>}
      </div>
      <div className="chart-controls">
        {kinds.length > 1
          ? (
            <Segmented
              label="Chart type"
              options={kinds}
              value={kind}
              onChange={(k) => show(k, duration)}
            />
          )
          : <span />}
        <Segmented
          label="Chart period"
          options={DURATIONS}
          value={duration}
          onChange={(d) => show(kind, d)}
        />
      </div>
    </section>
  );
}
