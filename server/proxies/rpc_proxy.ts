/**
 * The JSON-RPC proxy of the wallet: browsers read chains through the
 * service's own origin, so that an RPC key in `RPC_URL_<CHAIN>` never reaches
 * them.
 *
 * - `GET /rpc` answers the chains the wallet can act on (chain id, label,
 *   native currency, explorer, Uniswap contracts, proxy path) and, when
 *   WalletConnect is configured, its project id and relay URL (both `null`
 *   otherwise: the app then offers no WalletConnect entry).
 * - `POST /rpc/{chain}` forwards one JSON-RPC call or a batch to that chain's
 *   RPC. Only what a wallet screen needs passes: reads, gas estimates,
 *   simulations and `eth_sendRawTransaction` (a transaction the wallet signed).
 *   Anything else is answered `-32601` without reaching the RPC.
 *
 * Bodies are capped, request bodies are never logged (a raw transaction holds a
 * signature), and error answers carry no upstream address.
 *
 * What a hostile page or client meets (issue 25):
 *
 * - only the service's own origin is answered: a request whose `Origin` is
 *   another site's answers 403 (a browser extension's own origin and no
 *   `Origin` at all pass: wallets that added the chain call it from their
 *   background page), CORS is granted to that origin alone (never `*`), and
 *   only `Content-Type: application/json` is read (415 otherwise), so another
 *   site's page needs a preflight, which is refused;
 * - each client (`clientOf`) may make {@link RATE_PER_SECOND} HTTP requests a
 *   second (bursts of {@link RATE_BURST}); a JSON-RPC batch counts as one
 *   request per {@link CALLS_PER_TOKEN} calls started (a batch of 1 to 10
 *   calls costs 1, of 50 costs 5): beyond that 429 with `Retry-After` and a
 *   JSON-RPC error. Sized so that typing an amount never trips it (issue 32:
 *   12 quotes in 1.5 s, each at most 4 requests of batched, multicalled reads);
 * - every `eth_call`, `eth_estimateGas` and `eth_createAccessList` runs with
 *   at most {@link CALL_GAS_CAP} gas (a missing or larger `gas` is set to it);
 * - `eth_simulateV1` (a review's predicted balance changes) takes at most 2
 *   blocks and 8 calls, each call's gas capped the same way, and never full
 *   transactions (`simulation_bounds.ts`; `-32602` otherwise);
 * - a chain whose `health` is not `ready` (the supervised demo chain while it
 *   restarts) answers 503 with `Retry-After` and a JSON-RPC error;
 * - on the local demo chain (`local`), `eth_sendRawTransaction` is answered
 *   once the transaction is mined (at most 2 s later), as an instantly mining
 *   node would.
 *
 * @module
 */
import { boundSimulation } from "./simulation_bounds.ts";
import { capGas } from "./call_gas.ts";
import { EVM_CHAINS, type EvmChain } from "../../lib/chains.ts";
import type { RpcDirectory } from "../../lib/rpc_directory.ts";
import { log, warnOnce } from "../log.ts";
import { readTextCapped } from "../../lib/read_capped.ts";
import { createRateLimiter } from "../http/rate_limit.ts";

/** Methods the proxy forwards. */
export const ALLOWED_METHODS: ReadonlySet<string> = new Set([
  "eth_chainId",
  "net_version",
  "web3_clientVersion",
  "eth_syncing",
  "eth_blockNumber",
  "eth_gasPrice",
  "eth_maxPriorityFeePerGas",
  "eth_feeHistory",
  "eth_getBalance",
  "eth_getCode",
  "eth_getStorageAt",
  "eth_getTransactionCount",
  "eth_getBlockByNumber",
  "eth_getBlockByHash",
  "eth_getTransactionByHash",
  "eth_getTransactionReceipt",
  "eth_getLogs",
  "eth_call",
  "eth_estimateGas",
  "eth_createAccessList",
  "eth_simulateV1",
  "eth_sendRawTransaction",
]);

/** Largest request body: 128 KB. */
export const MAX_REQUEST_BYTES = 128 * 1024;
/** Largest batch. */
export const MAX_BATCH = 50;
/** Largest upstream answer read: 4 MB. */
const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;
/**
 * Sustained HTTP requests per second per client: a quote is at most 4
 * requests (JSON-RPC batches of multicalled reads), so this is several quotes
 * a second, kept up.
 */
export const RATE_PER_SECOND = 30;
/**
 * Requests a client may make at once: 12 quotes typed in 1.5 s at 4 requests
 * each are 48, with the balance and block reads of the page beside them.
 */
