/**
 * Starts the whole service from a validated {@linkcode Config}: the KV store,
 * the gateway (embedded demo gateway when `GRAPHQL_URL` is unset), the share
 * images, the Remix app, and `Deno.serve` with one log line per request.
 *
 * @module
 */
import { createRequestHandler } from "@remix-run/deno";
import type { AppLoadContext, ServerBuild } from "@remix-run/server-runtime";
import { dirname, fromFileUrl } from "../scripts/paths.ts";
import type { Config } from "./config.ts";
import { createHandler } from "./handler.ts";
import "./load_context.ts";
import { importServerBuild } from "./server_build.ts";
import { logRequest, warnOnce } from "./log.ts";
import { createCache } from "./kv_cache.ts";
import { createPreviews } from "./previews.ts";
import { createGatewayClient } from "../queries/client.ts";
import { createImageHandler } from "../og/mod.ts";

/** Absolute path of the repository root. */
export const ROOT_DIR = fromFileUrl(new URL("../", import.meta.url));

/** A running service. */
export interface Service {
  /** Where it listens, e.g. `http://127.0.0.1:8000`. */
  readonly url: string;
  /** Finishes in-flight requests, then closes KV and the demo gateway. */
  shutdown(): Promise<void>;
  /** Resolves when the server has stopped. */
  readonly finished: Promise<void>;
}

/** How to obtain the Remix server build. */
export interface ServiceOptions {
  /** Loads the server build for each request (dev: through Vite); default: `build/server/index.js`. */
  loadBuild?: () => Promise<ServerBuild>;
  /** Answers a request before Remix does (dev: Vite's module and HMR paths), or returns null. */
  devMiddleware?: (request: Request) => Promise<Response | null>;
  /** Remix mode; default `development` with `loadBuild`, else `production` (no error details sent). */
  mode?: "development" | "production";
  /** Called when the service stops (dev: closes Vite). */
  onShutdown?: () => Promise<void>;
}

async function openKv(path: string): Promise<Deno.Kv | null> {
  try {
    if (path !== ":memory:" && !/^[a-z]+:\/\//i.test(path)) {
      await Deno.mkdir(dirname(path), { recursive: true });
    }
    return await Deno.openKv(path);
  } catch (error) {
    warnOnce("kv-open", `Cannot open Deno KV at "${path}", serving without the cache`, error);
    return null;
  }
}

function internalError(): Response {
  return new Response("Internal Server Error", {
    status: 500,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}

/** Starts the service and resolves once it listens. */
export async function startService(config: Config, options: ServiceOptions = {}): Promise<Service> {
  const kv = await openKv(config.kvPath);
  const demo = config.graphqlUrl === null
    ? await (await import("../demo_gateway/mod.ts")).startDemoGateway({ hostname: "127.0.0.1", port: 0 })
    : null;
  const graphqlUrl: string = demo?.url ?? config.graphqlUrl ?? "";
  const graphqlWsUrl = demo?.wsUrl ?? config.graphqlWsUrl;
  const cache = createCache(kv);
  const gatewayClient = () => createGatewayClient({ url: graphqlUrl, timeoutMs: config.gatewayTimeoutMs });
  const previews = createPreviews({ cache, gatewayClient, publicOrigin: config.publicOrigin });
  const images = createImageHandler({
    previews,
    cache,
    staticDir: `${ROOT_DIR}static`,
    // The demo gateway serves its own logos on loopback: they always work.
    logoAllowedHosts: demo ? [...config.logoAllowedHosts, new URL(demo.origin).host] : config.logoAllowedHosts,
    publicOrigin: config.publicOrigin,
  });

  const loadBuild = options.loadBuild ?? importServerBuild;
  let remixHandler: ((request: Request) => Promise<Response>) | null = null;
  const mode = options.mode ?? (options.loadBuild ? "development" : "production");
  async function remix(request: Request): Promise<Response> {
    if (options.devMiddleware) {
      const response = await options.devMiddleware(request);
      if (response) return response;
    }
    if (!remixHandler || options.loadBuild) {
      const build = await loadBuild();
      remixHandler = createRequestHandler({
        build,
        mode,
        getLoadContext(request): AppLoadContext {
          return {
            gatewayClient,
            graphqlUrl,
            graphqlWsUrl,
            gatewayTimeoutMs: config.gatewayTimeoutMs,
            previews,
            origin: config.publicOrigin ?? new URL(request.url).origin,
          };
        },
      });
    }
    return await remixHandler(request);
  }

  const handler = createHandler({
    images,
    remix,
    staticDir: `${ROOT_DIR}static`,
    clientDir: options.loadBuild ? null : `${ROOT_DIR}build/client`,
  });

  const listening = Promise.withResolvers<Deno.NetAddr>();
  const server = Deno.serve({
    hostname: config.hostname,
    port: config.port,
    onListen: (addr) => listening.resolve(addr as Deno.NetAddr),
    onError(error) {
      console.error(error);
      return internalError();
    },
  }, async (request) => {
    const started = performance.now();
    let status = 500;
    try {
      const response = await handler(request);
      status = response.status;
      return response;
    } catch (error) {
      console.error(error);
      return internalError();
    } finally {
      let path = "/";
      try {
        path = new URL(request.url).pathname;
      } catch { /* keep "/" */ }
      logRequest({ method: request.method, path, status, ms: Math.round((performance.now() - started) * 10) / 10 });
    }
  });
  const addr = await listening.promise;
  const host = addr.hostname.includes(":") ? `[${addr.hostname}]` : addr.hostname;

  let stopping: Promise<void> | null = null;
  return {
    url: `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${addr.port}`,
    finished: server.finished,
    shutdown() {
      stopping ??= (async () => {
        await server.shutdown();
        await options.onShutdown?.();
        await demo?.close();
        kv?.close();
      })();
      return stopping;
    },
  };
}
