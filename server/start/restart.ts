/**
 * Keeps the internal `Deno.serve` behind the connection guard up: it stops
 * for good when its accept fails (EMFILE), so it is started again on a new
 * loopback port and the guard is told where to relay (retrying every 500 ms
 * while it cannot start).
 *
 * @module
 */
import type { ConnectionGuard } from "../conn_guard/guard.ts";
import { errorText, logger } from "../log.ts";

/** The internal server, kept up until {@linkcode InternalServer.stop}. */
export interface InternalServer {
  /** Stops restarting and shuts the current server down (in-flight requests finish). */
  stop(): Promise<void>;
}

/** Watches `first`; when it stops on its own, `start()` makes a new one for `guard`. */
export function keepInternalServerUp(
  first: Deno.HttpServer<Deno.NetAddr>,
  start: () => Deno.HttpServer<Deno.NetAddr>,
  guard: Pick<ConnectionGuard, "setUpstreamPort">,
): InternalServer {
  let server = first;
  let stopping = false;
  function watch(current: Deno.HttpServer<Deno.NetAddr>): void {
    current.finished.catch((error) => {
      if (stopping) return;
      logger.error("The internal HTTP server stopped; starting it again", { error: errorText(error) });
      restart();
    });
  }
  function restart(): void {
    if (stopping) return;
    try {
      server = start();
      guard.setUpstreamPort(server.addr.port);
      watch(server);
    } catch (error) {
      logger.error("Cannot start the internal HTTP server; retrying", { error: errorText(error) });
      setTimeout(restart, 500);
    }
  }
  watch(server);
  return {
    stop() {
      stopping = true;
      return server.shutdown();
    },
  };
}
