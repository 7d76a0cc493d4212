/**
 * Service configuration from the environment, validated at start.
 *
 * @module
 */
import type { RendererName } from "./previews/share_images.ts";
import { DEFAULT_IMAGE_CACHE_MAX_BYTES } from "./cache/image_budget.ts";

/** The validated configuration of the service. */
export interface Config {
  /** `PORT`: TCP port to listen on (default 8000; 0 picks a free port). */
  readonly port: number;
  /** `HOSTNAME`: interface to listen on (default `0.0.0.0`). */
  readonly hostname: string;
  /** `GRAPHQL_URL`: the data gateway; `null` starts the embedded demo gateway. */
  readonly graphqlUrl: string | null;
  /** `GRAPHQL_WS_URL`: WebSocket endpoint for subscriptions (default: derived from `GRAPHQL_URL`). */
  readonly graphqlWsUrl: string | null;
  /** `GATEWAY_TIMEOUT_MS`: timeout of every gateway call (default 5000). */
  readonly gatewayTimeoutMs: number;
  /** `DENO_KV_PATH`: a file path, `:memory:`, or a KV Connect URL (default `.data/kv.sqlite3`). */
  readonly kvPath: string;
  /** `PUBLIC_ORIGIN`: absolute origin used in preview URLs; `null` uses the request's origin. */
  readonly publicOrigin: string | null;
  /** `LOGO_ALLOWED_HOSTS`: `host:port` entries logo fetches may reach although private. */
  readonly logoAllowedHosts: readonly string[];
  /** `DENO_KV_PATH` was set explicitly (not the default). */
  readonly kvPathSet: boolean;
  /** `DENO_DEPLOYMENT_ID` is set: running on Deno Deploy. */
  readonly onDeploy: boolean;
  /** `RENDER_WORKERS`: share-image render Workers (default: CPU cores). */
  readonly renderWorkers: number;
  /** `RENDER_TIMEOUT_MS`: deadline of one render or logo-decode job (default 10000). */
  readonly renderTimeoutMs: number;
  /** `RENDER_QUEUE`: uncached renders that may wait; beyond it images answer 503 (default 64). */
  readonly renderQueue: number;
  /** `RENDER_IDLE_SECONDS`: a render worker without a card for this long is retired (default 30). */
  readonly renderIdleSeconds: number;
  /**
   * `RENDER_MEMORY_MB`: resident memory of the whole process tree (the service and its render workers) that
   * starting another worker must stay within (default 480: the service and a worker on each of 2 cores, measured
   * at 170-240 and 105-115 MiB under load, with room for the demo chain within 512; one worker always runs).
   */
  readonly renderMemoryMb: number;
  /**
   * `PAGE_WORKERS`: worker threads (isolates) that render the browser pages (default: CPU cores); `0` renders them on
   * the main thread.
   */
  readonly pageWorkers: number;
  /** `RENDERER`: `native` (`@resvg/resvg-js`) or `wasm` (`@resvg/resvg-wasm`); `null` picks native when it loads. */
  readonly renderer: RendererName | null;
  /** `GATEWAY_MAX_BYTES`: largest gateway answer read, decompressed (default 2 MB). */
  readonly gatewayMaxBytes: number;
  /** `QUERY_CACHE_SECONDS`: TTL of the shared cache of public gateway reads (default 30; 0 turns it off). */
  readonly queryCacheSeconds: number;
  /** `TRUST_PROXY=1`: take the origin from `X-Forwarded-Proto` and `X-Forwarded-Host`. */
  readonly trustProxy: boolean;
  /** `RPC_URL_<CHAIN>`: JSON-RPC endpoint per chain URL name (`ethereum` -> `RPC_URL_ETHEREUM`). */
  readonly rpcUrls: Readonly<Record<string, string>>;
  /** `DEMO_CHAIN_PORT`: port of the local demo chain, when it runs (0: a free port). */
  readonly demoChainPort: number;
  /**
   * Whether the local demo chain runs: `DEMO_CHAIN` (`1`/`0`), by default only with the demo gateway
   * (`GRAPHQL_URL` unset); never when any `RPC_URL_*` is set.
   */
  readonly demoChain: boolean;
  /**
   * `DEMO_CHAIN_STATE`: the demo chain's state file, kept across restarts; default `demo_chain_state.json` beside
   * the KV file (`.data/demo_chain_state.json`); `null` (`:memory:`, or a KV that is not a file): not kept.
   */
  readonly demoChainState: string | null;
  /** `WALLETCONNECT_PROJECT_ID`: enables WalletConnect when set. */
  readonly walletConnectProjectId: string | null;
  /**
   * `WALLETCONNECT_RELAY_URL`: the WalletConnect relay (`ws:` or `wss:`), default
   * {@linkcode DEFAULT_WALLETCONNECT_RELAY_URL}; `null` when WalletConnect is off.
   */
  readonly walletConnectRelayUrl: string | null;
  /** `IMAGE_CACHE_MAX_BYTES`: cap of the share images kept in KV; past it the oldest are evicted (default 256 MiB). */
  readonly imageCacheMaxBytes: number;
  /** `PREVIEW_PURGE_TOKEN`: the bearer token of `POST /previews/purge`; `null` turns the purge off (404). */
  readonly previewPurgeToken: string | null;
}

