/**
 * The parts the middlewares are built from, made once at start from the
 * configuration and the ports: the KV cache, the gateway client and its
 * shared query cache, the previews, the `/graphql` and `/rpc` proxies, the
 * share images (`og/`, through its port), and the React Router handlers for
 * browsers and crawlers. `server.ts` lists the middlewares over them.
 *
 * @module
 */
import type { AppLoadContext, RequestHandler, ServerBuild } from "react-router";
import { BROWSER_GRAPHQL_PATH, type LoaderLogger } from "../lib/load_context.ts";
import { createGatewayClient, createGatewayFetch } from "../queries/client.ts";
import { createQueryCache } from "../queries/query_cache.ts";
import { importServerBuild } from "./app_build.ts";
import { createCache } from "./cache/kv_cache.ts";
import type { Config } from "./config.ts";
import { contentSecurityPolicy } from "./http/security_headers.ts";
import { errorText, logger, warnOnce } from "./log.ts";
import { ROOT_DIR } from "./paths.ts";
import type { ChainPort, GatewayPort } from "./ports.ts";
import { crawlerBuild, createCrawlerDocuments } from "./previews/crawler.ts";
import { createPreviews, withNftImagesOn } from "./previews/previews.ts";
import { createPreviewPurge } from "./previews/purge.ts";
import { createPreviewInspector } from "./previews/inspector.ts";
import type { CreateShareImages, ShareImages } from "./previews/share_images.ts";
import { createRpcProxy, type RpcTarget, rpcTargets } from "./proxies/rpc_proxy.ts";
import type { Clients } from "./start/clients.ts";
import { openKv } from "./start/kv.ts";
import type { Middleware } from "./middleware/compose.ts";
import type { PageHandler } from "./middleware/react_router.ts";
import type { RpcHandler } from "./middleware/rpc.ts";
import type { DevHandler } from "./middleware/dev.ts";
import { createPagePool, type PagePool } from "./render/page_pool.ts";

/** What the composition root hands the parts. */
export interface PartsOptions {
  /** The share images: `createImageHandler` of `og/mod.ts`. */
  createImages: CreateShareImages;
  /** The data gateway when `GRAPHQL_URL` is unset (the demo gateway). */
  gateway?: GatewayPort | null;
  /** The chains when no `RPC_URL_*` is set (the demo chain). */
  chain?: ChainPort | null;
  /** Loads the server build for each request (dev: through Vite); default: `build/server/index.js`. */
  loadBuild?: () => Promise<ServerBuild>;
  /** Answers Vite's own paths in dev, or returns null. */
  devMiddleware?: DevHandler;
  /** React Router mode; default `development` with `loadBuild`, else `production` (no error details sent). */
  mode?: "development" | "production";
}

/** The parts of a running service. */
export interface ServiceParts {
  readonly publicOrigin: string | null;
  readonly trustProxy: boolean;
  /** The CSP of HTML documents. */
  readonly contentSecurityPolicy: string;
  readonly images: ShareImages;
  /** Absolute path of `static/`. */
  readonly staticDir: string;
  /** Absolute path of Vite's client build, or `null` in dev. */
  readonly clientDir: string | null;
  /** Middlewares of the ports (the demo gateway's logos). */
  readonly portMiddlewares: readonly Middleware[];
  /** The gateway's subscription endpoint, or `null`. */
  readonly graphqlWsUrl: string | null;
  readonly graphqlProxy: (request: Request) => Promise<Response>;
  readonly rpcProxy: Promise<RpcHandler>;
  /** `POST /previews/purge` (answers `404` while `PREVIEW_PURGE_TOKEN` is unset). */
  readonly purge: OwnPathHandler;
  /** `GET /preview?path=`, given the service's own handler to fetch pages and images through (in process). */
  readonly inspector: (fetchSelf: (request: Request) => Promise<Response>) => OwnPathHandler;
  readonly devMiddleware?: DevHandler;
  /** Crawler documents of whitelisted pages. */
  readonly crawler: PageHandler;
  /** The app for everyone else. */
  readonly app: PageHandler;
  /** The page workers rendering `app` (production, `PAGE_WORKERS` > 0), or `null`: this thread renders. */
  readonly pages: PagePool | null;
  readonly clientOf: (request: Request) => string;
  /** Stops what the parts started: images, the ports, KV (after the server drained). */
  close(): Promise<void>;
}

