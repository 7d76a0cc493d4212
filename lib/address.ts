/**
 * Addresses, the one home of their forms: EVM addresses (`0x` and 40 hex
 * digits), V4 pool ids (`0x` and 64), transaction hashes, Solana's base58
 * mints and signatures, the `NATIVE` placeholder of page URLs. Every parser
 * and check of them in the service, the cards, the app and the demo gateway
 * is here; which chain uses which form is `lib/chains.ts`'s business.
 *
 * @module
 */

/** An EVM address, `0x` and 40 hex digits. */
export type Address = `0x${string}`;

/** The URL placeholder for a chain's native token (`/tokens/ethereum/NATIVE`). */
export const NATIVE_PLACEHOLDER = "NATIVE";

const EVM_ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;
/** `0x` and 64 hex digits: a V4 pool id, or an EVM transaction hash. */
const HASH_RE = /^0x[0-9a-fA-F]{64}$/;
/** 32 to 44 characters of the base58 alphabet (no `0`, `O`, `I`, `l`). */
const BASE58_MINT_RE = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
/** 64 to 90 characters of the base58 alphabet: a Solana transaction signature. */
const BASE58_SIGNATURE_RE = /^[1-9A-HJ-NP-Za-km-z]{64,90}$/;

/** An address or pool id that cannot be parsed. */
export class InvalidAddressError extends Error {
  /** Creates the error for the given input. */
  constructor(input: string, expected: string) {
    super(`Cannot parse address ${JSON.stringify(input)}: expected ${expected}`);
    this.name = "InvalidAddressError";
  }
}

/** Whether a string is `0x` followed by exactly 40 hex digits (any case). */
export function isAddress(value: string): value is Address {
  return EVM_ADDRESS_RE.test(value);
}

/** Whether a string is the zero address (`0x` and 40 zeros): a burn, or a mint's sender. */
export function isZeroAddress(value: string): boolean {
  return /^0x0{40}$/.test(value);
}

/** Whether a string is a base58 Solana mint or account (32 to 44 characters). */
export function isMintAddress(value: string): boolean {
  return BASE58_MINT_RE.test(value);
}

/** Whether a string is an account an explorer has a page for: an EVM address or a base58 account. */
export function isAccountAddress(value: string): boolean {
  return isAddress(value) || isMintAddress(value);
}

/** Whether a string is a transaction hash: `0x` and 64 hex digits, or a base58 signature. */
export function isTransactionHash(value: string): boolean {
  return HASH_RE.test(value) || BASE58_SIGNATURE_RE.test(value);
}

/** Whether the value is the `NATIVE` placeholder, in any case. */
export function isNativePlaceholder(value: string): boolean {
  return value.toUpperCase() === NATIVE_PLACEHOLDER;
}

/**
 * Checks an EVM address: `0x` and 40 hex digits. The address is returned as
 * given, not lower-cased and not checksum-verified: the gateway matches
 * addresses case-insensitively, and keeping the caller's spelling keeps
 * canonical URLs and log lines identical to what was requested. Callers that
 * key caches by address use {@link addressKey}.
 *
 * @throws {InvalidAddressError} e.g. `Cannot parse address "0x12": expected 40 hex digits`
 */
export function parseAddress(address: string): string {
  if (!isAddress(address)) throw new InvalidAddressError(address, "40 hex digits");
  return address;
}

/**
 * Checks a Solana mint address: 32 to 44 characters of the base58 alphabet.
 * Returned as given: base58 is case-sensitive, so the spelling is the
 * address.
 *
 * @throws {InvalidAddressError} e.g. `Cannot parse address "So1": expected a base58 mint address (32-44 characters)`
 */
export function parseMintAddress(address: string): string {
  if (!isMintAddress(address)) throw new InvalidAddressError(address, "a base58 mint address (32-44 characters)");
  return address;
}

/** A pool as a URL names it: a V2/V3 contract address or a V4 pool id. */
export type PoolRef =
  | { readonly kind: "address"; readonly address: string }
  | { readonly kind: "poolId"; readonly poolId: string };

/**
 * Parses a pool address from a URL: `0x` + 40 hex digits is a V2 pair or V3
 * pool address, `0x` + 64 hex digits is a V4 pool id. Kept as given (see
 * {@link parseAddress}).
 *
 * @throws {InvalidAddressError} e.g. `Cannot parse address "0x12": expected 40 hex digits (V2/V3) or 64 hex digits (V4 pool id)`
 */
export function parsePoolAddress(address: string): PoolRef {
  if (isAddress(address)) return { kind: "address", address };
  if (HASH_RE.test(address)) return { kind: "poolId", poolId: address };
  throw new InvalidAddressError(address, "40 hex digits (V2/V3) or 64 hex digits (V4 pool id)");
}

/**
 * The spelling of a token or pool address that caches key on and that tells
 * two requests for the same thing apart: `0x` addresses and `NATIVE` are
 * case-insensitive, so they are lower-cased; anything else (a base58 mint)
 * is case-sensitive and kept as given.
 */
export function addressKey(address: string): string {
  return /^0x/i.test(address) || isNativePlaceholder(address) ? address.toLowerCase() : address;
}

/**
 * A token key from a link or a form (`?inputCurrency=`): `NATIVE` for the
 * native token (`eth` and `native` in any case, surrounding spaces ignored),
 * a lower-cased EVM address, or `null` for anything else.
 */
export function tokenKey(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.trim();
  if (/^(eth|native)$/i.test(v)) return NATIVE_PLACEHOLDER;
  return isAddress(v) ? v.toLowerCase() : null;
}

/** The outcome of checking an address typed by a user. */
export type AddressCheck =
  | { readonly ok: true; readonly address: string }
  | { readonly ok: false; readonly error: string };

/**
 * Checks a typed EVM address (surrounding spaces ignored) and returns it in
 * lower case, or a message that says what is wrong with it.
 */
export function checkAddress(input: string | null | undefined): AddressCheck {
  const value = (input ?? "").trim();
  if (value === "") return { ok: false, error: "Enter a wallet address." };
  if (!value.startsWith("0x")) {
    return { ok: false, error: `Cannot parse address "${value}": expected it to start with 0x` };
  }
  const digits = value.slice(2);
  if (!/^[0-9a-fA-F]*$/.test(digits)) {
    return { ok: false, error: `Cannot parse address "${value}": expected only hex digits after 0x` };
  }
  if (digits.length !== 40) {
    return { ok: false, error: `Cannot parse address "${value}": expected 40 hex digits, got ${digits.length}` };
  }
  return { ok: true, address: value.toLowerCase() };
}