/** Raised for a configuration value that cannot be used. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/** The default path of the local KV store. */
export const DEFAULT_KV_PATH = ".data/kv.sqlite3";

/** The relay WalletConnect uses when `WALLETCONNECT_RELAY_URL` is unset. */
export const DEFAULT_WALLETCONNECT_RELAY_URL = "wss://relay.walletconnect.org";

function integer(name: string, raw: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw.trim())) {
    throw new ConfigError(`Cannot parse ${name} "${raw}": expected an integer from ${min} to ${max}`);
  }
  const value = Number(raw.trim());
  if (value < min || value > max) {
    throw new ConfigError(`Cannot parse ${name} "${raw}": expected an integer from ${min} to ${max}`);
  }
  return value;
}

function httpUrl(name: string, raw: string, protocols: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ConfigError(`Cannot parse ${name} "${raw}": expected an absolute URL`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`Cannot parse ${name} "${raw}": expected a ${protocols.join(" or ")} URL`);
  }
  return url;
}

function hostname(raw: string): string {
  const value = raw.trim();
  if (!/^[A-Za-z0-9.:\-\[\]]+$/.test(value)) {
    throw new ConfigError(`Cannot parse HOSTNAME "${raw}": expected a host name or IP address`);
  }
  return value.replace(/^\[(.*)\]$/, "$1");
}

function allowedHosts(raw: string): string[] {
  const hosts: string[] = [];
  for (const part of raw.split(",")) {
    const entry = part.trim().toLowerCase();
    if (entry === "") continue;
    const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.\-]+):(\d{1,5})$/.exec(entry);
    if (!match || Number(match[2]) > 65535) {
      throw new ConfigError(`Cannot parse LOGO_ALLOWED_HOSTS entry "${part.trim()}": expected host:port`);
    }
    hosts.push(entry);
  }
  return hosts;
}

function kvPath(raw: string): string {
  const value = raw.trim();
  if (value === "") {
    throw new ConfigError(`Cannot parse DENO_KV_PATH "${raw}": expected a file path, :memory: or a URL`);
  }
  if (/^[a-z]+:\/\//i.test(value)) httpUrl("DENO_KV_PATH", value, ["http:", "https:"]);
  return value;
}

/** The demo chain's state file: `DEMO_CHAIN_STATE`, else beside a KV file, else none. */
function demoChainState(raw: string | undefined, kv: string): string | null {
  if (raw !== undefined) {
    const value = raw.trim();
    if (value === ":memory:") return null;
    if (value === "" || value.endsWith("/") || /^[a-z]+:\/\//i.test(value)) {
      throw new ConfigError(`Cannot parse DEMO_CHAIN_STATE "${raw}": expected a file path or :memory:`);
    }
    return value;
  }
  if (kv === ":memory:" || /^[a-z]+:\/\//i.test(kv)) return null;
  const slash = kv.lastIndexOf("/");
  return `${slash < 0 ? "" : kv.slice(0, slash + 1)}demo_chain_state.json`;
}

function renderer(raw: string): RendererName {
  const value = raw.trim().toLowerCase();
  if (value !== "native" && value !== "wasm") {
    throw new ConfigError(`Cannot parse RENDERER "${raw}": expected native or wasm`);
  }
  return value;
}

function flag(name: string, raw: string): boolean {
  const value = raw.trim().toLowerCase();
  if (["1", "true", "yes", "on"].includes(value)) return true;
  if (["0", "false", "no", "off"].includes(value)) return false;
  throw new ConfigError(`Cannot parse ${name} "${raw}": expected 1 or 0`);
}

function rpcUrls(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const [name, raw] of Object.entries(env)) {
    const match = /^RPC_URL_([A-Z0-9_]+)$/.exec(name);
    if (!match || raw === undefined || raw.trim() === "") continue;
    urls[match[1].toLowerCase()] = httpUrl(name, raw, ["http:", "https:"]).href;
  }
  return urls;
}

function projectIdOf(raw: string): string {
  const value = raw.trim();
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(value)) {
    throw new ConfigError(
      `Cannot parse WALLETCONNECT_PROJECT_ID "${raw}": expected a project id (letters, digits, - and _)`,
    );
  }
  return value;
}

