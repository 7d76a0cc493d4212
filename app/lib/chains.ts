/**
 * Moved: the chain table is `lib/chains.ts`. This re-export stays only until
 * the last importer has moved; import that module instead.
 *
 * @module
 */
export * from "../../lib/chains.ts";
export { CHAINS as CHAIN_OPTIONS } from "../../lib/chains.ts";
export type { ChainInfo as ChainOption } from "../../lib/chains.ts";
