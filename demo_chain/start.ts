/**
 * Starting the local demo chain: an Anvil node (`anvil.ts`) with Uniswap V2, V3 and
 * V4, Multicall3, the demo gateway's Ethereum tokens and pools, and ten funded
 * development accounts, served as JSON-RPC over HTTP on loopback.
 *
 * {@linkcode startDemoChain} runs Anvil as a child process and gives it a
 * deployed state: the one in `stateFile` when that holds today's deployment
 * (`state.ts`), else the deployed template of today's digest, else a fresh
 * deployment (`deploy.ts`, which then writes the template). With a
 * `stateFile`, the state is written there within a second of each new block
 * and on exit, so a restarted chain goes on where it stopped.
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
import { copyFile, rm } from "node:fs/promises";
import type { Hex } from "viem";
import { ConfigError } from "../server/config.ts";
import { DEMO_CHAIN_ID } from "./identity.ts";
import { AnvilPortInUse, type AnvilProcess, spawnAnvil } from "./anvil.ts";
import { demoPlan } from "./plan.ts";
import { type EvmNode, httpNode } from "./rpc.ts";
import { deploymentDigest, fileExists, MARKER_ACCOUNT, MARKER_SLOT, templateFile, writeStateDump } from "./state.ts";

/** Options of {@link startDemoChain}. */
export interface DemoChainOptions {
  /** Port on 127.0.0.1 (0: a free port). Default 0. */
  readonly port?: number;
  /** Interface to listen on; default `127.0.0.1`. */
  readonly hostname?: string;
  /**
   * The chain's state file: loaded at start when it holds today's deployment,
   * written every second and on exit. Without one, every start is a fresh
   * deployed chain (from the template) whose state is thrown away.
   */
  readonly stateFile?: string;
}

/** What the chain holds, for the log and the tests. */
export interface DeployReport {
  readonly tokens: number;
  readonly pools: number;
  /** How the state came: `loaded` (the state file), `template` or `deployed`. */
  readonly source: "loaded" | "template" | "deployed";
}

/** How often a chain with a state file checks for a new block to write: 1 s. */
export const PERSIST_EVERY_MS = 1_000;

/** How a demo chain's process ended. */
export interface DemoChainExit {
  readonly code: number;
  readonly signal: Deno.Signal | null;
  /** Its last line of error output (why it exited, when it says). */
  readonly lastLine: string;
}

/** A running demo chain, in its own process. */
export interface ChildDemoChain {
  /** JSON-RPC endpoint, `http://127.0.0.1:PORT`. */
  readonly url: string;
  readonly chainId: number;
  /** What the chain holds and how it got it. */
  readonly report: DeployReport;
  /** The node's JSON-RPC over HTTP, every method (`anvil_*` included): for the deployment and tests. */
  readonly node: EvmNode;
  /** Anvil's process id (its memory is in `/proc/<pid>/status`). */
  readonly pid: number;
  /** Resolves when the process ends, however. */
  readonly exited: Promise<DemoChainExit>;
  /** Sends the process a signal. */
  kill(signal: Deno.Signal): void;
  /** Stops the chain (its state file is written first). */
  close(): Promise<void>;
}

/** A demo chain (the child process of {@link startDemoChain}). */
export type DemoChain = ChildDemoChain;

/** Whether the node's state holds the deployment of `digest`. */
async function holds(node: EvmNode, digest: Hex): Promise<boolean> {
  try {
    const word = await node.request<Hex>("eth_getStorageAt", [MARKER_ACCOUNT, MARKER_SLOT, "latest"]);
    return BigInt(word) === BigInt(digest);
  } catch {
    return false;
  }
}

function childChain(anvil: AnvilProcess, report: DeployReport): ChildDemoChain {
  return {
    url: anvil.url,
    chainId: DEMO_CHAIN_ID,
    report,
    node: httpNode(anvil.url, DEMO_CHAIN_ID),
    pid: anvil.pid,
    exited: anvil.exited.then(({ code, signal, lastLines }) => ({
      code,
      signal,
      lastLine: lastLines.slice(lastLines.lastIndexOf("\n") + 1),
    })),
    kill: (signal) => anvil.kill(signal),
    close: () => anvil.close(),
  };
}

/** Ends a node whose state is not wanted, without letting it write its state file. */
async function discard(anvil: AnvilProcess): Promise<void> {
  anvil.kill("SIGKILL");
  await anvil.exited;
}

