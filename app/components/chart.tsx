/**
 * Inline SVG charts: price line, candlesticks, bars (volume, TVL,
 * liquidity), and the duration switch. The geometry comes from
 * `app/lib/chart.ts`.
 */
import { useState } from "react";
import type { KeyboardEvent, PointerEvent } from "react";
import {
  barGeometry,
  type Candle,
  candleGeometry,
  lineGeometry,
  seriesChange,
  type SeriesPoint,
} from "../lib/chart.ts";
import { formatUsd } from "../lib/format.ts";
import { Time } from "./time.tsx";
import { Change } from "./tokens_table.tsx";

const WIDTH = 800;
const HEIGHT = 260;
const BOX = { width: WIDTH, height: HEIGHT, padding: 8 };

function nearestIndex(
  event: PointerEvent<SVGSVGElement>,
  xs: readonly number[],
): number | null {
  if (xs.length === 0) return null;
  const rect = event.currentTarget.getBoundingClientRect();
  if (rect.width === 0) return null;
  const x = ((event.clientX - rect.left) / rect.width) * WIDTH;
  let best = 0;
  for (let i = 1; i < xs.length; i++) {
    if (Math.abs(xs[i] - x) < Math.abs(xs[best] - x)) best = i;
  }
  return best;
}

/**
 * Keyboard access to a chart's readout: with the chart focused, the arrow
 * keys move through the points, Home and End jump to the ends, Escape leaves.
 */
function keyboardCursor(
  count: number,
  hover: number | null,
  setHover: (index: number | null) => void,
) {
  return {
    tabIndex: 0,
    onBlur: () => setHover(null),
    onKeyDown: (event: KeyboardEvent<SVGSVGElement>) => {
      const last = count - 1;
      const current = hover ?? last;
      const next = event.key === "ArrowLeft"
        ? Math.max(0, current - 1)
        : event.key === "ArrowRight"
        ? Math.min(last, current + (hover === null ? 0 : 1))
        : event.key === "Home"
        ? 0
        : event.key === "End"
        ? last
        : event.key === "Escape"
        ? null
        : undefined;
      if (next === undefined) return;
      event.preventDefault();
      setHover(next);
    },
  };
}

function ChartHeader(
  { value, timestamp, change, format }: {
    value: number | null;
    timestamp: number | null;
    change: number | null;
    format: (n: number | null) => string;
  },
) {
  return (
    <div className="chart-header" aria-live="polite">
      <span className="chart-value">{format(value)}</span>
      {change !== null ? <Change value={change} /> : null}
      <span className="muted chart-time">
        {timestamp !== null ? <Time timestamp={timestamp} /> : ""}
      </span>
    </div>
  );
}

function EmptyChart({ label }: { label: string }) {
  return (
    <div className="chart chart-empty" role="img" aria-label={label}>
      <p className="muted">No chart data for this period.</p>
    </div>
  );
}

/** A line chart with an area fill and a hover readout. */
export function LineChart(
  { series, label, format = (n) => formatUsd(n, { compact: false }) }: {
    series: readonly SeriesPoint[];
    label: string;
    format?: (n: number | null) => string;
  },
) {
  const geo = lineGeometry(series, BOX);
  const [hover, setHover] = useState<number | null>(null);
  if (geo.points.length === 0) return <EmptyChart label={label} />;
  const last = geo.points[geo.points.length - 1];
  const shown = hover !== null ? geo.points[hover] : last;
  const change = seriesChange(series);
  const trend = (change ?? 0) >= 0 ? "up" : "down";
  return (
    <figure className="chart">
      <ChartHeader
        value={shown.value}
        timestamp={shown.timestamp}
        change={hover === null ? change : null}
        format={format}
      />
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`${label}: from ${format(geo.points[0].value)} to ${format(last.value)}`}
        onPointerMove={(e) => setHover(nearestIndex(e, geo.points.map((p) => p.x)))}
        onPointerLeave={() => setHover(null)}
        {...keyboardCursor(geo.points.length, hover, setHover)}
      >
        <path className={`chart-area chart-${trend}`} d={geo.area} />
        <path
          className={`chart-line chart-${trend}`}
          d={geo.path}
          vectorEffect="non-scaling-stroke"
        />
        {hover !== null
          ? (
            <line
              className="chart-crosshair"
              x1={shown.x}
              x2={shown.x}
              y1={0}
              y2={HEIGHT}
              vectorEffect="non-scaling-stroke"
            />
          )
          : null}
      </svg>
    </figure>
  );
}

