/**
 * What `server.ts` hands every React Router loader and action as `context`.
 *
 * @module
 */
import type { Client } from "@urql/core";
import type { PreviewSource } from "./preview_types.ts";

/** The per-request load context of the React Router app. */
export interface LoadContext {
  /** A fresh gateway client for this request (no data shared between requests). */
  gatewayClient(): Client;
  /** GraphQL endpoint of the data gateway (HTTP), for the same-origin browser proxy. */
  readonly graphqlUrl: string;
  /**
   * Where the browser opens subscriptions: the same-origin path `/graphql` (relayed to the gateway's
   * WebSocket by the service), or null when the gateway has none. Never the gateway's own address.
   */
  readonly graphqlWsUrl: string | null;
  /** Gateway call timeout in milliseconds. */
  readonly gatewayTimeoutMs: number;
  /** Largest gateway answer read, decompressed, in bytes (`GATEWAY_MAX_BYTES`). */
  readonly gatewayMaxBytes: number;
  /** Token and pool preview data, cached in Deno KV. */
  readonly previews: PreviewSource;
  /** Origin that absolute preview URLs use: `PUBLIC_ORIGIN` or the request's origin. */
  readonly origin: string;
  /** The client's IP address (the TCP peer; under `TRUST_PROXY` the last `X-Forwarded-For` entry), for rate limits. */
  readonly clientAddress: string;
}

declare module "react-router" {
  interface AppLoadContext extends LoadContext {}
}
