/**
 * Where the screen's transaction stands: simulating, waiting for the wallet,
 * pending (hash and explorer link), confirmed, reverted, or why it was not
 * sent.
 *
 * @module
 */
import type { TxStatus } from "./wallet_tx.ts";
import { Callout } from "../components/controls/detail_rows.tsx";

/** Whether a transaction is on its way (simulating, in the wallet, or pending): the panel's button waits. */
export function txBusy(status: TxStatus): boolean {
  return status.step === "simulating" || status.step === "wallet" || status.step === "pending";
}

/** The status line of a transaction. */
export function TxStatusView({ status }: { status: TxStatus }) {
  if (status.step === "idle") return null;
  const link = "hash" in status
    ? status.explorer
      ? <a href={status.explorer} target="_blank" rel="noreferrer">View on the explorer</a>
      : <span className="muted">(local chain: no explorer)</span>
    : null;
  return (
    <div className="tx-status" role="status" data-testid="tx-status" data-step={status.step}>
      {status.step === "simulating" ? <p>Simulating {status.label}…</p> : null}
      {status.step === "wallet"
        ? (
          <p>
            Confirm {status.label} on contract <code>{status.to}</code> in your wallet…
          </p>
        )
        : null}
      {status.step === "failed" ? <p role="alert">Not sent: {status.reason}</p> : null}
      {"hash" in status
        ? (
          <p>
            {status.step === "pending" ? "Pending" : status.step === "confirmed" ? "Confirmed" : "Reverted"}:{" "}
            {status.label} <code data-testid="tx-hash">{status.hash}</code> {link}
          </p>
        )
        : null}
    </div>
  );
}

/** A mined transaction as its summary and toast say it. */
export interface TxDone {
  /** What happened, naming both amounts: "Swapped 1 ETH for 322.14 UNI". */
  readonly text: string;
  readonly hash: string;
  /** The explorer page of the transaction, or `null` (the hash is shown instead). */
  readonly explorer: string | null;
}

/** The summary of a mined transaction: what happened, and its explorer link or its hash. */
export function TxSummary({ done, testId }: { done: TxDone | null; testId: string }) {
  if (!done) return null;
  return (
    <Callout tone="positive" title={done.text} testId={testId}>
      {done.explorer
        ? <a href={done.explorer} target="_blank" rel="noreferrer">View the transaction on the explorer</a>
        : (
          <span>
            Transaction <code className="tx-hash-full">{done.hash}</code>
          </span>
        )}
    </Callout>
  );
}
