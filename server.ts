/**
 * The composition root: `deno run -A server.ts [--dev]`. It reads the
 * configuration (README.md), plugs the demos into their ports when no real
 * gateway or chain is configured, builds the parts, lists the middlewares in
 * order and listens; SIGINT/SIGTERM stop it gracefully (in-flight requests
 * finish, then images, demos and KV close). With `--dev`, the app is served
 * through Vite with HMR. The only module that imports `og/` and the demos.
 *
 * @module
 */
import { type Config, ConfigError, loadConfig } from "./server/config.ts";
import { flushLog, logger } from "./server/log.ts";
import { createParts, type PartsOptions, type ServiceParts } from "./server/parts.ts";
import { createClients } from "./server/start/clients.ts";
import { type GuardSettings, listen } from "./server/start/listen.ts";
import {
  SHUTDOWN_TIMEOUT_MS,
  START_TIMEOUT_MS,
  startDeadline,
  type StepDeadline,
} from "./server/start/step_deadline.ts";
import { compose, type Middleware } from "./server/middleware/compose.ts";
import { requestLog } from "./server/middleware/request_log.ts";
import { headWithoutBody, pagesAsGet } from "./server/middleware/head.ts";
import { readOnlyPages, servedMethods } from "./server/middleware/methods.ts";
import { securityHeaders } from "./server/middleware/security_headers.ts";
import { requestOrigin } from "./server/middleware/request_origin.ts";
import { compression } from "./server/middleware/compression.ts";
import { shareImages } from "./server/middleware/share_images.ts";
import { graphqlQueries, graphqlSubscriptions } from "./server/middleware/graphql.ts";
import { rpc } from "./server/middleware/rpc.ts";
import { previewInspector, previewPurge } from "./server/middleware/preview_tools.ts";
import { apiFiles, assets, publicFiles } from "./server/middleware/static_files.ts";
import { viteDev } from "./server/middleware/dev.ts";
import { crawlerDocuments, reactRouter } from "./server/middleware/react_router.ts";
import { pageBudget } from "./server/middleware/page_budget.ts";
import { clientActivity } from "./server/middleware/client_activity.ts";
import { createClientActivity } from "./server/http/render_budget.ts";
import { documentCache, type DocumentCacheOptions } from "./server/middleware/document_cache.ts";
import { createImageHandler } from "./og/mod.ts";

/** What the list may change beyond the parts. */
export interface ListOptions {
  /** The shared cache of browser documents; `false` turns it off (`QUERY_CACHE_SECONDS=0`, and in dev). */
  documentCache?: DocumentCacheOptions | false;
}

/**
 * The service, one middleware per step, in the order a request walks them (outermost first). `self` is the
 * composed list itself: the preview inspector fetches pages and images through it, in process.
 */
export function middlewares(
  parts: ServiceParts,
  self: (request: Request) => Promise<Response>,
  options: ListOptions = {},
): (Middleware | null)[] {
  const documents = parts.devMiddleware || options.documentCache === false
    ? null
    : documentCache(options.documentCache);
  const activity = createClientActivity();
  return [
    requestLog(), // one log line per request; a throw becomes a plain 500
    clientActivity(activity, parts.clientOf), // who asked lately (the page budget applies among others)
    servedMethods(), // GET, HEAD, POST, OPTIONS exactly as spelled; any other method 405
    headWithoutBody(), // HEAD: the GET answer without its body
    securityHeaders(parts.contentSecurityPolicy), // nosniff; HTML: CSP, frame and referrer policies
    requestOrigin(parts), // 400 for a bad Host; the URL rebuilt on PUBLIC_ORIGIN / X-Forwarded-* / Host
    documents, // an anonymous browser's public page, as sent: 2 s shared, 10 s stale
    compression(), // br or gzip for text answers
    shareImages(parts.images), // GET /api/image/{tokens,pools,positions}/... (og/)
    previewPurge(parts.purge), // POST /previews/purge (bearer PREVIEW_PURGE_TOKEN)
    previewInspector(parts.inspector(self)), // GET /preview?path=: how a link unfurls, platform by platform
    ...parts.portMiddlewares, // the demo gateway's /logos/* (demo only)
    graphqlSubscriptions(parts.graphqlWsUrl, parts.clientOf), // WebSocket /graphql, relayed
    graphqlQueries(parts.graphqlProxy), // POST /graphql: the product's own operations
    rpc(parts.rpcProxy), // GET /rpc, POST /rpc/{chain}
    apiFiles(parts.staticDir), // any other /api/...: a static file or 404
    assets(parts.clientDir), // /assets/* of the client build, immutable
    publicFiles(parts.staticDir), // favicons, robots.txt, ... (never for whitelisted pages)
    readOnlyPages(), // pages: GET and HEAD only, else 405
    pagesAsGet(), // pages answer HEAD as GET
    viteDev(parts.devMiddleware), // dev: Vite's modules and HMR
    crawlerDocuments(parts.crawler), // a crawler on a whitelisted page: the head-first document
    pageBudget(parts.clientOf, { activity }), // a few page renders per client at once, then 429 with Retry-After
    reactRouter(parts.app), // every other page
  ];
}

