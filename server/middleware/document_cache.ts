/**
 * A short shared cache of browser documents for public pages (issue 35): an anonymous browser's `GET` of a
 * whitelisted page whose data is the same for everyone and no wallet action of its reader changes (`lib/
 * preview_routes.ts`: token and pool pages, the lists, trade and governance screens; not portfolios, positions or
 * liquidity screens) is answered for `freshMs` (2 s) from the document rendered
 * last for the same URL (its origin, path and query), and for `staleMs` (10 s) more from it while one request renders
 * it again in the background (stale-while-revalidate). The page workers then render a hot page once every 2 s instead
 * of once a request.
 *
 * Only what is the same for everyone is kept: no request with `Cookie` or `Authorization`, none from a crawler (its
 * document is the crawler document's); only a `200` HTML document without `Set-Cookie` or
 * `Cache-Control: private/no-store/no-cache`, streamed to its end without an error and without an error state in it
 * (`state-error`, a part that failed to load), at most `maxEntryBytes`. It sits just outside the compression, so it
 * keeps each document as sent, once per content coding (`br`, `gzip`, none: its key), and a hit costs no render, no
 * compression and no page budget. Requests that miss a document another request is rendering wait for that render
 * and answer what it kept (a burst on a cold page costs one render, not one each). A purge (`server/cache/invalidation.ts`) empties it, and a render begun before the
 * purge is not kept. Bounded by bytes and entries (least recently used out first).
 *
 * @module
 */
import { Lru } from "../../lib/lru.ts";
import { isCrawler } from "../../lib/crawler_view.ts";
import { matchPreviewRoute } from "../../lib/preview_routes.ts";
import { type Encoding, negotiateEncoding } from "../http/compress.ts";
import { containsMark, errorStateOf } from "../http/error_state.ts";
import { onCachedAnswersInvalidated } from "../cache/invalidation.ts";
import type { Middleware } from "./compose.ts";

/** Options of {@linkcode documentCache}. */
export interface DocumentCacheOptions {
  /** A kept document answers alone for this long (default 2,000 ms). */
  readonly freshMs?: number;
  /** ...and this much longer while it is rendered again (default 10,000 ms). */
  readonly staleMs?: number;
  /** Bytes of all kept documents at most (default 32 MiB). */
  readonly maxBytes?: number;
  /** Documents kept at most (default 512). */
  readonly maxEntries?: number;
  /** Largest document kept (default 2 MiB). */
  readonly maxEntryBytes?: number;
  /** How long a request that misses waits for another's render of the same document (default 5,000 ms). */
  readonly missWaitMs?: number;
  /** The clock in ms (tests); default `performance.now`. */
  readonly now?: () => number;
}

interface Entry {
  readonly status: number;
  readonly headers: [string, string][];
  readonly body: Uint8Array<ArrayBuffer>;
  readonly at: number;
  revalidating: boolean;
}

/**
 * Whitelisted pages whose document is kept: the token and pool pages, and the default pages that show the market
 * (lists, trade screens, governance). Not an owner's pages (portfolio, positions, liquidity, NFT profile, passkeys),
 * which a wallet action changes and its owner reloads at once.
 */
const MARKET = /^\/(explore|tokens|swap|buy|sell|send|limit|limits|vote|create-proposal)?(\/|$)/;

/** The request may be answered from, and its answer kept in, the shared cache. */
function shareable(request: Request, url: URL): boolean {
  if (request.method !== "GET" || request.headers.has("cookie") || request.headers.has("authorization")) return false;
  const match = matchPreviewRoute(url.pathname);
  if (match === null || isCrawler(request.headers.get("user-agent"))) return false;
  return match.route.kind === "token" || match.route.kind === "pool" ||
    (match.route.kind === "default" && MARKET.test(url.pathname));
}

/** The answer is a whole-site document, the same for everyone (before its body is seen). */
function keepable(response: Response): boolean {
  const control = response.headers.get("cache-control") ?? "";
  return response.status === 200 && /^text\/html\b/i.test(response.headers.get("content-type") ?? "") &&
    !response.headers.has("set-cookie") && !/private|no-store|no-cache/i.test(control);
}

const FORMAT: Readonly<Record<Encoding, CompressionFormat>> = { br: "brotli" as CompressionFormat, gzip: "gzip" };

/**
 * The document as written (`body` in `coding`) shows no error state: from the verdict its compression noted
 * (`http/error_state.ts`) when there is one, else from its bytes (decompressed first); false when it cannot be read.
 */
async function clean(
  body: Uint8Array<ArrayBuffer>,
  coding: Encoding | null,
  encoded: boolean,
  verdict: Promise<boolean | null> | undefined,
): Promise<boolean> {
  const noted = await verdict;
  if (noted === true || noted === false) return !noted;
  try {
    const text = coding === null || !encoded ? body : new Uint8Array(
      await new Response(new Blob([body]).stream().pipeThrough(new DecompressionStream(FORMAT[coding])))
        .arrayBuffer(),
    );
    return !containsMark(text);
  } catch {
    return false;
  }
}

