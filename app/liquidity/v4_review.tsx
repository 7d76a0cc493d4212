/**
 * The review sheet of a V4 position action (`app/review/`'s sheet): Permit2
 * approvals and the permit signature when needed, then the action
 * (`v4_steps.ts`). Opening it only reads allowances.
 *
 * @module
 */
import type { WalletContext } from "../review/action_steps.ts";
import { ReviewSheet } from "../review/review_sheet.tsx";
import type { TxStatus } from "../wallet/wallet_tx.ts";
import { confirmLabel, type V4Review, v4Steps } from "./v4_steps.ts";

/** The review sheet of a V4 action; render it only while reviewing. */
export function V4ReviewSheet(
  { review, context, onClose, onStatus }: {
    review: V4Review;
    context: WalletContext;
    onClose: () => void;
    onStatus?: (status: TxStatus) => void;
  },
) {
  return (
    <ReviewSheet
      title={review.title}
      rows={review.rows}
      changes={review.changes}
      prepare={() => v4Steps(context, review)}
      confirmLabel={(steps) => confirmLabel(steps, review.confirm)}
      onClose={onClose}
      onStatus={onStatus}
      onDone={() => {
        onClose();
        review.onDone?.();
      }}
    />
  );
}
