/**
 * Starts the whole service from a validated {@linkcode Config}: the KV store,
 * the gateway (embedded demo gateway when `GRAPHQL_URL` is unset), the share
 * images, the React Router app, and `Deno.serve` with one log line per request.
 *
 * @module
 */
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";
import { type Config, ConfigError, DEFAULT_KV_PATH } from "./config.ts";
import { dirname } from "node:path";
import { AsyncLocalStorage } from "node:async_hooks";
import { ROOT_DIR } from "./paths.ts";
import { createHandler } from "./handler.ts";
import { contentSecurityPolicy } from "./http/security_headers.ts";
import { createGraphqlProxy } from "./proxies/graphql_proxy.ts";
import { createRpcProxy, rpcTargets } from "./proxies/rpc_proxy.ts";
import { BROWSER_GRAPHQL_PATH, type LoaderLogger } from "../lib/load_context.ts";
import { importServerBuild } from "./app_build.ts";
import { errorText, flushLog, logger, logRequest, warnOnce } from "./log.ts";
import type { ConnectionGuard, ConnectionGuardOptions } from "./conn_guard/guard.ts";
import { startConnectionGuardWorker } from "./conn_guard/worker.ts";
import { isWebSocketUpgrade, proxyWebSocket } from "./proxies/ws_proxy.ts";
import { createRateLimiter } from "./http/rate_limit.ts";
import { acceptSubscriptionMessage } from "../queries/allow_list.ts";
import { createCache } from "./cache/kv_cache.ts";
import { createPreviews } from "./previews/previews.ts";
import type { PreviewSource } from "../lib/preview_types.ts";
import { createGatewayClient } from "../queries/client.ts";
import { createQueryCache } from "../queries/query_cache.ts";
import { crawlerBuild, createCrawlerDocuments } from "./previews/crawler.ts";
import { isCrawlerView } from "../lib/crawler_view.ts";
import type { CreateShareImages } from "./previews/share_images.ts";

/** A running service. */
export interface Service {
  /** The address actually bound, e.g. `http://0.0.0.0:8000` or `http://127.0.0.1:40123`. */
  readonly url: string;
  /** Finishes in-flight requests, then closes KV and the demo gateway. */
  shutdown(): Promise<void>;
  /** Resolves when the server has stopped. */
  readonly finished: Promise<void>;
}

/** The parts the service is built from, and how to obtain the React Router server build. */
export interface ServiceOptions {
  /** The share images: `createImageHandler` of `og/mod.ts` (`server.ts` passes it; lib/ never imports og/). */
  createImages: CreateShareImages;
  /** Loads the server build for each request (dev: through Vite); default: `build/server/index.js`. */
  loadBuild?: () => Promise<ServerBuild>;
  /** Answers a request before React Router does (dev: Vite's module and HMR paths), or returns null. */
  devMiddleware?: (request: Request) => Promise<Response | null>;
  /** React Router mode; default `development` with `loadBuild`, else `production` (no error details sent). */
  mode?: "development" | "production";
  /** Called when the service stops (dev: closes Vite). */
  onShutdown?: () => Promise<void>;
  /**
   * Timeouts and cap of the connection guard in front of `Deno.serve` (`server/conn_guard/guard.ts`, on a Worker
   * thread), or `false` to listen with `Deno.serve` directly (benchmarks only: then slow and idle clients
   * are never closed). Deno Deploy never uses the guard.
   */
  connectionGuard?: Partial<Omit<ConnectionGuardOptions, "hostname" | "port" | "upstream">> | false;
}

/**
 * Opens the KV store: on Deno Deploy with `DENO_KV_PATH` unset, the managed
 * store (`Deno.openKv()` without a path); otherwise the configured path. Only
 * the default folder (`.data/`) is created; a `DENO_KV_PATH` whose folder does
 * not exist stops the start with a {@linkcode ConfigError}.
 */
