/**
 * JSON-RPC over HTTP for an {@link EvmNode}: `POST /` with one call or a
 * batch, `application/json` only, CORS for wallet extensions (a web page's
 * `Origin` is refused). Like any development node it
 * answers every method (including `hardhat_*` and `evm_*`): it listens on
 * loopback only, and browsers reach it through the service's `/rpc/` proxy,
 * which lets through only what a wallet needs.
 *
 * Executing EVM code has no bound of its own here: EDR records a trace step
 * for every opcode it runs (for Hardhat's stack traces; no option turns it
 * off), about 0.5 to 2 KB each, so an endless loop grows the process by about
 * 0.5 GB a second until its gas runs out. Two bounds hold it:
 *
 * - every `eth_call`, `eth_estimateGas` and `eth_createAccessList` runs with
 *   at most {@linkcode CALL_GAS_CAP} gas (a missing or larger `gas` is set to
 *   it: EDR's own default for calls is the block gas limit);
 * - a call still running after `callBudgetMs` calls `onOverBudget`: EDR's work
 *   cannot be aborted, so `main.ts` ends the process there and its supervisor
 *   (`supervisor.ts`) starts a fresh one.
 *
 * @module
 */
import { capCallGas } from "../server/proxies/rpc_proxy.ts";
import type { EvmNode, RpcOutcome } from "./node.ts";

export { CALL_GAS_CAP } from "../server/proxies/rpc_proxy.ts";

/** Options of {@linkcode serveJsonRpc}. */
export interface JsonRpcServerOptions {
  readonly hostname: string;
  readonly port: number;
  /** Time one call may take before `onOverBudget` is called (default: no budget). */
  readonly callBudgetMs?: number;
  /** Called once per call that runs past `callBudgetMs`, with its method. */
  readonly onOverBudget?: (method: string, budgetMs: number) => void;
}

/** Largest request body read: 8 MB (a contract deployment can be large). */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** Origins of browser extensions: a wallet that added the chain calls it from its background page. */
const EXTENSION_ORIGIN = /^(chrome|moz|safari-web|ms-browser)-extension:\/\/[a-z0-9._-]{1,128}$/i;

/**
 * CORS headers for a request, or `null` when a web page sent it: the node
 * answers every method (`hardhat_*` too), so no site a developer visits may
 * reach it (browsers reach it through the service's `/rpc/` proxy).
 */
function corsFor(request: Request): Record<string, string> | null {
  const origin = request.headers.get("origin");
  if (origin === null) return {};
  if (!EXTENSION_ORIGIN.test(origin)) return null;
  return {
    "access-control-allow-origin": origin,
    "access-control-allow-methods": "POST, OPTIONS",
    "access-control-allow-headers": "content-type",
    vary: "origin",
  };
}

/** A running JSON-RPC server. */
export interface JsonRpcServer {
  readonly url: string;
  close(): Promise<void>;
}

type Id = string | number | null;

function failure(id: Id, code: number, message: string) {
  return { jsonrpc: "2.0", id, error: { code, message } };
}

async function answer(node: EvmNode, call: unknown, options: JsonRpcServerOptions): Promise<unknown> {
  if (!call || typeof call !== "object" || Array.isArray(call)) return failure(null, -32600, "Invalid request");
  const { id = null, method, params } = call as { id?: Id; method?: unknown; params?: unknown };
  if (typeof method !== "string") return failure(id, -32600, "Invalid request");
  if (params !== undefined && !Array.isArray(params)) return failure(id, -32602, "Invalid params: expected an array");
  let outcome: RpcOutcome;
  const budgetMs = options.callBudgetMs;
  const timer = budgetMs === undefined
    ? undefined
    : setTimeout(() => options.onOverBudget?.(method, budgetMs), budgetMs);
  try {
    outcome = await node.call(method, capCallGas(method, params ?? []) as unknown[]);
  } catch (error) {
    outcome = { error: { code: -32603, message: error instanceof Error ? error.message : "Internal error" } };
  } finally {
    clearTimeout(timer);
  }
  return { jsonrpc: "2.0", id, ...outcome };
}

/** Serves the node's JSON-RPC on `hostname:port` (0: a free port). */
export async function serveJsonRpc(node: EvmNode, options: JsonRpcServerOptions): Promise<JsonRpcServer> {
  const listening = Promise.withResolvers<Deno.NetAddr>();
  const server = Deno.serve({
    hostname: options.hostname,
    port: options.port,
    onListen: (addr) => listening.resolve(addr as Deno.NetAddr),
  }, async (request) => {
    const cors = corsFor(request);
    if (!cors) return new Response("Forbidden: use the service's /rpc/ proxy", { status: 403 });
    if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: cors });
    if (request.method !== "POST") {
      return new Response("Method Not Allowed", { status: 405, headers: { ...cors, allow: "POST, OPTIONS" } });
    }
    // JSON only: a text/plain or form body is what a page sends without a preflight.
    if ((request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase() !== "application/json") {
      return new Response("Unsupported Media Type: use application/json", { status: 415, headers: cors });
    }
    const length = Number(request.headers.get("content-length") ?? "0");
    if (length > MAX_BODY_BYTES) return new Response("Payload Too Large", { status: 413, headers: cors });
    const text = await request.text();
    if (text.length > MAX_BODY_BYTES) return new Response("Payload Too Large", { status: 413, headers: cors });
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return Response.json(failure(null, -32700, "Parse error"), { headers: cors });
    }
    if (!Array.isArray(body)) return Response.json(await answer(node, body, options), { headers: cors });
    // One after the other: a batch may send transactions whose nonces follow.
    const results = [];
    for (const call of body) results.push(await answer(node, call, options));
    return Response.json(results, { headers: cors });
  });
  const addr = await listening.promise;
  return {
    url: `http://${addr.hostname}:${addr.port}`,
    close: () => server.shutdown(),
  };
}
