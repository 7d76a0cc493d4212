/**
 * One page worker (a worker thread, its own isolate): it loads React Router and the server build once and renders the
 * pages the pool (`page_pool.ts`) posts to it, as the main thread would (issue 35: browser documents on every core).
 *
 * Per request it builds the load context of `lib/load_context.ts`: gateway calls go to the main thread, which answers
 * them through the service's one shared cache of public reads (so a purge, the single flight and the caps stay in one
 * place); previews likewise; loader log lines are handed to the main thread's logger. The answer is compressed here
 * (`server/http/compress.ts`, brotli or gzip as the client accepts: the main thread's compression middleware then
 * passes it unchanged), React's small chunks joined per turn of the event loop first, and streamed back chunk by
 * chunk. An `abort` (the client went away) aborts the request's signal, which React Router hands to the loaders and
 * the render, and cancels the stream.
 *
 * @module
 */
import { getHeapStatistics } from "node:v8";
import { type MessagePort, parentPort } from "node:worker_threads";
import type { AppLoadContext, RequestHandler, ServerBuild } from "react-router";
import { createGatewayClient, GatewayError, type GatewayErrorKind } from "../../queries/client.ts";
import { createQueryCache, type QueryCache } from "../../queries/query_cache.ts";
import type { LoaderLogger } from "../../lib/load_context.ts";
import type { PreviewSource } from "../../lib/preview_types.ts";
import { compressResponse } from "../http/compress.ts";
import { errorStateOf } from "../http/error_state.ts";
import { joiningChunks } from "../http/joining_chunks.ts";
import { crawlerBuild } from "../previews/crawler.ts";
import { errorText, flushLog, logger, setLogSink, warnOnce } from "../log.ts";
import type { FromWorker, PageWorkerSettings, PreviewMethod, ToWorker } from "./page_messages.ts";

/** Bytes of gateway reads a worker keeps (the main thread's shared cache holds them all). */
const WORKER_QUERY_CACHE_BYTES = 8 * 1024 * 1024;

/** Answers that stream (documents and React Router's data), whose chunks are joined. */
const STREAMED = /^text\/(html|x-script)\b/i;

