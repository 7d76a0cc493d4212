/**
 * The local demo chain: an EVM node (EDR) with Uniswap V2 and V3, the demo
 * gateway's Ethereum tokens and pools, and ten funded development accounts,
 * served as JSON-RPC over HTTP on loopback.
 *
 * {@linkcode startDemoChain} runs it in a child process (`demo_chain/main.ts`),
 * so the service and the test runner never load EDR's native Node-API addon
 * themselves: loaded into several isolates of one process (deno test runs
 * each test file in its own), it crashed the process with SIGSEGV. The child
 * exits when its parent goes (its stdin closes).
 *
 * @example
 * ```ts
 * const chain = await startDemoChain({ port: 0 });
 * console.log(chain.url, chain.chainId); // http://127.0.0.1:PORT 31337
 * await chain.close();
 * ```
 *
 * @module
 */
import { ConfigError } from "../server/config.ts";
import { forEachLine } from "../lib/lines.ts";
import { DEMO_CHAIN_ID } from "./identity.ts";
import { DEPLOYER, DEV_ACCOUNTS, DEV_NATIVE_BALANCE } from "./accounts.ts";
import { deployDemo, type DeployReport } from "./deploy.ts";
import { createNode, type EvmNode, RpcCallError, type RpcError, type RpcOutcome } from "./node.ts";
import { demoPlan } from "./plan.ts";
import { serveJsonRpc } from "./http.ts";

export { DEMO_CHAIN_ID, DEMO_EVM_CHAIN } from "./identity.ts";
export { DEPLOYER, DEV_ACCOUNTS, DEV_MNEMONIC } from "./accounts.ts";
export {
  type ChainHealth,
  startSupervisedDemoChain,
  type SupervisedDemoChain,
  type SupervisedDemoChainOptions,
} from "./supervisor.ts";

/** Options of {@link startDemoChain}. */
export interface DemoChainOptions {
  /** Port on 127.0.0.1 (0: a free port). Default 0. */
  readonly port?: number;
  /** Interface to listen on; default `127.0.0.1`. */
  readonly hostname?: string;
  /**
   * Time one JSON-RPC call may run; past it the chain process exits (EDR's
   * work cannot be aborted). Default {@link CALL_BUDGET_MS}; 0 turns it off.
   */
  readonly callBudgetMs?: number;
  /**
   * Resident memory the chain process may reach; over it, it exits. Default
   * {@link MAX_RSS_BYTES}; 0 turns it off.
   */
  readonly maxRssBytes?: number;
}

/** Default time budget of one JSON-RPC call of the demo chain: 5 s (a swap's estimate takes milliseconds). */
export const CALL_BUDGET_MS = 5_000;
/** Default memory ceiling of the demo chain process: 640 MiB (it serves at about 170 MiB). */
export const MAX_RSS_BYTES = 640 * 1024 * 1024;
/** Exit code of a chain process that ended itself over a call's time budget (`main.ts`). */
export const OVER_BUDGET_EXIT = 70;
/** Exit code of a chain process that ended itself over its memory ceiling (`main.ts`). */
export const OVER_MEMORY_EXIT = 71;

/** A running demo chain. */
export interface DemoChain {
  /** JSON-RPC endpoint, `http://127.0.0.1:PORT`. */
  readonly url: string;
  readonly chainId: number;
  /** What was deployed at start. */
  readonly report: DeployReport;
  /** The node's JSON-RPC (over HTTP for a child process, direct in process): for tests. */
  readonly node: EvmNode;
  /** Stops the chain. */
  close(): Promise<void>;
}

/** A demo chain running in this process (`demo_chain/main.ts`). */
export type InProcessDemoChain = DemoChain;

/** How a demo chain's child process ended. */
export interface DemoChainExit {
  readonly code: number;
  readonly signal: Deno.Signal | null;
  /** Its last line of output (why it exited, when it says). */
  readonly lastLine: string;
}

/** A demo chain in its own child process ({@link startDemoChain}). */
export interface ChildDemoChain extends DemoChain {
  /** The child's process id (its memory is in `/proc/<pid>/status`). */
  readonly pid: number;
  /** Resolves when the child process ends, however. */
  readonly exited: Promise<DemoChainExit>;
  /** Sends the child a signal (a supervisor kills it with `SIGKILL`). */
  kill(signal: Deno.Signal): void;
}

/** The node of a chain served at `url`, over JSON-RPC on HTTP. */
function httpNode(url: string, chainId: number): EvmNode {
  let id = 0;
  async function call(method: string, params: readonly unknown[] = []): Promise<RpcOutcome> {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
    });
    const answer = await response.json() as { result?: unknown; error?: RpcError };
    return answer.error ? { error: answer.error } : { result: answer.result };
  }
  return {
    chainId,
    call,
    async request<T>(method: string, params?: readonly unknown[]): Promise<T> {
      const outcome = await call(method, params);
      if ("error" in outcome) throw new RpcCallError(method, outcome.error);
      return outcome.result as T;
    },
  };
}