export const RATE_BURST = 120;
/** Calls of a JSON-RPC batch that cost one request of the rate (a batch of 50 costs 5). */
export const CALLS_PER_TOKEN = 10;
/** Gas of one `eth_call`, `eth_estimateGas` or `eth_createAccessList` at most: 30 000 000. */
export const CALL_GAS_CAP = 30_000_000n;
/** Seconds a client is told to wait while a chain restarts. */
const RESTART_RETRY_AFTER_SECONDS = 2;

/** A chain's health as its supervisor sees it (`demo_chain/supervisor.ts`). */
export type ChainHealth = "starting" | "ready" | "restarting" | "failed";

const GAS_CAPPED_METHODS: ReadonlySet<string> = new Set(["eth_call", "eth_estimateGas", "eth_createAccessList"]);

/**
 * The params of a call with its gas capped: for `eth_call`, `eth_estimateGas`
 * and `eth_createAccessList` whose first param is a call object, a missing,
 * unreadable or larger `gas` becomes `cap`. Anything else is returned as is.
 *
 * @example
 * ```ts
 * capCallGas("eth_call", [{ data: "0x5b600056" }, "latest"]); // [{ data: "0x5b600056", gas: "0x1c9c380" }, "latest"]
 * ```
 */
export function capCallGas(method: string, params: unknown, cap: bigint = CALL_GAS_CAP): unknown {
  if (!GAS_CAPPED_METHODS.has(method) || !Array.isArray(params)) return params;
  const capped = capGas(params[0], cap);
  return capped === params[0] ? params : [capped, ...params.slice(1)];
}

/** Origins of browser extensions: a wallet's background page calls the RPC it was given from there. */
const EXTENSION_ORIGIN = /^(chrome|moz|safari-web|ms-browser)-extension:\/\/[a-z0-9._-]{1,128}$/i;

/** One chain the proxy serves. */
export interface RpcTarget {
  /** Upstream JSON-RPC URL (may hold a key: never sent to browsers or logged). */
  readonly url: string;
  readonly chain: EvmChain;
  /** The local demo chain (wallets may use the proxy as their RPC). */
  readonly local: boolean;
}

/** Options of {@link createRpcProxy}. */
export interface RpcProxyOptions {
  /** Targets by URL name (`ethereum`). */
  readonly targets: Readonly<Record<string, RpcTarget>>;
  /** `WALLETCONNECT_PROJECT_ID`, published to the app when set. */
  readonly walletConnectProjectId?: string | null;
  /** `WALLETCONNECT_RELAY_URL` (or its default), published beside the project id. */
  readonly walletConnectRelayUrl?: string | null;
  /** Timeout of one upstream call; default 8 000 ms. */
  readonly timeoutMs?: number;
  /** The fetch used for upstream calls (tests). */
  readonly fetch?: typeof fetch;
  /** The client a request comes from, for the rate limit (default: one client for all). */
  readonly clientOf?: (request: Request) => string;
  /**
   * The service's own origin for a request (`PUBLIC_ORIGIN`, else the origin
   * the request was made to); default: the request URL's origin.
   */
  readonly ownOrigin?: (request: Request) => string;
  /** A chain's health by URL name (the supervised demo chain); default: always `ready`. */
  readonly health?: (name: string) => ChainHealth;
  /** Requests per second per client and burst; default {@link RATE_PER_SECOND} and {@link RATE_BURST}. */
  readonly rate?: { readonly perSecond: number; readonly burst: number };
}

/**
 * The proxy's targets for a configuration: one per `RPC_URL_<CHAIN>` whose
 * chain has a known Uniswap deployment (the demo chain comes through the
 * chain port instead, `server/ports.ts`).
 */
export function rpcTargets(rpcUrls: Readonly<Record<string, string>>): Record<string, RpcTarget> {
  const targets: Record<string, RpcTarget> = {};
  for (const [name, url] of Object.entries(rpcUrls)) {
    const chain = EVM_CHAINS[name];
    if (!chain) {
      warnOnce(`rpc-unknown-${name}`, `RPC_URL_${name.toUpperCase()} names a chain without a known Uniswap deployment`);
      continue;
    }
    targets[name] = { url, chain, local: false };
  }
  return targets;
}

class UpstreamError extends Error {}

/** How long a local chain's `eth_sendRawTransaction` answer waits for the transaction to be mined: 2 s at most. */
const MINED_WAIT_MS = 2_000;

/**
 * On the local demo chain, answers a sent raw transaction once it is mined
 * (Anvil answers first and mines a moment later), so a wallet or page that
 * asks for the receipt right away finds it, as with an instantly mining node.
 * Public chains are never waited for.
 */
