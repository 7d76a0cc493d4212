/**
 * One side of the swap panel ("You pay" or "You receive"): the amount (typed,
 * or the quote's), the token picker, the USD worth and the balance, with
 * "Max" on the side paid.
 *
 * @module
 */
import { formatUnits } from "viem";
import type { Address } from "../../lib/address.ts";
import type { TokenOption } from "../lib/trade_loader.ts";
import { formatUnitsShort, parseAmount } from "../lib/trade_math.ts";
import type { SwapToken, TradeKind } from "./swap_routes.ts";
import { TokenPicker } from "../components/token_picker.tsx";
import { AmountBox, BalanceNote, maxAmount } from "../components/form_rows.tsx";
import type { TokenOptions } from "../wallet/token_options.ts";
import { usdOf } from "./swap_details.tsx";

/** Props of {@linkcode SwapSide}. */
export interface SwapSideProps {
  readonly side: TradeKind;
  readonly id: string;
  /** Which side the holder typed, and the text. */
  readonly kind: TradeKind;
  readonly amountText: string;
  readonly token: SwapToken | null;
  readonly option: TokenOption | undefined;
  readonly address: Address | "native" | null;
  /** The quote's amount of this side. */
  readonly quoted: bigint | undefined;
  readonly balance: bigint | undefined;
  readonly picker: { readonly options: TokenOptions; readonly value: string; readonly onSelect: (key: string) => void };
  readonly pickerBalances: ReadonlyMap<string, string>;
  readonly onAmount: (kind: TradeKind, text: string) => void;
}

const TEXT = {
  exactIn: { label: "You pay", bound: " (at most)", picker: "Token to pay", testId: "in" },
  exactOut: { label: "You receive", bound: " (estimated)", picker: "Token to receive", testId: "out" },
} as const;

/** The side's amount box. */
export function SwapSide(props: SwapSideProps) {
  const { side, kind, token, option, balance } = props;
  const text = TEXT[side];
  const typed = kind === side;
  const shown = typed && token ? parseAmount(props.amountText, token.decimals) : props.quoted;
  return (
    <AmountBox
      id={props.id}
      label={<>{text.label}{typed ? "" : text.bound}</>}
      value={typed
        ? props.amountText
        : props.quoted !== undefined && token
        ? formatUnitsShort(props.quoted, token.decimals)
        : ""}
      onAmount={(value) => props.onAmount(side, value)}
      picker={
        <TokenPicker
          list={props.picker.options.list}
          tokens={props.picker.options.tokens}
          value={props.picker.value}
          onSelect={props.picker.onSelect}
          label={text.picker}
          balances={props.pickerBalances}
        />
      }
    >
      <div className="trade-under">
        <span className="muted trade-note" data-testid={`usd-${text.testId}`}>
          {usdOf(shown, token, option?.price) ?? "\u00a0"}
        </span>
        <BalanceNote
          amount={balance}
          decimals={token?.decimals}
          testId={`balance-${text.testId}`}
          usd={usdOf(balance, token, option?.price)}
          onMax={side === "exactIn" && balance !== undefined && token
            ? () =>
              props.onAmount("exactIn", formatUnits(maxAmount(balance, props.address === "native"), token.decimals))
            : undefined}
        />
      </div>
    </AmountBox>
  );
}
