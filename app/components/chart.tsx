/**
 * Inline SVG charts: price line, candlesticks, bars (volume, TVL,
 * liquidity), and the duration switch. Each has a value axis (round ticks,
 * grid lines, the hovered value marked on it) and a time or price axis; the
 * labels are HTML over the stretched SVG so they keep their size. The
 * geometry comes from `app/lib/chart.ts`.
 */
import { useState } from "react";
import type { KeyboardEvent, PointerEvent, ReactNode } from "react";
import {
  barGeometry,
  type Candle,
  candleGeometry,
  lineGeometry,
  niceTicks,
  seriesChange,
  type SeriesPoint,
  timeTicks,
  timeTickStyle,
  valueY,
  zoneOffset,
} from "../lib/chart.ts";
import { formatAmount, formatUsd } from "../lib/format.ts";
import { Time, useTimeZone } from "./time.tsx";
import { Change } from "./tokens_table.tsx";

const WIDTH = 800;
const HEIGHT = 260;
const BOX = { width: WIDTH, height: HEIGHT, padding: 8 };

/** A position along the plot's width (0..WIDTH) as CSS, the value axis gutter left out. */
function plotLeft(x: number): string {
  return `calc((100% - var(--axis-gutter)) * ${Math.round((x / WIDTH) * 10_000) / 10_000})`;
}

function plotTop(y: number): string {
  return `${Math.round((y / HEIGHT) * 10_000) / 100}%`;
}

/** Horizontal grid lines at the value ticks (inside the SVG). */
function Grid({ ys }: { ys: readonly number[] }) {
  return (
    <g className="chart-grid">
      {ys.map((y) => <line key={y} x1={0} x2={WIDTH} y1={y} y2={y} vectorEffect="non-scaling-stroke" />)}
    </g>
  );
}

/**
 * The value axis in the right gutter: round ticks and, while hovering, the
 * hovered value at its height; the hovered point gets a dot on the plot.
 */
function ValueAxis(
  { ticks, hover, format }: {
    ticks: readonly { y: number; value: number }[];
    hover: { x: number; y: number; value: number } | null;
    format: (n: number) => string;
  },
) {
  return (
    <>
      <div className="chart-yaxis" aria-hidden="true">
        {ticks.map((t) => <span key={t.value} style={{ top: plotTop(t.y) }}>{format(t.value)}</span>)}
        {hover
          ? <span className="chart-hover-value" style={{ top: plotTop(hover.y) }}>{format(hover.value)}</span>
          : null}
      </div>
      {hover
        ? <span className="chart-dot" aria-hidden="true" style={{ left: plotLeft(hover.x), top: plotTop(hover.y) }} />
        : null}
    </>
  );
}

/**
 * The time axis under the plot: round hours, days or months of the
 * visitor's clock (UTC on the server), placed by `xOf`.
 */
function TimeAxis(
  { from, to, xOf }: { from: number; to: number; xOf: (t: number) => number },
) {
  const timeZone = useTimeZone();
  const ticks = timeTicks(from, to, { count: 4, offset: zoneOffset(timeZone, to) });
  const style = timeTickStyle(to - from);
  const format = new Intl.DateTimeFormat(
    "en-US",
    style === "hour"
      ? { hour: "numeric", timeZone }
      : style === "day"
      ? { month: "short", day: "numeric", timeZone }
      : { month: "short", year: "numeric", timeZone },
  );
  return <AxisLabels labels={ticks.map((t) => ({ key: t, x: xOf(t), text: format.format(new Date(t * 1000)) }))} />;
}

/** Labels under the plot at x positions (time or price). */
function AxisLabels({ labels }: { labels: readonly { key: number; x: number; text: string }[] }) {
  return (
    <div className="chart-xaxis" aria-hidden="true">
      {labels.map((l) => (
        <span
          key={l.key}
          className={l.x < WIDTH * 0.08 ? "axis-start" : l.x > WIDTH * 0.92 ? "axis-end" : undefined}
          style={{ left: plotLeft(l.x) }}
        >
          {l.text}
        </span>
      ))}
    </div>
  );
}

