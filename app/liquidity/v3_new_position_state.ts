/**
 * The form state of a new V3 position as one reducer, pure: the pair's
 * keys (picking the other side's token swaps them), the chosen fee tier
 * (`null`: the most used), the range (preset, direction, typed prices, a new
 * pool's starting price), the amount typed on one side, the slippage, the
 * transaction status and the open review. Typing anew clears the last
 * action's "Confirmed" line; opening a review clears the status.
 *
 * @module
 */
import type { RangePreset } from "./v3_range.ts";
import type { TxStatus } from "../wallet/wallet_tx.ts";
import type { ActionReview } from "../review/action_review.tsx";
import type { TypedAmount } from "./v3_new_position_math.ts";

/** Everything the form holds. */
export interface NewPositionState {
  readonly a: string;
  readonly b: string;
  /** The tier chosen, or `null` until the holder chooses (then the link's, else the most used). */
  readonly fee: number | null;
  readonly preset: RangePreset;
  readonly inverted: boolean | null;
  readonly typed: { readonly min: string; readonly max: string };
  readonly startText: string;
  readonly amount: TypedAmount;
  readonly slippageText: string;
  readonly status: TxStatus;
  readonly review: ActionReview | null;
}

/** What the form's controls do. */
export type NewPositionAction =
  | { readonly type: "pick"; readonly side: "a" | "b"; readonly key: string }
  | { readonly type: "fee"; readonly fee: number }
  | { readonly type: "preset"; readonly preset: RangePreset; readonly typed?: NewPositionState["typed"] }
  | {
    readonly type: "direction";
    readonly inverted: boolean;
    readonly typed: NewPositionState["typed"];
    readonly startText: string;
  }
  | { readonly type: "typed"; readonly typed: NewPositionState["typed"] }
  | { readonly type: "start"; readonly text: string }
  | { readonly type: "amount"; readonly side: 0 | 1; readonly text: string }
  | { readonly type: "slippage"; readonly text: string }
  | { readonly type: "status"; readonly status: TxStatus }
  | { readonly type: "review"; readonly review: ActionReview | null }
  | { readonly type: "done" };

/** The form's first state: the link's pair and tier, ±10% around the price, no amount. */
export function initialNewPosition(pair: { a: string; b: string; fee: number | null }): NewPositionState {
  return {
    ...pair,
    preset: "10",
    inverted: null,
    typed: { min: "", max: "" },
    startText: "",
    amount: { side: 0, text: "" },
    slippageText: "0.5",
    status: { step: "idle" },
    review: null,
  };
}

const IDLE: TxStatus = { step: "idle" };

/** The next state. */
export function newPositionReducer(state: NewPositionState, action: NewPositionAction): NewPositionState {
  switch (action.type) {
    case "pick": {
      const other = action.side === "a" ? "b" : "a";
      // Picking the other side's token swaps the pair rather than pairing a token with itself.
      const swapped = action.key === state[other] && action.key !== state[action.side];
      return {
        ...state,
        [action.side]: action.key,
        ...(swapped ? { [other]: state[action.side] } : {}),
        amount: { side: 0, text: "" },
        startText: "",
      };
    }
    case "fee":
      return { ...state, fee: action.fee, startText: "" };
    case "preset":
      return { ...state, preset: action.preset, typed: action.typed ?? state.typed };
    case "direction":
      return { ...state, inverted: action.inverted, typed: action.typed, startText: action.startText };
    case "typed":
      return { ...state, typed: action.typed };
    case "start":
      return { ...state, startText: action.text };
    case "amount":
      return {
        ...state,
        amount: { side: action.side, text: action.text },
        status: state.status.step === "confirmed" ? IDLE : state.status,
      };
    case "slippage":
      return { ...state, slippageText: action.text };
    case "status":
      return { ...state, status: action.status };
    case "review":
      return { ...state, review: action.review, status: action.review ? IDLE : state.status };
    case "done":
      return { ...state, amount: { side: state.amount.side, text: "" } };
  }
}