/** A candlestick chart with a hover readout of the candle's OHLC. */
export function CandleChart(
  { candles, label }: { candles: readonly Candle[]; label: string },
) {
  const placed = candleGeometry(candles, BOX);
  const [hover, setHover] = useState<number | null>(null);
  if (placed.length === 0) return <EmptyChart label={label} />;
  const shown = placed[hover ?? placed.length - 1];
  const format = (n: number | null) => formatUsd(n, { compact: false });
  const change = placed[0].open
    ? ((placed[placed.length - 1].close - placed[0].open) / placed[0].open) *
      100
    : null;
  return (
    <figure className="chart">
      <ChartHeader
        value={shown.close}
        timestamp={shown.timestamp}
        change={hover === null ? change : null}
        format={format}
      />
      <p className="muted chart-ohlc">
        O {format(shown.open)} H {format(shown.high)} L {format(shown.low)} C {format(shown.close)}
      </p>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`${label}: ${placed.length} candles`}
        onPointerMove={(e) => setHover(nearestIndex(e, placed.map((c) => c.x)))}
        onPointerLeave={() => setHover(null)}
        {...keyboardCursor(placed.length, hover, setHover)}
      >
        {placed.map((c) => (
          <g
            key={c.timestamp}
            className={`candle ${c.up ? "candle-up" : "candle-down"}`}
          >
            <line
              x1={c.x}
              x2={c.x}
              y1={c.wickTop}
              y2={c.wickBottom}
              vectorEffect="non-scaling-stroke"
            />
            <rect
              x={c.x - c.bodyWidth / 2}
              y={c.bodyTop}
              width={c.bodyWidth}
              height={c.bodyHeight}
            />
          </g>
        ))}
      </svg>
    </figure>
  );
}

/** The plot of one bar per point, with pointer and keyboard hover. */
function BarsSvg(
  { bars, ariaLabel, hover, setHover }: {
    bars: ReturnType<typeof barGeometry>;
    ariaLabel: string;
    hover: number | null;
    setHover: (index: number | null) => void;
  },
) {
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={ariaLabel}
      onPointerMove={(e) => setHover(nearestIndex(e, bars.map((b) => b.x + b.width / 2)))}
      onPointerLeave={() => setHover(null)}
      {...keyboardCursor(bars.length, hover, setHover)}
    >
      {bars.map((b, i) => (
        <rect
          key={b.timestamp}
          className={i === hover ? "bar bar-active" : "bar"}
          x={b.x}
          y={b.y}
          width={b.width}
          height={b.height}
        />
      ))}
    </svg>
  );
}

/** A bar chart (volume, TVL, liquidity) with a hover readout. */
export function BarChart(
  { series, label, total, format = (n) => formatUsd(n) }: {
    series: readonly SeriesPoint[];
    label: string;
    /** Figure shown when not hovering (e.g. the period's total volume). */
    total?: number | null;
    format?: (n: number | null) => string;
  },
) {
  const bars = barGeometry(series, BOX);
  const [hover, setHover] = useState<number | null>(null);
  if (bars.length === 0) return <EmptyChart label={label} />;
  const sum = total ?? bars.reduce((s, b) => s + b.value, 0);
  const shown = hover !== null ? bars[hover] : null;
  return (
    <figure className="chart">
      <ChartHeader
        value={shown ? shown.value : sum}
        timestamp={shown ? shown.timestamp : null}
        change={null}
        format={format}
      />
      <BarsSvg
        bars={bars}
        ariaLabel={`${label}: ${bars.length} bars, total ${format(sum)}`}
        hover={hover}
        setHover={setHover}
      />
    </figure>
  );
}

/** One option of a duration switch. */
export interface DurationOption<T extends string> {
  readonly value: T;
  readonly label: string;
}

