/**
 * The demo chain under supervision: {@linkcode startSupervisedDemoChain}
 * runs {@linkcode startDemoChain}'s Anvil process and, only when it dies
 * (killed, crashed), starts it again on the same port (so the `/rpc`
 * proxy's URL stays valid) from the same state file, so nothing mined is
 * lost (Anvil writes the file every second and on exit). Anvil bounds its
 * own work (a call burns at most the block gas limit, an endless loop answers
 * `OutOfGas` at once; it records no per-opcode trace), so nothing is killed
 * for its memory or its time.
 *
 * Its health is `starting`, `ready`, `restarting` (down, on its way back) or
 * `failed` (`failAfter` starts in a row failed; it keeps trying every 30 s).
 * Each change writes one log line; the `/rpc` proxy answers 503 whenever it is
 * not `ready` (`createRpcProxy`'s `health` option).
 *
 * @example
 * ```ts
 * const chain = await startSupervisedDemoChain({ port: 0, stateFile: ".data/demo_chain/state.json" });
 * createRpcProxy({ targets, health: () => chain.health() });
 * await chain.close();
 * ```
 *
 * @module
 */
import type { ChainHealth } from "../server/proxies/rpc_proxy.ts";
import { errorText, type LogFields, logger, type LogLevel } from "../server/log.ts";
import { type ChildDemoChain, type DemoChainOptions, startDemoChain } from "./start.ts";

export type { ChainHealth };

/** Options of {@linkcode startSupervisedDemoChain}. */
export interface SupervisedDemoChainOptions extends DemoChainOptions {
  /** Starts in a row that fail before the health is `failed`; default 5. */
  readonly failAfter?: number;
  /** Where health changes are written; default the service's logger. */
  readonly log?: (level: LogLevel, msg: string, fields?: LogFields) => void;
}

/** A supervised demo chain. */
export interface SupervisedDemoChain {
  /** JSON-RPC endpoint, `http://127.0.0.1:PORT`: the same across restarts. */
  readonly url: string;
  readonly chainId: number;
  /** The chain serving now, or `null` while none does. */
  current(): ChildDemoChain | null;
  /** Its health now. */
  health(): ChainHealth;
  /** The process id of the chain serving now, or `null` while none does. */
  pid(): number | null;
  /** Chains started after the first one. */
  restarts(): number;
  /** Resolves the next time the health becomes `state` (at once if it is). */
  whenHealth(state: ChainHealth): Promise<void>;
  /** Stops supervising and stops the chain (it writes its state file first). */
  close(): Promise<void>;
}

const RETRY_FAILED_MS = 30_000;

/** The resident memory of process `pid` in bytes (Linux), or `null` when it cannot be read. */
export function residentBytesOf(pid: number): number | null {
  try {
    const kib = /^VmRSS:\s+(\d+) kB/m.exec(Deno.readTextFileSync(`/proc/${pid}/status`));
    return kib ? Number(kib[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Starts the demo chain under supervision and resolves once it first serves.
 * A first start that fails rejects (a busy `port` is a `ConfigError` naming
 * `DEMO_CHAIN_PORT`); later ones are retried.
 */
export async function startSupervisedDemoChain(
  options: SupervisedDemoChainOptions = {},
): Promise<SupervisedDemoChain> {
  const write = options.log ?? ((level: LogLevel, msg: string, fields?: LogFields) => logger[level](msg, fields));
  const failAfter = options.failAfter ?? 5;

  let health: ChainHealth = "starting";
  const waiters = new Set<{ state: ChainHealth; resolve: () => void }>();
  function setHealth(next: ChainHealth, fields: LogFields = {}) {
    if (next === health) return;
    health = next;
    const level: LogLevel = next === "ready" ? "info" : next === "failed" ? "error" : "warn";
    write(level, `Demo chain ${next}`, { health: next, ...fields });
    for (const waiter of waiters) {
      if (waiter.state !== next) continue;
      waiters.delete(waiter);
      waiter.resolve();
    }
  }

  const first = await startDemoChain(options);
  // Later starts use the port the first one got, so the URL stays the same.
  const port = Number(new URL(first.url).port);
  let current: ChildDemoChain | null = null;
  let closed = false;
  let restarts = 0;
  let failedStarts = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;

  function watch(chain: ChildDemoChain) {
    current = chain;
    failedStarts = 0;
    chain.exited.then(({ code, signal, lastLine }) => {
      if (closed || current !== chain) return;
      current = null;
      setHealth("restarting", { reason: "exited", code, signal, lastLine });
      scheduleStart(0);
    });
    setHealth("ready", { url: chain.url, pid: chain.pid, restarts, state: chain.report.source });
  }

  function scheduleStart(delayMs: number) {
    if (closed) return;
    retry = setTimeout(async () => {
      retry = undefined;
      try {
        const chain = await startDemoChain({ ...options, port });
        if (closed) {
          await chain.close();
          return;
        }
        restarts++;
        watch(chain);
      } catch (error) {
        if (closed) return;
        failedStarts++;
        if (failedStarts >= failAfter) setHealth("failed", { error: errorText(error), attempts: failedStarts });
        else write("warn", "Demo chain restart failed", { error: errorText(error), attempts: failedStarts });
        scheduleStart(failedStarts >= failAfter ? RETRY_FAILED_MS : Math.min(8_000, 250 * 2 ** failedStarts));
      }
    }, delayMs);
  }

  watch(first);
  return {
    url: first.url,
    chainId: first.chainId,
    current: () => current,
    health: () => health,
    pid: () => current?.pid ?? null,
    restarts: () => restarts,
    whenHealth(state) {
      if (health === state) return Promise.resolve();
      const { promise, resolve } = Promise.withResolvers<void>();
      waiters.add({ state, resolve });
      return promise;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const chain = current;
      current = null;
      await chain?.close();
    },
  };
}
