/**
 * The ports the composition root (`server.ts`) plugs stand-ins into, as
 * `og/` plugs into `previews/share_images.ts`: the server runs on a real data
 * gateway and real chains (`GRAPHQL_URL`, `RPC_URL_*`) or on whatever fills
 * these ports (the embedded demo gateway and demo chain). No module of
 * `server/` imports a demo.
 *
 * @module
 */
import type { PreviewSource } from "../lib/preview_types.ts";
import type { Middleware } from "./middleware/compose.ts";
import type { ChainHealth, RpcTarget } from "./proxies/rpc_proxy.ts";

/** A data gateway the service runs on instead of `GRAPHQL_URL`. */
export interface GatewayPort {
  /** Its GraphQL endpoint (HTTP). */
  readonly url: string;
  /** Its subscription endpoint (WebSocket), or `null`. */
  readonly wsUrl: string | null;
  /** `host:port` entries the cards may fetch logos from although loopback. */
  readonly logoHosts: readonly string[];
  /** The previews as the cards read them (e.g. root-relative logo URLs made absolute). */
  cardPreviews(previews: PreviewSource): PreviewSource;
  /** What it serves on the service's origin (e.g. `/logos/*`), placed before the proxies. */
  readonly middlewares: readonly Middleware[];
  /** Stops it (at shutdown, after the server drained). */
  close(): Promise<void>;
}

/** Chains the wallet acts on instead of `RPC_URL_*`. */
export interface ChainPort {
  /**
   * The JSON-RPC targets by URL name (`ethereum`). May resolve after the
   * service listens (a chain deploying in the background): only `/rpc` waits.
   */
  readonly targets: Promise<Readonly<Record<string, RpcTarget>>>;
  /** A target's health (a supervised chain restarting answers `/rpc` with `503`); default always ready. */
  health?(name: string): ChainHealth;
  /** Stops it. */
  close(): Promise<void>;
}