/** What tests and benchmarks may change of a service; `server.ts` itself uses the defaults. */
export interface ServiceOptions extends Omit<PartsOptions, "createImages" | "gateway" | "chain"> {
  /** The share images; default `og/`'s. */
  createImages?: PartsOptions["createImages"];
  /** Connection guard settings, or `false` for `Deno.serve` alone (benchmarks only). */
  connectionGuard?: GuardSettings;
  /** Called when the service stops (dev: closes Vite). */
  onShutdown?: () => Promise<void>;
  /** Told each step of the start (the start deadline's report names the last). */
  onStep?: (step: string) => void;
}

/** A running service. */
export interface Service {
  /** The address actually bound, e.g. `http://0.0.0.0:8000`. */
  readonly url: string;
  /** Finishes in-flight requests, then closes what the service started; `onStep` is told each step. */
  shutdown(onStep?: (step: string) => void): Promise<void>;
  /** Resolves when the server has stopped. */
  readonly finished: Promise<void>;
}

/** Starts the service: the demos where nothing real is configured, the parts, the list, then listening. */
export async function startService(config: Config, options: ServiceOptions = {}): Promise<Service> {
  const step = options.onStep ?? (() => {});
  step("starting the demos");
  const gateway = config.graphqlUrl === null
    ? await import("./demo_gateway/port.ts").then((demo) => demo.startDemoGatewayPort())
    : null;
  const chain = config.demoChain
    ? await import("./demo_chain/port.ts").then((demo) =>
      demo.startDemoChainPort(config.demoChainPort, config.demoChainState)
    )
    : null;
  // An explicit DEMO_CHAIN_PORT is awaited, so a busy port stops the start.
  if (chain && config.demoChainPort !== 0) await chain.targets;
  const clients = createClients(config.trustProxy);
  step("opening KV and building the parts");
  const parts = await createParts(
    config,
    { createImages: createImageHandler, ...options, gateway, chain },
    clients,
  );
  const handle: (request: Request) => Promise<Response> = compose(
    middlewares(parts, (request) => handle(request), {
      // Documents are never older than the gateway reads they show: off when those are not shared.
      documentCache: config.queryCacheSeconds === 0 ? false : {},
    }),
  );
  // The guard waits for an answer at most as long as the slowest one the service may take (two gateway trips and a
  // render), so it never cuts a legitimate answer and never waits forever.
  const answerTimeoutMs = 2 * config.gatewayTimeoutMs + config.renderTimeoutMs + 5_000;
  const guard = options.connectionGuard === false ? false : { answerTimeoutMs, ...options.connectionGuard };
  step(`listening on ${config.hostname}:${config.port}`);
  const listener = await listen(config, handle, clients, guard)
    .catch(async (error) => {
      await parts.close();
      throw error;
    });
  let stopping: Promise<void> | null = null;
  return {
    url: listener.url,
    finished: listener.finished,
    shutdown(onStep = () => {}) {
      stopping ??= (async () => {
        onStep("draining the requests in flight");
        await listener.close();
        onStep("closing the development server");
        await options.onShutdown?.();
        onStep("closing the parts (render workers, KV, demos)");
        await parts.close();
        // Request lines are batched: write the last ones before the process exits.
        onStep("writing the last log lines");
        await flushLog();
      })();
      return stopping;
    },
  };
}

/** A deadline of `ms` for the service to `what`: past it, the step it was at is logged and the process exits 1. */
function exitPast(ms: number, what: "listen" | "stop"): StepDeadline {
  return startDeadline(ms, (step) => {
    logger.error(`The service did not ${what} within ${ms / 1000} s; it was ${step}`);
    flushLog().finally(() => Deno.exit(1));
  });
}

async function main(): Promise<void> {
  let config = loadConfig(Deno.env.toObject());
  let options: ServiceOptions = {};
  if (Deno.args.includes("--dev")) {
    const { freePort, startViteDev } = await import("./server/dev/vite_dev.ts");
    // The browser's HMR client must know the port before Vite starts.
    if (config.port === 0) config = { ...config, port: freePort(config.hostname) };
    options = await startViteDev({ port: config.port });
  }
  const deadline = exitPast(START_TIMEOUT_MS, "listen");
  const service = await startService(config, { ...options, onStep: deadline.step }).catch(async (error) => {
    await options.onShutdown?.();
    throw error;
  }).finally(() => deadline.done());
  const stop = () => {
    logger.info("Shutting down");
    const deadline = exitPast(SHUTDOWN_TIMEOUT_MS, "stop");
    service.shutdown(deadline.step).then(() => Deno.exit(0));
  };
  Deno.addSignalListener("SIGINT", stop);
  Deno.addSignalListener("SIGTERM", stop);
  // Announced once the signals are handled: whoever waits for this line may stop us.
  logger.info(`Listening on ${service.url}`);
  await flushLog();
  await service.finished;
}

if (import.meta.main) {
  try {
    await main();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Invalid configuration: ${error.message}`);
    Deno.exit(1);
  }
}
