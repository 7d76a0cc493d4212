/**
 * The review of a V4 position action (`app/review/`): Permit2's way of
 * paying, as app.uniswap.org does it. For each ERC-20 side the action takes:
 * an exact approval of Permit2 when the token's allowance is short, then a
 * `Permit2.approve(token, PositionManager, amount, expiration)` when
 * Permit2's allowance for the PositionManager is short or expires within the
 * action's deadline; then the action itself. Ether needs neither: it goes as
 * the transaction's value. Opening the sheet only reads the allowances.
 *
 * @module
 */
import { encodeFunctionData, parseAbi } from "viem";
import type { Address } from "../../lib/address.ts";
import { formatUnitsShort } from "../lib/wallet_math.ts";
import { approvalStep, type ReviewSpend, type WalletContext } from "../wallet/actions/approve.ts";
import { trackTx } from "../wallet/tx_history.ts";
import { runTx } from "../wallet/wallet_tx.ts";
import type { ActionReview } from "../review/action_review.tsx";
import { ReviewSheet } from "../review/review_sheet.tsx";
import type { ReviewStep } from "../review/review_steps.ts";
import type { TxStatus } from "../wallet/wallet_tx.ts";

/** Permit2's allowance reads and its `approve`. */
export const PERMIT2_ABI = parseAbi([
  "function allowance(address owner, address token, address spender) view returns (uint160 amount, uint48 expiration, uint48 nonce)",
  "function approve(address token, address spender, uint160 amount, uint48 expiration)",
]);

/** How long a Permit2 allowance given here lasts: 30 days, as app.uniswap.org's. */
export const PERMIT2_EXPIRY_SECONDS = 30 * 24 * 3600;

/** The Permit2 step of one token, or `null` when Permit2 already lets `spender` take `amount` for a while. */
async function permit2Step(
  context: WalletContext,
  token: { readonly address: Address; readonly symbol: string; readonly decimals: number },
  amount: bigint,
  spender: Address,
): Promise<ReviewStep | null> {
  const permit2 = context.chain.contracts.permit2;
  const [allowed, expiration] = await context.client.readContract({
    address: permit2,
    abi: PERMIT2_ABI,
    functionName: "allowance",
    args: [context.from, token.address, spender],
  });
  const now = Math.floor(Date.now() / 1000);
  if (allowed >= amount && expiration > now + 3600) return null;
  const shown = formatUnitsShort(amount, token.decimals);
  const label = `Permit2.approve(${token.symbol}, PositionManager, ${shown}, 30 days)`;
  return {
    id: `permit2-${token.address.toLowerCase()}`,
    title: `Let the PositionManager use ${token.symbol} through Permit2`,
    contract: permit2,
    call: label,
    run: (report) =>
      runTx(
        {
          ...context,
          tx: {
            to: permit2,
            data: encodeFunctionData({
              abi: PERMIT2_ABI,
              functionName: "approve",
              args: [token.address, spender, amount, Math.floor(Date.now() / 1000) + PERMIT2_EXPIRY_SECONDS],
            }),
            value: 0n,
            label,
          },
        },
        trackTx(report, {
          account: context.from,
          chainId: context.chain.chainId,
          summary: `Permit2: let the PositionManager use ${shown} ${token.symbol}`,
        }),
      ),
  };
}

/**
 * The steps of a V4 action, read without sending: per ERC-20 spend, the
 * approval of Permit2 and Permit2's allowance for `spender` when short, then
 * the action.
 */
export async function v4Steps(
  context: WalletContext,
  spends: readonly ReviewSpend[],
  spender: Address,
  action: Omit<ReviewStep, "id">,
): Promise<ReviewStep[]> {
  const steps: ReviewStep[] = [];
  const permit2 = context.chain.contracts.permit2;
  for (const { token, amount } of spends) {
    if (token.address === "native" || amount === 0n) continue;
    const erc20 = { address: token.address, symbol: token.symbol, decimals: token.decimals };
    const approval = await approvalStep(context, { token: erc20, spender: permit2, amount, unlimited: false });
    if (approval) {
      const summary = `Approved ${formatUnitsShort(amount, token.decimals)} ${token.symbol} to Permit2`;
      const what = { account: context.from, chainId: context.chain.chainId, summary };
      steps.push({
        ...approval,
        title: `Approve ${token.symbol} for Permit2`,
        run: (report) => approval.run(trackTx(report, what)),
      });
    }
    const permitted = await permit2Step(context, erc20, amount, spender);
    if (permitted) steps.push(permitted);
  }
  steps.push({ id: "action", ...action });
  return steps;
}

/** "Approve USDC and USDT through Permit2, then create position", or the action's words alone. */
export function confirmLabel(steps: readonly Pick<ReviewStep, "title">[], confirm: string): string {
  const symbols = new Set(
    steps.slice(0, -1).flatMap((s) => /(?:Approve|use) (.+?) (?:for|through) Permit2$/.exec(s.title)?.[1] ?? []),
  );
  if (symbols.size === 0) return confirm;
  return `Approve ${[...symbols].join(" and ")} through Permit2, then ${confirm.charAt(0).toLowerCase()}${
    confirm.slice(1)
  }`;
}

/** The review sheet of a V4 action; render it only while reviewing. */
export function V4ReviewSheet(
  { review, context, onClose, onStatus }: {
    review: ActionReview;
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
      prepare={() =>
        v4Steps(context, review.spends, review.spender ?? context.chain.contracts.v4PositionManager, review.action)}
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
