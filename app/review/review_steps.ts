/**
 * What a review walks through: the steps one signature flow takes, in order
 * (an approval, then the action), each sent only when the holder confirms,
 * each with its own state. Pure: the sheet renders {@linkcode StepView}s and
 * {@linkcode runSteps} walks them, stopping at the first that fails.
 *
 * @module
 */
import type { TxStatus } from "../wallet/wallet_tx.ts";

/** One transaction (or signature) of a flow. */
export interface ReviewStep {
  /** Stable key (e.g. `approve-0x…`, `permit`, `swap`). */
  readonly id: string;
  /** A transaction (the default) or an off-chain signature (a Permit2 permit): done, it says "Signed". */
  readonly kind?: "transaction" | "signature";
  /** What it does, as the holder reads it: "Approve UNI", "Swap UNI for USDC". */
  readonly title: string;
  /** The contract it calls (address). */
  readonly contract: string;
  /** The function it calls with its main arguments: "UNI.approve(0x…, 10)". */
  readonly call: string;
  /** Sends it (simulate, wallet, receipt), reporting each state; `true` once confirmed. */
  readonly run: (report: (status: TxStatus) => void) => Promise<boolean>;
}

/** Where one step stands. */
export type StepState = "waiting" | "active" | "done" | "failed";

/** A step as the sheet shows it. */
export interface StepView {
  readonly id: string;
  readonly kind?: "transaction" | "signature";
  readonly title: string;
  readonly contract: string;
  readonly call: string;
  readonly state: StepState;
  /** The transaction's last status (wallet, pending with hash, why it failed). */
  readonly status: TxStatus;
}

/** The views of steps not yet run. */
export function waitingViews(steps: readonly ReviewStep[]): StepView[] {
  return steps.map(({ id, kind, title, contract, call }) => ({
    id,
    kind,
    title,
    contract,
    call,
    state: "waiting",
    status: { step: "idle" },
  }));
}

/** Why a step failed, as the sheet says it: "Step 1 of 2 (Approve UNI) failed: User rejected the request." */
export function failureText(views: readonly StepView[]): string | null {
  const index = views.findIndex((v) => v.state === "failed");
  if (index < 0) return null;
  const view = views[index];
  const reason = view.status.step === "failed"
    ? view.status.reason
    : view.status.step === "reverted"
    ? "the transaction reverted on chain"
    : "it did not complete";
  return `Step ${index + 1} of ${views.length} (${view.title}) failed: ${reason}`;
}

/**
 * Runs the steps in order from `from` (the first not done), updating their
 * views through `onChange`; stops at the first that fails. Resolves `true`
 * once every step is done.
 */
export async function runSteps(
  steps: readonly ReviewStep[],
  views: readonly StepView[],
  onChange: (views: StepView[]) => void,
): Promise<boolean> {
  let current = [...views];
  const update = (index: number, patch: Partial<StepView>) => {
    current = current.map((v, i) => (i === index ? { ...v, ...patch } : v));
    onChange(current);
  };
  for (let i = 0; i < steps.length; i++) {
    if (current[i].state === "done") continue;
    update(i, { state: "active", status: { step: "idle" } });
    let ok = false;
    try {
      ok = await steps[i].run((status) => update(i, { status }));
    } catch (error) {
      update(i, { status: { step: "failed", label: steps[i].call, reason: (error as Error).message } });
    }
    update(i, { state: ok ? "done" : "failed" });
    if (!ok) return false;
  }
  return true;
}