/** x of time `t` between the first and last placed points (linear: points are evenly spaced in time). */
function timeToX(points: readonly { timestamp: number; x: number }[]): (t: number) => number {
  const first = points[0];
  const last = points[points.length - 1];
  const span = last.timestamp - first.timestamp;
  return (t) => span === 0 ? first.x : first.x + ((t - first.timestamp) / span) * (last.x - first.x);
}

/** Compact axis labels for USD values (`$0` rather than `$0.00` at the base line). */
function axisUsd(n: number): string {
  return n === 0 ? "$0" : formatUsd(n);
}

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

/** A bar chart's value ticks (from 0 to its tallest bar) and each bar's centre. */
function barScale(bars: ReturnType<typeof barGeometry>) {
  const max = Math.max(0, ...bars.map((b) => b.value));
  return {
    ticks: niceTicks(0, max, 3).map((value) => ({ value, y: valueY(value, 0, max, BOX) })),
    centres: bars.map((b) => ({ timestamp: b.timestamp, x: b.x + b.width / 2 })),
  };
}

/**
 * A chart's drawing area: scaled to its box, one image with `label` for
 * assistive technology, a grid at `grid`, and the readout (`hover`) following
 * the pointer to the nearest of `xs` and the keyboard.
 */
function PlotSvg(
  { label, xs, grid, hover, setHover, children }: {
    label: string;
    xs: readonly number[];
    grid: readonly number[];
    hover: number | null;
    setHover: (index: number | null) => void;
    children: ReactNode;
  },
) {
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      onPointerMove={(e) => setHover(nearestIndex(e, xs))}
      onPointerLeave={() => setHover(null)}
      {...keyboardCursor(xs.length, hover, setHover)}
    >
      <Grid ys={grid} />
      {children}
    </svg>
  );
}