async function openKv(config: Config): Promise<Deno.Kv | null> {
  if (config.onDeploy && !config.kvPathSet) {
    try {
      return await Deno.openKv();
    } catch (error) {
      warnOnce("kv-open", "Cannot open the managed Deno KV, serving without the cache", error);
      return null;
    }
  }
  const path = config.kvPath;
  const isFile = path !== ":memory:" && !/^[a-z]+:\/\//i.test(path);
  if (isFile) {
    const folder = dirname(path);
    if (!config.kvPathSet && path === DEFAULT_KV_PATH) {
      await Deno.mkdir(folder, { recursive: true });
    } else if (!(await exists(folder))) {
      // A typo in the path stops the start; a folder that exists but cannot hold the store (a regular
      // file, no permission) is a KV failure like any other: logged, and the service runs without it.
      throw new ConfigError(`Cannot open DENO_KV_PATH "${path}": folder "${folder}" does not exist`);
    }
  }
  try {
    return await Deno.openKv(path);
  } catch (error) {
    warnOnce("kv-open", `Cannot open Deno KV at "${path}", serving without the cache`, error);
    return null;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch (error) {
    return !(error instanceof Deno.errors.NotFound);
  }
}

/** Previews whose root-relative logo URLs (the demo gateway's) are made absolute on `origin`, for the cards. */
function withLogoOrigin(source: PreviewSource, origin: string): PreviewSource {
  const absolute = (url: string | null) => url !== null && /^\/(?!\/)/.test(url) ? `${origin}${url}` : url;
  return {
    async token(chainName, address, requestOrigin) {
      const preview = await source.token(chainName, address, requestOrigin);
      return preview && { ...preview, logoUrl: absolute(preview.logoUrl) };
    },
    async pool(chainName, address, requestOrigin) {
      const preview = await source.pool(chainName, address, requestOrigin);
      return preview && {
        ...preview,
        poolData: {
          ...preview.poolData,
          token0Image: absolute(preview.poolData.token0Image),
          token1Image: absolute(preview.poolData.token1Image),
        },
      };
    },
  };
}

/** A demo logo relayed from the embedded demo gateway (the browser asks our origin for `/logos/...`). */
async function demoLogo(origin: string, path: string): Promise<Response> {
  try {
    const upstream = await fetch(`${origin}${path}`, { signal: AbortSignal.timeout(5_000) });
    const headers = new Headers({ "cache-control": "public, max-age=86400" });
    const type = upstream.headers.get("content-type");
    if (type) headers.set("content-type", type);
    if (!upstream.ok) {
      await upstream.body?.cancel();
      return new Response("Not Found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
    }
    return new Response(upstream.body, { status: 200, headers });
  } catch (error) {
    logger.warn("Cannot relay a demo logo", { path, error: errorText(error) });
    return new Response("Bad Gateway", { status: 502, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
}

function internalError(): Response {
  return new Response("Internal Server Error", {
    status: 500,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}

/** The logger as loaders get it through the load context (`lib/load_context.ts`). */
const loaderLogger: LoaderLogger = { warn: logger.warn, error: logger.error, warnOnce };

/** Starts the service and resolves once it listens. */
export async function startService(config: Config, options: ServiceOptions): Promise<Service> {
  // The local demo chain stands in for Ethereum when no RPC_URL_* is set (demo_chain/README.md). On a free port it
  // deploys in the background, so the service listens (and draws its first image) without waiting for it; only /rpc
  // waits. An explicit DEMO_CHAIN_PORT is awaited, so a busy port stops the start.
  const demoChainStart = Object.keys(config.rpcUrls).length === 0
    ? import("../demo_chain/mod.ts").then(({ startDemoChain }) => startDemoChain({ port: config.demoChainPort }))
    : null;
  demoChainStart?.catch(() => {/* reported where it is awaited */});
  const [kv, demo] = await Promise.all([
    openKv(config),
    config.graphqlUrl === null
      // Its logo URLs are root-relative (`/logos/...`): served on our origin below, never its loopback address.
      ? import("../demo_gateway/mod.ts").then(({ startDemoGateway }) =>
        startDemoGateway({ hostname: "127.0.0.1", port: 0, logoOrigin: "" })
      )
      : null,
  ]);
  if (demoChainStart && config.demoChainPort !== 0) await demoChainStart;
  const rpcProxyReady = (async () => {
    let chainUrl: string | null = null;
    if (demoChainStart) {
      try {
        const chain = await demoChainStart;
        chainUrl = chain.url;
        logger.info(`Demo chain JSON-RPC on ${chain.url} (chain id ${chain.chainId})`);
      } catch (error) {
        logger.error("Cannot start the demo chain; wallet actions are unavailable", { error: errorText(error) });
      }
    }
    return createRpcProxy({
      targets: rpcTargets(config.rpcUrls, chainUrl),
      walletConnectProjectId: config.walletConnectProjectId,
      walletConnectRelayUrl: config.walletConnectRelayUrl,
    });
  })();
  const graphqlUrl: string = demo?.url ?? config.graphqlUrl ?? "";
  const graphqlWsUrl = demo?.wsUrl ?? config.graphqlWsUrl;
  const cache = createCache(kv);
  // Public reads are shared by every request for QUERY_CACHE_SECONDS (queries/query_cache.ts).
  const queryCache = createQueryCache({ ttlMs: config.queryCacheSeconds * 1000 });
  const gatewayClient = () =>
    createGatewayClient({
      url: graphqlUrl,
      timeoutMs: config.gatewayTimeoutMs,
      maxBytes: config.gatewayMaxBytes,
      queryCache,
    });
  const previews = createPreviews({ cache, gatewayClient, publicOrigin: config.publicOrigin });
  // The browser's GraphQL client posts here: the product's own operations only (server/proxies/graphql_proxy.ts).
  const graphqlProxy = createGraphqlProxy({
    graphqlUrl,
    timeoutMs: config.gatewayTimeoutMs,
    maxBytes: config.gatewayMaxBytes,
    clientAddress: clientAddressOf,
  });
  const images = options.createImages({
    // The cards fetch the demo's logos from the demo gateway itself.
    previews: demo ? withLogoOrigin(previews, demo.origin) : previews,
    cache,
    staticDir: `${ROOT_DIR}static`,
    // The demo gateway serves its own logos on loopback: they always work.
    logoAllowedHosts: demo ? [...config.logoAllowedHosts, new URL(demo.origin).host] : config.logoAllowedHosts,
    publicOrigin: config.publicOrigin,
    clientOf: clientAddressOf,
    // Render workers (og/render_pool.ts): RENDER_WORKERS, RENDER_TIMEOUT_MS, RENDER_QUEUE, RENDERER.
    workers: config.renderWorkers,
    timeoutMs: config.renderTimeoutMs,
    queue: config.renderQueue,
    renderer: config.renderer,
    // The workers boot and draw a warm-up card while the rest of the service starts.
    warm: true,
  });

  const loadBuild = options.loadBuild ?? importServerBuild;
  const mode = options.mode ?? (options.loadBuild ? "development" : "production");
  // Dev hands React Router a loader function (Vite recompiles per request); production loads the build once.
  const build = options.loadBuild ?? await loadBuild();
  const routerHandler = createRequestHandler(build, mode);
  // Crawlers on whitelisted pages: the app without route loaders, documents kept briefly (server/previews/crawler.ts).
  const crawlerHandler = createRequestHandler(
    typeof build === "function" ? async () => crawlerBuild(await build()) : crawlerBuild(build),
    mode,
  );
  const crawlerDocuments = createCrawlerDocuments({ ttlMs: config.queryCacheSeconds * 1000 });
  // Each relayed WebSocket holds one to the gateway: a client opens a few a second at most.
  const wsUpgrades = createRateLimiter({ ratePerSecond: 1, burst: 10 });
  async function app(request: Request): Promise<Response> {
    if (demo && (request.method === "GET" || request.method === "HEAD")) {
      const path = new URL(request.url).pathname;
      if (path.startsWith("/logos/")) return await demoLogo(demo.origin, path);
    }
    // Subscriptions reach the gateway through our own origin (the browser never learns its address),
    // relaying the product's own subscription only.
    if (graphqlWsUrl && isWebSocketUpgrade(request) && new URL(request.url).pathname === BROWSER_GRAPHQL_PATH) {
      const rate = wsUpgrades.take(clientAddressOf(request));
      if (!rate.ok) {
        return new Response("Too many subscription connections: slow down", {
          status: 429,
          headers: { "content-type": "text/plain; charset=utf-8", "retry-after": String(rate.retryAfterSeconds) },
        });
      }
      return proxyWebSocket(request, graphqlWsUrl, {
        protocols: ["graphql-transport-ws"],
        accept: acceptSubscriptionMessage,
      });
    }
    const { pathname } = new URL(request.url);
    if (pathname === BROWSER_GRAPHQL_PATH) return await graphqlProxy(request);
    if (pathname === "/rpc" || pathname.startsWith("/rpc/")) {
      const rpc = await (await rpcProxyReady)(request);
      if (rpc) return rpc;
    }
    if (options.devMiddleware) {
      const response = await options.devMiddleware(request);
      if (response) return response;
    }
    const context: AppLoadContext = {
      gatewayClient,
      // The browser's subscription endpoint: same origin, relayed above.
      graphqlWsUrl: graphqlWsUrl ? BROWSER_GRAPHQL_PATH : null,
      previews,
      origin: config.publicOrigin ?? new URL(request.url).origin,
      logger: loaderLogger,
    };
    if (isCrawlerView(request)) return await crawlerDocuments.serve(request, () => crawlerHandler(request, context));
    return await routerHandler(request, context);
  }

  const handler = createHandler({
    images,
    app,
    staticDir: `${ROOT_DIR}static`,
    clientDir: options.loadBuild ? null : `${ROOT_DIR}build/client`,
    publicOrigin: config.publicOrigin,
    trustProxy: config.trustProxy,
    // connect-src: this origin, plus the WalletConnect relay only when WalletConnect is configured.
    contentSecurityPolicy: contentSecurityPolicy({ walletConnectRelayUrl: config.walletConnectRelayUrl }),
  });

  // The client of the request being handled, across the handler's awaits (the handler may re-create the Request).
  const clientScope = new AsyncLocalStorage<string>();
  function clientAddressOf(request: Request): string {
    if (config.trustProxy) {
      // Behind a trusted proxy the client is the last address it appended.
      const forwarded = request.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
      if (forwarded) return forwarded;
    }
    return clientScope.getStore() ?? "unknown";
  }

  // On Deno Deploy the platform owns the connections (and there is no Deno.listen).
  const guardOptions = config.onDeploy ? false : options.connectionGuard ?? {};
  let server: Deno.HttpServer<Deno.NetAddr>;
  let guard: ConnectionGuard | null = null;
  let addr: Deno.NetAddr;
  try {
    // With the guard, Deno.serve listens on a loopback port only the guard relays to.
    server = serve(guardOptions ? "127.0.0.1" : config.hostname, guardOptions ? 0 : config.port);
    addr = server.addr;
    if (guardOptions) {
      // On a Worker thread of its own: relaying bytes does not take the main thread's time.
      guard = await startConnectionGuardWorker({
        ...guardOptions,
        hostname: config.hostname,
        port: config.port,
        upstream: { hostname: "127.0.0.1", port: server.addr.port },
      }).catch(async (error) => {
        await server.shutdown();
        throw error;
      });
      addr = guard.addr;
    }
  } catch (error) {
    if (error instanceof Deno.errors.AddrInUse || error instanceof Deno.errors.AddrNotAvailable) {
      const reason = error instanceof Deno.errors.AddrInUse ? "is already in use" : "is not available here";
      throw new ConfigError(
        `Cannot listen on PORT ${config.port} (HOSTNAME ${config.hostname}): the address ${reason}`,
      );
    }
    if (error instanceof Deno.errors.PermissionDenied) {
      throw new ConfigError(`Cannot listen on PORT ${config.port}: permission denied`);
    }
    throw error;
  }
  function serve(hostname: string, port: number): Deno.HttpServer<Deno.NetAddr> {
    return Deno.serve({
      hostname,
      port,
      onListen() {},
      onError(error) {
        logger.error("Request failed", { error: errorText(error) });
        return internalError();
      },
    }, (request, info) => {
      const client = guard ? guard.clientOf(info.remoteAddr.port) : info.remoteAddr;
      return clientScope.run(client?.hostname ?? "unknown", () => handle(request));
    });
  }
  async function handle(request: Request): Promise<Response> {
    const started = performance.now();
    let status = 500;
    try {
      const response = await handler(request);
      status = response.status;
      return response;
    } catch (error) {
      logger.error("Request failed", { error: errorText(error) });
      return internalError();
    } finally {
      let path = "/";
      try {
        path = new URL(request.url).pathname;
      } catch { /* keep "/" */ }
      logRequest({ method: request.method, path, status, ms: Math.round((performance.now() - started) * 10) / 10 });
    }
  }
  const host = addr.hostname.includes(":") ? `[${addr.hostname}]` : addr.hostname;

  let stopping: Promise<void> | null = null;
  const stopped = Promise.withResolvers<void>();
  // Deno.serve stops for good when its accept fails (EMFILE): behind the guard, start it again.
  function watchInternal(current: Deno.HttpServer<Deno.NetAddr>): void {
    current.finished.catch((error) => {
      if (stopping || guard === null) return;
      logger.error("The internal HTTP server stopped; starting it again", { error: errorText(error) });
      restartInternal();
    });
  }
  function restartInternal(): void {
    if (stopping || guard === null) return;
    try {
      server = serve("127.0.0.1", 0);
      guard.setUpstreamPort(server.addr.port);
      watchInternal(server);
    } catch (error) {
      logger.error("Cannot start the internal HTTP server; retrying", { error: errorText(error) });
      setTimeout(restartInternal, 500);
    }
  }
  if (guard) watchInternal(server);
  return {
    url: `http://${host}:${addr.port}`,
    finished: guard ? stopped.promise : server.finished,
    shutdown() {
      stopping ??= (async () => {
        // Stop accepting; connections finish their in-flight responses, then the internal server stops.
        await guard?.close();
        await server.shutdown();
        await options.onShutdown?.();
        await demo?.close();
        await images.close();
        await demoChainStart?.then((chain) => chain.close(), () => {});
        kv?.close();
        // Request lines are batched: write the last ones before the process exits.
        await flushLog();
        stopped.resolve();
      })();
      return stopping;
    },
  };
}
