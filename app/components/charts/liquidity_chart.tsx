/**
 * Liquidity by price: one bar per initialised tick of a pool, the current
 * price marked, the price axis in either direction.
 *
 * @module
 */
import { useState } from "react";
import { barGeometry } from "../../lib/chart.ts";
import { formatAmount } from "../../lib/format.ts";
import { BOX, HEIGHT } from "./frame.ts";
import { AxisLabels, EmptyChart } from "./plot.tsx";
import { BarsSvg } from "./bar_chart.tsx";

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
