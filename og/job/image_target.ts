/**
 * The image routes' targets: whether a path can name a token, pool or
 * position at all ({@linkcode isWellFormedTarget}), and the one spelling
 * that caches and shared renders key on.
 *
 * @module
 */

import type { ImageKind } from "../../lib/preview_images.ts";
import type { ImageTarget } from "../../lib/preview_images.ts";
import { addressKey, isAddress, isNativePlaceholder, NATIVE_PLACEHOLDER, parsePoolAddress } from "../../lib/address.ts";
import { parseChain, resolveTokenAddress } from "../../lib/chains.ts";

/** Position versions of the image route (`/api/image/positions/{version}/...`). */
export type PositionVersion = "v2" | "v3" | "v4";

/** Longest decimal token id of a V3/V4 position: a uint256 has at most 78 digits. */
const TOKEN_ID_RE = /^[0-9]{1,78}$/;

/** `version` as a position version (`v2`, `v3`, `v4`, any case), or `null`. */
export function parsePositionVersion(version: string | undefined): PositionVersion | null {
  const lower = version?.toLowerCase();
  return lower === "v2" || lower === "v3" || lower === "v4" ? lower : null;
}

/**
 * Whether `chainName` and `address` can name a token, pool or position at
 * all, by the one chain and address parsers (`lib/chains.ts`,
 * `lib/address.ts`): a supported chain, and for a token `NATIVE` or an
 * address of that chain (a base58 mint on Solana, `0x` + 40 hex digits
 * elsewhere), for a pool a V2/V3 address or a V4 pool id, for a position of
 * `version` `v2` a pair address (`0x` + 40 hex digits) and of `v3`/`v4` a
 * decimal token id of at most 78 digits; an NFT asset (`ethereum` only) a
 * contract address and a decimal token `id`, a collection its contract.
 */
export function isWellFormedTarget(
  chainName: string,
  address: string,
  kind: ImageKind = "token",
  version?: string,
  id?: string,
): boolean {
  if (kind === "nft_asset") return chainName === "ethereum" && isAddress(address) && TOKEN_ID_RE.test(id ?? "");
  if (kind === "nft_collection") return chainName === "ethereum" && isAddress(address);
  const chain = parseChain(chainName);
  if (chain === null || chain === "UNKNOWN_CHAIN") return false;
  if (kind === "position") {
    const parsed = parsePositionVersion(version);
    if (parsed === null) return false;
    return parsed === "v2" ? isAddress(address) : TOKEN_ID_RE.test(address);
  }
  try {
    if (kind === "token") resolveTokenAddress(chain, address);
    else parsePoolAddress(address);
    return true;
  } catch {
    return false;
  }
}

/**
 * The one spelling of a well-formed target that caches and shared renders
 * key on: chain lower-cased, `0x` addresses lower-cased (a Solana mint is
 * case-sensitive and kept), `NATIVE` upper-cased, a token id without leading
 * zeros, a position's version lower-cased.
 */
export function normalizeTarget(target: ImageTarget): ImageTarget {
  const chainName = target.chainName.toLowerCase();
  if (target.kind === "position") {
    const version = parsePositionVersion(target.version)!;
    const address = version === "v2" ? addressKey(target.address) : BigInt(target.address).toString();
    return { kind: "position", chainName, address, version };
  }
  if (target.kind === "nft_asset") {
    return { kind: "nft_asset", chainName, address: addressKey(target.address), id: BigInt(target.id!).toString() };
  }
  const address = isNativePlaceholder(target.address) ? NATIVE_PLACEHOLDER : addressKey(target.address);
  return { kind: target.kind, chainName, address };
}

/**
 * The cache's id of a normalized target: the address, `{version}:{id}` for a
 * position (`v3:1234`), `{contract}:{token id}` for an NFT asset.
 */
export function cacheIdOf(target: ImageTarget): string {
  if (target.kind === "position") return `${target.version}:${target.address}`;
  return target.kind === "nft_asset" ? `${target.address}:${target.id}` : target.address;
}

/** The key of a normalized target in memory (the unknown targets remembered): `{kind}:{chain}:{cache id}`. */
export function targetKeyOf(target: ImageTarget): string {
  return `${target.kind}:${target.chainName}:${cacheIdOf(target)}`;
}

/** The key of one card (a target in one emoji set): what its render, its waiters and its cache writes share. */
export function cardKeyOf(target: ImageTarget, emojiSet: string): string {
  return `${targetKeyOf(target)}:${emojiSet}`;
}
