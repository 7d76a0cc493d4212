/**
 * The price line chart: a line with an area fill, its change over the period
 * and a hover readout.
 *
 * @module
 */
import { useState } from "react";
import { lineGeometry, niceTicks, seriesChange, type SeriesPoint, valueY } from "../../lib/chart.ts";
import { formatUsd } from "../../lib/format.ts";
import { axisUsd, BOX, HEIGHT, timeToX } from "./frame.ts";
import { ChartHeader, EmptyChart, PlotSvg, TimeAxis, ValueAxis } from "./plot.tsx";

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