const READY_LINE =
  /^Demo chain JSON-RPC on (http:\/\/[^\s]+) \(chain id (\d+)\): (\d+) tokens, (\d+) pools, (\d+) transactions/;

/**
 * Starts a fresh demo chain in a child process and resolves once it serves
 * JSON-RPC. A busy `port` is a {@linkcode ConfigError} naming `DEMO_CHAIN_PORT`.
 */
export async function startDemoChain(options: DemoChainOptions = {}): Promise<ChildDemoChain> {
  const args = [
    "run",
    "-A",
    // The JS heap stays small (EDR's memory is native: --max-rss-bytes bounds that).
    "--v8-flags=--max-old-space-size=512",
    new URL("./main.ts", import.meta.url).pathname,
    "--port",
    String(options.port ?? 0),
  ];
  if (options.hostname) args.push("--hostname", options.hostname);
  args.push("--call-budget-ms", String(options.callBudgetMs ?? CALL_BUDGET_MS));
  args.push("--max-rss-bytes", String(options.maxRssBytes ?? MAX_RSS_BYTES));
  const child = new Deno.Command(Deno.execPath(), { args, stdin: "piped", stdout: "piped", stderr: "piped" }).spawn();
  const lines: string[] = [];
  let lastLine = "";
  const ready = Promise.withResolvers<{ url: string; chainId: number; report: DeployReport }>();
  const read = (stream: ReadableStream<Uint8Array>) =>
    forEachLine(stream, (line) => {
      if (lines.length < 50) lines.push(line);
      if (line.trim()) lastLine = line.slice(0, 500);
      const match = READY_LINE.exec(line);
      if (match) {
        const [tokens, pools, transactions] = match.slice(3).map(Number);
        ready.resolve({ url: match[1], chainId: Number(match[2]), report: { tokens, pools, transactions } });
      }
    });
  const pumps = Promise.all([read(child.stdout), read(child.stderr)]);
  const status = child.status;
  status.then(({ code }) => {
    const text = lines.join("\n");
    if (/DEMO_CHAIN_PORT/.test(text)) {
      ready.reject(new ConfigError(/Cannot listen on DEMO_CHAIN_PORT[^\n]*/.exec(text)![0]));
    } else ready.reject(new Error(`The demo chain exited with ${code} before serving: ${text.slice(-2000)}`));
  });
  const { url, chainId, report } = await ready.promise;
  let closing: Promise<void> | null = null;
  const exited = status.then(async ({ code, signal }) => {
    await pumps.catch(() => {});
    await child.stdin.close().catch(() => {});
    return { code, signal, lastLine };
  });
  return {
    url,
    chainId,
    report,
    node: httpNode(url, chainId),
    pid: child.pid,
    exited,
    kill(signal) {
      try {
        child.kill(signal);
      } catch { /* already gone */ }
    },
    close() {
      closing ??= (async () => {
        try {
          child.kill("SIGTERM");
        } catch { /* already gone */ }
        await status;
        await pumps;
        await child.stdin.close().catch(() => {});
      })();
      return closing;
    },
  };
}

/** Starts a fresh demo chain in this process: genesis, deployment, then the HTTP server. */
export async function startDemoChainInProcess(
  options: DemoChainOptions & { readonly onOverBudget?: (method: string, budgetMs: number) => void } = {},
): Promise<InProcessDemoChain> {
  const node = await createNode({
    chainId: DEMO_CHAIN_ID,
    balances: [
      ...DEV_ACCOUNTS.map((address) => ({ address, balance: DEV_NATIVE_BALANCE })),
      { address: DEPLOYER, balance: 10n ** 9n * 10n ** 18n },
    ],
  });
  const report = await deployDemo(node, demoPlan());
  let server;
  try {
    server = await serveJsonRpc(node, {
      hostname: options.hostname ?? "127.0.0.1",
      port: options.port ?? 0,
      callBudgetMs: options.callBudgetMs || undefined,
      onOverBudget: options.onOverBudget,
    });
  } catch (error) {
    if (error instanceof Deno.errors.AddrInUse) {
      throw new ConfigError(`Cannot listen on DEMO_CHAIN_PORT ${options.port}: the address is already in use`);
    }
    throw error;
  }
  return {
    url: server.url,
    chainId: DEMO_CHAIN_ID,
    node,
    report,
    close: () => server.close(),
  };
}
