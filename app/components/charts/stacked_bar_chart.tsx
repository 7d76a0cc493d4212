/**
 * Stacked bars (daily volume split by protocol version) with a legend of
 * the hovered or last bar's layers.
 *
 * @module
 */
import { useState } from "react";
import { barGeometry, type SeriesPoint } from "../../lib/chart.ts";
import { formatUsd } from "../../lib/format.ts";
import { axisUsd, barScale, BOX, timeToX } from "./frame.ts";
import { ChartHeader, EmptyChart, PlotSvg, TimeAxis, ValueAxis } from "./plot.tsx";

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
