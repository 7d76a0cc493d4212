/**
 * Token and pool preview data for pages (`meta()`) and share images, read
 * from the gateway through the cache.
 *
 * - Input from the URL is checked before any gateway call: an unknown chain or
 *   a malformed address gives `null`.
 * - Entries store what the gateway said and nothing else: a token's symbol,
 *   name and logo, a pool's token symbols and logos, fee and version, each
 *   cleaned (`lib/text.ts`). Titles, names, the share image's URL and the
 *   page URL are built from an entry when answering (one place for each:
 *   {@linkcode tokenTitle}, {@linkcode poolNameAndTitle}, `previewUrls`), for
 *   the requested origin, chain name and address.
 * - A valid cached entry (7 days) answers without the gateway. Keys carry
 *   the entry shape's version (`PREVIEW_KEY_VERSION`), so entries of an
 *   older shape read as a miss.
 * - Only successful, valid results are cached. `null` (the gateway does not
 *   know it) is not cached; a gateway failure is re-thrown and not cached.
 * - Concurrent identical lookups share one gateway call (single-flight).
 * - Tokens and pools are read with `queries/edge.ts`'s one lookup of each
 *   (`fetchEdgeToken`, `fetchEdgePool`: one gateway call per lookup).
 *
 * @module
 */
import type { Client } from "@urql/core";
import type { Cache } from "../cache/kv_cache.ts";
import type { Validator } from "../cache/json_store.ts";
import { cacheKeys, type PreviewCacheKey } from "../cache/cache_keys.ts";
import { createSingleFlight, type SingleFlight } from "../../lib/single_flight.ts";
import {
  MAX_TITLE,
  type PoolPreview,
  type PoolPreviewData,
  type PositionPreview,
  type PositionPreviewData,
  type PreviewSource,
  type TokenPreview,
} from "../../lib/preview_types.ts";
import { parsePoolAddress } from "../../lib/address.ts";
import { type Chain, parseChain, resolveTokenAddress } from "../../lib/chains.ts";
import { fitText } from "../../lib/text.ts";
import { type EdgePool, fetchEdgePool, fetchEdgeToken } from "../../queries/edge.ts";
import { createNftPreviews } from "./nft_previews.ts";
import {
  displayText,
  finite,
  isNullableText,
  isObject,
  isOptionalNumber,
  present,
  type ReadThrough,
} from "./preview_entries.ts";

export { displayText } from "./preview_entries.ts";

export { withNftImagesOn } from "./nft_previews.ts";
import type { PositionVersion } from "./positions.ts";

/** How long a position entry answers without the chain: its status changes as the price moves. */
export const POSITION_TTL_MS = 10 * 60_000;

/** Options of {@linkcode createPreviews}. */
export interface PreviewsOptions {
  /** The cache that keeps previews for 7 days. */
  readonly cache: Cache;
  /** A fresh gateway client (one per lookup: no data shared between requests). */
  readonly gatewayClient: () => Client;
  /** `PUBLIC_ORIGIN`: when set, preview URLs use it instead of the request's origin. */
  readonly publicOrigin?: string | null;
  /**
   * The JSON-RPC endpoint of a chain URL name (`ethereum`), or `null`: the service's `RPC_URL_{CHAIN}`
   * targets, or the demo chain. Without it no position has a preview.
   */
  readonly rpcUrlOf?: (chainName: string) => string | null | Promise<string | null>;
  /** The fetch of position reads (tests count calls with it); default `globalThis.fetch`. */
  readonly rpcFetch?: typeof globalThis.fetch;
  /** Deadline of one position read in ms; default 5000. */
  readonly rpcTimeoutMs?: number;
  /** Clock in epoch ms (the age of position entries); default `Date.now`. */
  readonly now?: () => number;
}

/** What a position entry stores: the card's data read on chain, and when it was read. */
interface PositionEntry extends PositionPreviewData {
  /** Epoch ms of the read: older than {@linkcode POSITION_TTL_MS} reads as a miss. */
  readonly readAt: number;
}

/** What a token entry stores: the gateway's symbol, name and logo, cleaned, and its USD price and 24h change. */
type TokenEntry = Pick<TokenPreview, "symbol" | "name" | "logoUrl" | "priceUsd" | "change24h">;