async function minedFirst(
  forward: { index: number; call: unknown }[],
  answers: unknown[],
  url: string,
  doFetch: typeof fetch,
) {
  const hashes = forward
    .filter(({ call }) => (call as { method: string }).method === "eth_sendRawTransaction")
    .map(({ index }) => (answers[index] as { result?: unknown })?.result)
    .filter((hash): hash is string => typeof hash === "string" && /^0x[0-9a-f]{64}$/i.test(hash));
  const deadline = performance.now() + MINED_WAIT_MS;
  for (const hash of hashes) {
    while (performance.now() < deadline) {
      try {
        const response = await doFetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_getTransactionReceipt", params: [hash] }),
          signal: AbortSignal.timeout(MINED_WAIT_MS),
        });
        if ((await response.json() as { result?: unknown }).result) break;
      } catch {
        return; // the chain is down: the answer goes as it is
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return Response.json(body, { status, headers: { "cache-control": "no-store", ...headers } });
}

function rpcError(id: unknown, code: number, message: string) {
  return { jsonrpc: "2.0", id: id ?? null, error: { code, message } };
}

/**
 * Builds the proxy: a handler answering `/rpc` and `/rpc/{chain}`, or `null`
 * for any other path.
 *
 * @example
 * ```ts
 * const rpc = createRpcProxy({ targets, clientOf, ownOrigin, health: () => chain.health() });
 * const response = await rpc(request); // null: not an /rpc path
 * ```
 */
export function createRpcProxy(options: RpcProxyOptions): (request: Request) => Promise<Response | null> {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 8_000;
  const limiter = createRateLimiter({
    ratePerSecond: options.rate?.perSecond ?? RATE_PER_SECOND,
    burst: options.rate?.burst ?? RATE_BURST,
  });
  const directory: RpcDirectory = {
    chains: Object.entries(options.targets).map(([name, target]) => ({
      ...target.chain,
      rpcPath: `/rpc/${name}`,
      local: target.local,
    })),
    walletConnectProjectId: options.walletConnectProjectId ?? null,
    walletConnectRelayUrl: options.walletConnectProjectId ? options.walletConnectRelayUrl ?? null : null,
  };
  const ownOrigin = options.ownOrigin ?? ((request: Request) => new URL(request.url).origin);

  /** CORS headers for an allowed request, or `null` when its `Origin` is another site's. */
  function corsFor(request: Request): Record<string, string> | null {
    const origin = request.headers.get("origin");
    if (origin === null) return { vary: "origin" };
    if (origin !== ownOrigin(request) && !EXTENSION_ORIGIN.test(origin)) return null;
    return { "access-control-allow-origin": origin, vary: "origin" };
  }

  return async function handle(request: Request): Promise<Response | null> {
    const { pathname } = new URL(request.url);
    if (pathname === "/rpc" || pathname === "/rpc/") {
      if (request.method !== "GET" && request.method !== "HEAD") {
        return new Response("Method Not Allowed", { status: 405, headers: { allow: "GET, HEAD" } });
      }
      return json(directory);
    }
    const match = /^\/rpc\/([a-z0-9_]+)$/.exec(pathname);
    if (!match) return pathname.startsWith("/rpc/") ? new Response("Not Found", { status: 404 }) : null;
    const name = match[1];
    const target = Object.hasOwn(options.targets, name) ? options.targets[name] : undefined;
    if (!target) return new Response("Not Found", { status: 404 });
    const cors = corsFor(request);
    if (!cors) {
      // Another site's page: no CORS grant, and nothing reaches the chain.
      return json(rpcError(null, -32600, "This RPC answers its own site only"), 403, { vary: "origin" });
    }
    if (request.method === "OPTIONS") {
      return new Response(null, {
        status: 204,
        headers: {
          ...cors,
          "access-control-allow-methods": "POST, OPTIONS",
          "access-control-allow-headers": "content-type",
          "access-control-max-age": "600",
        },
      });
    }
    if (request.method !== "POST") {
      return new Response("Method Not Allowed", { status: 405, headers: { allow: "POST, OPTIONS", ...cors } });
    }
    const client = options.clientOf?.(request) ?? "unknown";
    const tooMany = (retryAfterSeconds: number) =>
      json(rpcError(null, -32005, "Too many requests: slow down"), 429, {
        ...cors,
        "retry-after": String(retryAfterSeconds),
      });
    const rate = limiter.take(client);
    if (!rate.ok) return tooMany(rate.retryAfterSeconds);
    const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
    if (type !== "application/json") {
      return json(rpcError(null, -32600, "Use Content-Type: application/json"), 415, cors);
    }
    if (Number(request.headers.get("content-length") ?? "0") > MAX_REQUEST_BYTES) {
      return new Response("Payload Too Large", { status: 413, headers: cors });
    }
    // Over the cap, the rest is left unread (not cancelled), so the 413 reaches a client still sending.
    let text: string | null;
    try {
      text = await readTextCapped(request.body, MAX_REQUEST_BYTES, { leaveRest: true });
    } catch {
      return json(rpcError(null, -32700, "Cannot read the request body"), 400, cors);
    }
    if (text === null) return new Response("Payload Too Large", { status: 413, headers: cors });
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return json(rpcError(null, -32700, "Parse error"), 400, cors);
    }
    const batch = Array.isArray(body);
    const calls: unknown[] = batch ? body as unknown[] : [body];
    if (calls.length === 0 || calls.length > MAX_BATCH) {
      return json(rpcError(null, -32600, `Invalid request: expected 1 to ${MAX_BATCH} calls`), 400, cors);
    }
    // Each further CALLS_PER_TOKEN calls of a batch cost one more request.
    for (let i = 1; i < Math.ceil(calls.length / CALLS_PER_TOKEN); i++) {
      const more = limiter.take(client);
      if (!more.ok) return tooMany(more.retryAfterSeconds);
    }
    // Refused calls are answered here; the others go upstream in one request.
    const answers: unknown[] = new Array(calls.length);
    const forward: { index: number; call: unknown }[] = [];
    calls.forEach((call, index) => {
      const c = call as { id?: unknown; method?: unknown; jsonrpc?: unknown };
      if (!c || typeof c !== "object" || typeof c.method !== "string") {
        answers[index] = rpcError(c?.id, -32600, "Invalid request");
      } else if (!ALLOWED_METHODS.has(c.method)) {
        answers[index] = rpcError(c.id, -32601, `Method not allowed through this proxy: ${c.method.slice(0, 64)}`);
      } else if (c.method === "eth_simulateV1") {
        // A review's prediction: a few calls, each capped like an eth_call (`simulation_bounds.ts`).
        const bounded = boundSimulation((call as { params?: unknown }).params, CALL_GAS_CAP);
        if (!bounded.ok) answers[index] = rpcError(c.id, -32602, bounded.error);
        else {forward.push({
            index,
            call: { jsonrpc: "2.0", id: c.id ?? null, method: c.method, params: bounded.params },
          });}
      } else {
        forward.push({
          index,
          call: {
            jsonrpc: "2.0",
            id: c.id ?? null,
            method: c.method,
            params: capCallGas(c.method, (call as { params?: unknown }).params ?? []),
          },
        });
      }
    });
    if (forward.length > 0) {
      const restarting = () =>
        json(rpcError(null, -32603, `The chain is restarting: retry in ${RESTART_RETRY_AFTER_SECONDS} s`), 503, {
          ...cors,
          "retry-after": String(RESTART_RETRY_AFTER_SECONDS),
        });
      if (options.health && options.health(name) !== "ready") return restarting();
      let upstream: unknown;
      try {
        const response = await doFetch(target.url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(forward.length === 1 && !batch ? forward[0].call : forward.map((f) => f.call)),
          signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), request.signal]),
        });
        const answer = await readTextCapped(response.body, MAX_RESPONSE_BYTES);
        if (!response.ok || answer === null) {
          throw new Error(`status ${response.status}${answer === null ? ", answer too large" : ""}`);
        }
        upstream = JSON.parse(answer);
      } catch (error) {
        // The log names the chain, never the URL (it may hold a key) nor the body (it may hold a signature).
        // (fetch errors quote the URL: only their kind is logged).
        const kind = error instanceof UpstreamError ? error.message : error instanceof Error ? error.name : "error";
        log("warn", "RPC call failed", { chain: name, error: kind });
        // A supervised chain that went down under this call (killed over its memory or time budget) is restarting;
        // its supervisor learns of the exit a moment after the connection closes.
        if (options.health) {
          if (options.health(name) === "ready") await new Promise((resolve) => setTimeout(resolve, 200));
          if (options.health(name) !== "ready") return restarting();
        }
        return json(rpcError(null, -32603, "The chain's RPC did not answer"), 502, cors);
      }
      const list = Array.isArray(upstream) ? upstream : [upstream];
      const byId = new Map(list.map((a) => [JSON.stringify((a as { id?: unknown })?.id ?? null), a]));
      for (const { index, call } of forward) {
        const id = (call as { id: unknown }).id;
        answers[index] = (forward.length === 1 && list.length === 1 ? list[0] : byId.get(JSON.stringify(id))) ??
          rpcError(id, -32603, "The chain's RPC did not answer this call");
      }
      if (target.local) await minedFirst(forward, answers, target.url, doFetch);
    }
    return json(batch ? answers : answers[0], 200, cors);
  };
}
