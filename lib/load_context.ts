/**
 * What `server.ts` hands every React Router loader and action as `context`.
 *
 * @module
 */
import type { Client } from "@urql/core";
import type { PreviewSource } from "./preview_types.ts";

/**
 * Path of the same-origin GraphQL endpoint the browser uses: the proxy of
 * `server/proxies/graphql_proxy.ts` (HTTP) and the subscription relay (WebSocket).
 */
export const BROWSER_GRAPHQL_PATH = "/graphql";

/** What loaders may log through: the service's logger (`server/log.ts`) as the load context hands it over. */
export interface LoaderLogger {
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** A warning logged once per `key` for the life of the process (a failing gateway must not flood the log). */
  warnOnce(key: string, message: string, error?: unknown): void;
}

/** The per-request load context of the React Router app. */
export interface LoadContext {
  /** A fresh gateway client for this request (no data shared between requests). */
  gatewayClient(): Client;
  /**
   * Where the browser opens subscriptions: the same-origin path `/graphql` (relayed to the gateway's
   * WebSocket by the service), or null when the gateway has none. Never the gateway's own address.
   */
  readonly graphqlWsUrl: string | null;
  /** Token and pool preview data, cached in Deno KV. */
  readonly previews: PreviewSource;
  /** Origin that absolute preview URLs use: `PUBLIC_ORIGIN` or the request's origin. */
  readonly origin: string;
  /**
   * The service's one logger (`server/log.ts`), handed to loaders here rather than imported by `app/`: modules the browser
   * bundle shares with loaders (`app/lib/load.ts`) must not load the logger (it registers an unload handler).
   */
  readonly logger: LoaderLogger;
  /**
   * Whether the pages show the embedded demo data: the service runs its own demo gateway (seeded prices) exactly when
   * `GRAPHQL_URL` is unset, and then its demo chain by default. Every page then says so.
   */
  readonly demo: boolean;
}

declare module "react-router" {
  interface AppLoadContext extends LoadContext {}
}
