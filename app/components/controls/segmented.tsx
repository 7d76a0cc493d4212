/**
 * One choice among a few: a `role="group"` row of buttons, the chosen one
 * pressed (`.segmented`). The chart kind and period switches and the
 * liquidity screens' range presets and price direction are all this.
 *
 * @module
 */

/** One option of a segmented control. */
export interface SegmentedOption<T extends string> {
  readonly value: T;
  readonly label: string;
}

/** A row of pressed-or-not buttons named `label`; pressing one calls `onChange` with its value. */
export function Segmented<T extends string>(
  { label, value, options, onChange, testId }: {
    label: string;
    value: T;
    options: readonly SegmentedOption<T>[];
    onChange: (value: T) => void;
    testId?: string;
  },
) {
  return (
    <div className="segmented" role="group" aria-label={label} data-testid={testId}>
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
