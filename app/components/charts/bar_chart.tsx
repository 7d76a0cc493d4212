/**
 * The bar chart (volume, TVL) with its total and a hover readout, and
 * `BarsSvg`, the plot of one bar per point that the liquidity chart shares.
 *
 * @module
 */
import { useState } from "react";
import type { ReactNode } from "react";
import { barGeometry, type SeriesPoint } from "../../lib/chart.ts";
import { formatUsd } from "../../lib/format.ts";
import { axisUsd, barScale, BOX, timeToX } from "./frame.ts";
import { ChartHeader, EmptyChart, PlotSvg, TimeAxis, ValueAxis } from "./plot.tsx";

/** The plot of one bar per point, with pointer and keyboard hover. */
export function BarsSvg(
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
