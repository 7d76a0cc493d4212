/**
 * The candlestick chart: one candle per period with a readout of its open,
 * high, low and close.
 *
 * @module
 */
import { useState } from "react";
import { type Candle, candleGeometry, niceTicks, valueY } from "../../lib/chart.ts";
import { formatUsd } from "../../lib/format.ts";
import { axisUsd, BOX, timeToX } from "./frame.ts";
import { ChartHeader, EmptyChart, PlotSvg, TimeAxis, ValueAxis } from "./plot.tsx";

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
