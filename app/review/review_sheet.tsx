/**
 * The review before every signature: one sheet listing what will be signed,
 * in order, as steps (an approval, then the action) with the contract and
 * function of each, the screen's summary rows (amounts and USD, minimum
 * received or maximum sold, rate, price impact, network fee, route) and the
 * balance changes: those a simulation of the steps predicts
 * (`predicted_changes.ts`, when every step carries its request), else the
 * ones the screen expects, labelled so. Opening it sends nothing: `prepare` only reads
 * (allowances) to know the steps. "Confirm" walks them, each showing its
 * state; a rejected or failed step says which and why, and "Try again"
 * resumes there (a done approval is not asked twice).
 *
 * @module
 */
import { useEffect, useRef, useState } from "react";
import { Sheet } from "../components/controls/sheet.tsx";
import { Button } from "../components/controls/button.tsx";
import { Callout, type DetailRow, DetailRows } from "../components/controls/detail_rows.tsx";
import { failureText, type ReviewStep, runSteps, type StepView, waitingViews } from "./review_steps.ts";
import type { TxStatus } from "../wallet/wallet_tx.ts";
import { type Prediction, predictionQuery } from "./predicted_changes.ts";
import { useAppQuery } from "../lib/query/query_client.ts";

/** One line of the expected balance changes: "−10 UNI ($60.12)". */
export interface BalanceChange {
  readonly symbol: string;
  /** Signed, formatted: "−10", "+59.81", "≥ +59.5". */
  readonly amount: string;
  readonly usd?: string | null;
}

/** Props of {@linkcode ReviewSheet}. */
export interface ReviewSheetProps {
  /** The heading: "Review swap". */
  readonly title: string;
  readonly rows: readonly (DetailRow | null | false | undefined)[];
  readonly changes: readonly BalanceChange[];
  /** Reads what must be signed (nothing is sent); a failure is said in the sheet. */
  readonly prepare: () => Promise<readonly ReviewStep[]>;
  /** The confirm button's words for these steps ("Approve UNI and swap"). */
  readonly confirmLabel: (steps: readonly ReviewStep[]) => string;
  readonly onClose: () => void;
  /** Every step confirmed. */
  readonly onDone: () => void;
  /** Each step's status as it changes (the screen's own status line follows the review). */
  readonly onStatus?: (status: TxStatus) => void;
  /** Something worth a look before confirming (e.g. a high price impact), shown above the steps. */
  readonly warning?: string | null;
}

function statusText(view: StepView): string {
  const s: TxStatus = view.status;
  if (view.state === "waiting") return "Waiting";
  if (view.state === "done") return view.kind === "signature" ? "Signed" : "Confirmed";
  switch (s.step) {
    case "simulating":
      return "Simulating…";
    case "wallet":
      return "Confirm in your wallet…";
    case "pending":
      return "Pending…";
    case "confirmed":
      return "Confirmed";
    case "reverted":
      return "Reverted";
    case "failed":
      return `Failed: ${s.reason}`;
    default:
      return view.state === "failed" ? "Failed" : "Starting…";
  }
}

