/**
 * Chains, token addresses and pool addresses as they come from page URLs,
 * checked and turned into gateway variables.
 *
 * @module
 */

/** The chains of the gateway's `Chain` enum: every chain the product supports. */
export const SUPPORTED_CHAINS = [
  "ARBITRUM",
  "AVALANCHE",
  "ETHEREUM",
  "ETHEREUM_GOERLI",
  "ETHEREUM_SEPOLIA",
  "OPTIMISM",
  "POLYGON",
  "CELO",
  "BNB",
  "BASE",
  "BLAST",
  "ZORA",
  "ZKSYNC",
  "UNICHAIN",
  "SONEIUM",
  "ASTROCHAIN_SEPOLIA",
  "WORLDCHAIN",
  "MONAD_TESTNET",
  "ARBITRUM_SEPOLIA",
  "BASE_SEPOLIA",
  "SOLANA",
  "UNKNOWN_CHAIN",
] as const;

/** A value of the gateway's `Chain` enum. */
export type Chain = (typeof SUPPORTED_CHAINS)[number];

const CHAIN_SET: ReadonlySet<string> = new Set(SUPPORTED_CHAINS);

/** The URL placeholder for a chain's native token (`/tokens/ethereum/NATIVE`). */
export const NATIVE_PLACEHOLDER = "NATIVE";

/** The wrapped-SOL mint: where the gateway keeps Solana's native token. */
export const SOLANA_NATIVE_MINT = "So11111111111111111111111111111111111111112";

/**
 * Where the gateway keeps the native token of chains whose native token also
 * has a token address (an ERC-20 contract, or Solana's wrapped-SOL mint).
 * Other chains have no address for it.
 */
export const NATIVE_TOKEN_ADDRESSES: Readonly<Partial<Record<Chain, string>>> = {
  CELO: "0x471EcE3750Da237f93B8E339c536989b8978a438",
  POLYGON: "0x0000000000000000000000000000000000001010",
  SOLANA: SOLANA_NATIVE_MINT,
};

/** Chains whose token addresses are base58 mints rather than 0x addresses. */
const BASE58_CHAINS: ReadonlySet<Chain> = new Set<Chain>(["SOLANA"]);

/** An address or pool id that cannot be parsed. */
export class InvalidAddressError extends Error {
  /** Creates the error for the given input. */
  constructor(input: string, expected: string) {
    super(`Cannot parse address ${JSON.stringify(input)}: expected ${expected}`);
    this.name = "InvalidAddressError";
  }
}

/**
 * The gateway chain of a chain name from a URL (`ethereum` -> `ETHEREUM`):
 * upper-cased, nothing else (no trimming, no aliases); `null` when it is not
 * a supported chain.
 */
export function parseChain(urlName: string): Chain | null {
  const upper = urlName.toUpperCase();
  return CHAIN_SET.has(upper) ? upper as Chain : null;
}

/** Whether the value is a value of the `Chain` enum. */
export function isChain(value: string): value is Chain {
  return CHAIN_SET.has(value);
}

const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;
const POOL_ID_RE = /^0x[0-9a-fA-F]{64}$/;
/** 32 to 44 characters of the base58 alphabet (no `0`, `O`, `I`, `l`). */
const BASE58_MINT_RE = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/**
 * Checks an EVM address: `0x` and 40 hex digits. The address is returned as
 * given, not lower-cased and not checksum-verified: the gateway matches
 * addresses case-insensitively, and keeping the caller's spelling keeps
 * canonical URLs and log lines identical to what was requested. Callers that
 * key caches by address should lower-case it themselves.
 *
 * @throws {InvalidAddressError} e.g. `Cannot parse address "0x12": expected 40 hex digits`
 */
export function parseAddress(address: string): string {
  if (!ADDRESS_RE.test(address)) {
    throw new InvalidAddressError(address, "40 hex digits");
  }
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
  if (!BASE58_MINT_RE.test(address)) {
    throw new InvalidAddressError(address, "a base58 mint address (32-44 characters)");
  }
  return address;
}

/** Whether the chain's token addresses are base58 mints (Solana) rather than 0x addresses. */
export function usesMintAddresses(chain: Chain): boolean {
  return BASE58_CHAINS.has(chain);
}

/**
 * The `address` variable of the `Token` query for an address from a URL. The
 * placeholder `NATIVE` (any case) is the chain's native token: its ERC-20
 * address on CELO and POLYGON, the wrapped-SOL mint on SOLANA, `undefined`
 * (no address: the native token) on other chains. Anything else must be an
 * address of the chain: a base58 mint on SOLANA ({@link parseMintAddress},
 * case kept), `0x` and 40 hex digits elsewhere ({@link parseAddress}).
 *
 * @throws {InvalidAddressError} when it is neither `NATIVE` nor an address of the chain
 */
export function resolveTokenAddress(
  chain: Chain,
  address: string,
): string | undefined {
  if (address.toUpperCase() === NATIVE_PLACEHOLDER) {
    return NATIVE_TOKEN_ADDRESSES[chain];
  }
  return usesMintAddresses(chain) ? parseMintAddress(address) : parseAddress(address);
}

/**
 * The spelling of a token or pool address that caches key on and that tells
 * two requests for the same thing apart: `0x` addresses and `NATIVE` are
 * case-insensitive, so they are lower-cased; anything else (a base58 mint)
 * is case-sensitive and kept as given.
 */
export function addressKey(address: string): string {
  return /^0x/i.test(address) || address.toUpperCase() === NATIVE_PLACEHOLDER ? address.toLowerCase() : address;
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
  if (ADDRESS_RE.test(address)) return { kind: "address", address };
  if (POOL_ID_RE.test(address)) return { kind: "poolId", poolId: address };
  throw new InvalidAddressError(
    address,
    "40 hex digits (V2/V3) or 64 hex digits (V4 pool id)",
  );
}
