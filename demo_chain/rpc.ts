/**
 * A JSON-RPC client of the demo chain's node over HTTP: what the deployment
 * (`deploy.ts`) and the tests call the chain with.
 *
 * @module
 */

/** A JSON-RPC error as the node answers it. */
export interface RpcError {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/** One JSON-RPC answer without `jsonrpc` and `id`: a result or an error. */
export type RpcOutcome = { readonly result: unknown } | { readonly error: RpcError };

/** A node's JSON-RPC. */
export interface EvmNode {
  readonly chainId: number;
  /** Handles one JSON-RPC call. */
  call(method: string, params?: readonly unknown[]): Promise<RpcOutcome>;
  /** Handles one JSON-RPC call and returns its result, or throws its error. */
  request<T = unknown>(method: string, params?: readonly unknown[]): Promise<T>;
  /** Sends calls as one JSON-RPC batch; throws the first error. */
  batch(calls: readonly { method: string; params: readonly unknown[] }[]): Promise<unknown[]>;
}

/** Raised by {@link EvmNode.request} for a JSON-RPC error answer. */
export class RpcCallError extends Error {
  /** The JSON-RPC error code. */
  readonly code: number;
  /** The error's data (e.g. revert data), if any. */
  readonly data: unknown;
  constructor(method: string, error: RpcError) {
    super(`${method} failed: ${error.message}`);
    this.name = "RpcCallError";
    this.code = error.code;
    this.data = error.data;
  }
}

/** Methods whose answer (a transaction hash) {@linkcode httpNode} gives once the transaction is mined. */
const SENDS = new Set(["eth_sendTransaction", "eth_sendRawTransaction"]);

/**
 * The node served at `url`, over JSON-RPC on HTTP. A sent transaction is
 * answered once it is mined (Anvil answers first and mines a moment later),
 * so a receipt asked right after is there, as on an in-process node.
 */
export function httpNode(url: string, chainId: number): EvmNode {
  let id = 0;
  async function call(method: string, params: readonly unknown[] = []): Promise<RpcOutcome> {
    const outcome = await post(method, method === "eth_sendTransaction" ? await withGasMargin(params) : params);
    if (!SENDS.has(method) || !("result" in outcome)) return outcome;
    for (let tries = 0; tries < 1_000; tries++) {
      const receipt = await post("eth_getTransactionReceipt", [outcome.result]);
      if (!("result" in receipt) || receipt.result !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    return outcome;
  }
  /**
   * A transaction without `gas` gets its estimate plus 20%, as a wallet (and this product's `runTx`) gives it: Anvil
   * estimates in a block of the latest timestamp, and a pool whose oracle is then written in a new second needs more
   * than that estimate (seen as a swap out of gas on a busy machine). An estimate that fails leaves it to the node.
   */
  async function withGasMargin(params: readonly unknown[]): Promise<readonly unknown[]> {
    const [tx, ...rest] = params as [Record<string, unknown> | undefined, ...unknown[]];
    if (!tx || typeof tx !== "object" || tx.gas !== undefined) return params;
    const estimate = await post("eth_estimateGas", [tx]);
    if (!("result" in estimate) || typeof estimate.result !== "string") return params;
    return [{ ...tx, gas: `0x${(BigInt(estimate.result) * 12n / 10n).toString(16)}` }, ...rest];
  }
  async function post(method: string, params: readonly unknown[]): Promise<RpcOutcome> {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
    });
    const answer = await response.json() as { result?: unknown; error?: RpcError };
    return answer.error ? { error: answer.error } : { result: answer.result ?? null };
  }
  async function batch(calls: readonly { method: string; params: readonly unknown[] }[]): Promise<unknown[]> {
    if (calls.length === 0) return [];
    const first = id + 1;
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(calls.map(({ method, params }) => ({ jsonrpc: "2.0", id: ++id, method, params }))),
    });
    const answers = await response.json() as { id: number; result?: unknown; error?: RpcError }[];
    const byId = new Map(answers.map((answer) => [answer.id, answer]));
    return calls.map(({ method }, i) => {
      const answer = byId.get(first + i);
      if (!answer || answer.error) {
        throw new RpcCallError(method, answer?.error ?? { code: -32603, message: "no answer" });
      }
      return answer.result;
    });
  }
  return {
    chainId,
    call,
    batch,
    async request<T>(method: string, params?: readonly unknown[]): Promise<T> {
      const outcome = await call(method, params);
      if ("error" in outcome) throw new RpcCallError(method, outcome.error);
      return outcome.result as T;
    },
  };
}
