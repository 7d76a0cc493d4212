/**
 * The swap form's state in one reducer: the pair, which side is typed and
 * its text, the settings (slippage, deadline, unlimited approval), the
 * flagged-token confirmation and the price-impact acknowledgement. Pure
 * ({@linkcode swapFormReducer}, unit-tested), used through
 * {@linkcode useSwapForm}.
 *
 * @module
 */
import { useReducer } from "react";
import { DEFAULT_DEADLINE_MINUTES, type ImpactAck } from "../lib/trade_math.ts";
import type { TradeKind } from "./swap_routes.ts";

/** What the holder has set. */
export interface SwapFormState {
  readonly inKey: string;
  readonly outKey: string;
  /** Which side the holder typed. */
  readonly kind: TradeKind;
  readonly amountText: string;
  /** `null`: auto slippage. */
  readonly customSlippage: string | null;
  readonly deadlineText: string;
  readonly unlimited: boolean;
  readonly confirmFlagged: boolean;
  readonly ack: ImpactAck | null;
}

/** What changes it. */
export type SwapFormAction =
  | { readonly type: "pick"; readonly side: "in" | "out"; readonly key: string }
  | { readonly type: "flip" }
  | { readonly type: "type"; readonly kind: TradeKind; readonly text: string }
  | { readonly type: "slippage"; readonly text: string | null }
  | { readonly type: "deadline"; readonly text: string }
  | { readonly type: "unlimited"; readonly on: boolean }
  | { readonly type: "confirmFlagged"; readonly on: boolean }
  | { readonly type: "ack"; readonly ack: ImpactAck | null }
  | { readonly type: "traded" };

/** The form of a pair, nothing typed. */
export function initialSwapForm(inKey: string, outKey: string): SwapFormState {
  return {
    inKey,
    outKey,
    kind: "exactIn",
    amountText: "",
    customSlippage: null,
    deadlineText: String(DEFAULT_DEADLINE_MINUTES),
    unlimited: false,
    confirmFlagged: false,
    ack: null,
  };
}

/**
 * The next state. Picking the other side's token swaps the pair (never a
 * token against itself); a new pair drops the flagged confirmation; a trade
 * done clears the amount and the acknowledgement (one trade per intent).
 */
export function swapFormReducer(state: SwapFormState, action: SwapFormAction): SwapFormState {
  switch (action.type) {
    case "pick": {
      const own = action.side === "in" ? "inKey" : "outKey";
      const other = action.side === "in" ? "outKey" : "inKey";
      const swapped = action.key === state[other] && action.key !== state[own];
      return { ...state, [own]: action.key, [other]: swapped ? state[own] : state[other], confirmFlagged: false };
    }
    case "flip":
      return {
        ...state,
        inKey: state.outKey,
        outKey: state.inKey,
        kind: state.kind === "exactIn" ? "exactOut" : "exactIn",
        confirmFlagged: false,
      };
    case "type":
      return { ...state, kind: action.kind, amountText: action.text };
    case "slippage":
      return { ...state, customSlippage: action.text };
    case "deadline":
      return { ...state, deadlineText: action.text };
    case "unlimited":
      return { ...state, unlimited: action.on };
    case "confirmFlagged":
      return { ...state, confirmFlagged: action.on };
    case "ack":
      return { ...state, ack: action.ack };
    case "traded":
      return { ...state, amountText: "", kind: "exactIn", ack: null };
  }
}

/** The swap form's state and its dispatch. */
export function useSwapForm(inKey: string, outKey: string) {
  return useReducer(swapFormReducer, undefined, () => initialSwapForm(inKey, outKey));
}