function isNullableString(value: unknown): value is string | null {
  return value === null || typeof value === "string";
}

/** Whether a cached value is a token entry (symbol, name and logo, each may be null). */
const isTokenEntry: Validator<TokenEntry> = (value): value is TokenEntry =>
  isObject(value) && isNullableText(value.symbol) && isNullableText(value.name) &&
  isNullableText(value.logoUrl) && isOptionalNumber(value.priceUsd) && isOptionalNumber(value.change24h);

/** Whether a cached value is a pool entry (the share image's data). */
const isPoolEntry: Validator<PoolPreviewData> = (value): value is PoolPreviewData =>
  isObject(value) && isNullableString(value.token0Symbol) &&
  isNullableString(value.token1Symbol) &&
  (value.feeTier === null || typeof value.feeTier === "number") &&
  isNullableString(value.protocolVersion) &&
  isNullableText(value.token0Image) &&
  isNullableText(value.token1Image) &&
  (value.isDynamicFee === undefined || typeof value.isDynamicFee === "boolean") && isOptionalNumber(value.tvlUsd) &&
  (value.hookAddress === undefined || value.hookAddress === null || isHookAddress(value.hookAddress));

/** Whether `value` is a hook address a pool preview keeps: `0x` + 40 hex digits, not zero. */
function isHookAddress(value: unknown): value is string {
  return typeof value === "string" && /^0x[0-9a-fA-F]{40}$/.test(value) && !/^0x0{40}$/.test(value);
}

const POSITION_STATUSES: readonly unknown[] = ["in-range", "out-of-range", "closed"];

/** Whether a cached value is a position entry. */
const isPositionEntry: Validator<PositionEntry> = (value): value is PositionEntry =>
  isObject(value) && ["V2", "V3", "V4"].includes(value.protocolVersion as string) &&
  isNullableString(value.token0Symbol) && isNullableString(value.token1Symbol) &&
  isNullableText(value.token0Image) && isNullableText(value.token1Image) &&
  (value.feeTier === null || typeof value.feeTier === "number") &&
  (value.isDynamicFee === undefined || typeof value.isDynamicFee === "boolean") &&
  isNullableString(value.priceLower) && isNullableString(value.priceUpper) &&
  POSITION_STATUSES.includes(value.status) && typeof value.readAt === "number";

/**
 * Name and title of a position preview: `A/B` and `A/B position on Uniswap`
 * (an unknown symbol reads `UNK`, as on the card), within {@linkcode MAX_TITLE}.
 */
export function positionNameAndTitle(
  symbol0: string | null | undefined,
  symbol1: string | null | undefined,
): { name: string; title: string } {
  const a = displayText(symbol0) ?? "UNK";
  const b = displayText(symbol1) ?? "UNK";
  return { name: `${a}/${b}`, title: fitText(MAX_TITLE, (x, y) => `${x}/${y} position on Uniswap`, [a, b]) };
}

/** A position id as caches and URLs spell it: a pair address lower-cased, a token id without leading zeros. */
export function positionId(version: PositionVersion, id: string): string | null {
  if (version === "v2") return /^0x[0-9a-fA-F]{40}$/.test(id) ? id.toLowerCase() : null;
  return /^[0-9]{1,78}$/.test(id) ? BigInt(id).toString() : null;
}

/** A chain name that the gateway knows; `UNKNOWN_CHAIN` is not one to preview. */
function previewChain(chainName: unknown): Chain | null {
  if (typeof chainName !== "string") return null;
  const chain = parseChain(chainName);
  return chain === "UNKNOWN_CHAIN" ? null : chain;
}

function normaliseOrigin(origin: string): string {
  return origin.replace(/\/+$/, "");
}

/**
 * The share image's URL and the page's canonical URL of a token or pool,
 * on `base` (an origin without a trailing slash), with the chain name
 * lower-cased and the address as the URL gave it.
 */
function previewUrls(
  kind: "tokens" | "pools",
  base: string,
  chainName: string,
  address: string,
): { image: string; url: string } {
  const network = chainName.toLowerCase();
  return {
    image: `${base}/api/image/${kind}/${network}/${address}`,
    url: `${base}/explore/${kind}/${network}/${address}`,
  };
}

