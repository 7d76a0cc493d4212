/**
 * The form state of the V2 screens (add and remove) as one reducer, pure:
 * the pair's keys (picking the other side's token swaps them), the amount
 * typed on one side (an existing pair's other side follows its ratio), the
 * share to remove (none at first), the slippage, the transaction status and
 * the open review. Typing anew clears the last action's "Confirmed" line;
 * opening a review clears the status.
 *
 * @module
 */
import type { TxStatus } from "../wallet/wallet_tx.ts";
import type { ActionReview } from "../review/action_review.tsx";

/** The shares a removal offers ("100" reads "Max"). */
export const V2_SHARES = ["25", "50", "75", "100"] as const;
/** One of {@linkcode V2_SHARES}. */
export type V2Share = (typeof V2_SHARES)[number];

/** Everything a V2 form holds. */
export interface V2FormState {
  readonly a: string;
  readonly b: string;
  /** The side typed last and both fields' text (a new pair takes both as typed). */
  readonly typedSide: "a" | "b";
  readonly textA: string;
  readonly textB: string;
  readonly share: V2Share | "";
  readonly slippageText: string;
  readonly status: TxStatus;
  readonly review: ActionReview | null;
}

/** What the V2 forms' controls do. */
export type V2FormAction =
  | { readonly type: "pick"; readonly side: "a" | "b"; readonly key: string }
  | { readonly type: "amount"; readonly side: "a" | "b"; readonly text: string }
  | { readonly type: "share"; readonly share: V2Share | "" }
  | { readonly type: "slippage"; readonly text: string }
  | { readonly type: "status"; readonly status: TxStatus }
  | { readonly type: "review"; readonly review: ActionReview | null }
  | { readonly type: "done" };

/** The first state of a V2 form on the pair `a`/`b`. */
export function initialV2Form(a: string, b: string): V2FormState {
  return {
    a,
    b,
    typedSide: "a",
    textA: "",
    textB: "",
    share: "",
    slippageText: "0.5",
    status: { step: "idle" },
    review: null,
  };
}

const IDLE: TxStatus = { step: "idle" };

/** The next state. */
export function v2FormReducer(state: V2FormState, action: V2FormAction): V2FormState {
  switch (action.type) {
    case "pick": {
      const other = action.side === "a" ? "b" : "a";
      const swapped = action.key === state[other] && action.key !== state[action.side];
      return {
        ...state,
        [action.side]: action.key,
        ...(swapped ? { [other]: state[action.side] } : {}),
        textA: "",
        textB: "",
      };
    }
    case "amount":
      return {
        ...state,
        typedSide: action.side,
        ...(action.side === "a" ? { textA: action.text } : { textB: action.text }),
        status: state.status.step === "confirmed" ? IDLE : state.status,
      };
    case "share":
      return { ...state, share: action.share, status: state.status.step === "confirmed" ? IDLE : state.status };
    case "slippage":
      return { ...state, slippageText: action.text };
    case "status":
      return { ...state, status: action.status };
    case "review":
      return { ...state, review: action.review, status: action.review ? IDLE : state.status };
    case "done":
      // One deposit or removal per intent: the amounts and the share clear once it confirmed.
      return { ...state, textA: "", textB: "", share: "" };
  }
}