/** A handler that answers its own path, or `null` for any other. */
export type OwnPathHandler = (request: Request) => Promise<Response | null>;

/** The logger as loaders get it through the load context (`lib/load_context.ts`). */
const loaderLogger: LoaderLogger = { warn: logger.warn, error: logger.error, warnOnce };

/**
 * Builds the parts: resolves once the KV store is open. The production server build is not awaited: it loads
 * on the first page request or shortly after start (images and files do not need it; see `routerHandlers`).
 */
export async function createParts(config: Config, options: PartsOptions, clients: Clients): Promise<ServiceParts> {
  const { gateway = null, chain = null } = options;
  const mode = options.mode ?? (options.loadBuild ? "development" : "production");
  // With page workers this thread never loads the server build: the workers render pages and crawler documents.
  const pooled = !options.loadBuild && config.pageWorkers > 0;
  const handlers = routerHandlers(options.loadBuild, mode, !pooled);
  const kv = await openKv(config);
  const graphqlUrl = gateway?.url ?? config.graphqlUrl ?? "";
  const graphqlWsUrl = gateway ? gateway.wsUrl : config.graphqlWsUrl;
  // The pages show the embedded demo data exactly when no gateway is configured (the load context's `demo`).
  const demo = config.graphqlUrl === null;
  /** The origin absolute preview URLs use: `PUBLIC_ORIGIN`, else the request's. */
  const originOf = (request: Request) => config.publicOrigin ?? new URL(request.url).origin;
  // IMAGE_CACHE_MAX_BYTES: past it the oldest images are evicted (cache/image_budget.ts).
  const cache = createCache(kv, { maxImageBytes: config.imageCacheMaxBytes });
  // Public reads are shared by every request for QUERY_CACHE_SECONDS (queries/query_cache.ts).
  const queryCache = createQueryCache({ ttlMs: config.queryCacheSeconds * 1000 });
  const gatewayClient = () =>
    createGatewayClient({
      url: graphqlUrl,
      timeoutMs: config.gatewayTimeoutMs,
      maxBytes: config.gatewayMaxBytes,
      queryCache,
    });
  // The chains of /rpc and of the position previews: RPC_URL_*, or the chain port's once it serves.
  const chainTargets = targetsOf(config, chain);
  const previews = createPreviews({
    cache,
    gatewayClient,
    publicOrigin: config.publicOrigin,
    rpcUrlOf: async (name) => (await chainTargets)[name]?.url ?? null,
  });
  const images = options.createImages({
    // NFT images the demo gateway names root-relative are fetched from it too (its port rewrites only token logos).
    previews: gateway ? withNftImagesOn(gateway.cardPreviews(previews), `http://${gateway.logoHosts[0]}`) : previews,
    cache,
    logger, // og/ imports nothing of the service: its lines go through the service's logger
    staticDir: `${ROOT_DIR}static`,
    logoAllowedHosts: [...config.logoAllowedHosts, ...(gateway?.logoHosts ?? [])],
    publicOrigin: config.publicOrigin,
    clientOf: clients.clientOf,
    // Render workers (og/raster/render_pool.ts): RENDER_WORKERS, RENDER_TIMEOUT_MS, RENDER_QUEUE, RENDERER,
    // RENDER_IDLE_SECONDS (an idle worker retires), RENDER_MEMORY_MB (the tree within which another starts).
    workers: config.renderWorkers,
    timeoutMs: config.renderTimeoutMs,
    queue: config.renderQueue,
    renderer: config.renderer,
    workerIdleMs: config.renderIdleSeconds * 1000,
    treeMemoryMb: config.renderMemoryMb,
    // Render workers start on demand (the first card's lookup overlaps the boot) and retire when idle
    // (og/workers/render_pool.ts): an idle instance holds none (a warm one held ~100 MiB: issue 31's idle budget).
    warm: false,
  });
  const rpcProxy = rpcProxyOf(config, chainTargets, clients, chain);
  // The browser's GraphQL client posts here: the product's own operations only (proxies/graphql_proxy.ts). Its
  // allow list loads the `graphql` package and every document (about 45 ms): on the first /graphql request or
  // shortly after start, never before listening (the first image does not need it).
  let graphqlProxy: Promise<(request: Request) => Promise<Response>> | null = null;
  const loadGraphqlProxy = () =>
    graphqlProxy ??= import("./proxies/graphql_proxy.ts").then(({ createGraphqlProxy }) =>
      createGraphqlProxy({
        graphqlUrl,
        timeoutMs: config.gatewayTimeoutMs,
        maxBytes: config.gatewayMaxBytes,
        clientAddress: clients.clientOf,
      })
    );
  const graphqlTimer = setTimeout(loadGraphqlProxy, BUILD_LOAD_DELAY_MS);
  Deno.unrefTimer(graphqlTimer);

  // Browser pages on PAGE_WORKERS isolates (render/page_pool.ts); their loaders read through this thread's query cache.
  const pages = !pooled ? null : createPagePool({
    workers: config.pageWorkers,
    settings: {
      graphqlUrl,
      timeoutMs: config.gatewayTimeoutMs,
      maxBytes: config.gatewayMaxBytes,
      queryCacheMs: Math.min(config.queryCacheSeconds * 1000, 5_000),
      graphqlWsUrl: graphqlWsUrl ? BROWSER_GRAPHQL_PATH : null,
      mode,
      demo,
    },
    gatewayFetch: queryCache.wrap(
      createGatewayFetch(graphqlUrl, config.gatewayTimeoutMs, undefined, config.gatewayMaxBytes),
    ),
    previews,
  });
  const pagesTimer = pages ? setTimeout(() => pages.warm(), BUILD_LOAD_DELAY_MS) : null;
  if (pagesTimer !== null) Deno.unrefTimer(pagesTimer);

  const crawlerDocuments = createCrawlerDocuments({ ttlMs: config.queryCacheSeconds * 1000 });
  const purge = createPreviewPurge({
    token: config.previewPurgeToken,
    cache,
    queryCache,
    crawlerDocuments,
    clientOf: clients.clientOf,
  });
  function loadContext(request: Request): AppLoadContext {
    return {
      gatewayClient,
      // The browser's subscription endpoint: same origin, relayed by the graphql middleware.
      graphqlWsUrl: graphqlWsUrl ? BROWSER_GRAPHQL_PATH : null,
      previews,
      origin: originOf(request),
      logger: loaderLogger,
      demo,
    };
  }

  return {
    publicOrigin: config.publicOrigin,
    trustProxy: config.trustProxy,
    // connect-src: this origin, plus the WalletConnect relay only when WalletConnect is configured.
    contentSecurityPolicy: contentSecurityPolicy({ walletConnectRelayUrl: config.walletConnectRelayUrl }),
    images,
    staticDir: `${ROOT_DIR}static`,
    clientDir: options.loadBuild ? null : `${ROOT_DIR}build/client`,
    portMiddlewares: gateway?.middlewares ?? [],
    graphqlWsUrl,
    graphqlProxy: (request) => loadGraphqlProxy().then((proxy) => proxy(request)),
    rpcProxy,
    purge,
    inspector: (fetchSelf) =>
      createPreviewInspector({
        fetchSelf,
        publicOrigin: config.publicOrigin,
        purge: config.previewPurgeToken ? purge : null,
        clientOf: clients.clientOf,
      }),
    devMiddleware: options.devMiddleware,
    crawler: (request) =>
      crawlerDocuments.serve(request, () => {
        if (pages) return pages.render(request, originOf(request), true);
        const loaded = handlers.loaded;
        return loaded
          ? loaded.crawler(request, loadContext(request))
          : handlers.ready().then((h) => h.crawler(request, loadContext(request)));
      }),
    app: (request) => {
      if (pages) return pages.render(request, originOf(request));
      const loaded = handlers.loaded;
      return loaded
        ? loaded.app(request, loadContext(request))
        : handlers.ready().then((h) => h.app(request, loadContext(request)));
    },
    pages,
    clientOf: clients.clientOf,
    async close() {
      handlers.stop();
      clearTimeout(graphqlTimer);
      if (pagesTimer !== null) clearTimeout(pagesTimer);
      pages?.close();
      await images.close();
      await gateway?.close();
      await chain?.close();
      kv?.close();
    },
  };
}

