/**
 * The share images' contract: what `og/mod.ts`'s `createImageHandler` takes
 * and gives, stated below both the service and `og/` so that neither imports
 * the other (`server.ts` hands the implementation to `startService`; the
 * service's view of it is `server/previews/share_images.ts`). Types only.
 *
 * @module
 */
import type { PreviewSource } from "./preview_types.ts";

/** Which share image: a token, pool or position card, or an NFT asset or collection card. */
export type ImageKind = "token" | "pool" | "position" | "nft_asset" | "nft_collection";

/** Which image a request asks for, as the router decoded it from the path. */
export interface ImageTarget {
  readonly kind: ImageKind;
  readonly chainName: string;
  /** Token or pool address; for a position, the pair address (v2) or the token id (v3, v4). */
  readonly address: string;
  /** Positions only: `v2`, `v3` or `v4` as the path gave it (for og/ to judge). */
  readonly version?: string;
  /** NFT assets only: the token id as the path gave it (`address` is the contract; `chainName` is `ethereum`). */
  readonly id?: string;
}

/** The rasteriser of the cards: resvg's Node-API build (`native`) or its WebAssembly build (`wasm`). */
export type RendererName = "native" | "wasm";

/**
 * Stored PNGs of rendered cards: the image half of `server/cache/kv_cache.ts`'s
 * cache (over Deno KV). Only successful renders are stored.
 */
export interface ImageCache {
  /** The stored PNG of a card (`variant`: another rendering of it, e.g. `emoji=noto`), or `null`. */
  getImage(kind: ImageKind, chainName: string, address: string, variant?: string): Promise<Uint8Array | null>;
  /** Stores a card's PNG. */
  setImage(kind: ImageKind, chainName: string, address: string, png: Uint8Array, variant?: string): Promise<void>;
}

/** Where `og/` writes its log lines (the service's logger: JSON lines on stdout). */
export interface ImageLogger {
  debug(msg: string, fields?: Readonly<Record<string, unknown>>): void;
  info(msg: string, fields?: Readonly<Record<string, unknown>>): void;
  warn(msg: string, fields?: Readonly<Record<string, unknown>>): void;
  error(msg: string, fields?: Readonly<Record<string, unknown>>): void;
}

/** What the service configures of the share images. */
export interface ShareImagesOptions {
  /** Preview data; `null` = unknown (404), a throw = failure (500). */
  previews: PreviewSource;
  /** The service's logger; default: JSON lines on stdout (`og/log.ts`). */
  logger?: ImageLogger;
  /** Rendered PNGs; `null` = no cache. */
  cache: ImageCache | null;
  /** Absolute path of the repository's `static/` folder (fonts in `static/fonts/`). */
  staticDir: string;
  /** `host:port` entries whose logos may be fetched although private or loopback. */
  logoAllowedHosts: readonly string[];
  /** `PUBLIC_ORIGIN`; the request's origin is used when missing. */
  publicOrigin?: string | null;
  /**
   * The client a request comes from (its address, or the proxy's last `X-Forwarded-For` hop under
   * `TRUST_PROXY`), for per-client budgets of uncached work; without it no per-client budget applies (the
   * bounded render queue still does).
   */
  clientOf?: (request: Request) => string;
  /** Render worker processes (`RENDER_WORKERS`); default: CPU cores. */
  workers?: number;
  /** Deadline of one render in ms (`RENDER_TIMEOUT_MS`); default 10,000. */
  timeoutMs?: number;
  /** Uncached renders that may wait beyond the running ones (`RENDER_QUEUE`); default 64. */
  queue?: number;
  /** A render worker without work for this long is retired, in ms (`RENDER_IDLE_SECONDS`); default 30,000. */
  workerIdleMs?: number;
  /** Resident memory of the process tree within which another render worker starts, MiB (`RENDER_MEMORY_MB`). */
  treeMemoryMb?: number;
  /** `native`, `wasm`, or `null` for native when it loads (`RENDERER`). */
  renderer?: RendererName | null;
  /**
   * Start the render workers at once, so they boot and draw their warm-up
   * card while the rest of the service starts (the fastest first image);
   * default false. Whoever sets it must call `close()` at shutdown.
   */
  warm?: boolean;
}

/** Answers share image requests; `close()` stops its render workers. */
export interface ShareImages {
  (request: Request, target: ImageTarget): Promise<Response>;
  /** Kills the render workers (at shutdown, after the server drained). */
  close(): Promise<void>;
}

/** Creates the share images: `createImageHandler` of `og/mod.ts`. */
export type CreateShareImages = (options: ShareImagesOptions) => ShareImages;
