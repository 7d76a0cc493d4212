/**
 * JSON-RPC over HTTP for an {@link EvmNode}: `POST /` with one call or a
 * batch, CORS for browsers and wallet extensions. Like any development node it
 * answers every method (including `hardhat_*` and `evm_*`): it listens on
 * loopback only, and browsers reach it through the service's `/rpc/` proxy,
 * which lets through only what a wallet needs.
 *
 * @module
 */
import type { EvmNode, RpcOutcome } from "./node.ts";

/** Largest request body read: 8 MB (a contract deployment can be large). */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "POST, OPTIONS",
  "access-control-allow-headers": "content-type",
};

/** A running JSON-RPC server. */
export interface JsonRpcServer {
  readonly url: string;
  close(): Promise<void>;
}

type Id = string | number | null;

function failure(id: Id, code: number, message: string) {
  return { jsonrpc: "2.0", id, error: { code, message } };
}

async function answer(node: EvmNode, call: unknown): Promise<unknown> {
  if (!call || typeof call !== "object" || Array.isArray(call)) return failure(null, -32600, "Invalid request");
  const { id = null, method, params } = call as { id?: Id; method?: unknown; params?: unknown };
  if (typeof method !== "string") return failure(id, -32600, "Invalid request");
  if (params !== undefined && !Array.isArray(params)) return failure(id, -32602, "Invalid params: expected an array");
  let outcome: RpcOutcome;
  try {
    outcome = await node.call(method, (params as unknown[] | undefined) ?? []);
  } catch (error) {
    outcome = { error: { code: -32603, message: error instanceof Error ? error.message : "Internal error" } };
  }
  return { jsonrpc: "2.0", id, ...outcome };
}

/** Serves the node's JSON-RPC on `hostname:port` (0: a free port). */
export async function serveJsonRpc(
  node: EvmNode,
  options: { readonly hostname: string; readonly port: number },
): Promise<JsonRpcServer> {
  const listening = Promise.withResolvers<Deno.NetAddr>();
  const server = Deno.serve({
    hostname: options.hostname,
    port: options.port,
    onListen: (addr) => listening.resolve(addr as Deno.NetAddr),
  }, async (request) => {
    if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: CORS });
    if (request.method !== "POST") {
      return new Response("Method Not Allowed", { status: 405, headers: { ...CORS, allow: "POST, OPTIONS" } });
    }
    const length = Number(request.headers.get("content-length") ?? "0");
    if (length > MAX_BODY_BYTES) return new Response("Payload Too Large", { status: 413, headers: CORS });
    const text = await request.text();
    if (text.length > MAX_BODY_BYTES) return new Response("Payload Too Large", { status: 413, headers: CORS });
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return Response.json(failure(null, -32700, "Parse error"), { headers: CORS });
    }
    if (!Array.isArray(body)) return Response.json(await answer(node, body), { headers: CORS });
    // One after the other: a batch may send transactions whose nonces follow.
    const results = [];
    for (const call of body) results.push(await answer(node, call));
    return Response.json(results, { headers: CORS });
  });
  const addr = await listening.promise;
  return {
    url: `http://${addr.hostname}:${addr.port}`,
    close: () => server.shutdown(),
  };
}