/** Chart duration buttons (1H, 1D, 1W, 1M, 1Y); the active one is pressed. */
export function DurationSwitch<T extends string>(
  { options, value, onChange, label = "Chart period" }: {
    options: readonly DurationOption<T>[];
    value: T;
    onChange: (value: T) => void;
    label?: string;
  },
) {
  return (
    <div className="segmented" role="group" aria-label={label}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

/**
 * Liquidity by price: one bar per initialised tick, height the active
 * liquidity; hovering shows the price at the tick.
 */
export function LiquidityChart(
  { bars, label, token0, token1 }: {
    bars: readonly { tickIdx: number; price0: number; liquidity: number }[];
    label: string;
    token0: string;
    token1: string;
  },
) {
  const placed = barGeometry(
    bars.map((b) => ({ timestamp: b.tickIdx, value: b.liquidity })),
    BOX,
  );
  const [hover, setHover] = useState<number | null>(null);
  if (placed.length === 0) {
    return <EmptyChart label={label} />;
  }
  const byTick = new Map(bars.map((b) => [b.tickIdx, b]));
  const shown = hover !== null ? byTick.get(placed[hover].timestamp) : null;
  return (
    <figure className="chart">
      <div className="chart-header" aria-live="polite">
        <span className="muted">
          {shown
            ? `Tick ${shown.tickIdx}: 1 ${token0} = ${
              Number.isFinite(shown.price0) ? shown.price0.toPrecision(6) : "?"
            } ${token1}`
            : `${placed.length} initialised ticks`}
        </span>
      </div>
      <BarsSvg
        bars={placed}
        ariaLabel={`${label}: liquidity over ${placed.length} ticks`}
        hover={hover}
        setHover={setHover}
      />
    </figure>
  );
}

/** One layer of a stacked bar chart. */
export interface StackLayer<K extends string> {
  readonly key: K;
  readonly label: string;
}

/**
 * Stacked bars (e.g. daily volume split by protocol version): each bar is
 * the total of its layers, split in proportion; the legend shows the layers
 * of the hovered (or last) bar.
 */
export function StackedBarChart<K extends string>(
  { days, layers, label, format = (n) => formatUsd(n) }: {
    days: readonly (SeriesPoint & Readonly<Record<K, number>>)[];
    layers: readonly StackLayer<K>[];
    label: string;
    format?: (n: number | null) => string;
  },
) {
  const bars = barGeometry(days, BOX);
  const [hover, setHover] = useState<number | null>(null);
  if (bars.length === 0) return <EmptyChart label={label} />;
  const byTime = new Map(days.map((d) => [d.timestamp, d]));
  const total = bars.reduce((s, b) => s + b.value, 0);
  const shownBar = bars[hover ?? bars.length - 1];
  const shownDay = byTime.get(shownBar.timestamp);
  return (
    <figure className="chart">
      <ChartHeader
        value={hover !== null ? shownBar.value : total}
        timestamp={hover !== null ? shownBar.timestamp : null}
        change={null}
        format={format}
      />
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`${label}: ${bars.length} bars, total ${format(total)}`}
        onPointerMove={(e) => setHover(nearestIndex(e, bars.map((b) => b.x + b.width / 2)))}
        onPointerLeave={() => setHover(null)}
        {...keyboardCursor(bars.length, hover, setHover)}
      >
        {bars.map((b, i) => {
          const day = byTime.get(b.timestamp);
          let y = b.y + b.height;
          return (
            <g key={b.timestamp} className={i === hover ? "stack stack-active" : "stack"}>
              {layers.map((layer, li) => {
                const part = day && b.value > 0
                  ? Math.round((Math.max(0, day[layer.key]) / b.value) * b.height * 100) / 100
                  : 0;
                y -= part;
                return (
                  <rect
                    key={layer.key}
                    className={`bar bar-layer-${li}`}
                    x={b.x}
                    y={y}
                    width={b.width}
                    height={part}
                  />
                );
              })}
            </g>
          );
        })}
      </svg>
      <figcaption className="chart-legend">
        {layers.map((layer, li) => (
          <span key={layer.key}>
            <span className={`legend-swatch bar-layer-${li}`} aria-hidden="true" /> {layer.label}{" "}
            {format(shownDay ? shownDay[layer.key] : null)}
          </span>
        ))}
        <span className="muted">{hover !== null ? "" : "last day"}</span>
      </figcaption>
    </figure>
  );
}
