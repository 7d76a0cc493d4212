/**
 * The two shapes every wallet action shares: a transaction request as the
 * wallet receives it, and a read-only chain call. They live below the
 * features, so the wallet's sender and the form rows need no feature's code.
 *
 * @module
 */
import type { Hex } from "viem";
import type { Address } from "../../lib/address.ts";

/** Runs an `eth_call` and returns its data; throws when it reverts. */
export type ChainCall = (call: { to: Address; data: Hex }) => Promise<Hex>;

/** A transaction request as the wallet receives it. */
export interface TxRequest {
  /** The exact contract called: the screen shows it. */
  readonly to: Address;
  readonly data: Hex;
  readonly value: bigint;
  /** Human name of the contract and function, e.g. `SwapRouter.exactInputSingle`. */
  readonly label: string;
}