/** `WALLETCONNECT_RELAY_URL`: a `ws:`/`wss:` URL without credentials, only beside a project id. */
function relayUrlOf(raw: string | undefined, projectId: string | null): string | null {
  if (raw === undefined) return projectId === null ? null : DEFAULT_WALLETCONNECT_RELAY_URL;
  const url = httpUrl("WALLETCONNECT_RELAY_URL", raw, ["ws:", "wss:"]);
  if (url.username || url.password || url.search || url.hash) {
    throw new ConfigError(
      `Cannot parse WALLETCONNECT_RELAY_URL "${raw}": expected a ws: or wss: URL without credentials, query or fragment`,
    );
  }
  if (projectId === null) {
    throw new ConfigError(
      `Cannot use WALLETCONNECT_RELAY_URL "${raw}": WalletConnect is off because WALLETCONNECT_PROJECT_ID is not set`,
    );
  }
  // `new URL("wss://host").href` adds a trailing slash: a bare host is named by its origin.
  return url.pathname === "/" ? url.origin : url.href;
}

/** `PREVIEW_PURGE_TOKEN`: 16 to 512 visible ASCII characters (the value is never echoed in the error). */
function purgeTokenOf(raw: string): string {
  const value = raw.trim();
  if (!/^[\x21-\x7e]{16,512}$/.test(value)) {
    throw new ConfigError(
      `Cannot parse PREVIEW_PURGE_TOKEN (${value.length} characters): expected 16 to 512 visible ASCII characters`,
    );
  }
  return value;
}

