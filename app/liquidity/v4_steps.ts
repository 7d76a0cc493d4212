/**
 * The steps of a V4 position action's review, as app.uniswap.org signs them:
 * per ERC-20 side, an exact approval of Permit2 when the token's allowance is
 * short; then, when Permit2's allowance for the PositionManager is short or
 * about to expire for any side, one `PermitBatch` signature for all of them
 * (`v4_permit.ts`); then the action, sent as
 * `PositionManager.multicall([permitBatch, …])` when a permit was signed.
 * Ether needs neither. Building the steps only reads allowances.
 *
 * @module
 */
import type { Hex } from "viem";
import type { Address } from "../../lib/address.ts";
import { decodePermit2Allowance, permit2AllowanceCall, permitNeeded } from "../lib/permit2.ts";
import { formatUnitsShort } from "../lib/trade_math.ts";
import type { TxRequest } from "../lib/tx_request.ts";
import type { ActionReview } from "../review/action_review.tsx";
import type { ReviewStep } from "../review/review_steps.ts";
import { approvalStep, type WalletContext } from "../review/action_steps.ts";
import { trackTx } from "../wallet/tx_history.ts";
import { runTx } from "../wallet/wallet_tx.ts";
import { signTypedChecked } from "../wallet/sign_typed.ts";
import { type PermitBatch, permitBatch, permitBatchTypedData, withPermitBatch } from "./v4_permit.ts";

/** A V4 action's review: an {@linkcode ActionReview} with the transaction a permit may wrap. */
export interface V4Review extends ActionReview {
  /** The action's transaction without a permit; `undefined`: the action spends nothing (run as it is). */
  readonly tx?: TxRequest;
  /** What the history records once it is sent. */
  readonly summary?: string;
}

type Token = { readonly address: Address; readonly symbol: string; readonly decimals: number };

/** "Approve USDC and USDT for Permit2, then create position", or the action's words alone. */
export function confirmLabel(steps: readonly Pick<ReviewStep, "title">[], confirm: string): string {
  const approved = steps.flatMap((s) => /^Approve (.+) for Permit2$/.exec(s.title)?.[1] ?? []);
  const signs = steps.some((s) => s.title.startsWith("Sign a Permit2 permit"));
  const lower = `${confirm.charAt(0).toLowerCase()}${confirm.slice(1)}`;
  if (approved.length > 0) {
    return `Approve ${approved.join(" and ")} for Permit2, ${signs ? "sign, " : ""}then ${lower}`;
  }
  return signs ? `Sign the permit, then ${lower}` : confirm;
}

/** The signature step: one `PermitBatch` of every short token, signed and checked; `onSigned` keeps it. */
function permitStep(
  context: WalletContext,
  short: readonly { token: Token; amount: bigint; nonce: number }[],
  onSigned: (batch: PermitBatch, signature: Hex) => void,
): ReviewStep {
  const { chain, from } = context;
  const { permit2, v4PositionManager: manager } = chain.contracts;
  const what = short.map((s) => `${s.token.symbol} ${formatUnitsShort(s.amount, s.token.decimals)}`).join(", ");
  const label = `Permit2 PermitBatch(${what}, spender PositionManager)`;
  return {
    id: "permit",
    kind: "signature",
    title: `Sign a Permit2 permit for ${short.map((s) => s.token.symbol).join(" and ")}`,
    contract: permit2,
    call: `${label} ${manager}, expires in 30 days`,
    async run(report) {
      const batch = permitBatch(
        short.map((s) => ({ token: s.token.address, amount: s.amount, nonce: s.nonce })),
        manager,
        Math.floor(Date.now() / 1000),
      );
      const typed = permitBatchTypedData(batch, { chainId: chain.chainId, permit2 });
      const signature = await signTypedChecked(
        { from, chainId: chain.chainId, walletChainId: context.walletChainId, typed, label, verifier: permit2 },
        report,
      );
      if (!signature) return false;
      onSigned(batch, signature);
      report({ step: "idle" });
      return true;
    },
  };
}

/** The steps of a V4 action, read without sending anything. */
export async function v4Steps(context: WalletContext, review: V4Review): Promise<ReviewStep[]> {
  const steps: ReviewStep[] = [];
  const { permit2, v4PositionManager: manager } = context.chain.contracts;
  const short: { token: Token; amount: bigint; nonce: number }[] = [];
  const now = Math.floor(Date.now() / 1000);
  for (const { token, amount } of review.spends) {
    if (token.address === "native" || amount === 0n) continue;
    const erc20 = { address: token.address, symbol: token.symbol, decimals: token.decimals };
    const approval = await approvalStep(context, { token: erc20, spender: permit2, amount, unlimited: false });
    if (approval) {
      const summary = `Approved ${formatUnitsShort(amount, token.decimals)} ${token.symbol} to Permit2`;
      const what = { account: context.from, chainId: context.chain.chainId, summary };
      steps.push({
        ...approval,
        title: `Approve ${token.symbol} for Permit2`,
        run: (r) => approval.run(trackTx(r, what)),
      });
    }
    const { data } = await context.client.call({
      to: permit2,
      data: permit2AllowanceCall(context.from, erc20.address, manager),
    });
    const allowance = decodePermit2Allowance(data ?? "0x");
    if (permitNeeded(allowance, amount, now)) short.push({ token: erc20, amount, nonce: allowance.nonce });
  }
  let signed: { batch: PermitBatch; signature: Hex } | null = null;
  if (short.length > 0) {
    steps.push(permitStep(context, short, (batch, signature) => void (signed = { batch, signature })));
  }
  const tx = review.tx;
  if (!tx) return [...steps, { id: "action", ...review.action }];
  const summary = review.summary ?? review.action.title;
  steps.push({
    id: "action",
    ...review.action,
    run: (report) => {
      const permit = signed as { batch: PermitBatch; signature: Hex } | null;
      const sent = permit ? withPermitBatch(tx, context.from, permit.batch, permit.signature) : tx;
      return runTx(
        { ...context, tx: sent },
        trackTx(report, { account: context.from, chainId: context.chain.chainId, summary }),
      );
    },
  });
  return steps;
}
