/**
 * The send action: a native or ERC-20 transfer to an address that must be
 * valid (mixed case must match its EIP-55 checksum, never the zero
 * address), sent through `runTx` (simulate, guarded send, receipt).
 *
 * @module
 */
import { encodeFunctionData, erc20Abi, getAddress, type Hex, isAddress } from "viem";
import { type Address, isZeroAddress } from "../../../lib/address.ts";
import type { FlaggedToken } from "../../wallet/wallet_safety.ts";
import type { TxRequest } from "../../lib/tx_request.ts";
import { runTx, type TxStatus } from "../../wallet/wallet_tx.ts";
import type { WalletContext } from "../../review/action_steps.ts";

/** Why a recipient cannot be used, or `null` when it can. */
export function recipientProblem(text: string): string | null {
  const value = text.trim();
  if (value === "") return "Enter the recipient's address";
  if (!isAddress(value, { strict: false })) return `Cannot parse address "${value}": expected 0x and 40 hex digits`;
  if (!isAddress(value, { strict: true })) return `Address "${value}" fails its checksum: check for a typo`;
  if (isZeroAddress(value)) return "Sending to the zero address burns the tokens";
  return null;
}

/** The transfer call of a token (native: a plain value transfer). */
export function transferTx(
  token: { address: Address | "native"; symbol: string },
  to: Address,
  amount: bigint,
): TxRequest {
  if (token.address === "native") return { to, data: "0x", value: amount, label: `${token.symbol} transfer` };
  return {
    to: token.address,
    data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, amount] }) as Hex,
    value: 0n,
    label: `${token.symbol}.transfer`,
  };
}

/** Parameters of {@linkcode send}. */
export interface SendParameters {
  readonly token: { readonly address: Address | "native"; readonly symbol: string };
  /** The recipient as typed (checked by {@linkcode recipientProblem}). */
  readonly to: string;
  readonly amount: bigint;
  readonly flagged: readonly FlaggedToken[];
}

/** What {@linkcode send} ends with. */
export type SendResult =
  | { readonly ok: true; readonly hash: `0x${string}`; readonly to: Address }
  | { readonly ok: false };

/** Sends the transfer; refuses (nothing sent) a bad recipient or an amount of 0. */
export async function send(
  context: WalletContext,
  parameters: SendParameters,
  report: (status: TxStatus) => void,
): Promise<SendResult> {
  const problem = recipientProblem(parameters.to);
  if (problem || parameters.amount <= 0n) {
    report({ step: "failed", label: `${parameters.token.symbol} transfer`, reason: problem ?? "Enter an amount" });
    return { ok: false };
  }
  const to = getAddress(parameters.to.trim());
  let hash: `0x${string}` | null = null;
  const ok = await runTx({
    ...context,
    tx: transferTx(parameters.token, to, parameters.amount),
    flagged: parameters.flagged,
    onReceipt: (receipt) => void (hash = receipt.transactionHash),
  }, report);
  return ok && hash ? { ok: true, hash, to } : { ok: false };
}
