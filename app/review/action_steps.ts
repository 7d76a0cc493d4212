/**
 * The approve action: lets a contract spend exactly the amount a trade needs
 * (or an unlimited amount, only when the person chose it), unless the
 * allowance already covers it. The context every wallet action takes lives
 * here too.
 *
 * @module
 */
import { encodeFunctionData, erc20Abi, maxUint256, type PublicClient } from "viem";
import type { Address } from "../../lib/address.ts";
import type { PublicChain } from "../../lib/rpc_directory.ts";
import type { FlaggedToken } from "../wallet/wallet_safety.ts";
import { ensureApproval, tokenAllowance, type TxStatus } from "../wallet/wallet_tx.ts";
import type { ReviewStep } from "./review_steps.ts";
import { requestOf } from "./predicted_changes.ts";
import { formatUnitsShort } from "../lib/trade_math.ts";
import { trackTx } from "../wallet/tx_history.ts";

/** Who acts, on which chain: what every wallet action needs besides its parameters. */
export interface WalletContext {
  /** The chain of the screen (its contracts and explorer). */
  readonly chain: PublicChain;
  /** Reads through the same-origin `/rpc/{chain}` proxy. */
  readonly client: PublicClient;
  /** The connected account. */
  readonly from: Address;
  /** The chain the wallet is on now: a send on another chain is refused. */
  readonly walletChainId: number;
}

/** Parameters of {@linkcode approve}. */
export interface ApproveParameters {
  readonly token: { readonly address: Address; readonly symbol: string; readonly decimals: number };
  readonly spender: Address;
  readonly amount: bigint;
  readonly unlimited: boolean;
  readonly flagged?: readonly FlaggedToken[];
}

/** Resolves `true` when the allowance covers `amount` afterwards. */
export function approve(
  context: WalletContext,
  parameters: ApproveParameters,
  report: (status: TxStatus) => void,
): Promise<boolean> {
  return ensureApproval(
    { ...context, flagged: parameters.flagged },
    parameters.token,
    parameters.spender,
    { amount: parameters.amount, unlimited: parameters.unlimited },
    report,
  );
}

/**
 * The approval step of a review, or `null` when the allowance already covers
 * the amount: read now (nothing is sent), sent only when the step runs.
 */
export async function approvalStep(context: WalletContext, parameters: ApproveParameters): Promise<ReviewStep | null> {
  const { token, spender, amount, unlimited } = parameters;
  const allowance = await tokenAllowance(context.client, token.address, context.from, spender);
  if (allowance >= amount) return null;
  const shown = unlimited ? "unlimited" : formatUnitsShort(amount, token.decimals);
  return {
    id: `approve-${token.address.toLowerCase()}`,
    title: `Approve ${token.symbol}`,
    contract: token.address,
    call: `${token.symbol}.approve(${spender}, ${shown})`,
    request: requestOf(context, {
      to: token.address,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: "approve",
        args: [spender, unlimited ? maxUint256 : amount],
      }),
    }),
    run: (report) => approve(context, parameters, report),
  };
}

/** A token amount a call will take (`native`: ether, nothing to approve). */
export interface ReviewSpend {
  readonly token: { readonly address: Address | "native"; readonly symbol: string; readonly decimals: number };
  readonly amount: bigint;
}

/**
 * The steps of an action for its review, read without sending anything: an
 * exact approval of `spender` for each spend the allowance does not cover
 * (recorded in the history when sent), then the action itself (which checks
 * the allowances again and finds them covered).
 */
export async function actionSteps(
  context: WalletContext,
  spends: readonly ReviewSpend[],
  spender: Address | null,
  action: Omit<ReviewStep, "id">,
): Promise<ReviewStep[]> {
  const steps: ReviewStep[] = [];
  for (const { token, amount } of spends) {
    if (token.address === "native" || amount === 0n || spender === null) continue;
    const erc20 = { address: token.address, symbol: token.symbol, decimals: token.decimals };
    const step = await approvalStep(context, { token: erc20, spender, amount, unlimited: false });
    if (!step) continue;
    const summary = `Approved ${formatUnitsShort(amount, token.decimals)} ${token.symbol}`;
    const what = { account: context.from, chainId: context.chain.chainId, summary };
    steps.push({ ...step, run: (report) => step.run(trackTx(report, what)) });
  }
  steps.push({ id: "action", ...action });
  return steps;
}