/**
 * Starts a demo chain in a child process and resolves once it serves its
 * deployed state. A busy `port` is a {@linkcode ConfigError} naming
 * `DEMO_CHAIN_PORT`.
 */
export async function startDemoChain(options: DemoChainOptions = {}): Promise<ChildDemoChain> {
  const port = options.port ?? 0;
  try {
    return await startOnce(port, options);
  } catch (error) {
    if (error instanceof AnvilPortInUse) {
      throw new ConfigError(`Cannot listen on DEMO_CHAIN_PORT ${port}: the address is already in use`);
    }
    throw error;
  }
}

async function startOnce(port: number, options: DemoChainOptions): Promise<ChildDemoChain> {
  const plan = demoPlan();
  const digest = deploymentDigest(plan);
  const template = templateFile(digest);
  const counts = { tokens: plan.tokens.length, pools: plan.pools.length };
  const { stateFile, hostname } = options;
  const spawn = (loadState?: string) => spawnAnvil({ port, hostname, stateFile, loadState });

  // 1. The state file, when it holds today's deployment (a restart, or the service started again).
  if (stateFile && fileExists(stateFile)) {
    const anvil = await spawn().catch((error) => {
      if (error instanceof AnvilPortInUse) throw error;
      return null; // an unreadable state file: deployed again below
    });
    if (anvil && await holds(httpNode(anvil.url, DEMO_CHAIN_ID), digest)) {
      return await persisted(childChain(anvil, { ...counts, source: "loaded" }), stateFile);
    }
    if (anvil) await discard(anvil);
    await rm(stateFile, { force: true });
  }
  // 2. The deployed template.
  if (fileExists(template)) {
    if (stateFile) await copyFile(template, stateFile);
    const anvil = await spawn(stateFile ? undefined : template).catch((error) => {
      if (error instanceof AnvilPortInUse) throw error;
      return null;
    });
    if (anvil && await holds(httpNode(anvil.url, DEMO_CHAIN_ID), digest)) {
      return await persisted(childChain(anvil, { ...counts, source: "template" }), stateFile);
    }
    if (anvil) await discard(anvil);
    await rm(template, { force: true });
    if (stateFile) await rm(stateFile, { force: true });
  }
  // 3. A fresh deployment, in a child process (`deploy_main.ts`: its heap is not ours), into a node of its own,
  // which becomes the template without the deployment's history; then the chain starts from it.
  await deployTemplateInChild();
  if (!fileExists(template)) throw new Error(`The demo chain's deployment wrote no template ${template}`);
  if (stateFile) await copyFile(template, stateFile);
  const anvil = await spawn(stateFile ? undefined : template);
  return await persisted(childChain(anvil, { ...counts, source: "deployed" }), stateFile);
}

/**
 * Keeps `stateFile` current: once a second, when the chain has a new block,
 * its state is dumped and written (atomically) there, so a chain that is
 * killed loses at most the last second. Anvil writes it on a clean exit too.
 */
async function persisted(
  chain: ChildDemoChain,
  stateFile: string | undefined,
  everyMs = PERSIST_EVERY_MS,
): Promise<ChildDemoChain> {
  if (!stateFile) return chain;
  // The state as loaded is on disk already.
  let written = await chain.node.request<string>("eth_blockNumber", []);
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      const block = await chain.node.request<string>("eth_blockNumber", []);
      if (block !== written) {
        await writeStateDump(await chain.node.request<Hex>("anvil_dumpState", []), stateFile);
        written = block;
      }
    } catch { /* down: the supervisor sees the exit */ }
    busy = false;
  }, everyMs);
  chain.exited.then(() => clearInterval(timer));
  return {
    ...chain,
    close() {
      clearInterval(timer);
      return chain.close();
    },
  };
}

/** Runs `template.ts`'s `deployTemplate` in a child process (`deploy_main.ts`) and resolves when it is written. */
async function deployTemplateInChild(): Promise<void> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("./deploy_main.ts", import.meta.url).pathname],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (code !== 0) {
    const text = new TextDecoder().decode(stderr).trim() || new TextDecoder().decode(stdout).trim();
    throw new Error(`The demo chain's deployment failed (exit ${code}): ${text.slice(-1500)}`);
  }
}
