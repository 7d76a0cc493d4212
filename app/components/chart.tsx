/**
 * Inline SVG charts, one module each under `charts/` (price line,
 * candlesticks, bars, stacked bars, liquidity by price, and the shared plot
 * frame), gathered here with the duration switch for the screens that show
 * one fixed chart. The chart panel imports the chart modules themselves, so
 * a page loads only the charts it shows.
 *
 * @module
 */
import { Segmented, type SegmentedOption } from "./controls/segmented.tsx";

export { BarChart } from "./charts/bar_chart.tsx";
export { CandleChart } from "./charts/candle_chart.tsx";
export { LineChart } from "./charts/line_chart.tsx";
export { LiquidityChart } from "./charts/liquidity_chart.tsx";
export { StackedBarChart, type StackLayer } from "./charts/stacked_bar_chart.tsx";

/** One option of a duration switch. */
export type DurationOption<T extends string> = SegmentedOption<T>;

/** Chart duration buttons (1H, 1D, 1W, 1M, 1Y); the active one is pressed. */
export function DurationSwitch<T extends string>(
  { options, value, onChange, label = "Chart period" }: {
    options: readonly DurationOption<T>[];
    value: T;
    onChange: (value: T) => void;
    label?: string;
  },
) {
  return <Segmented label={label} options={options} value={value} onChange={onChange} />;
}