/**
 * Title of a token preview from the gateway's symbol and name (cleaned here):
 * `Get {symbol} on
 * Uniswap`, else `Get {name} on Uniswap`, else `View this token on Uniswap`;
 * the symbol or name is cut so the title stays within {@linkcode MAX_TITLE}.
 */
export function tokenTitle(
  symbol: string | null | undefined,
  name: string | null | undefined,
): string {
  const label = displayText(symbol) ?? displayText(name);
  if (label === null) return "View this token on Uniswap";
  return fitText(MAX_TITLE, (s) => `Get ${s} on Uniswap`, [label]);
}

/**
 * Name and title of a pool preview from its token symbols: `A/B` and `A/B on
 * Uniswap`; with one symbol `A` and `A pool on Uniswap`; with none, an empty
 * name and `View this pool on Uniswap`. The title stays within
 * {@linkcode MAX_TITLE}.
 */
export function poolNameAndTitle(
  symbol0: string | null | undefined,
  symbol1: string | null | undefined,
): { name: string; title: string } {
  const a = displayText(symbol0);
  const b = displayText(symbol1);
  if (a !== null && b !== null) {
    const title = fitText(MAX_TITLE, (x, y) => `${x}/${y} on Uniswap`, [a, b]);
    return { name: `${a}/${b}`, title };
  }
  const one = a ?? b;
  if (one !== null) return { name: one, title: fitText(MAX_TITLE, (x) => `${x} pool on Uniswap`, [one]) };
  return { name: "", title: "View this pool on Uniswap" };
}

/** The share image's data of a pool as {@linkcode fetchEdgePool} read it. */
function poolData(pool: EdgePool): PoolPreviewData {
  const data: PoolPreviewData = {
    token0Symbol: displayText(pool.token0?.symbol),
    token1Symbol: displayText(pool.token1?.symbol),
    feeTier: pool.feeTier,
    protocolVersion: pool.protocolVersion,
    token0Image: present(pool.token0?.project?.logoUrl),
    token1Image: present(pool.token1?.project?.logoUrl),
    tvlUsd: finite(pool.totalLiquidityUsd),
  };
  if (pool.protocolVersion !== "V4") return data;
  return {
    ...data,
    isDynamicFee: pool.isDynamicFee,
    hookAddress: isHookAddress(pool.hookAddress) ? pool.hookAddress : null,
  };
}

/**
 * Creates the preview source that pages and share images read.
 *
 * `token(chainName, address, origin)` and `pool(...)` take the chain name
 * and address as they appear in the page URL and the request's origin (used
 * only when `publicOrigin` is not set). They resolve with `null` for input
 * that cannot name a token or pool, or that the gateway does not know; they
 * reject (with the gateway's error) when the gateway cannot be read.
 *
 * @example
 * ```ts
 * const previews = createPreviews({
 *   cache: createCache(await Deno.openKv()),
 *   gatewayClient: () => createGatewayClient({ url, timeoutMs: 5000 }),
 * });
 * const preview = await previews.token("ethereum", "NATIVE", "https://app.example");
 * ```
 */