function ChartHeader(
  { value, timestamp, change, format, note }: {
    value: number | null;
    timestamp: number | null;
    change: number | null;
    format: (n: number | null) => string;
    /** What the figure is when nothing is hovered (`Total volume, past week`). */
    note?: string;
  },
) {
  return (
    <div className="chart-header" aria-live="polite">
      <span className="chart-value">{format(value)}</span>
      {change !== null ? <Change value={change} /> : null}
      <span className="muted chart-time">
        {timestamp !== null ? <Time timestamp={timestamp} /> : note ?? ""}
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
  { series, label, format = (n) => formatUsd(n, { compact: false }), axisFormat = axisUsd, note }: {
    series: readonly SeriesPoint[];
    label: string;
    format?: (n: number | null) => string;
    /** Value axis labels (compact USD by default). */
    axisFormat?: (n: number) => string;
    /** What the line is, with its period, shown when nothing is hovered. */
    note?: string;
  },
) {
  const geo = lineGeometry(series, BOX);
  const [hover, setHover] = useState<number | null>(null);
  if (geo.points.length === 0) return <EmptyChart label={label} />;
  const last = geo.points[geo.points.length - 1];
  const shown = hover !== null ? geo.points[hover] : last;
  const change = seriesChange(series);
  const trend = (change ?? 0) >= 0 ? "up" : "down";
  const ticks = niceTicks(geo.min, geo.max, 4).map((value) => ({ value, y: valueY(value, geo.min, geo.max, BOX) }));
  return (
    <figure className="chart">
      <ChartHeader
        value={shown.value}
        timestamp={hover !== null || note === undefined ? shown.timestamp : null}
        change={hover === null ? change : null}
        format={format}
        note={note}
      />
      <div className="chart-plot">
        <PlotSvg
          label={`${label}: from ${format(geo.points[0].value)} to ${format(last.value)}`}
          xs={geo.points.map((p) => p.x)}
          grid={ticks.map((t) => t.y)}
          hover={hover}
          setHover={setHover}
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
        </PlotSvg>
        <ValueAxis ticks={ticks} hover={hover !== null ? shown : null} format={axisFormat} />
      </div>
      <TimeAxis from={geo.points[0].timestamp} to={last.timestamp} xOf={timeToX(geo.points)} />
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
  const low = Math.min(...placed.map((c) => c.low));
  const high = Math.max(...placed.map((c) => c.high));
  const ticks = niceTicks(low, high, 4).map((value) => ({ value, y: valueY(value, low, high, BOX) }));
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
      <div className="chart-plot">
        <PlotSvg
          label={`${label}: ${placed.length} candles`}
          xs={placed.map((c) => c.x)}
          grid={ticks.map((t) => t.y)}
          hover={hover}
          setHover={setHover}
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
        </PlotSvg>
        <ValueAxis
          ticks={ticks}
          hover={hover !== null ? { x: shown.x, y: valueY(shown.close, low, high, BOX), value: shown.close } : null}
          format={axisUsd}
        />
      </div>
      <TimeAxis from={placed[0].timestamp} to={placed[placed.length - 1].timestamp} xOf={timeToX(placed)} />
    </figure>
  );
}

/** The plot of one bar per point, with pointer and keyboard hover. */
function BarsSvg(
  { bars, ariaLabel, hover, setHover, grid = [], children }: {
    bars: ReturnType<typeof barGeometry>;
    ariaLabel: string;
    hover: number | null;
    setHover: (index: number | null) => void;
    /** y of the value axis' grid lines. */
    grid?: readonly number[];
    /** Marks drawn over the bars (the current price). */
    children?: ReactNode;
  },
) {
  return (
    <PlotSvg
      label={ariaLabel}
      xs={bars.map((b) => b.x + b.width / 2)}
      grid={grid}
      hover={hover}
      setHover={setHover}
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
      {children}
    </PlotSvg>
  );
}

/** A bar chart (volume, TVL, liquidity) with a hover readout. */
export function BarChart(
  { series, label, total, format = (n) => formatUsd(n), note = "Total" }: {
    series: readonly SeriesPoint[];
    label: string;
    /** Figure shown when not hovering (e.g. the period's total volume). */
    total?: number | null;
    format?: (n: number | null) => string;
    /** What the total is, with its period: `Total volume, past week`. */
    note?: string;
  },
) {
  const bars = barGeometry(series, BOX);
  const [hover, setHover] = useState<number | null>(null);
  if (bars.length === 0) return <EmptyChart label={label} />;
  const sum = total ?? bars.reduce((s, b) => s + b.value, 0);
  const shown = hover !== null ? bars[hover] : null;
  const { ticks, centres } = barScale(bars);
  return (
    <figure className="chart">
      <ChartHeader
        value={shown ? shown.value : sum}
        timestamp={shown ? shown.timestamp : null}
        change={null}
        format={format}
        note={note}
      />
      <div className="chart-plot">
        <BarsSvg
          bars={bars}
          ariaLabel={`${label}: ${bars.length} bars, ${note.toLowerCase()} ${format(sum)}`}
          hover={hover}
          setHover={setHover}
          grid={ticks.map((t) => t.y)}
        />
        <ValueAxis
          ticks={ticks}
          hover={shown ? { x: shown.x + shown.width / 2, y: shown.y, value: shown.value } : null}
          format={axisUsd}
        />
      </div>
      <TimeAxis from={bars[0].timestamp} to={bars[bars.length - 1].timestamp} xOf={timeToX(centres)} />
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
 * liquidity, lower prices left. The price axis is labelled in `quote` per
 * `base` (`invert` reads the ticks' token1-per-token0 prices the other way
 * round), the current price is marked, and hovering shows a tick's price.
 */
export function LiquidityChart(
  { bars, label, token0, token1, currentPrice = null, invert = false, priceScale = 1 }: {
    bars: readonly { tickIdx: number; price0: number; liquidity: number }[];
    label: string;
    token0: string;
    token1: string;
    /**
     * What a tick's `price0` is multiplied by to read in whole tokens: tick
     * prices are in the tokens' smallest units, so `10 ** (decimals0 - decimals1)`.
     */
    priceScale?: number;
    /** The pool's price of token0 in token1 (`price0` of the latest price point), if known. */
    currentPrice?: number | null;
    /** Read prices as token0 per token1. */
    invert?: boolean;
  },
) {
  const placed = barGeometry(
    bars.map((b) => ({ timestamp: invert ? -b.tickIdx : b.tickIdx, value: b.liquidity })),
    BOX,
  );
  const [hover, setHover] = useState<number | null>(null);
  if (placed.length === 0) {
    return <EmptyChart label={label} />;
  }
  const base = invert ? token1 : token0;
  const quote = invert ? token0 : token1;
  const byTick = new Map(bars.map((b) => [b.tickIdx, b]));
  const priceAt = (i: number) => {
    const p0 = (byTick.get(invert ? -placed[i].timestamp : placed[i].timestamp)?.price0 ?? Number.NaN) * priceScale;
    return invert ? 1 / p0 : p0;
  };
  const current = currentPrice !== null && currentPrice > 0 ? (invert ? 1 / currentPrice : currentPrice) : null;
  let currentIndex: number | null = null;
  if (current !== null) {
    let best = Infinity;
    placed.forEach((_, i) => {
      const distance = Math.abs(Math.log(priceAt(i) / current));
      if (distance < best) [best, currentIndex] = [distance, i];
    });
  }
  const centre = (i: number) => placed[i].x + placed[i].width / 2;
  const labelled = [...new Set([0, 1, 2, 3].map((k) => Math.round((k * (placed.length - 1)) / 3)))];
  const price = (n: number) => Number.isFinite(n) ? formatAmount(n) : "?";
  return (
    <figure className="chart liquidity-chart">
      <div className="chart-header" aria-live="polite">
        <span className="muted">
          {hover !== null
            ? `1 ${base} = ${price(priceAt(hover))} ${quote} at this tick`
            : current !== null
            ? `Current price: 1 ${base} = ${price(current)} ${quote}`
            : `${placed.length} initialised ticks`}
        </span>
      </div>
      <div className="chart-plot">
        <BarsSvg
          bars={placed}
          ariaLabel={`${label}: liquidity over ${placed.length} ticks from ${price(priceAt(0))} to ${
            price(priceAt(placed.length - 1))
          } ${quote} per ${base}${current !== null ? `, current price ${price(current)}` : ""}`}
          hover={hover}
          setHover={setHover}
        >
          {currentIndex !== null
            ? (
              <line
                className="chart-current"
                x1={centre(currentIndex)}
                x2={centre(currentIndex)}
                y1={0}
                y2={HEIGHT}
                vectorEffect="non-scaling-stroke"
              />
            )
            : null}
        </BarsSvg>
      </div>
      <AxisLabels labels={labelled.map((i) => ({ key: i, x: centre(i), text: price(priceAt(i)) }))} />
      <figcaption className="muted chart-axis-title">Price ({quote} per {base})</figcaption>
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
  { days, layers, label, format = (n) => formatUsd(n), note = "Total" }: {
    days: readonly (SeriesPoint & Readonly<Record<K, number>>)[];
    layers: readonly StackLayer<K>[];
    label: string;
    format?: (n: number | null) => string;
    /** What the total is, with its period: `Total volume, past month`. */
    note?: string;
  },
) {
  const bars = barGeometry(days, BOX);
  const [hover, setHover] = useState<number | null>(null);
  if (bars.length === 0) return <EmptyChart label={label} />;
  const byTime = new Map(days.map((d) => [d.timestamp, d]));
  const total = bars.reduce((s, b) => s + b.value, 0);
  const shownBar = bars[hover ?? bars.length - 1];
  const shownDay = byTime.get(shownBar.timestamp);
  const { ticks, centres } = barScale(bars);
  return (
    <figure className="chart">
      <ChartHeader
        value={hover !== null ? shownBar.value : total}
        timestamp={hover !== null ? shownBar.timestamp : null}
        change={null}
        format={format}
        note={note}
      />
      <div className="chart-plot">
        <PlotSvg
          label={`${label}: ${bars.length} bars, ${note.toLowerCase()} ${format(total)}`}
          xs={bars.map((b) => b.x + b.width / 2)}
          grid={ticks.map((t) => t.y)}
          hover={hover}
          setHover={setHover}
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
        </PlotSvg>
        <ValueAxis
          ticks={ticks}
          hover={hover !== null ? { x: centres[hover].x, y: shownBar.y, value: shownBar.value } : null}
          format={axisUsd}
        />
      </div>
      <TimeAxis from={bars[0].timestamp} to={bars[bars.length - 1].timestamp} xOf={timeToX(centres)} />
      <figcaption className="chart-legend">
        {layers.map((layer, li) => (
          <span key={layer.key}>
            <span className={`legend-swatch bar-layer-${li}`} aria-hidden="true" /> {layer.label}{" "}
            {format(shownDay ? shownDay[layer.key] : null)}
          </span>
        ))}
        <span className="muted">{hover !== null ? "" : "on the last day"}</span>
      </figcaption>
    </figure>
  );
}
