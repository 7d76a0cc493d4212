/**
 * Moved: chains are `lib/chains.ts`, addresses `lib/address.ts`. This
 * re-export stays only until the last importer has moved; import those
 * modules instead.
 *
 * @module
 */
export * from "../lib/chains.ts";
export { addressKey, InvalidAddressError, parseAddress, parseMintAddress, parsePoolAddress } from "../lib/address.ts";
export type { PoolRef } from "../lib/address.ts";