function join(parts: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The shared cache of browser documents (see the module). */
export function documentCache(options: DocumentCacheOptions = {}): Middleware {
  const freshMs = options.freshMs ?? 2_000;
  const staleMs = options.staleMs ?? 10_000;
  const maxEntryBytes = options.maxEntryBytes ?? 2 * 1024 * 1024;
  const now = options.now ?? (() => performance.now());
  const missWaitMs = options.missWaitMs ?? 5_000;
  const entries = new Lru<Entry>({
    maxBytes: options.maxBytes ?? 32 * 1024 * 1024,
    maxEntries: options.maxEntries ?? 512,
  });
  let generation = 0;
  /**
   * Renders of a missing key under way, each resolving to whether it was kept: those that miss the key meanwhile
   * wait for it rather than render it too.
   */
  const misses = new Map<string, Promise<boolean>>();
  onCachedAnswersInvalidated(() => {
    entries.clear();
    generation++;
    return Promise.resolve();
  });

  /** `response`'s body for the client, kept under `key` once it streamed to its end, whole and clean. */
  function keeping(
    key: string,
    coding: Encoding | null,
    response: Response,
    onEnd: (kept: boolean) => void = () => {},
  ): Response {
    const encoded = response.headers.get("content-encoding") !== null;
    const body = response.body;
    if (body === null) {
      onEnd(false);
      return response;
    }
    const verdict = errorStateOf(body);
    const reader = body.getReader();
    const started = generation;
    const parts: Uint8Array[] = [];
    let size = 0;
    const headers: [string, string][] = [...response.headers];
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { value, done } = await reader.read().catch((error) => {
          controller.error(error);
          onEnd(false);
          return { value: undefined, done: null };
        });
        if (done === null) return;
        if (done) {
          controller.close();
          let kept = false;
          if (size <= maxEntryBytes) {
            const whole = join(parts, size);
            if (started === generation && await clean(whole, coding, encoded, verdict) && started === generation) {
              entries.set(key, { status: response.status, headers, body: whole, at: now(), revalidating: false }, size);
              kept = true;
            }
          }
          onEnd(kept);
          return;
        }
        size += value.length;
        if (size <= maxEntryBytes) parts.push(value);
        controller.enqueue(value);
      },
      cancel(reason) {
        onEnd(false);
        return reader.cancel(reason);
      },
    });
    return new Response(stream, { status: response.status, statusText: response.statusText, headers });
  }

  /** Renders `key` again behind a stale answer; the new document is kept when it qualifies. */
  async function revalidate(
    entry: Entry,
    key: string,
    coding: Encoding | null,
    render: () => Promise<Response>,
  ): Promise<void> {
    entry.revalidating = true;
    try {
      const response = await render();
      if (!keepable(response)) {
        await response.body?.cancel();
        return;
      }
      await keeping(key, coding, response).arrayBuffer();
    } catch {
      // The stale document stays until it expires; the next request after that renders.
    } finally {
      entry.revalidating = false;
    }
  }

  const handler: Middleware = async (ctx) => {
    if (!shareable(ctx.request, ctx.url)) return ctx.next();
    const coding = negotiateEncoding(ctx.request.headers.get("accept-encoding"));
    const key = `${coding ?? "identity"} ${ctx.url.href}`;
    const entry = entries.get(key);
    const age = entry === undefined ? Infinity : now() - entry.at;
    if (entry !== undefined && age < freshMs + staleMs) {
      if (age >= freshMs && !entry.revalidating) {
        // Its own request: the client's signal ends with this answer (Deno.serve aborts it once the answer is sent).
        const again = new Request(ctx.request.url, { method: "GET", headers: ctx.request.headers });
        void revalidate(entry, key, coding, () => ctx.next(again));
      }
      // Streamed like a render (one chunk): a document's headers are the same kept or rendered.
      const body = entry.body.slice();
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(body);
          controller.close();
        },
      });
      return new Response(stream, { status: entry.status, headers: entry.headers });
    }
    if (entry !== undefined) entries.delete(key);
    const under = misses.get(key);
    if (under !== undefined) {
      // Another request renders this very document: wait for it, then answer what it kept. A render that was not kept
      // (an error state, a client gone) or that outlasts the wait (a slow gateway) is not waited for: every waiter
      // renders its own at once, side by side, rather than one after another behind a new first.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const kept = await Promise.race([
        under,
        new Promise<false>((resolve) => timer = setTimeout(() => resolve(false), missWaitMs)),
      ]);
      clearTimeout(timer);
      return kept ? handler(ctx) : ctx.next();
    }
    const done = Promise.withResolvers<boolean>();
    misses.set(key, done.promise);
    const end = (kept: boolean) => {
      if (misses.get(key) === done.promise) misses.delete(key);
      done.resolve(kept);
    };
    let response: Response;
    try {
      response = await ctx.next();
    } catch (error) {
      end(false);
      throw error;
    }
    if (keepable(response)) return keeping(key, coding, response, end);
    end(false);
    return response;
  };
  return handler;
}
