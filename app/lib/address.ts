/**
 * Moved: addresses are `lib/address.ts`. This re-export stays only until the
 * last importer has moved; import that module instead.
 *
 * @module
 */
export { checkAddress, isAddress } from "../../lib/address.ts";
export type { AddressCheck } from "../../lib/address.ts";
