/**
 * The duration switch of the charts. The charts themselves are one module
 * each under `charts/` (price line, candlesticks, bars, stacked bars,
 * liquidity by price, and the shared plot frame): screens import the one
 * they show, so a page loads only the charts it draws.
 *
 * @module
 */
import { Segmented, type SegmentedOption } from "./controls/segmented.tsx";

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