/** React Router's handlers of the app and of crawler documents. */
interface RouterHandlers {
  readonly app: RequestHandler;
  readonly crawler: RequestHandler;
}

/** How long after start the production server build loads if no page asked for it first. */
const BUILD_LOAD_DELAY_MS = 2_000;

/**
 * The handlers, once React Router and the server build are loaded (`loaded` is set then, so a request afterwards
 * is not deferred a turn). Dev hands React Router a loader function (Vite recompiles per request), at once.
 * Production imports the build (with React Router about 130 ms of this thread and 20 MiB) on the first page
 * request, or {@linkcode BUILD_LOAD_DELAY_MS} after start: not before listening, where it would delay the first
 * image (a build that cannot load is logged, and every page answers 500). Not `eager` (page workers render):
 * only if a page is asked of this thread, which then never happens.
 */
function routerHandlers(
  loadBuild: (() => Promise<ServerBuild>) | undefined,
  mode: "development" | "production",
  eager: boolean,
): { readonly loaded: RouterHandlers | null; ready(): Promise<RouterHandlers>; stop(): void } {
  let loaded: RouterHandlers | null = null;
  let loading: Promise<RouterHandlers> | null = null;
  function ready(): Promise<RouterHandlers> {
    if (loading) return loading;
    // React Router itself (25-50 ms to import) loads with the build: nothing before listening needs it.
    loading = Promise.all([import("react-router"), loadBuild ?? importServerBuild()]).then(([router, build]) => {
      const handler = (build: ServerBuild | (() => Promise<ServerBuild>)) => router.createRequestHandler(build, mode);
      return loaded = {
        app: handler(build),
        // Crawlers on whitelisted pages: the app without route loaders, documents kept briefly (previews/crawler.ts).
        crawler: handler(typeof build === "function" ? async () => crawlerBuild(await build()) : crawlerBuild(build)),
      };
    });
    loading.catch((error) =>
      logger.error("Cannot load the server build; pages answer 500", { error: errorText(error) })
    );
    return loading;
  }
  const timer = loadBuild || !eager ? null : setTimeout(ready, BUILD_LOAD_DELAY_MS);
  if (timer !== null) Deno.unrefTimer(timer);
  if (loadBuild) ready();
  return {
    get loaded() {
      return loaded;
    },
    ready,
    stop: () => {
      if (timer !== null) clearTimeout(timer);
    },
  };
}