export function createPreviews(options: PreviewsOptions): PreviewSource {
  const { cache, gatewayClient } = options;
  const publicOrigin = options.publicOrigin ? normaliseOrigin(options.publicOrigin) : null;
  const tokenFlight = createSingleFlight<TokenEntry | null>();
  const poolFlight = createSingleFlight<PoolPreviewData | null>();
  const positionFlight = createSingleFlight<PositionEntry | null>();
  const now = options.now ?? Date.now;

  function originOf(requestOrigin: string): string {
    return publicOrigin ?? normaliseOrigin(requestOrigin);
  }

  /**
   * The cached entry if valid, else the fetched one (cached when not null);
   * concurrent reads of one key share one flight.
   */
  const readThrough: ReadThrough = function <T>(
    flight: SingleFlight<T | null>,
    key: PreviewCacheKey,
    validate: Validator<T>,
    fetch: () => Promise<T | null>,
  ): Promise<T | null> {
    return flight(JSON.stringify(key), async () => {
      const cached = await cache.get(key, validate);
      if (cached !== null) return cached;
      const fresh = await fetch();
      // Readable here at once; the answer does not wait for KV's write (0.3-1 ms on an uncached image's path).
      if (fresh !== null && validate(fresh)) void cache.set(key, fresh);
      return fresh;
    });
  };

  async function token(
    chainName: string,
    address: string,
    origin: string,
  ): Promise<TokenPreview | null> {
    const chain = previewChain(chainName);
    if (chain === null || typeof address !== "string") return null;
    try {
      resolveTokenAddress(chain, address);
    } catch {
      return null;
    }
    const entry = await readThrough(tokenFlight, cacheKeys.tokenPreview(chain, address), isTokenEntry, async () => {
      const found = await fetchEdgeToken(gatewayClient(), chain, address);
      if (!found) return null;
      return {
        symbol: displayText(found.symbol),
        name: displayText(found.name),
        logoUrl: present(found.project?.logoUrl),
        priceUsd: finite(found.market?.price?.value),
        change24h: finite(found.market?.pricePercentChange24H?.value),
      };
    });
    if (entry === null) return null;
    return {
      symbol: entry.symbol,
      name: entry.name,
      logoUrl: entry.logoUrl,
      priceUsd: entry.priceUsd ?? null,
      change24h: entry.change24h ?? null,
      title: tokenTitle(entry.symbol, entry.name),
      ...previewUrls("tokens", originOf(origin), chainName, address),
    };
  }

  async function pool(
    chainName: string,
    address: string,
    origin: string,
  ): Promise<PoolPreview | null> {
    const chain = previewChain(chainName);
    if (chain === null || typeof address !== "string") return null;
    try {
      parsePoolAddress(address);
    } catch {
      return null;
    }
    const data = await readThrough(poolFlight, cacheKeys.poolPreview(chain, address), isPoolEntry, async () => {
      const found = await fetchEdgePool(gatewayClient(), chain, address);
      return found === null ? null : poolData(found);
    });
    if (data === null) return null;
    return {
      ...poolNameAndTitle(data.token0Symbol, data.token1Symbol),
      ...previewUrls("pools", originOf(origin), chainName, address),
      poolData: data,
    };
  }

  /** The logo of a token if its preview is cached already (no gateway call: a position costs one RPC call). */
  async function cachedLogo(chain: Chain, address: string): Promise<string | null> {
    try {
      return (await cache.get(cacheKeys.tokenPreview(chain, address), isTokenEntry))?.logoUrl ?? null;
    } catch {
      return null;
    }
  }

  async function position(
    version: "v2" | "v3" | "v4",
    chainName: string,
    id: string,
    origin: string,
  ): Promise<PositionPreview | null> {
    const chain = previewChain(chainName);
    const rpcUrlOf = options.rpcUrlOf;
    if (chain === null || rpcUrlOf === undefined || !["v2", "v3", "v4"].includes(version)) return null;
    const canonicalId = typeof id === "string" ? positionId(version, id) : null;
    if (canonicalId === null) return null;
    const key = cacheKeys.positionPreview(chain, `${version}:${canonicalId}`);
    const entry = await positionFlight(JSON.stringify(key), async () => {
      const cached = await cache.get(key, isPositionEntry);
      if (cached !== null && now() - cached.readAt < POSITION_TTL_MS && cached.readAt <= now()) return cached;
      // positions.ts loads viem (80-90 ms of start-up): only once a position is asked for.
      const { readPosition } = await import("./positions.ts");
      const read = await readPosition(version, chainName, canonicalId, displayText, {
        rpcUrlOf,
        fetch: options.rpcFetch,
        timeoutMs: options.rpcTimeoutMs,
      });
      if (read === null) return null;
      const { token0, token1, ...data } = read;
      const [token0Image, token1Image] = await Promise.all([cachedLogo(chain, token0), cachedLogo(chain, token1)]);
      const fresh: PositionEntry = { ...data, token0Image, token1Image, readAt: now() };
      void cache.set(key, fresh);
      return fresh;
    });
    if (entry === null) return null;
    const { readAt: _readAt, ...positionData } = entry;
    const base = originOf(origin);
    const network = chainName.toLowerCase();
    return {
      ...positionNameAndTitle(positionData.token0Symbol, positionData.token1Symbol),
      image: `${base}/api/image/positions/${version}/${network}/${canonicalId}`,
      url: `${base}/positions/${version}/${network}/${id}`,
      positionData,
    };
  }

  return { token, pool, position, ...createNftPreviews({ gatewayClient, readThrough, originOf }) };
}
