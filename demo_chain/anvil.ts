/**
 * The demo chain's node: Foundry's Anvil, the native binary of the npm
 * package `@foundry-rs/anvil` (its platform package, e.g.
 * `@foundry-rs/anvil-linux-amd64`, holds `bin/anvil`; the wrapper's
 * postinstall, which npm and Deno block, is not needed: the binary is called
 * directly, and its run bit set here when the package manager dropped it).
 *
 * {@linkcode spawnAnvil} starts one node on loopback: chain id 31337,
 * hardfork Prague, automine, base fee 1 gwei, a 30M block gas limit (which is
 * also what an `eth_call` may burn: an endless loop answers `OutOfGas` in
 * tens of milliseconds), the ten accounts of the `test ... junk` mnemonic
 * with 10 000 ETH each, and no CORS (with `--no-cors` no web page can read
 * an answer or send `application/json`; other content types are refused).
 *
 * @module
 */
import { forEachLine } from "../lib/lines.ts";
import { DEMO_CHAIN_ID } from "./identity.ts";
import { DEV_MNEMONIC } from "./accounts.ts";

/** Block gas limit, which is also the most gas one `eth_call` or `eth_estimateGas` may use: 30 000 000. */
export const BLOCK_GAS_LIMIT = 30_000_000;

/** The platform package of Anvil's binary for this machine, e.g. `anvil-linux-amd64`. */
export function anvilPlatformPackage(os: string = Deno.build.os, arch: string = Deno.build.arch): string {
  const cpu = arch === "x86_64" ? "amd64" : arch === "aarch64" ? "arm64" : null;
  const system = os === "linux" || os === "darwin" ? os : os === "windows" ? "win32" : null;
  if (!cpu || !system) throw new Error(`Anvil has no binary for ${os} on ${arch}`);
  return `anvil-${system}-${cpu}`;
}

/**
 * The path of Anvil's binary in this checkout's `node_modules`: the platform
 * package beside `@foundry-rs/anvil` (Deno's layout links it there), else at
 * the top level (npm's). Sets its run bit if it lacks one.
 */
export function anvilBinary(modules: URL = new URL("../node_modules/", import.meta.url)): string {
  const name = anvilPlatformPackage();
  const file = Deno.build.os === "windows" ? "anvil.exe" : "anvil";
  const candidates: string[] = [];
  try {
    candidates.push(`${Deno.realPathSync(new URL("@foundry-rs/anvil", modules))}/../${name}/bin/${file}`);
  } catch { /* not installed the Deno way */ }
  candidates.push(new URL(`@foundry-rs/${name}/bin/${file}`, modules).pathname);
  for (const path of candidates) {
    let info: Deno.FileInfo;
    try {
      info = Deno.statSync(path);
    } catch {
      continue;
    }
    if (Deno.build.os !== "windows" && info.mode !== null && (info.mode & 0o111) === 0) {
      Deno.chmodSync(path, info.mode | 0o755);
    }
    return Deno.realPathSync(path);
  }
  throw new Error(
    `Cannot find Anvil's binary (@foundry-rs/${name}, bin/${file}) in ${modules.pathname}: run deno task install`,
  );
}

/** Options of {@linkcode spawnAnvil}. */
export interface AnvilOptions {
  /** Port on the interface (0: a free one). */
  readonly port: number;
  /** Interface; default `127.0.0.1`. */
  readonly hostname?: string;
  /** State file loaded at start and written on exit (`--state`). */
  readonly stateFile?: string;
  /** Seconds between two writes of `stateFile` by Anvil (`--state-interval`); default none. */
  readonly stateIntervalSeconds?: number;
  /** State loaded at start and never written (`--load-state`): a deployed template. */
  readonly loadState?: string;
}

/** How an Anvil process ended. */
export interface AnvilExit {
  readonly code: number;
  readonly signal: Deno.Signal | null;
  /** Its last lines of error output (why it ended, when it says). */
  readonly lastLines: string;
}

/** A running Anvil process. */
export interface AnvilProcess {
  /** JSON-RPC endpoint, `http://127.0.0.1:PORT`. */
  readonly url: string;
  readonly pid: number;
  /** Resolves when the process ends, however. */
  readonly exited: Promise<AnvilExit>;
  /** Sends a signal (a test kills it with `SIGKILL`). */
  kill(signal: Deno.Signal): void;
  /** Stops it with `SIGTERM` (it writes its state file first) and waits. */
  close(): Promise<void>;
}

