/**
 * `/graphql` on the service's own origin, so the browser never learns the
 * gateway's address:
 * - {@linkcode graphqlSubscriptions}: a WebSocket upgrade is relayed to the
 *   gateway's WebSocket (`GRAPHQL_WS_URL`, or the demo gateway's), the
 *   product's own subscription only, at most 1 upgrade a second per client
 *   (bursts of 10);
 * - {@linkcode graphqlQueries}: any other request is the POST proxy of
 *   `server/proxies/graphql_proxy.ts` (the product's own operations only).
 *
 * @module
 */
import { BROWSER_GRAPHQL_PATH } from "../../lib/load_context.ts";
import { createRateLimiter } from "../http/rate_limit.ts";
import { isWebSocketUpgrade, proxyWebSocket } from "../proxies/ws_proxy.ts";
import type { Middleware } from "./compose.ts";

/** Relays subscription sockets to `wsUrl`; left out when the gateway has none. */
export function graphqlSubscriptions(
  wsUrl: string | null,
  clientOf: (request: Request) => string,
): Middleware | null {
  if (wsUrl === null) return null;
  // Each relayed WebSocket holds one to the gateway: a client opens a few a second at most.
  const upgrades = createRateLimiter({ ratePerSecond: 1, burst: 10 });
  return (ctx) => {
    if (ctx.url.pathname !== BROWSER_GRAPHQL_PATH || !isWebSocketUpgrade(ctx.request)) return ctx.next();
    const rate = upgrades.take(clientOf(ctx.request));
    if (!rate.ok) {
      return Promise.resolve(
        new Response("Too many subscription connections: slow down", {
          status: 429,
          headers: { "content-type": "text/plain; charset=utf-8", "retry-after": String(rate.retryAfterSeconds) },
        }),
      );
    }
    // The allow list (the `graphql` package, every document) loads with the first subscription, not at start.
    return import("../../queries/allow_list.ts").then(({ acceptSubscriptionMessage }) =>
      proxyWebSocket(ctx.request, wsUrl, {
        protocols: ["graphql-transport-ws"],
        accept: acceptSubscriptionMessage,
        // A subscription message is a small JSON document: the /graphql body cap.
        maxMessageBytes: 64 * 1024,
      })
    );
  };
}

/** The browser's GraphQL proxy on `/graphql`. */
export function graphqlQueries(proxy: (request: Request) => Promise<Response>): Middleware {
  return (ctx) => ctx.url.pathname === BROWSER_GRAPHQL_PATH ? proxy(ctx.request) : ctx.next();
}
