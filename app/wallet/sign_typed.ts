/**
 * The one way a screen asks for a signature: EIP-712 typed data
 * (`eth_signTypedData_v4`, Permit2's permits), on the screen's chain, and
 * the signer checked against the account before the signature is used.
 *
 * @module
 */
import { signTypedData } from "@wagmi/core";
import { type Hex, recoverTypedDataAddress, type TypedData, type TypedDataDefinition } from "viem";
import type { Address } from "../../lib/address.ts";
import { walletConfig } from "./wallet_store.ts";
import type { TxStatus } from "./wallet_tx.ts";

/** What to sign, for whom and where. */
export interface TypedSignature<T extends TypedData | Record<string, unknown>, P extends string> {
  readonly from: Address;
  /** The chain of the screen; the wallet must be on it. */
  readonly chainId: number;
  readonly walletChainId: number | null;
  readonly typed: TypedDataDefinition<T, P>;
  /** The step's label in its status lines. */
  readonly label: string;
  /** The contract that will verify the signature (shown while the wallet asks). */
  readonly verifier: Address;
}

/** Signs `input.typed` as `input.from`; `null` after reporting why not (no wallet, other chain, refused, signer). */
export async function signTypedChecked<T extends TypedData | Record<string, unknown>, P extends string>(
  input: TypedSignature<T, P>,
  report: (status: TxStatus) => void,
): Promise<Hex | null> {
  const { from, label } = input;
  const fail = (reason: string) => (report({ step: "failed", label, reason }), null);
  const config = walletConfig();
  if (!config) return fail("No wallet is connected");
  if (input.walletChainId !== input.chainId) {
    return fail(`The wallet is on chain ${input.walletChainId}, this screen on ${input.chainId}`);
  }
  report({ step: "wallet", label, to: input.verifier });
  let signature: Hex;
  try {
    signature = await signTypedData(config, { account: from, ...input.typed } as Parameters<typeof signTypedData>[1]);
  } catch (error) {
    const e = error as { shortMessage?: string; message?: string };
    return fail((e.shortMessage ?? e.message ?? "The wallet refused").split("\n")[0]);
  }
  const signer = await recoverTypedDataAddress(
    { ...input.typed, signature } as Parameters<
      typeof recoverTypedDataAddress
    >[0],
  );
  if (signer.toLowerCase() !== from.toLowerCase()) return fail(`The permit was signed by ${signer}, not ${from}`);
  return signature;
}
