/**
 * The steps of a swap through the Universal Router, for its review, read
 * without sending anything: an unlimited approval of Permit2 for an ERC-20
 * input, only while its allowance to Permit2 is short ("Approve UNI for
 * Permit2", once per token); a Permit2 signature ("Sign permit", a
 * `PermitSingle` for the router, of exactly this trade's most sold unless the
 * holder chose unlimited, expiring), only when Permit2's allowance of the
 * router does not cover the trade or has expired; then the swap, one
 * `execute` that starts with the signed permit (`PERMIT2_PERMIT`). Once
 * mined, what left and reached the account is read from the receipt (ERC-20
 * transfers) and, for ether, from the account's balance before and after the
 * block (V4 pools take and pay ether as is, with no event of it).
 *
 * @module
 */
import type { Hex, PublicClient, TransactionReceipt } from "viem";
import type { Address } from "../../lib/address.ts";
import {
  decodePermit2Allowance,
  MAX_UINT160,
  permit2AllowanceCall,
  PERMIT_EXPIRATION_SECONDS,
  permitNeeded,
  type PermitSingle,
  permitSingle,
  permitTypedData,
} from "../lib/permit2.ts";
import { permitOverride } from "../lib/permit2_storage.ts";
import { chainKey } from "../lib/query/chain_reads.ts";
import { queryClient } from "../lib/query/query_client.ts";
import { requestOf, type StepRequest } from "../review/predicted_changes.ts";
import { type UniversalPlan, withPermit } from "./universal_router.ts";
import { formatUnitsGrouped } from "../lib/trade_math.ts";
import type { FlaggedToken } from "../wallet/wallet_safety.ts";
import type { SwapToken } from "./swap_routes.ts";
import type { ReviewStep } from "../review/review_steps.ts";
import { approvalStep, type WalletContext } from "../review/action_steps.ts";
import { type SwapAmounts, swapAmounts } from "./actions/swap.ts";
import { signTypedChecked } from "../wallet/sign_typed.ts";
import { runTx, type TxStatus } from "../wallet/wallet_tx.ts";

/** Parameters of {@linkcode swapSteps}. */
export interface SwapParameters {
  readonly plan: UniversalPlan;
  readonly tokenIn: SwapToken;
  readonly tokenOut: SwapToken;
  /** Permit an unlimited amount (until it expires) instead of exactly this trade. */
  readonly unlimited: boolean;
  readonly flagged: readonly FlaggedToken[];
}

/** A mined swap: its hash and what moved. */
export interface SwapMined {
  readonly ok: true;
  readonly hash: `0x${string}`;
  readonly amounts: SwapAmounts;
}

const now = () => Math.floor(Date.now() / 1000);

/**
 * Permit2's allowance of the router over the account's token, read now as a
 * query of the app's client on the chain key (stale at once: the review and
 * the permit's nonce follow the chain; a mined swap's refresh reaches it).
 */
function readPermit2(client: PublicClient, from: Address, token: Address, router: Address, permit2: Address) {
  const who = [from, token, router].map((a) => a.toLowerCase());
  return queryClient().fetchQuery({
    queryKey: chainKey(client, "permit2Allowance", permit2.toLowerCase(), ...who),
    queryFn: async () => {
      const { data } = await client.call({ to: permit2, data: permit2AllowanceCall(from, token, router) });
      return decodePermit2Allowance(data ?? "0x");
    },
    staleTime: 0,
  });
}

/** The permit's step: reads the nonce, asks the wallet for the signature, checks who signed. */
function permitStep(
  context: WalletContext,
  token: { address: Address; symbol: string; decimals: number },
  amount: bigint,
  onSigned: (permit: PermitSingle, signature: Hex) => void,
): ReviewStep {
  const { chain, client, from } = context;
  const { permit2, universalRouter: router } = chain.contracts;
  const shown = amount === MAX_UINT160 ? "unlimited" : formatUnitsGrouped(amount, token.decimals);
  const label = `Permit2 PermitSingle(${token.symbol} ${shown}, spender UniversalRouter)`;
  return {
    id: "permit",
    kind: "signature",
    title: "Sign permit",
    contract: permit2,
    call: `${label} ${router}, expires in 30 days`,
    async run(report: (status: TxStatus) => void) {
      const { nonce } = await readPermit2(client, from, token.address, router, permit2);
      const permit = permitSingle({ token: token.address, spender: router, amount, nonce, now: now() });
      const typed = permitTypedData(permit, { chainId: chain.chainId, permit2 });
      const signature = await signTypedChecked(
        { from, chainId: chain.chainId, walletChainId: context.walletChainId, typed, label, verifier: permit2 },
        report,
      );
      if (!signature) return false;
      onSigned(permit, signature);
      report({ step: "idle" });
      return true;
    },
  };
}

