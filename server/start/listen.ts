/**
 * Listening: `Deno.serve` behind the connection guard (`server/conn_guard/`,
 * on a Worker thread of its own) on `HOSTNAME`:`PORT`, or `Deno.serve`
 * directly on Deno Deploy (the platform owns the connections) and in
 * benchmarks that turn the guard off. With the guard, `Deno.serve` listens on
 * a loopback port only the guard relays to, and is started again when its
 * accept fails for good (`restart.ts`). A busy or forbidden port stops the
 * start with a {@linkcode ConfigError} naming `PORT`. Behind the guard,
 * answers it may repeat for a moment are marked (`microcache_mark.ts`), and
 * a purge clears what it keeps (`server/cache/invalidation.ts`), and a
 * request without `Host` is a `400` (RFC 9112 §3.2) before any middleware.
 *
 * @module
 */
import { type Config, ConfigError } from "../config.ts";
import type { ConnectionGuard, ConnectionGuardOptions } from "../conn_guard/guard.ts";
import { startConnectionGuardWorker } from "../conn_guard/worker.ts";
import { errorText, logger, logRequest } from "../log.ts";
import { internalError } from "../middleware/request_log.ts";
import type { Clients } from "./clients.ts";
import { keepInternalServerUp } from "./restart.ts";
import { markForMicrocache } from "./microcache_mark.ts";
import { onCachedAnswersInvalidated } from "../cache/invalidation.ts";

/** Guard settings: timeouts and cap, or `false` for `Deno.serve` alone (benchmarks only). */
export type GuardSettings = Partial<Omit<ConnectionGuardOptions, "hostname" | "port" | "upstream">> | false;

/** A listening service. */
export interface Listener {
  /** The address actually bound, e.g. `http://0.0.0.0:8000` or `http://127.0.0.1:40123`. */
  readonly url: string;
  /** Stops accepting; in-flight requests finish, then the internal server stops. */
  close(): Promise<void>;
  /** Resolves when the server stopped (with the guard: when `close` finished). */
  readonly finished: Promise<void>;
}

/** Starts listening with `handle` as the request handler. */
export async function listen(
  config: Config,
  handle: (request: Request) => Promise<Response>,
  clients: Clients,
  guardSettings: GuardSettings,
): Promise<Listener> {
  const guarded = config.onDeploy ? false : guardSettings;
  let guard: ConnectionGuard | null = null;
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
      if (guard === null) return clients.run(info.remoteAddr.hostname, () => handle(request));
      // Behind the guard every request is HTTP/1.x: without `Host` (RFC 9112 §3.2) Deno would build its URL on
      // this internal server's own address, and previews would name it.
      if (!request.headers.has("host")) return Promise.resolve(noHost(request));
      const client = guard.clientOf(info.remoteAddr.port);
      return clients.run(client?.hostname ?? "unknown", () => handle(request))
        .then((response) => markForMicrocache(request, response));
    });
  }
  let server: Deno.HttpServer<Deno.NetAddr>;
  let addr: Deno.NetAddr;
  try {
    server = serve(guarded ? "127.0.0.1" : config.hostname, guarded ? 0 : config.port);
    addr = server.addr;
    if (guarded) {
      guard = await startConnectionGuardWorker({
        ...guarded,
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
    throw portError(config, error);
  }
  const host = addr.hostname.includes(":") ? `[${addr.hostname}]` : addr.hostname;
  const url = `http://${host}:${addr.port}`;
  if (!guard) return { url, close: () => server.shutdown(), finished: server.finished };

  const activeGuard = guard;
  const internal = keepInternalServerUp(server, () => serve("127.0.0.1", 0), activeGuard);
  const forget = onCachedAnswersInvalidated(() => activeGuard.clearMicrocache());
  const stopped = Promise.withResolvers<void>();
  let closing: Promise<void> | null = null;
  return {
    url,
    finished: stopped.promise,
    close() {
      closing ??= (async () => {
        forget();
        await activeGuard.close();
        await internal.stop();
        stopped.resolve();
      })();
      return closing;
    },
  };
}

/** `400` for a request without `Host`, logged like every request (its path from the target, never the URL's host). */
function noHost(request: Request): Response {
  logRequest({ method: request.method, path: new URL(request.url).pathname, status: 400, ms: 0 });
  return new Response("Bad Request: no Host header.", {
    status: 400,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}

function portError(config: Config, error: unknown): unknown {
  if (error instanceof Deno.errors.AddrInUse || error instanceof Deno.errors.AddrNotAvailable) {
    const reason = error instanceof Deno.errors.AddrInUse ? "is already in use" : "is not available here";
    return new ConfigError(`Cannot listen on PORT ${config.port} (HOSTNAME ${config.hostname}): the address ${reason}`);
  }
  if (error instanceof Deno.errors.PermissionDenied) {
    return new ConfigError(`Cannot listen on PORT ${config.port}: permission denied`);
  }
  return error;
}