/** The RPC targets: `RPC_URL_*`, or the chain port's once it serves (none when it cannot start: logged). */
async function targetsOf(config: Config, chain: ChainPort | null): Promise<Readonly<Record<string, RpcTarget>>> {
  if (!chain) return rpcTargets(config.rpcUrls);
  try {
    return await chain.targets;
  } catch (error) {
    logger.error("Cannot start the demo chain; wallet actions are unavailable", { error: errorText(error) });
    return {};
  }
}

/** The `/rpc` proxy over the targets, once they are known. */
async function rpcProxyOf(
  config: Config,
  targets: Promise<Readonly<Record<string, RpcTarget>>>,
  clients: Clients,
  chain: ChainPort | null,
): Promise<RpcHandler> {
  return createRpcProxy({
    // A supervised chain says when it restarts: /rpc answers 503 then.
    health: chain?.health ? (name) => chain.health!(name) : undefined,
    targets: { ...await targets },
    clientOf: clients.clientOf,
    // The request reaches the proxy on its resolved origin (PUBLIC_ORIGIN, X-Forwarded-*, or Host).
    ownOrigin: (request) => new URL(request.url).origin,
    walletConnectProjectId: config.walletConnectProjectId,
    walletConnectRelayUrl: config.walletConnectRelayUrl,
  });
}
