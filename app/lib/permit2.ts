/**
 * Permit2 (Uniswap's allowance contract), as the swap screen uses it: an
 * ERC-20 is approved once for Permit2, then each trade signs a `PermitSingle`
 * (EIP-712, `eth_signTypedData_v4`) that lets the Universal Router pull that
 * token, up to an amount, until it expires. The signature travels inside the
 * router's own `execute` (its `PERMIT2_PERMIT` command), so a trade is one
 * transaction. Pure: the typed data, the allowance read's call and the rule
 * of when a signature is needed.
 *
 * @module
 */
import { decodeFunctionResult, encodeFunctionData, type Hex, parseAbi } from "viem";
import type { Address } from "../../lib/address.ts";

export const PERMIT2_ABI = parseAbi([
  "function allowance(address owner, address token, address spender) view returns (uint160 amount, uint48 expiration, uint48 nonce)",
]);

/** Permit2's largest allowance (`type(uint160).max`): never decremented by a transfer. */
export const MAX_UINT160 = (1n << 160n) - 1n;
/** How long a signed permit's allowance lasts: 30 days, as app.uniswap.org signs them. */
export const PERMIT_EXPIRATION_SECONDS = 30 * 24 * 3600;
/** How long a signature may wait before it is used: 30 minutes. */
export const PERMIT_SIG_DEADLINE_SECONDS = 30 * 60;

/** Permit2's allowance of `spender` over `owner`'s `token`. */
export interface Permit2Allowance {
  readonly amount: bigint;
  /** Unix seconds; 0 never set. */
  readonly expiration: number;
  /** The next nonce a permit must carry. */
  readonly nonce: number;
}

/** The call that reads {@linkcode Permit2Allowance}. */
export function permit2AllowanceCall(owner: Address, token: Address, spender: Address): Hex {
  return encodeFunctionData({ abi: PERMIT2_ABI, functionName: "allowance", args: [owner, token, spender] });
}

/** Decodes the answer of {@linkcode permit2AllowanceCall}. */
export function decodePermit2Allowance(data: Hex): Permit2Allowance {
  const [amount, expiration, nonce] = decodeFunctionResult({ abi: PERMIT2_ABI, functionName: "allowance", data });
  return { amount, expiration: Number(expiration), nonce: Number(nonce) };
}

/**
 * Whether a trade of `amount` needs a new signature: unless the allowance
 * covers it and expires later than `now` (unix seconds) plus a minute.
 */
export function permitNeeded(allowance: Permit2Allowance, amount: bigint, now: number): boolean {
  return allowance.amount < amount || allowance.expiration <= now + 60;
}

/** A `PermitSingle` as Permit2 and the Universal Router's `PERMIT2_PERMIT` take it. */
export interface PermitSingle {
  readonly details: {
    readonly token: Address;
    readonly amount: bigint;
    readonly expiration: number;
    readonly nonce: number;
  };
  readonly spender: Address;
  readonly sigDeadline: bigint;
}

/**
 * The permit of one trade: `amount` of `token` for `spender` (the Universal
 * Router), expiring {@linkcode PERMIT_EXPIRATION_SECONDS} after `now`, the
 * signature valid {@linkcode PERMIT_SIG_DEADLINE_SECONDS}.
 */
export function permitSingle(
  options: { token: Address; spender: Address; amount: bigint; nonce: number; now: number },
): PermitSingle {
  if (options.amount <= 0n || options.amount > MAX_UINT160) {
    throw new RangeError(`Permit amount ${options.amount} is not within 1..2^160-1`);
  }
  return {
    details: {
      token: options.token,
      amount: options.amount,
      expiration: options.now + PERMIT_EXPIRATION_SECONDS,
      nonce: options.nonce,
    },
    spender: options.spender,
    sigDeadline: BigInt(options.now + PERMIT_SIG_DEADLINE_SECONDS),
  };
}

/** EIP-712 type of one token's `PermitDetails`, shared by `PermitSingle` and `PermitBatch`. */
export const PERMIT_DETAILS_TYPE = [
  { name: "token", type: "address" },
  { name: "amount", type: "uint160" },
  { name: "expiration", type: "uint48" },
  { name: "nonce", type: "uint48" },
] as const;

/** EIP-712 types of `PermitSingle` (Permit2's `PermitHash`). */
export const PERMIT_SINGLE_TYPES = {
  PermitDetails: PERMIT_DETAILS_TYPE,
  PermitSingle: [
    { name: "details", type: "PermitDetails" },
    { name: "spender", type: "address" },
    { name: "sigDeadline", type: "uint256" },
  ],
} as const;

/** The typed data a wallet signs for a permit (`eth_signTypedData_v4`): Permit2's domain has no version. */
export function permitTypedData(permit: PermitSingle, options: { chainId: number; permit2: Address }) {
  return {
    domain: { name: "Permit2", chainId: options.chainId, verifyingContract: options.permit2 },
    types: PERMIT_SINGLE_TYPES,
    primaryType: "PermitSingle" as const,
    message: permit,
  };
}
