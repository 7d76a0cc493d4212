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
 * @module
 */
import { DEMO_EVM_CHAIN, EVM_CHAINS, type EvmChain } from "../../lib/chains.ts";
import type { PublicChain, RpcDirectory } from "../../lib/rpc_directory.ts";
import { log, warnOnce } from "../log.ts";
import { readTextCapped } from "../../lib/read_capped.ts";

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
  "eth_sendRawTransaction",
]);

/** Largest request body: 128 KB. */
export const MAX_REQUEST_BYTES = 128 * 1024;
/** Largest batch. */
export const MAX_BATCH = 50;
/** Largest upstream answer read: 4 MB. */
const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

/** One chain the proxy serves. */
export interface RpcTarget {
  /** Upstream JSON-RPC URL (may hold a key: never sent to browsers or logged). */
  readonly url: string;
  readonly chain: EvmChain;
  /** The local demo chain: wallets may use the proxy as their RPC (CORS open). */
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
  /** Timeout of one upstream call; default 10 000 ms. */
  readonly timeoutMs?: number;
  /** The fetch used for upstream calls (tests). */
  readonly fetch?: typeof fetch;
}

/**
 * The proxy's targets for a configuration: one per `RPC_URL_<CHAIN>` whose
 * chain has a known Uniswap deployment, or, with no `RPC_URL_*` at all, the
 * local demo chain as `ethereum`.
 */
export function rpcTargets(
  rpcUrls: Readonly<Record<string, string>>,
  demoChainUrl: string | null,
): Record<string, RpcTarget> {
  const targets: Record<string, RpcTarget> = {};
  if (Object.keys(rpcUrls).length === 0) {
    if (demoChainUrl) targets[DEMO_EVM_CHAIN.urlName] = { url: demoChainUrl, chain: DEMO_EVM_CHAIN, local: true };
    return targets;
  }
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

function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return Response.json(body, { status, headers: { "cache-control": "no-store", ...headers } });
}

function rpcError(id: unknown, code: number, message: string) {
  return { jsonrpc: "2.0", id: id ?? null, error: { code, message } };
}

/**
 * Builds the proxy: a handler answering `/rpc` and `/rpc/{chain}`, or `null`
 * for any other path.
 */
export function createRpcProxy(options: RpcProxyOptions): (request: Request) => Promise<Response | null> {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const directory: RpcDirectory = {
    chains: Object.entries(options.targets).map(([name, target]) => ({
      ...target.chain,
      rpcPath: `/rpc/${name}`,
      local: target.local,
    })),
    walletConnectProjectId: options.walletConnectProjectId ?? null,
    walletConnectRelayUrl: options.walletConnectProjectId ? options.walletConnectRelayUrl ?? null : null,
  };

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
    const cors: Record<string, string> = target.local
      ? {
        "access-control-allow-origin": "*",
        "access-control-allow-methods": "POST, OPTIONS",
        "access-control-allow-headers": "content-type",
      }
      : {};
    if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: cors });
    if (request.method !== "POST") {
      return new Response("Method Not Allowed", { status: 405, headers: { allow: "POST", ...cors } });
    }
    if (Number(request.headers.get("content-length") ?? "0") > MAX_REQUEST_BYTES) {
      return new Response("Payload Too Large", { status: 413, headers: cors });
    }
    // Over the cap, the rest is left unread (not cancelled), so the 413 reaches a client still sending.
    const text = await readTextCapped(request.body, MAX_REQUEST_BYTES, { leaveRest: true });
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
    // Refused calls are answered here; the others go upstream in one request.
    const answers: unknown[] = new Array(calls.length);
    const forward: { index: number; call: unknown }[] = [];
    calls.forEach((call, index) => {
      const c = call as { id?: unknown; method?: unknown; jsonrpc?: unknown };
      if (!c || typeof c !== "object" || typeof c.method !== "string") {
        answers[index] = rpcError(c?.id, -32600, "Invalid request");
      } else if (!ALLOWED_METHODS.has(c.method)) {
        answers[index] = rpcError(c.id, -32601, `Method not allowed through this proxy: ${c.method.slice(0, 64)}`);
      } else {
        forward.push({
          index,
          call: {
            jsonrpc: "2.0",
            id: c.id ?? null,
            method: c.method,
            params: (call as { params?: unknown }).params ?? [],
          },
        });
      }
    });
    if (forward.length > 0) {
      let upstream: unknown;
      try {
        const response = await doFetch(target.url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(forward.length === 1 && !batch ? forward[0].call : forward.map((f) => f.call)),
          signal: AbortSignal.timeout(timeoutMs),
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
        return json(rpcError(null, -32603, "The chain's RPC did not answer"), 502, cors);
      }
      const list = Array.isArray(upstream) ? upstream : [upstream];
      const byId = new Map(list.map((a) => [JSON.stringify((a as { id?: unknown })?.id ?? null), a]));
      for (const { index, call } of forward) {
        const id = (call as { id: unknown }).id;
        answers[index] = (forward.length === 1 && list.length === 1 ? list[0] : byId.get(JSON.stringify(id))) ??
          rpcError(id, -32603, "The chain's RPC did not answer this call");
      }
    }
    return json(batch ? answers : answers[0], 200, cors);
  };
}
