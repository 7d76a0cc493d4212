/**
 * The send form's state as one reducer, pure: the token, the amount, the
 * recipient, the confirmation a flagged token needs (reset when the token
 * changes), the status line, the last send's summary and the open review.
 * Typing a new amount is a new intent: the last summary and status give way.
 *
 * @module
 */
import type { TxStatus } from "../wallet/wallet_tx.ts";
import type { TxDone } from "../wallet/tx_status.tsx";
import type { ActionReview } from "../review/action_review.tsx";

/** Everything the send form holds. */
export interface SendState {
  readonly key: string;
  readonly amountText: string;
  readonly recipient: string;
  readonly confirmFlagged: boolean;
  readonly status: TxStatus;
  readonly done: TxDone | null;
  readonly review: ActionReview | null;
}

/** What the send form's controls do. */
export type SendAction =
  | { readonly type: "token"; readonly key: string }
  | { readonly type: "amount"; readonly text: string }
  | { readonly type: "max"; readonly text: string }
  | { readonly type: "recipient"; readonly text: string }
  | { readonly type: "confirmFlagged"; readonly yes: boolean }
  | { readonly type: "status"; readonly status: TxStatus }
  | { readonly type: "mined"; readonly done: TxDone }
  | { readonly type: "review"; readonly review: ActionReview | null }
  | { readonly type: "sent" };

/** The first state: `key` picked, nothing typed. */
export function initialSend(key: string): SendState {
  return {
    key,
    amountText: "",
    recipient: "",
    confirmFlagged: false,
    status: { step: "idle" },
    done: null,
    review: null,
  };
}

const IDLE: TxStatus = { step: "idle" };

/** The next state. */
export function sendReducer(state: SendState, action: SendAction): SendState {
  switch (action.type) {
    // A new intent (a token, an amount or a recipient chosen): the last send's summary and status give way.
    case "token":
      return { ...state, key: action.key, confirmFlagged: false, done: null, status: IDLE };
    case "amount":
      return { ...state, amountText: action.text, done: null, status: IDLE };
    case "max":
      return { ...state, amountText: action.text, done: null, status: IDLE };
    case "recipient":
      return { ...state, recipient: action.text, done: null, status: IDLE };
    case "confirmFlagged":
      return { ...state, confirmFlagged: action.yes };
    case "status":
      return { ...state, status: action.status };
    case "mined":
      return { ...state, done: action.done };
    case "review":
      return action.review ? { ...state, review: action.review, done: null, status: IDLE } : { ...state, review: null };
    case "sent":
      // One send per intent: the amount resets.
      return { ...state, amountText: "" };
  }
}
