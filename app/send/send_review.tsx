/**
 * The review of a transfer (`app/review/action_review.tsx`): the amount and
 * its USD worth, the recipient in full, the network fee and the balance
 * change; confirming sends the transfer (`app/send/actions/send.ts`),
 * records it in the history and says what was sent, to whom.
 *
 * @module
 */
import { requestOf } from "../review/predicted_changes.ts";
import { getAddress } from "viem";
import type { Address } from "../../lib/address.ts";
import { explorerTxUrl } from "../../lib/chains.ts";
import { formatUsd, shortenAddress } from "../lib/format.ts";
import { formatUnitsGrouped, usdValue } from "../lib/trade_math.ts";
import { showToast } from "../components/controls/toast.tsx";
import type { ActionReview } from "../review/action_review.tsx";
import type { WalletContext } from "../review/action_steps.ts";
import { send, transferTx } from "./actions/send.ts";
import { recordTx, trackTx } from "../wallet/tx_history.ts";
import type { TxDone } from "../wallet/tx_status.tsx";

/** What a transfer's review needs. */
export interface TransferInput {
  readonly context: WalletContext;
  readonly token: { readonly address: Address | "native"; readonly symbol: string; readonly decimals: number };
  readonly amount: bigint;
  /** The recipient as typed (checked before). */
  readonly recipient: string;
  /** The network fee's estimate, and the native token's USD price to value it. */
  readonly fee: { readonly wei: bigint | null; readonly nativePrice: number | null | undefined };
  readonly usd: (value: bigint | null) => string | null;
  readonly flagged: boolean;
  readonly confirmFlagged: boolean;
  readonly onMined: (done: TxDone) => void;
}

/** The review of sending `amount` of `token` to `recipient`. */
export function transferReview(input: TransferInput): ActionReview {
  const { context, token, amount } = input;
  const { chain } = context;
  const to = getAddress(input.recipient.trim());
  const sentText = `${formatUnitsGrouped(amount, token.decimals)} ${token.symbol}`;
  const what = { account: context.from, chainId: chain.chainId, summary: `Send ${sentText}` };
  const tx = transferTx(token, to, amount);
  const feeWei = input.fee.wei;
  const fee = feeWei === null ? "–" : `${formatUnitsGrouped(feeWei, 18, 4)} ${chain.nativeCurrency.symbol}`;
  const feeUsd = feeWei === null ? null : usdValue(feeWei, 18, input.fee.nativePrice);
  return {
    title: "Review send",
    rows: [
      { label: "You send", value: sentText, note: input.usd(amount), testId: "review-send" },
      { label: "To", value: <code>{to}</code>, testId: "review-to" },
      {
        label: "Network fee (estimate)",
        value: fee,
        note: feeUsd === null ? null : formatUsd(feeUsd),
        testId: "review-fee",
      },
    ],
    changes: [{
      symbol: token.symbol,
      amount: `−${formatUnitsGrouped(amount, token.decimals)}`,
      usd: input.usd(amount),
    }],
    spends: [],
    spender: null,
    action: {
      title: `Send ${sentText} to ${shortenAddress(to)}`,
      contract: tx.to,
      call: tx.label,
      request: requestOf(context, tx),
      async run(report) {
        const outcome = await send(
          context,
          {
            token,
            to: input.recipient,
            amount,
            flagged: input.flagged ? [{ symbol: token.symbol, confirmed: input.confirmFlagged }] : [],
          },
          trackTx(report, what),
        );
        if (!outcome.ok) return false;
        const text = `Sent ${sentText} to ${shortenAddress(outcome.to)}`;
        const explorer = explorerTxUrl(chain, outcome.hash);
        recordTx({ ...what, summary: text, hash: outcome.hash, explorer, state: "confirmed" });
        input.onMined({ text, hash: outcome.hash, explorer });
        showToast({ tone: "positive", title: text, body: explorer ? "View it on the explorer" : outcome.hash });
        return true;
      },
    },
    confirm: "Confirm send",
  };
}