/** The change of the account's ether over the swap's block, its network fee put back. */
async function etherMoved(client: PublicClient, receipt: TransactionReceipt, account: Address): Promise<bigint> {
  const [before, after] = await Promise.all([
    client.getBalance({ address: account, blockNumber: receipt.blockNumber - 1n }),
    client.getBalance({ address: account, blockNumber: receipt.blockNumber }),
  ]);
  return after - before + receipt.gasUsed * receipt.effectiveGasPrice;
}

/** The swap's step: the plan, with the signed permit first when one was signed. */
function swapStep(
  context: WalletContext,
  parameters: SwapParameters,
  signed: () => { permit: PermitSingle; signature: Hex } | null,
  onMined: (result: SwapMined) => void,
  stateDiff?: StepRequest["stateDiff"],
): ReviewStep {
  const { tokenIn, tokenOut, plan } = parameters;
  return {
    id: "swap",
    title: `Swap ${tokenIn.symbol} for ${tokenOut.symbol}`,
    contract: plan.router,
    call: plan.tx.label,
    // Simulated without the permit command, as if the permit before it were signed (`stateDiff`).
    request: requestOf(context, plan.tx, stateDiff),
    async run(report) {
      const permit = signed();
      const sent = permit ? withPermit(plan, permit.permit, permit.signature) : plan;
      let receipt: TransactionReceipt | null = null;
      const ok = await runTx({
        ...context,
        tx: sent.tx,
        minimumOut: plan.minimumOut,
        flagged: parameters.flagged,
        onReceipt: (r) => void (receipt = r),
      }, report);
      if (!ok || receipt === null) return false;
      const mined = receipt as TransactionReceipt;
      const amounts = swapAmounts(mined.logs, {
        account: context.from,
        tokenIn: tokenIn.address,
        tokenOut: tokenOut.address,
        wrappedNative: context.chain.contracts.wrappedNative,
      });
      const ether = tokenIn.address === "native" || tokenOut.address === "native"
        ? await etherMoved(context.client, mined, context.from).catch(() => null)
        : null;
      onMined({
        ok: true,
        hash: mined.transactionHash,
        amounts: ether === null
          ? amounts
          : tokenIn.address === "native"
          ? { ...amounts, amountIn: -ether }
          : { ...amounts, amountOut: ether },
      });
      return true;
    },
  };
}

/**
 * The steps of a swap (reads the two allowances only): the Permit2 approval
 * and the permit when needed, then the swap. `onMined` gets the amounts that
 * moved.
 */
export async function swapSteps(
  context: WalletContext,
  parameters: SwapParameters,
  onMined: (result: SwapMined) => void,
): Promise<ReviewStep[]> {
  const { plan, tokenIn } = parameters;
  const steps: ReviewStep[] = [];
  let signed: { permit: PermitSingle; signature: Hex } | null = null;
  let granted: StepRequest["stateDiff"];
  if (plan.permitToken && tokenIn.address !== "native") {
    const token = { address: tokenIn.address, symbol: tokenIn.symbol, decimals: tokenIn.decimals };
    const { permit2 } = context.chain.contracts;
    const [approval, allowance] = await Promise.all([
      approvalStep(context, {
        token,
        spender: permit2,
        amount: plan.maximumIn,
        unlimited: true,
        flagged: parameters.flagged,
      }),
      readPermit2(context.client, context.from, token.address, plan.router, permit2),
    ]);
    if (approval) {
      steps.push({
        ...approval,
        title: `Approve ${token.symbol} for Permit2`,
        call: `${token.symbol}.approve(Permit2 ${permit2}, unlimited)`,
      });
    }
    if (permitNeeded(allowance, plan.maximumIn, now())) {
      const amount = parameters.unlimited ? MAX_UINT160 : plan.maximumIn;
      steps.push(permitStep(context, token, amount, (permit, signature) => void (signed = { permit, signature })));
      // What the signed permit would write, for the review's simulation of the swap.
      granted = permitOverride(permit2, { owner: context.from, token: token.address, spender: plan.router }, {
        amount,
        expiration: now() + PERMIT_EXPIRATION_SECONDS,
        nonce: allowance.nonce + 1,
      });
    }
  }
  const step = swapStep(context, parameters, () => signed, onMined, granted);
  const withSignature = steps.some((s) => s.id === "permit");
  steps.push(withSignature ? { ...step, call: step.call.replace("execute(", "execute(PERMIT2_PERMIT, ") } : step);
  return steps;
}

/** The review's confirm button: "Approve UNI, sign and swap", "Sign and swap" or "Confirm swap". */
export function confirmLabel(steps: readonly ReviewStep[], symbol: string): string {
  const approves = steps.some((s) => s.id.startsWith("approve-"));
  const signs = steps.some((s) => s.id === "permit");
  if (approves && signs) return `Approve ${symbol}, sign and swap`;
  if (approves) return `Approve ${symbol} and swap`;
  if (signs) return "Sign and swap";
  return "Confirm swap";
}
