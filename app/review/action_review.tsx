/**
 * The review of a wallet action other than a swap (send, add, increase,
 * remove, collect, mint): the screen describes it ({@linkcode ActionReview}:
 * rows, balance changes, what it spends and for whom, the call) and this
 * sheet reads the allowances (nothing sent) to list the approvals before the
 * action, then walks them when the holder confirms.
 *
 * @module
 */
import type { Address } from "../../lib/address.ts";
import type { DetailRow } from "../components/controls/detail_rows.tsx";
import { actionSteps, type ReviewSpend, type WalletContext } from "./action_steps.ts";
import { type BalanceChange, ReviewSheet } from "./review_sheet.tsx";
import type { ReviewStep } from "./review_steps.ts";
import type { TxStatus } from "../wallet/wallet_tx.ts";

/** What a screen asks the holder to review. */
export interface ActionReview {
  /** The sheet's heading: "Review adding liquidity". */
  readonly title: string;
  readonly rows: readonly (DetailRow | null | false | undefined)[];
  readonly changes: readonly BalanceChange[];
  /** What the call takes of each token (approved to `spender` first when needed). */
  readonly spends: readonly ReviewSpend[];
  readonly spender: Address | null;
  /** The action's own step: title, contract, function and how to send it. */
  readonly action: Omit<ReviewStep, "id">;
  /** The confirm button's words without approvals: "Add liquidity". */
  readonly confirm: string;
  /** Called once every step confirmed. */
  readonly onDone?: () => void;
}

/** The review sheet of an action; render it only while reviewing. */
export function ActionReviewSheet(
  { review, context, onClose, onStatus }: {
    review: ActionReview;
    context: WalletContext;
    onClose: () => void;
    /** Each step's status (the screen's status line). */
    onStatus?: (status: TxStatus) => void;
  },
) {
  return (
    <ReviewSheet
      title={review.title}
      rows={review.rows}
      changes={review.changes}
      prepare={() => actionSteps(context, review.spends, review.spender, review.action)}
      confirmLabel={(steps) =>
        steps.length > 1
          ? `Approve ${steps.slice(0, -1).map((s) => s.title.replace(/^Approve /, "")).join(" and ")}, then ${
            review.confirm.charAt(0).toLowerCase() + review.confirm.slice(1)
          }`
          : review.confirm}
      onClose={onClose}
      onStatus={onStatus}
      onDone={() => {
        onClose();
        review.onDone?.();
      }}
    />
  );
}
