/**
 * The swap's review (`app/review/review_sheet.tsx`) on a snapshot of the
 * quote taken when it opened (later quotes do not change what the holder
 * reviews): its rows and balance changes, then the steps `swapSteps` reads
 * (the Permit2 approval and the permit signature when needed, then the
 * Universal Router's `execute`), each transaction recorded in the history; once mined, the summary and the toast name both amounts.
 *
 * @module
 */
import { explorerTxUrl } from "../../lib/chains.ts";
import { formatUnitsGrouped } from "../lib/trade_math.ts";
import type { SwapToken } from "./swap_routes.ts";
import type { UniversalPlan } from "./universal_router.ts";
import type { DetailRow } from "../components/controls/detail_rows.tsx";
import { showToast } from "../components/controls/toast.tsx";
import { type BalanceChange, ReviewSheet } from "../review/review_sheet.tsx";
import type { ReviewStep } from "../review/review_steps.ts";
import { confirmLabel, swapSteps } from "./swap_steps.ts";
import { recordTx, trackTx } from "../wallet/tx_history.ts";
import type { TxDone } from "../wallet/tx_status.tsx";
import type { TxStatus } from "../wallet/wallet_tx.ts";
import { swapChanges, type SwapFigures, swapRows } from "./swap_details.tsx";
import type { SwapModel } from "./use_swap_model.ts";

/** What the review shows: the quote as it stood when the holder opened it. */
export interface SwapSnapshot {
  readonly plan: UniversalPlan;
  readonly tokenIn: SwapToken;
  readonly tokenOut: SwapToken;
  readonly rows: readonly DetailRow[];
  readonly changes: readonly BalanceChange[];
}

/** The snapshot of a quote with its plan. */
export function swapSnapshot(figures: SwapFigures & { readonly plan: UniversalPlan }): SwapSnapshot {
  return {
    plan: figures.plan,
    tokenIn: figures.tokenIn,
    tokenOut: figures.tokenOut,
    rows: swapRows(figures, true),
    changes: swapChanges(figures),
  };
}

/** The swap's steps (reads the allowance only), each recorded in the history. */
function prepare(model: SwapModel, snapshot: SwapSnapshot, onMined: (done: TxDone) => void): Promise<ReviewStep[]> {
  const { chain, client, wallet } = model;
  if (!chain || !client || !wallet.address || wallet.chainId === null) {
    return Promise.reject(new Error("No wallet is connected"));
  }
  const from = wallet.address;
  const { tokenIn, tokenOut, plan } = snapshot;
  const sold = `${formatUnitsGrouped(plan.maximumIn, tokenIn.decimals)} ${tokenIn.symbol}`;
  const what = { account: from, chainId: chain.chainId, summary: `Swap ${sold} for ${tokenOut.symbol}` };
  const track = (step: ReviewStep): ReviewStep => ({ ...step, run: (report) => step.run(trackTx(report, what)) });
  return swapSteps(
    { chain, client, from, walletChainId: wallet.chainId },
    { plan, tokenIn, tokenOut, unlimited: model.form.unlimited, flagged: model.flaggedList },
    (outcome) => {
      const text = `Swapped ${formatUnitsGrouped(outcome.amounts.amountIn, tokenIn.decimals)} ${tokenIn.symbol} for ${
        formatUnitsGrouped(outcome.amounts.amountOut, tokenOut.decimals)
      } ${tokenOut.symbol}`;
      const explorer = explorerTxUrl(chain, outcome.hash);
      recordTx({ ...what, summary: text, hash: outcome.hash, explorer, state: "confirmed" });
      onMined({ text, hash: outcome.hash, explorer });
      showToast({ tone: "positive", title: text, body: explorer ? "View it on the explorer" : outcome.hash });
    },
  ).then((steps) => steps.map(track));
}

/** The review sheet of a swap. */
export function SwapReviewSheet(
  props: {
    model: SwapModel;
    snapshot: SwapSnapshot;
    warning: string | null;
    onStatus: (status: TxStatus) => void;
    onMined: (done: TxDone) => void;
    onClose: () => void;
    onDone: () => void;
  },
) {
  const { snapshot } = props;
  return (
    <ReviewSheet
      title="Review swap"
      rows={snapshot.rows}
      changes={snapshot.changes}
      warning={props.warning}
      prepare={() => prepare(props.model, snapshot, props.onMined)}
      confirmLabel={(steps) => confirmLabel(steps, snapshot.tokenIn.symbol)}
      onClose={props.onClose}
      onStatus={props.onStatus}
      onDone={props.onDone}
    />
  );
}
