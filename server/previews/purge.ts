/**
 * `POST /previews/purge`: forgets what the service keeps of one token, pool
 * or position page, so its next view asks the gateway (or the chain) again
 * and its share image is drawn anew.
 *
 * - `Authorization: Bearer {PREVIEW_PURGE_TOKEN}`, compared in constant time
 *   (SHA-256 of both, then every byte): a missing or wrong token is the same
 *   `401`. `PREVIEW_PURGE_TOKEN` unset: `404`, as if the route did not exist.
 * - Body `{"path": "/explore/tokens/ethereum/0x…"}` (at most 4 KiB): a token,
 *   pool or position page of the whitelist (`parsePreviewPath`), else `400`.
 * - Removes the page's preview entry, its share image in every variant, the
 *   shared query cache's reads that name it, and the crawler documents of
 *   every path of it (`/explore/tokens/...` and `/tokens/...` alike), and
 *   whatever the connection guard repeats (`server/cache/invalidation.ts`); answers
 *   `200` with what was removed.
 * - At most {@linkcode PURGE_RATE} purges a minute per client (`429` with
 *   `Retry-After`, before the token is even looked at); every purge and every
 *   refused token is logged.
 *
 * @module
 */
import { parsePreviewPath, type PreviewMatch } from "../../lib/preview_routes.ts";
import { parseChain } from "../../lib/chains.ts";
import { readTextCapped } from "../../lib/read_capped.ts";
import { cacheKeys } from "../cache/cache_keys.ts";
import type { Cache } from "../cache/kv_cache.ts";
import { invalidateCachedAnswers } from "../cache/invalidation.ts";
import { createRateLimiter, type RateLimiter } from "../http/rate_limit.ts";
import { logger } from "../log.ts";
import type { QueryCache } from "../../queries/query_cache.ts";
import type { CrawlerDocuments } from "./crawler.ts";
import { positionId } from "./previews.ts";

/** The path of the purge. */
export const PURGE_PATH = "/previews/purge";

/** Purges a client may make: a burst of this many, then one every 60 / this seconds. */
export const PURGE_RATE = 10;

/** Largest body read, in bytes. */
const MAX_BODY_BYTES = 4096;

/** Options of {@linkcode createPreviewPurge}. */
export interface PreviewPurgeOptions {
  /** `PREVIEW_PURGE_TOKEN`; `null` turns the route off (`404`). */
  readonly token: string | null;
  /** The preview and share image cache. */
  readonly cache: Pick<Cache, "delete" | "deleteImages">;
  /** The shared cache of gateway reads, if any. */
  readonly queryCache?: Pick<QueryCache, "deleteWhere"> | null;
  /** The crawler documents, if any. */
  readonly crawlerDocuments?: Pick<CrawlerDocuments, "deleteWhere"> | null;
  /** The client of a request (rate limits and logs); default: one client. */
  readonly clientOf?: (request: Request) => string;
  /** The rate limiter; default {@linkcode PURGE_RATE} a minute per client. */
  readonly rateLimiter?: RateLimiter;
}

/** What one purge removed, as the `200` answer names it. */
export interface PurgeReport {
  readonly path: string;
  readonly kind: "token" | "pool" | "position";
  readonly removed: {
    /** Whether the preview entry was there. */
    readonly preview: boolean;
    /** Share image variants removed. */
    readonly images: number;
    /** Gateway reads dropped from the query cache. */
    readonly queries: number;
    /** Crawler documents dropped. */
    readonly documents: number;
  };
}

/** The page a purge names: its kind, chain and id, as the caches key them. */
interface PurgeTarget {
  readonly kind: "token" | "pool" | "position";
  readonly chain: string;
  readonly chainName: string;
  /** Token or pool address, or the position's `{version}:{id}`. */
  readonly id: string;
  /** What the query cache's and crawler documents' keys are matched on (lower case). */
  readonly needle: string;
}

function json(body: unknown, status: number, headers: HeadersInit = {}): Response {
  return Response.json(body, { status, headers: { "cache-control": "no-store", ...headers } });
}

/** The page of a whitelist match as the caches name it, or `null` for a page without its own preview. */
export function purgeTarget(match: PreviewMatch): PurgeTarget | null {
  const { kind, pattern } = match.route;
  // NFT pages keep their previews 7 days like tokens; purging them is not offered yet.
  if (kind === "default" || kind === "nft_asset" || kind === "nft_collection") return null;
  const chainName = decode(match.params.chainName).toLowerCase();
  const chain = parseChain(chainName);
  if (chain === null || chain === "UNKNOWN_CHAIN") return null;
  if (kind === "position") {
    const version = pattern.split("/")[2] as "v2" | "v3" | "v4";
    const id = positionId(version, decode(match.params.pairAddress ?? match.params.tokenId));
    return id === null ? null : { kind, chain, chainName, id: `${version}:${id}`, needle: `/${version}/` };
  }
  const address = decode(kind === "token" ? match.params.tokenAddress : match.params.poolAddress);
  if (!/^(0x[0-9a-fA-F]{40}|0x[0-9a-fA-F]{64}|NATIVE|[1-9A-HJ-NP-Za-km-z]{32,44})$/i.test(address)) return null;
  return { kind, chain, chainName, id: address, needle: address.toLowerCase() };
}

