/**
 * A V3 range on a price axis with the current price marked: the band of
 * the range (0 – ∞ fills the axis), a line at the current price, and the
 * prices at both ends of the band. Drawn from `range_geometry.ts`; the
 * figure's text names the same figures for screen readers.
 *
 * @module
 */
import { formatRangePrice } from "./v3_range.ts";
import { rangeGeometry } from "./range_geometry.ts";

const WIDTH = 320;
const HEIGHT = 96;
const AXIS = 72;

/** The range `[low, high]` (prices as shown, in `quote`), or full, around the current price. */
export function RangeChart(
  { low, high, full, current, quote, testId = "range-chart" }: {
    low: number | null;
    high: number | null;
    full: boolean;
    current: number | null;
    quote: string;
    testId?: string;
  },
) {
  const g = rangeGeometry({ low, high, full }, current, WIDTH);
  if (!g) return null;
  const rangeText = full ? "Full range (0 – ∞)" : `${formatRangePrice(low!)} – ${formatRangePrice(high!)}`;
  const currentText = current === null ? null : formatRangePrice(current);
  const label = `Price range ${rangeText} ${quote}${currentText ? `, current price ${currentText}` : ""}${
    g.inRange === false ? ", outside the range" : ""
  }`;
  const [x0, x1] = g.band;
  return (
    <figure className="range-chart" data-testid={testId} data-in-range={g.inRange === null ? undefined : g.inRange}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} preserveAspectRatio="none">
        <rect className="range-chart-band" x={x0} y={8} width={Math.max(1, x1 - x0)} height={AXIS - 8} />
        {full ? null : (
          <>
            <line className="range-chart-edge" x1={x0} x2={x0} y1={8} y2={AXIS} />
            <line className="range-chart-edge" x1={x1} x2={x1} y1={8} y2={AXIS} />
          </>
        )}
        <line className="range-chart-axis" x1={0} x2={WIDTH} y1={AXIS} y2={AXIS} />
        {g.current !== null
          ? <line className="range-chart-current" x1={g.current} x2={g.current} y1={0} y2={AXIS} />
          : null}
      </svg>
      <figcaption className="range-chart-caption">
        <span>
          Range: <strong>{rangeText}</strong> {quote}
        </span>
        {currentText
          ? (
            <span data-testid={`${testId}-current`}>
              <span className="range-chart-key" aria-hidden="true" />Current price: <strong>{currentText}</strong>{" "}
              {quote}
            </span>
          )
          : null}
      </figcaption>
    </figure>
  );
}
