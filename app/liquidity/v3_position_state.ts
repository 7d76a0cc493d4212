/**
 * The form state of a V3 position's page as one reducer, pure: the price
 * direction, whether payouts and deposits use ether for a WETH side, the
 * amount typed on one side of an increase (the other follows the range), the
 * share to remove (none at first), the slippage, the status line and the
 * open review. A new intent (typing, a share) clears the last "Confirmed"
 * line; opening a review clears the status.
 *
 * @module
 */
import type { TxStatus } from "../wallet/wallet_tx.ts";
import type { ActionReview } from "../review/action_review.tsx";

/** The shares a removal offers ("100" reads "Max"). */
export const V3_SHARES = ["25", "50", "75", "100"] as const;
/** One of {@linkcode V3_SHARES}. */
export type V3Share = (typeof V3_SHARES)[number];

/** Everything a position page holds. */
export interface V3PositionState {
  /** Prices as token0 per token1; `null`: the larger number first. */
  readonly inverted: boolean | null;
  readonly asEther: boolean;
  readonly payEther: boolean;
  readonly add: { readonly side: 0 | 1; readonly text: string };
  readonly share: V3Share | "";
  readonly slippageText: string;
  readonly status: TxStatus;
  readonly review: ActionReview | null;
}

/** What the page's controls do. */
export type V3PositionAction =
  | { readonly type: "inverted"; readonly inverted: boolean }
  | { readonly type: "asEther"; readonly yes: boolean }
  | { readonly type: "payEther"; readonly yes: boolean }
  | { readonly type: "add"; readonly side: 0 | 1; readonly text: string }
  | { readonly type: "share"; readonly share: V3Share | "" }
  | { readonly type: "slippage"; readonly text: string }
  | { readonly type: "status"; readonly status: TxStatus }
  | { readonly type: "review"; readonly review: ActionReview | null }
  | { readonly type: "done" };

/** The page's first state: ether for a WETH side, nothing typed, no share. */
export const INITIAL_V3_POSITION: V3PositionState = {
  inverted: null,
  asEther: true,
  payEther: true,
  add: { side: 0, text: "" },
  share: "",
  slippageText: "0.5",
  status: { step: "idle" },
  review: null,
};

const IDLE: TxStatus = { step: "idle" };
const fresh = (status: TxStatus) => (status.step === "confirmed" ? IDLE : status);

/** The next state. */
export function v3PositionReducer(state: V3PositionState, action: V3PositionAction): V3PositionState {
  switch (action.type) {
    case "inverted":
      return { ...state, inverted: action.inverted };
    case "asEther":
      return { ...state, asEther: action.yes };
    case "payEther":
      return { ...state, payEther: action.yes };
    case "add":
      return { ...state, add: { side: action.side, text: action.text }, status: fresh(state.status) };
    case "share":
      return { ...state, share: action.share, status: fresh(state.status) };
    case "slippage":
      return { ...state, slippageText: action.text };
    case "status":
      return { ...state, status: action.status };
    case "review":
      return { ...state, review: action.review, status: action.review ? IDLE : state.status };
    case "done":
      return { ...state, add: { side: state.add.side, text: "" }, share: "" };
  }
}