/** Raised when Anvil cannot listen on the port it was given. */
export class AnvilPortInUse extends Error {
  constructor(port: number) {
    super(`Anvil cannot listen on port ${port}: the address is already in use`);
    this.name = "AnvilPortInUse";
  }
}

/** Anvil's command line for `options`. */
export function anvilArgs(options: AnvilOptions): string[] {
  const args = [
    "--host",
    options.hostname ?? "127.0.0.1",
    "--port",
    String(options.port),
    "--chain-id",
    String(DEMO_CHAIN_ID),
    "--hardfork",
    "prague",
    "--gas-limit",
    String(BLOCK_GAS_LIMIT),
    "--block-base-fee-per-gas",
    "1000000000",
    "--mnemonic",
    DEV_MNEMONIC,
    "--accounts",
    "10",
    "--balance",
    "10000",
    "--no-cors",
  ];
  if (options.stateFile) {
    args.push("--state", options.stateFile);
    if (options.stateIntervalSeconds) args.push("--state-interval", String(options.stateIntervalSeconds));
  } else if (options.loadState) args.push("--load-state", options.loadState);
  return args;
}

const LISTENING = /^Listening on ([0-9.]+):(\d+)\s*$/;
const ANVIL_PID = /^anvil-pid (\d+)$/;

/**
 * The shell around Anvil that ends it when its parent dies (Anvil does not
 * watch its parent): it holds the parent's pipe as its stdin, starts Anvil,
 * prints `anvil-pid N`, and when the pipe closes (the parent is gone, even
 * killed with SIGKILL) sends Anvil SIGTERM (it writes its state file first);
 * it exits with Anvil's exit code.
 */
export const PARENT_WATCHDOG = `exec 3<&0
"$0" "$@" 0</dev/null &
anvil=$!
echo "anvil-pid $anvil"
( read -r _ <&3; kill -TERM "$anvil" 2>/dev/null ) &
watcher=$!
wait "$anvil"
code=$?
kill "$watcher" 2>/dev/null
exit "$code"`;

/**
 * Starts Anvil and resolves once it listens. Its request log is read and
 * dropped. On Linux and macOS it runs under {@linkcode PARENT_WATCHDOG}, so it
 * never outlives this process; `pid` is Anvil's own.
 */
export async function spawnAnvil(options: AnvilOptions): Promise<AnvilProcess> {
  const watched = Deno.build.os !== "windows";
  const child = new Deno.Command(watched ? "/bin/sh" : anvilBinary(), {
    args: watched ? ["-c", PARENT_WATCHDOG, anvilBinary(), ...anvilArgs(options)] : anvilArgs(options),
    stdin: watched ? "piped" : "null",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).spawn();
  const errors: string[] = [];
  const listening = Promise.withResolvers<string>();
  let pid = watched ? 0 : child.pid;
  const stdout = forEachLine(child.stdout, (line) => {
    const own = ANVIL_PID.exec(line);
    if (own) pid = Number(own[1]);
    const match = LISTENING.exec(line);
    if (match) listening.resolve(`http://${match[1]}:${match[2]}`);
  }).catch(() => {});
  const stderr = forEachLine(child.stderr, (line) => {
    if (line.trim()) errors.push(line.slice(0, 500));
    if (errors.length > 20) errors.shift();
  }).catch(() => {});
  const exited = child.status.then(async ({ code, signal }) => {
    await Promise.all([stdout, stderr]);
    if (watched) await child.stdin.close().catch(() => {});
    return { code, signal, lastLines: errors.join("\n") };
  });
  exited.then(({ code, lastLines }) => {
    listening.reject(
      /Address already in use/.test(lastLines)
        ? new AnvilPortInUse(options.port)
        : new Error(`Anvil exited with ${code} before listening: ${lastLines.slice(-1000)}`),
    );
  });
  const url = await listening.promise;
  const signal = (name: Deno.Signal) => {
    try {
      if (pid > 0) Deno.kill(pid, name);
    } catch { /* already gone */ }
  };
  let closing: Promise<void> | null = null;
  return {
    url,
    pid,
    exited,
    kill: signal,
    close() {
      closing ??= (async () => {
        signal("SIGTERM");
        await exited;
      })();
      return closing;
    },
  };
}
