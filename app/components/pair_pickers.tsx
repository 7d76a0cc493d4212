/**
 * The two token pickers of a pair (V2 find, add and migrate, a new V3 position): picking the other side's
 * token swaps the two (`pairPicker`), so a pair never holds one token twice.
 *
 * @module
 */
import { TokenPicker, type TokenPickerProps } from "./token_picker.tsx";
import { pairPicker, type PairSide } from "../wallet/token_options.ts";

/** Props of {@linkcode PairPickers}: the list to pick from and both sides' state. */
export interface PairPickersProps extends Pick<TokenPickerProps, "tokens" | "list" | "balances" | "disabled"> {
  readonly first: PairSide;
  readonly second: PairSide;
}

/** The first and second token of a pair, side by side. */
export function PairPickers({ first, second, ...shared }: PairPickersProps) {
  return (
    <div className="trade-row">
      <TokenPicker {...shared} value={first.value} onSelect={pairPicker(first, second)} label="First token" />
      <TokenPicker {...shared} value={second.value} onSelect={pairPicker(second, first)} label="Second token" />
    </div>
  );
}