function decode(segment: string | undefined): string {
  try {
    return decodeURIComponent(segment ?? "");
  } catch {
    return segment ?? "";
  }
}

/** SHA-256 of both, then every byte compared: the time does not depend on where they differ, nor on the length. */
async function sameSecret(given: string, expected: string): Promise<boolean> {
  const encoder = new TextEncoder();
  const [a, b] = await Promise.all([
    crypto.subtle.digest("SHA-256", encoder.encode(given)),
    crypto.subtle.digest("SHA-256", encoder.encode(expected)),
  ]);
  const x = new Uint8Array(a);
  const y = new Uint8Array(b);
  let difference = 0;
  for (let i = 0; i < x.length; i++) difference |= x[i] ^ y[i];
  return difference === 0;
}

/** Whether a request's `Authorization` carries the purge token (constant time whatever it holds). */
export async function hasPurgeToken(request: Request, token: string): Promise<boolean> {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  // A missing or malformed header is compared too, so every refusal takes the same time.
  const ok = await sameSecret(match?.[1] ?? "", token);
  return ok && match !== null;
}

/** Removes what the caches keep of one page. */
export async function purgePage(
  target: PurgeTarget,
  path: string,
  options: Pick<PreviewPurgeOptions, "cache" | "queryCache" | "crawlerDocuments">,
): Promise<PurgeReport> {
  const key = target.kind === "token"
    ? cacheKeys.tokenPreview(target.chain, target.id)
    : target.kind === "pool"
    ? cacheKeys.poolPreview(target.chain, target.id)
    : cacheKeys.positionPreview(target.chain, target.id);
  const imageId = target.kind === "token" && /^native$/i.test(target.id) ? "NATIVE" : target.id;
  const [preview, images] = await Promise.all([
    options.cache.delete(key),
    options.cache.deleteImages(target.kind, target.chainName, imageId),
  ]);
  // Gateway reads of a token or pool name its address (any case) and chain in their variables.
  const queries = target.kind === "position" ? 0 : options.queryCache?.deleteWhere((entry) => {
    const lower = entry.toLowerCase();
    return lower.includes(target.chain.toLowerCase()) &&
      (target.id.toUpperCase() === "NATIVE" ? /"address":null/.test(lower) : lower.includes(target.needle));
  }) ?? 0;
  const documents = options.crawlerDocuments?.deleteWhere((pathname) => {
    const page = parsePreviewPath(pathname);
    const other = page === null ? null : purgeTarget(page.match);
    return other !== null && other.kind === target.kind && other.chain === target.chain &&
      other.id.toLowerCase() === target.id.toLowerCase();
  }) ?? 0;
  // Answers repeated in front of the service (the guard's microcache) go too.
  await invalidateCachedAnswers();
  return { path, kind: target.kind, removed: { preview, images, queries, documents } };
}

/**
 * Creates the purge: a function that answers `POST /previews/purge` (other
 * methods there `405`) and returns `null` for every other path.
 *
 * @example
 * ```ts
 * const purge = createPreviewPurge({ token: config.previewPurgeToken, cache, queryCache, crawlerDocuments });
 * const answer = await purge(request) ?? await next(request);
 * ```
 */
export function createPreviewPurge(options: PreviewPurgeOptions): (request: Request) => Promise<Response | null> {
  const limiter = options.rateLimiter ?? createRateLimiter({ ratePerSecond: PURGE_RATE / 60, burst: PURGE_RATE });
  const clientOf = options.clientOf ?? (() => "unknown");
  return async function purge(request: Request): Promise<Response | null> {
    if (new URL(request.url).pathname !== PURGE_PATH) return null;
    const token = options.token;
    if (token === null) return new Response("Not Found", { status: 404, headers: { "content-type": "text/plain" } });
    if (request.method !== "POST") {
      return json({ error: "Use POST" }, 405, { allow: "POST" });
    }
    const client = clientOf(request);
    const rate = limiter.take(client);
    if (!rate.ok) {
      logger.warn("Preview purge refused: too many", { client });
      return json({ error: "Too many purges: slow down" }, 429, { "retry-after": String(rate.retryAfterSeconds) });
    }
    if (!await hasPurgeToken(request, token)) {
      logger.warn("Preview purge refused: missing or wrong token", { client });
      return json({ error: "Missing or wrong token" }, 401, { "www-authenticate": 'Bearer realm="previews"' });
    }
    const text = await readTextCapped(request.body, MAX_BODY_BYTES, { leaveRest: true });
    let path: unknown = null;
    try {
      path = text === null ? null : (JSON.parse(text) as { path?: unknown })?.path;
    } catch { /* refused below */ }
    const page = parsePreviewPath(path);
    const target = page === null ? null : purgeTarget(page.match);
    if (page === null || target === null) {
      return json({
        error: 'Cannot purge: expected a JSON body {"path": "/explore/tokens/{chain}/{address}"} naming a token, ' +
          "pool or position page",
      }, 400);
    }
    const report = await purgePage(target, page.pathname, options);
    logger.info("Preview purged", { client, path: page.pathname, ...report.removed });
    return json(report, 200);
  };
}
