/**
 * The messages between the page pool (`page_pool.ts`, the main thread) and a page worker (`page_worker.ts`): types
 * only, so both sides import them and neither imports the other.
 *
 * @module
 */

/** What a worker needs to build a request's load context (the rest comes per request). */
export interface PageWorkerSettings {
  /** The gateway's GraphQL endpoint: calls go through the main thread's shared fetch, keyed by it. */
  readonly graphqlUrl: string;
  /** `GATEWAY_TIMEOUT_MS`. */
  readonly timeoutMs: number;
  /** `GATEWAY_MAX_BYTES`. */
  readonly maxBytes: number;
  /**
   * How long a worker keeps a gateway read it got from the main thread (at most 5 s of `QUERY_CACHE_SECONDS`; 0:
   * never), so a hot page's reads resolve in the worker at once, as on the main thread, and its parts are inlined
   * rather than streamed after the shell. A purge empties it.
   */
  readonly queryCacheMs: number;
  /** The browser's subscription path (`/graphql`), or null. */
  readonly graphqlWsUrl: string | null;
  /** React Router's mode: `production` sends no error details. */
  readonly mode: "development" | "production";
  /** The pages show the embedded demo data (`GRAPHQL_URL` unset): the load context's `demo`. */
  readonly demo: boolean;
  /** The server build to import (a file URL); default `build/server/index.js`. */
  readonly buildUrl?: string;
}

/** The preview methods a loader may call (`lib/preview_types.ts`' `PreviewSource`). */
export type PreviewMethod = "token" | "pool" | "position" | "nftAsset" | "nftCollection";

/** Main thread to worker. */
export type ToWorker =
  | { readonly type: "init"; readonly settings: PageWorkerSettings }
  | {
    readonly type: "render";
    readonly id: number;
    readonly url: string;
    readonly headers: [string, string][];
    /** The load context's origin (`PUBLIC_ORIGIN` or the request's). */
    readonly origin: string;
    /** A crawler's document: the app without its page loaders (`server/previews/crawler.ts`), sent uncompressed. */
    readonly crawler: boolean;
  }
  | { readonly type: "abort"; readonly id: number }
  | {
    readonly type: "fetched";
    readonly id: number;
    readonly answer:
      | { readonly status: number; readonly statusText: string; readonly headers: [string, string][]; text: string }
      | { readonly error: string; readonly kind: string | null; readonly status?: number };
  }
  | { readonly type: "previewed"; readonly id: number; readonly value?: unknown; readonly error?: string }
  | { readonly type: "stats"; readonly id: number }
  | { readonly type: "clear"; readonly id: number };

/** Worker to main thread. */
export type FromWorker =
  | { readonly type: "ready" }
  | { readonly type: "failed"; readonly message: string }
  | {
    readonly type: "head";
    readonly id: number;
    readonly status: number;
    readonly statusText: string;
    readonly headers: [string, string][];
    /** The answer has a body (chunks and an `end` follow). */
    readonly body: boolean;
  }
  | { readonly type: "chunk"; readonly id: number; readonly bytes: Uint8Array<ArrayBuffer> }
  | {
    readonly type: "end";
    readonly id: number;
    /** Whether the raw document showed an error state, as scanned before compression (`http/error_state.ts`). */
    readonly errorState?: boolean | null;
  }
  | { readonly type: "error"; readonly id: number; readonly message: string }
  | {
    readonly type: "fetch";
    readonly id: number;
    readonly url: string;
    readonly method: string;
    readonly headers: [string, string][];
    readonly body: string | null;
  }
  | { readonly type: "fetch-abort"; readonly id: number }
  | { readonly type: "preview"; readonly id: number; readonly method: PreviewMethod; readonly args: string[] }
  | { readonly type: "log"; readonly text: string }
  | { readonly type: "cleared"; readonly id: number }
  | {
    readonly type: "stats";
    readonly id: number;
    readonly active: number;
    readonly rendered: number;
    /** The worker's V8 heap in use, and its limit (`resourceLimits`). */
    readonly heapBytes: number;
    readonly heapLimitBytes: number;
  };
