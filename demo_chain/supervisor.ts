/**
 * The demo chain under supervision: {@linkcode startSupervisedDemoChain}
 * runs {@linkcode startDemoChain}'s child process and starts a fresh one
 * (genesis and deployment again, on the same port, so the `/rpc` proxy's URL
 * stays valid) whenever it
 *
 * - exits, however (it ends itself over a call's time budget or its memory
 *   ceiling: `main.ts`);
 * - grows over `maxRssBytes`, read from `/proc/<pid>/status` every
 *   `rssIntervalMs` (EDR's memory is native: V8's heap limit does not bound
 *   it): killed with `SIGKILL`;
 * - stops answering: `eth_chainId` every `probeIntervalMs`, `probeFailures`
 *   in a row without an answer within `probeTimeoutMs`: killed too.
 *
 * Its health is `starting`, `ready`, `restarting` (down, a fresh chain is on
 * its way) or `failed` (`failAfter` starts in a row failed; it keeps trying
 * every 30 s). Each change writes one log line; the `/rpc` proxy answers 503
 * whenever it is not `ready` (`createRpcProxy`'s `health` option). The chain's
 * state is not kept across a restart: every start is a fresh deployment.
 *
 * @example
 * ```ts
 * const chain = await startSupervisedDemoChain({ port: 0 });
 * createRpcProxy({ targets, health: () => chain.health() });
 * await chain.close();
 * ```
 *
 * @module
 */
import type { ChainHealth } from "../server/proxies/rpc_proxy.ts";
import { errorText, type LogFields, logger, type LogLevel } from "../server/log.ts";
import { type ChildDemoChain, type DemoChainOptions, MAX_RSS_BYTES, startDemoChain } from "./mod.ts";

export type { ChainHealth };

/** Options of {@linkcode startSupervisedDemoChain}. */
export interface SupervisedDemoChainOptions extends DemoChainOptions {
  /** How often the child's memory is read; default 100 ms. */
  readonly rssIntervalMs?: number;
  /** How often the chain is asked `eth_chainId`; default 1 000 ms. */
  readonly probeIntervalMs?: number;
  /** How long one probe may take; default 2 000 ms. */
  readonly probeTimeoutMs?: number;
  /** Probes in a row without an answer before the chain is killed; default 3. */
  readonly probeFailures?: number;
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
  /** Its health now. */
  health(): ChainHealth;
  /** The process id of the chain serving now, or `null` while none does. */
  pid(): number | null;
  /** Chains started after the first one. */
  restarts(): number;
  /** Resolves the next time the health becomes `state` (at once if it is). */
  whenHealth(state: ChainHealth): Promise<void>;
  /** Stops supervising and stops the chain. */
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
  const maxRssBytes = options.maxRssBytes ?? MAX_RSS_BYTES;
  const rssIntervalMs = options.rssIntervalMs ?? 100;
  const probeIntervalMs = options.probeIntervalMs ?? 1_000;
  const probeTimeoutMs = options.probeTimeoutMs ?? 2_000;
  const probeFailures = options.probeFailures ?? 3;
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
  const port = Number(new URL(first.url).port);
  let current: ChildDemoChain | null = null;
  let restarts = 0;
  let failedStarts = 0;
  let closed = false;
  let timers: ReturnType<typeof setInterval>[] = [];
  let retry: ReturnType<typeof setTimeout> | undefined;

  function stopWatching() {
    for (const timer of timers) clearInterval(timer);
    timers = [];
  }

  function watch(chain: ChildDemoChain) {
    current = chain;
    failedStarts = 0;
    let killedFor: string | null = null;
    const kill = (why: string, fields: LogFields) => {
      if (killedFor) return;
      killedFor = why;
      write("warn", `Demo chain killed: ${why}`, fields);
      chain.kill("SIGKILL");
    };
    chain.exited.then((exit) => {
      if (closed || current !== chain) return;
      current = null;
      stopWatching();
      const reason = killedFor ?? (exit.lastLine || `exit code ${exit.code}`);
      setHealth("restarting", { reason, code: exit.code, signal: exit.signal });
      scheduleStart(0);
    });
    timers.push(setInterval(() => {
      const rss = residentBytesOf(chain.pid);
      if (rss !== null && rss > maxRssBytes) {
        kill(`over its memory ceiling (${Math.round(rss / 2 ** 20)} MiB > ${Math.round(maxRssBytes / 2 ** 20)} MiB)`, {
          rssBytes: rss,
        });
      }
    }, rssIntervalMs));
    let misses = 0;
    let probing = false;
    timers.push(setInterval(async () => {
      if (probing) return;
      probing = true;
      try {
        const response = await fetch(chain.url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
          signal: AbortSignal.timeout(probeTimeoutMs),
        });
        const answer = await response.json() as { result?: unknown };
        if (typeof answer.result !== "string") throw new Error(`eth_chainId answered ${JSON.stringify(answer)}`);
        misses = 0;
      } catch (error) {
        misses++;
        if (misses >= probeFailures && current === chain) {
          kill(`no answer to ${misses} probes`, { error: errorText(error) });
        }
      } finally {
        probing = false;
      }
    }, probeIntervalMs));
    setHealth("ready", { url: chain.url, pid: chain.pid, restarts });
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
      stopWatching();
      const chain = current;
      current = null;
      await chain?.close();
    },
  };
}
