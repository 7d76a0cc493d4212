/**
 * Permit2's `PermitBatch` for the V4 PositionManager, pure: as
 * app.uniswap.org does, the holder signs one permit (EIP-712) letting the
 * PositionManager pull each ERC-20 side through Permit2, and the signature
 * travels in the same transaction: `PositionManager.multicall([permitBatch(
 * owner, batch, signature), …the action's calls])`. Ether needs none.
 *
 * @module
 */
import { decodeFunctionData, encodeFunctionData, type Hex, parseAbi } from "viem";
import type { Address } from "../../lib/address.ts";
import {
  MAX_UINT160,
  PERMIT_DETAILS_TYPE,
  PERMIT_EXPIRATION_SECONDS,
  PERMIT_SIG_DEADLINE_SECONDS,
} from "../lib/permit2.ts";
import type { TxRequest } from "../lib/tx_request.ts";
import { V4_POSITION_MANAGER_ABI } from "./v4_calls.ts";

/** A `PermitBatch` as Permit2 and `PositionManager.permitBatch` take it. */
export interface PermitBatch {
  readonly details: readonly {
    readonly token: Address;
    readonly amount: bigint;
    readonly expiration: number;
    readonly nonce: number;
  }[];
  readonly spender: Address;
  readonly sigDeadline: bigint;
}

const PERMIT_BATCH_ABI = parseAbi([
  "struct PermitDetails { address token; uint160 amount; uint48 expiration; uint48 nonce; }",
  "struct PermitBatch { PermitDetails[] details; address spender; uint256 sigDeadline; }",
  "function permitBatch(address owner, PermitBatch _permitBatch, bytes signature) payable returns (bytes err)",
]);

/** EIP-712 types of `PermitBatch` (Permit2's `PermitHash`). */
export const PERMIT_BATCH_TYPES = {
  PermitDetails: PERMIT_DETAILS_TYPE,
  PermitBatch: [
    { name: "details", type: "PermitDetails[]" },
    { name: "spender", type: "address" },
    { name: "sigDeadline", type: "uint256" },
  ],
} as const;

/**
 * The batch for `spender`: each token's amount with the nonce Permit2 holds,
 * expiring 30 days after `now`, the signature valid 30 minutes.
 */
export function permitBatch(
  tokens: readonly { readonly token: Address; readonly amount: bigint; readonly nonce: number }[],
  spender: Address,
  now: number,
): PermitBatch {
  for (const { token, amount } of tokens) {
    if (amount <= 0n || amount > MAX_UINT160) {
      throw new RangeError(`Permit amount ${amount} of ${token} is out of range`);
    }
  }
  return {
    details: tokens.map(({ token, amount, nonce }) => ({
      token,
      amount,
      expiration: now + PERMIT_EXPIRATION_SECONDS,
      nonce,
    })),
    spender,
    sigDeadline: BigInt(now + PERMIT_SIG_DEADLINE_SECONDS),
  };
}

/** The typed data a wallet signs (`eth_signTypedData_v4`): Permit2's domain has no version. */
export function permitBatchTypedData(batch: PermitBatch, options: { chainId: number; permit2: Address }) {
  return {
    domain: { name: "Permit2", chainId: options.chainId, verifyingContract: options.permit2 },
    types: PERMIT_BATCH_TYPES,
    primaryType: "PermitBatch" as const,
    message: batch,
  };
}

/**
 * The action with the signed permit first: one `multicall` of
 * `permitBatch` and the action's own calls (a multicall's calls are
 * flattened), same value.
 */
export function withPermitBatch(tx: TxRequest, owner: Address, batch: PermitBatch, signature: Hex): TxRequest {
  const permit = encodeFunctionData({
    abi: PERMIT_BATCH_ABI,
    functionName: "permitBatch",
    args: [owner, batch, signature],
  });
  let calls: readonly Hex[] = [tx.data];
  try {
    const decoded = decodeFunctionData({ abi: V4_POSITION_MANAGER_ABI, data: tx.data });
    if (decoded.functionName === "multicall") calls = decoded.args[0];
  } catch {
    // not one of the manager's known functions: sent as it is, after the permit
  }
  const inner = tx.label.replace(/^PositionManager\./, "").replace(/^multicall\((.*)\)$/, "$1");
  return {
    ...tx,
    data: encodeFunctionData({ abi: V4_POSITION_MANAGER_ABI, functionName: "multicall", args: [[permit, ...calls]] }),
    label: `PositionManager.multicall(permitBatch, ${inner})`,
  };
}
