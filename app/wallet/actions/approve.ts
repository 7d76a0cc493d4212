/**
 * The approve action: lets a contract spend exactly the amount a trade needs
 * (or an unlimited amount, only when the person chose it), unless the
 * allowance already covers it. The context every wallet action takes lives
 * here too.
 *
 * @module
 */
import type { PublicClient } from "viem";
import type { Address } from "../../../lib/address.ts";
import type { PublicChain } from "../../../lib/rpc_directory.ts";
import type { FlaggedToken } from "../../lib/wallet_safety.ts";
import { ensureApproval, type TxStatus } from "../wallet_tx.ts";

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
