/**
 * Keys of the cache (`kv_cache.ts`): arrays `[kind, CHAIN, address]` for
 * images (plus an optional variant) and `[kind, version, CHAIN, address]` for
 * previews (the version of their stored shape). The chain is upper-cased, a
 * `0x` address or `NATIVE` lower-cased, a base58 mint (Solana) kept as given
 * (`addressKey` of `lib/address.ts`); oversized or empty parts are rejected
 * when the key is built, so a bad key fails where it is made rather than
 * inside KV.
 *
 * @module
 */
import { addressKey } from "../../lib/address.ts";
import type { ImageKind } from "../../lib/preview_images.ts";

/** Largest total size, in UTF-8 bytes, of the parts of a key (KV allows 2 KiB). */
export const MAX_KEY_PART_BYTES = 1024;

/** Kinds of JSON entries. */
export type PreviewCacheKind =
  | "token_preview"
  | "pool_preview"
  | "position_preview"
  | "nft_asset_preview"
  | "nft_collection_preview";

/**
 * Version of the stored preview shape, part of every preview key: bump it
 * when the shape of a token or pool entry changes, so entries of an older
 * shape are never read (a miss, refetched; KV expires them on its own).
 * Version 1 (`[kind, CHAIN, address]`) stored titles and URLs; version 2
 * stores gateway data only; version 3 adds market data (price, 24h change,
 * TVL) for the unfurls' labels.
 */
export const PREVIEW_KEY_VERSION = 3;

/** Kinds of binary entries. */
export type ImageCacheKind =
  | "token_image"
  | "pool_image"
  | "position_image"
  | "nft_asset_image"
  | "nft_collection_image";

/** Key of a JSON entry: `[kind, version, CHAIN, address]`. */
export type PreviewCacheKey = readonly [PreviewCacheKind, number, string, string];

/** Key of a binary entry: `[kind, CHAIN, address]` or `[kind, CHAIN, address, variant]`. */
export type ImageCacheKey =
  | readonly [ImageCacheKind, string, string]
  | readonly [ImageCacheKind, string, string, string];

/** Any cache key. */
export type CacheKey = PreviewCacheKey | ImageCacheKey;

export type { ImageKind } from "../../lib/preview_images.ts";

const encoder = new TextEncoder();

function checkParts(kind: string, parts: readonly unknown[]): void {
  let total = 0;
  for (const part of parts) {
    if (typeof part !== "string" || part.length === 0) {
      throw new TypeError(
        `Cannot build ${kind} cache key: expected non-empty strings, got ${JSON.stringify(part)}`,
      );
    }
    // UTF-8 takes at least one byte per UTF-16 unit: skip encoding huge parts.
    total += part.length > MAX_KEY_PART_BYTES ? part.length : encoder.encode(part).length;
    if (total > MAX_KEY_PART_BYTES) {
      throw new RangeError(
        `Cannot build ${kind} cache key: parts exceed ${MAX_KEY_PART_BYTES} bytes`,
      );
    }
  }
}

function previewKey(
  kind: PreviewCacheKind,
  chain: string,
  address: string,
): PreviewCacheKey {
  checkParts(kind, [chain, address]);
  return [kind, PREVIEW_KEY_VERSION, chain.toUpperCase(), addressKey(address)];
}

function imageKey(
  kind: ImageCacheKind,
  chain: string,
  address: string,
  variant?: string,
): ImageCacheKey {
  if (variant === undefined) {
    checkParts(kind, [chain, address]);
    return [kind, chain.toUpperCase(), addressKey(address)];
  }
  checkParts(kind, [chain, address, variant]);
  return [kind, chain.toUpperCase(), addressKey(address), variant];
}

/**
 * Typed builders of cache keys. They throw `TypeError` for empty or
 * non-string parts and `RangeError` when the parts together exceed
 * {@linkcode MAX_KEY_PART_BYTES}, so a bad key fails where it is built
 * rather than inside KV.
 */
export const cacheKeys = {
  /** Preview data of a token page. */
  tokenPreview(chain: string, address: string): PreviewCacheKey {
    return previewKey("token_preview", chain, address);
  },
  /** Preview data of a pool page. */
  poolPreview(chain: string, address: string): PreviewCacheKey {
    return previewKey("pool_preview", chain, address);
  },
  /** Preview data of a position page; `id` is `{version}:{pair address or token id}` (`v3:1234`). */
  positionPreview(chain: string, id: string): PreviewCacheKey {
    return previewKey("position_preview", chain, id.toLowerCase());
  },
  /** Share image of a token; `variant` tells apart renderings (e.g. emoji set). */
  tokenImage(chain: string, address: string, variant?: string): ImageCacheKey {
    return imageKey("token_image", chain, address, variant);
  },
  /** Share image of a pool; a namespace apart from token images. */
  poolImage(chain: string, address: string, variant?: string): ImageCacheKey {
    return imageKey("pool_image", chain, address, variant);
  },
  /** Share image of a position; `id` is `{version}:{pair address or token id}` (`v3:1234`). */
  positionImage(chain: string, id: string, variant?: string): ImageCacheKey {
    return imageKey("position_image", chain, id.toLowerCase(), variant);
  },
  /** Preview data of an NFT asset; `id` is `{contract}:{token id}`. */
  nftAssetPreview(chain: string, id: string): PreviewCacheKey {
    return previewKey("nft_asset_preview", chain, id.toLowerCase());
  },
  /** Preview data of an NFT collection, by contract address. */
  nftCollectionPreview(chain: string, contract: string): PreviewCacheKey {
    return previewKey("nft_collection_preview", chain, contract);
  },
  /** Share image of an NFT asset; `id` is `{contract}:{token id}`. */
  nftAssetImage(chain: string, id: string, variant?: string): ImageCacheKey {
    return imageKey("nft_asset_image", chain, id.toLowerCase(), variant);
  },
  /** Share image of an NFT collection, by contract address. */
  nftCollectionImage(chain: string, contract: string, variant?: string): ImageCacheKey {
    return imageKey("nft_collection_image", chain, contract, variant);
  },
} as const;

/**
 * The key of a share image from the URL's parts, or `null` when they cannot
 * make one (see {@linkcode cacheKeys}): invalid input reads as a miss.
 */
export function imageCacheKey(
  kind: ImageKind,
  chainName: string,
  address: string,
  variant?: string,
): ImageCacheKey | null {
  try {
    if (kind === "token") {
      return cacheKeys.tokenImage(chainName, address, variant);
    }
    if (kind === "pool") {
      return cacheKeys.poolImage(chainName, address, variant);
    }
    if (kind === "position") {
      return cacheKeys.positionImage(chainName, address, variant);
    }
    if (kind === "nft_asset") return cacheKeys.nftAssetImage(chainName, address, variant);
    if (kind === "nft_collection") return cacheKeys.nftCollectionImage(chainName, address, variant);
    return null;
  } catch {
    return null;
  }
}