/**
 * Reads and validates the configuration. Unset or empty variables take their
 * defaults; a bad value throws a {@linkcode ConfigError} naming it.
 */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): Config {
  const get = (name: string) => {
    const value = env[name];
    return value === undefined || value.trim() === "" ? undefined : value;
  };
  const graphql = get("GRAPHQL_URL");
  const graphqlUrl = graphql ? httpUrl("GRAPHQL_URL", graphql, ["http:", "https:"]).href : null;
  const ws = get("GRAPHQL_WS_URL");
  let graphqlWsUrl: string | null = null;
  if (ws) graphqlWsUrl = httpUrl("GRAPHQL_WS_URL", ws, ["ws:", "wss:"]).href;
  else if (graphqlUrl) graphqlWsUrl = graphqlUrl.replace(/^http/, "ws");
  const origin = get("PUBLIC_ORIGIN");
  let publicOrigin: string | null = null;
  if (origin) {
    const url = httpUrl("PUBLIC_ORIGIN", origin, ["http:", "https:"]);
    if ((url.pathname !== "/" && url.pathname !== "") || url.search || url.hash || url.username || url.password) {
      throw new ConfigError(`Cannot parse PUBLIC_ORIGIN "${origin}": expected an origin like https://app.example.com`);
    }
    publicOrigin = url.origin;
  }
  const projectId = get("WALLETCONNECT_PROJECT_ID");
  const walletConnectProjectId = projectId ? projectIdOf(projectId) : null;
  return {
    port: get("PORT") ? integer("PORT", get("PORT")!, 0, 65535) : 8000,
    hostname: get("HOSTNAME") ? hostname(get("HOSTNAME")!) : "0.0.0.0",
    graphqlUrl,
    graphqlWsUrl,
    gatewayTimeoutMs: get("GATEWAY_TIMEOUT_MS")
      ? integer("GATEWAY_TIMEOUT_MS", get("GATEWAY_TIMEOUT_MS")!, 1, 600_000)
      : 5_000,
    kvPath: get("DENO_KV_PATH") ? kvPath(get("DENO_KV_PATH")!) : DEFAULT_KV_PATH,
    publicOrigin,
    logoAllowedHosts: allowedHosts(get("LOGO_ALLOWED_HOSTS") ?? ""),
    kvPathSet: get("DENO_KV_PATH") !== undefined,
    onDeploy: get("DENO_DEPLOYMENT_ID") !== undefined,
    renderWorkers: get("RENDER_WORKERS")
      ? integer("RENDER_WORKERS", get("RENDER_WORKERS")!, 1, 64)
      : Math.max(1, Math.min(navigator.hardwareConcurrency ?? 2, 64)),
    renderTimeoutMs: get("RENDER_TIMEOUT_MS")
      ? integer("RENDER_TIMEOUT_MS", get("RENDER_TIMEOUT_MS")!, 100, 600_000)
      : 10_000,
    renderQueue: get("RENDER_QUEUE") ? integer("RENDER_QUEUE", get("RENDER_QUEUE")!, 0, 100_000) : 64,
    renderIdleSeconds: get("RENDER_IDLE_SECONDS")
      ? integer("RENDER_IDLE_SECONDS", get("RENDER_IDLE_SECONDS")!, 1, 86_400)
      : 30,
    pageWorkers: get("PAGE_WORKERS")
      ? integer("PAGE_WORKERS", get("PAGE_WORKERS")!, 0, 64)
      : Math.max(1, Math.min(navigator.hardwareConcurrency ?? 2, 64)),
    renderMemoryMb: get("RENDER_MEMORY_MB")
      ? integer("RENDER_MEMORY_MB", get("RENDER_MEMORY_MB")!, 64, 1_048_576)
      : 480,
    renderer: get("RENDERER") ? renderer(get("RENDERER")!) : null,
    gatewayMaxBytes: get("GATEWAY_MAX_BYTES")
      ? integer("GATEWAY_MAX_BYTES", get("GATEWAY_MAX_BYTES")!, 1024, 1024 * 1024 * 1024)
      : 2 * 1024 * 1024,
    queryCacheSeconds: get("QUERY_CACHE_SECONDS")
      ? integer("QUERY_CACHE_SECONDS", get("QUERY_CACHE_SECONDS")!, 0, 86_400)
      : 30,
    trustProxy: get("TRUST_PROXY") ? flag("TRUST_PROXY", get("TRUST_PROXY")!) : false,
    rpcUrls: rpcUrls(env),
    demoChainPort: get("DEMO_CHAIN_PORT") ? integer("DEMO_CHAIN_PORT", get("DEMO_CHAIN_PORT")!, 0, 65535) : 0,
    demoChain: Object.keys(rpcUrls(env)).length === 0 &&
      (get("DEMO_CHAIN") ? flag("DEMO_CHAIN", get("DEMO_CHAIN")!) : graphqlUrl === null),
    demoChainState: demoChainState(
      get("DEMO_CHAIN_STATE"),
      get("DENO_KV_PATH") ? kvPath(get("DENO_KV_PATH")!) : DEFAULT_KV_PATH,
    ),
    walletConnectProjectId,
    walletConnectRelayUrl: relayUrlOf(get("WALLETCONNECT_RELAY_URL"), walletConnectProjectId),
    imageCacheMaxBytes: get("IMAGE_CACHE_MAX_BYTES")
      ? integer("IMAGE_CACHE_MAX_BYTES", get("IMAGE_CACHE_MAX_BYTES")!, 65_536, 2 ** 40)
      : DEFAULT_IMAGE_CACHE_MAX_BYTES,
    previewPurgeToken: get("PREVIEW_PURGE_TOKEN") ? purgeTokenOf(get("PREVIEW_PURGE_TOKEN")!) : null,
  };
}