/** The worker's side, started when this module runs as a worker thread (`node:worker_threads`, see the pool). */
function serveWorker(port: MessagePort): void {
  const post = (message: FromWorker) => port.postMessage(message);
  const decoder = new TextDecoder();
  const toHost = (bytes: Uint8Array) => post({ type: "log", text: decoder.decode(bytes) });
  setLogSink({ write: (bytes) => Promise.resolve(toHost(bytes)), writeSync: toHost });
  const loaderLogger: LoaderLogger = { warn: logger.warn, error: logger.error, warnOnce };

  let handler: Promise<Handlers> | null = null;
  let settings: PageWorkerSettings | null = null;
  let queryCache: QueryCache | null = null;
  let nextCall = 0;
  let rendered = 0;
  /** Calls to the main thread (gateway fetches, previews) waiting for their answer. */
  const calls = new Map<number, (message: ToWorker) => void>();
  /** Renders under way: what aborts each. */
  const renders = new Map<number, AbortController>();

  function call(message: (id: number) => FromWorker): { id: number; answer: Promise<ToWorker> } {
    const id = ++nextCall;
    const answer = new Promise<ToWorker>((resolve) => calls.set(id, resolve));
    post(message(id));
    return { id, answer };
  }

  /** The gateway fetch of a worker: the main thread's shared, cached fetch. */
  const bridgedFetch: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const signal = init?.signal ?? undefined;
    signal?.throwIfAborted();
    const headers = [...new Headers(init?.headers)];
    const body = typeof init?.body === "string" ? init.body : null;
    const { id, answer } = call((id) => ({ type: "fetch", id, url, method: init?.method ?? "GET", headers, body }));
    const onAbort = () => {
      post({ type: "fetch-abort", id });
      calls.get(id)?.({ type: "fetched", id, answer: { error: "aborted", kind: null } });
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      const message = await answer;
      if (message.type !== "fetched") throw new Error("Unexpected answer to a gateway call");
      signal?.throwIfAborted();
      const result = message.answer;
      if ("error" in result) {
        if (result.kind === null) throw new Error(result.error);
        throw new GatewayError(result.kind as GatewayErrorKind, result.error, { status: result.status });
      }
      return new Response(result.text, {
        status: result.status,
        statusText: result.statusText,
        headers: result.headers,
      });
    } finally {
      signal?.removeEventListener("abort", onAbort);
    }
  };

  function preview(method: PreviewMethod) {
    return async (...args: string[]) => {
      const { answer } = call((id) => ({ type: "preview", id, method, args }));
      const message = await answer;
      if (message.type !== "previewed") throw new Error("Unexpected answer to a preview");
      if (message.error !== undefined) throw new Error(message.error);
      return message.value;
    };
  }
  const previews = {
    token: preview("token"),
    pool: preview("pool"),
    position: preview("position"),
    nftAsset: preview("nftAsset"),
    nftCollection: preview("nftCollection"),
  } as unknown as PreviewSource;

  /**
   * The load context of one render, as the main thread builds it. An aborted render (the client went away) stops at
   * once (React Router races its loaders against the request's signal); the gateway calls it started still finish
   * into the shared cache, as on the main thread, where the next reader of that page finds them.
   */
  function loadContext(origin: string): AppLoadContext {
    const config = settings!;
    return {
      gatewayClient: () =>
        createGatewayClient({
          url: config.graphqlUrl,
          timeoutMs: config.timeoutMs,
          maxBytes: config.maxBytes,
          // The main thread's fetch times out, caps and checks every answer (and keeps the shared ones).
          fetch: bridgedFetch,
          checked: true,
          queryCache: queryCache!,
        }),
      graphqlWsUrl: config.graphqlWsUrl,
      previews,
      origin,
      logger: loaderLogger,
      demo: config.demo,
    };
  }

  async function render(message: Extract<ToWorker, { type: "render" }>): Promise<void> {
    const { id } = message;
    const controller = new AbortController();
    renders.set(id, controller);
    let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
    const cancel = () => reader?.cancel(controller.signal.reason).catch(() => {});
    controller.signal.addEventListener("abort", cancel, { once: true });
    try {
      const request = new Request(message.url, { headers: message.headers, signal: controller.signal });
      const handlers = await handler!;
      let response = await (message.crawler ? handlers.crawler : handlers.app)(
        request,
        loadContext(message.origin),
      );
      // A crawler's document is kept raw by the main thread (previews/crawler.ts), which compresses it per client;
      // compression joins React's small chunks itself, a raw stream is joined here (one message per join).
      if (!message.crawler) response = compressResponse(request, response);
      else if (response.body !== null && STREAMED.test(response.headers.get("content-type") ?? "")) {
        response = new Response(response.body.pipeThrough(joiningChunks()), response);
      }
      const body = response.body;
      const verdict = errorStateOf(body);
      post({
        type: "head",
        id,
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers],
        body: body !== null,
      });
      if (body === null) return;
      reader = body.getReader();
      if (controller.signal.aborted) await cancel();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        // Copied, never transferred: a chunk may be bytes its maker keeps (React's precomputed chunks, a resource
        // route's kept body), which a transfer would detach. A view is cut first, so only its own bytes cross.
        const bytes = value.byteLength === value.buffer.byteLength ? value : value.slice();
        post({ type: "chunk", id, bytes: bytes as Uint8Array<ArrayBuffer> });
      }
      post({ type: "end", id, errorState: await (verdict ?? null) });
    } catch (error) {
      post({ type: "error", id, message: errorText(error) });
    } finally {
      controller.signal.removeEventListener("abort", cancel);
      renders.delete(id);
      rendered++;
    }
  }

  port.on("message", (message: ToWorker) => {
    switch (message.type) {
      case "init":
        settings = message.settings;
        queryCache = createQueryCache({ ttlMs: message.settings.queryCacheMs, maxBytes: WORKER_QUERY_CACHE_BYTES });
        handler = load(message.settings);
        handler.then(() => post({ type: "ready" }), (error) => post({ type: "failed", message: errorText(error) }));
        break;
      case "render":
        void render(message);
        break;
      case "abort":
        renders.get(message.id)?.abort(new DOMException("The client went away", "AbortError"));
        break;
      case "fetched":
      case "previewed":
        calls.get(message.id)?.(message);
        calls.delete(message.id);
        break;
      case "clear":
        queryCache?.clear();
        post({ type: "cleared", id: message.id });
        break;
      case "stats":
        void flushLog().then(() => {
          const heap = getHeapStatistics();
          post({
            type: "stats",
            id: message.id,
            active: renders.size,
            rendered,
            heapBytes: heap.used_heap_size,
            heapLimitBytes: heap.heap_size_limit,
          });
        });
        break;
    }
  });
}

/** React Router's handlers of the app and of crawler documents. */
interface Handlers {
  readonly app: RequestHandler;
  readonly crawler: RequestHandler;
}

/** React Router's handlers over the server build. */
async function load(settings: PageWorkerSettings): Promise<Handlers> {
  const buildUrl = settings.buildUrl ?? new URL("../../build/server/index.js", import.meta.url).href;
  const [router, build] = await Promise.all([import("react-router"), import(buildUrl) as Promise<ServerBuild>]);
  return {
    app: router.createRequestHandler(build, settings.mode),
    crawler: router.createRequestHandler(crawlerBuild(build), settings.mode),
  };
}

if (parentPort !== null) serveWorker(parentPort);
