/**
 * Who a request comes from, for per-client limits (`/graphql`, `/rpc`,
 * subscriptions, uncached images). Behind the connection guard the internal
 * server sees the guard's loopback address, so the listener records the
 * real client for the duration of each request (across the middlewares'
 * awaits, which may rebuild the Request); behind a trusted proxy
 * (`TRUST_PROXY`) the client is the last address the proxy appended to
 * `X-Forwarded-For`.
 *
 * @module
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** The client of the request being handled. */
export interface Clients {
  /** The client's address, or `unknown`. */
  clientOf(request: Request): string;
  /** Runs `handle` with `client` as the client of everything it does. */
  run<T>(client: string, handle: () => T): T;
}

/** The clients of one service. */
export function createClients(trustProxy: boolean): Clients {
  const scope = new AsyncLocalStorage<string>();
  return {
    clientOf(request) {
      if (trustProxy) {
        const forwarded = request.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
        if (forwarded) return forwarded;
      }
      return scope.getStore() ?? "unknown";
    },
    run: (client, handle) => scope.run(client, handle),
  };
}