/** The ordered steps with their states. */
function StepList({ views }: { views: readonly StepView[] }) {
  return (
    <ol className="review-steps" data-testid="review-steps">
      {views.map((view, i) => (
        <li key={view.id} className="review-step" data-state={view.state} data-testid={`review-step-${view.id}`}>
          <span className="review-step-index" aria-hidden="true">{i + 1}</span>
          <span className="review-step-body">
            <strong>{view.title}</strong>
            <span className="review-step-call">
              <code>{view.call}</code> on <code className="review-contract">{view.contract}</code>
            </span>
            <span className="review-step-state" data-testid="review-step-state">
              {statusText(view)}
              {"hash" in view.status ? <code className="tx-hash-full">{view.status.hash}</code> : null}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Loads the steps once when the sheet opens: reads only. */
function usePreparedSteps(prepare: () => Promise<readonly ReviewStep[]>) {
  const [steps, setSteps] = useState<readonly ReviewStep[] | null>(null);
  const [views, setViews] = useState<StepView[]>([]);
  const [error, setError] = useState<string | null>(null);
  const first = useRef(prepare);
  useEffect(() => {
    let live = true;
    first.current().then(
      (s) => {
        if (!live) return;
        setSteps(s);
        setViews(waitingViews(s));
      },
      (e: Error) => live && setError(`Could not read what needs signing: ${e.message.split("\n")[0]}`),
    );
    return () => {
      live = false;
    };
  }, []);
  return { steps, views, setViews, error };
}

/** What the simulation of the steps says: `undefined` while it runs, `null` when there is nothing to simulate. */
type PredictionState = Prediction | { readonly ok: false; readonly unavailable: string } | null | undefined;

/**
 * Simulates the prepared steps (`predicted_changes.ts`) as a query of the
 * app's client, keyed by what the steps send: reads only, nothing is signed.
 */
function usePrediction(steps: readonly ReviewStep[] | null): PredictionState {
  const read = useAppQuery(predictionQuery(steps));
  if (!steps || read.isPending) return undefined;
  if (read.isError) return { ok: false, unavailable: read.error.message.split("\n")[0] };
  return read.data;
}

/**
 * The balance changes: those the simulation of the steps predicts when it
 * ran, else the screen's expected ones (from its quote or amounts), labelled
 * as such.
 */
function BalanceChanges(
  { expected, prediction }: { expected: readonly BalanceChange[]; prediction: PredictionState },
) {
  const simulated = prediction?.ok ? prediction.changes : null;
  const list = simulated ?? expected;
  return (
    <div className="review-changes" data-testid="review-changes" data-source={simulated ? "simulation" : "expected"}>
      <h3>{simulated ? "Balance changes (simulated)" : "Balance changes (expected, from the amounts above)"}</h3>
      {prediction === undefined ? <p className="muted" role="status">Simulating the steps…</p> : null}
      {prediction && !prediction.ok && "error" in prediction
        ? <Callout tone="warning" testId="review-simulation-failed">{prediction.error}</Callout>
        : null}
      {prediction && !prediction.ok && "unavailable" in prediction
        ? <p className="muted">Could not simulate the steps ({prediction.unavailable}).</p>
        : null}
      {list.length > 0
        ? (
          <ul data-testid={simulated ? "review-predicted" : undefined}>
            {list.map((c) => (
              <li key={c.symbol + c.amount}>
                <span>{c.amount} {c.symbol}</span>
                {"usd" in c && c.usd ? <span className="muted review-change-usd">{c.usd}</span> : null}
              </li>
            ))}
          </ul>
        )
        : null}
    </div>
  );
}

/** The review sheet; render it only while reviewing. */
export function ReviewSheet(props: ReviewSheetProps) {
  const { steps, views, setViews, error } = usePreparedSteps(props.prepare);
  const prediction = usePrediction(steps);
  const [running, setRunning] = useState(false);
  const failure = failureText(views);
  const confirm = async () => {
    if (!steps || running) return;
    setRunning(true);
    const onStatus = props.onStatus;
    const followed = onStatus
      ? steps.map((step) => ({
        ...step,
        run: (report: (status: TxStatus) => void) =>
          step.run((status) => {
            report(status);
            onStatus(status);
          }),
      }))
      : steps;
    const ok = await runSteps(followed, views, setViews);
    setRunning(false);
    if (ok) props.onDone();
  };
  return (
    <Sheet
      open
      title={props.title}
      testId="review-sheet"
      className="review-sheet"
      onClose={() => {
        if (!running) props.onClose();
      }}
    >
      <DetailRows rows={props.rows} testId="review-summary" />
      <BalanceChanges expected={props.changes} prediction={prediction} />
      {props.warning ? <Callout tone="warning">{props.warning}</Callout> : null}
      <h3 className="review-steps-title">{steps ? `To sign, in order (${steps.length})` : "To sign"}</h3>
      {error ? <Callout tone="danger" alert>{error}</Callout> : null}
      {!steps && !error ? <p className="muted" role="status">Reading what needs signing…</p> : null}
      {steps ? <StepList views={views} /> : null}
      {failure ? <Callout tone="danger" alert testId="review-failure">{failure}</Callout> : null}
      <Button
        variant="primary"
        wide
        data-testid="review-confirm"
        pending={running}
        pendingLabel="Confirming…"
        disabled={!steps || steps.length === 0}
        onClick={() => void confirm()}
      >
        {failure ? "Try again" : steps ? props.confirmLabel(steps) : "Confirm"}
      </Button>
    </Sheet>
  );
}
