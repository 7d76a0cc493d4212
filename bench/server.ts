/**
 * Spawns the real service as `deno task start` runs it (`deno run -A
 * --v8-flags=... server.ts`, `server/start/v8_flags.ts`) for benchmarks, keeping
 * its process id so that its memory can be read from `/proc`, and timing the
 * start from spawn to the first successful request.
 *
 * @module
 */
import { ROOT_DIR } from "../server/paths.ts";
import { SERVICE_V8_FLAGS } from "../server/start/v8_flags.ts";

/** A service process under benchmark. */
export interface BenchServer {
  /** Base URL, e.g. `http://127.0.0.1:40123`. */
  readonly url: string;
  /** Process id of the server. */
  readonly pid: number;
  /** Milliseconds from spawn to the "Listening on" line. */
  readonly listenMs: number;
  /** `performance.now()` at spawn. */
  readonly spawnedAt: number;
  /** Stops the process (SIGTERM, then SIGKILL after 5 s). */
  stop(): Promise<void>;
}

/** The ids of `pid` and of every process under it (children, theirs, ...), from `/proc/{pid}/task/{tid}/children`. */
export async function processTree(pid: number): Promise<number[]> {
  const all = [pid];
  for (let i = 0; i < all.length; i++) {
    let tasks: string[];
    try {
      tasks = [];
      for await (const entry of Deno.readDir(`/proc/${all[i]}/task`)) tasks.push(entry.name);
    } catch {
      continue; // exited meanwhile
    }
    for (const tid of tasks) {
      try {
        const children = await Deno.readTextFile(`/proc/${all[i]}/task/${tid}/children`);
        for (const child of children.split(" ")) if (child.trim()) all.push(Number(child));
      } catch {
        // the thread ended meanwhile
      }
    }
  }
  return [...new Set(all)];
}

/** Memory of a process tree: its processes, their summed resident set size, and each one's. */
export interface TreeMemory {
  /** Summed VmRSS of every process in the tree, bytes. */
  readonly rss: number;
  /** Each process: id, command name, VmRSS. */
  readonly processes: readonly { readonly pid: number; readonly name: string; readonly rss: number }[];
}

/**
 * The resident memory of `pid` and every process under it (the service's
 * render workers, a side's children), read from `/proc/{pid}/status`; a
 * process that exits while it is read counts 0.
 */
export async function treeMemoryOf(pid: number): Promise<TreeMemory> {
  const processes = [];
  for (const id of await processTree(pid)) {
    try {
      const status = await Deno.readTextFile(`/proc/${id}/status`);
      const name = /^Name:\s+(.*)$/m.exec(status)?.[1] ?? "?";
      const rss = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
      processes.push({ pid: id, name, rss });
    } catch {
      // exited meanwhile
    }
  }
  return { rss: processes.reduce((sum, p) => sum + p.rss, 0), processes };
}

/**
 * Samples {@linkcode treeMemoryOf} every `everyMs` until stopped; `stop()`
 * gives the highest summed RSS seen, the sample it was seen in, and the last sample.
 */
export function sampleTreeMemory(
  pid: number,
  everyMs = 100,
): { stop(): Promise<{ peak: number; peakTree: TreeMemory | null; last: TreeMemory | null; samples: number }> } {
  let peak = 0;
  let peakTree: TreeMemory | null = null;
  let last: TreeMemory | null = null;
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      last = await treeMemoryOf(pid);
      samples++;
      if (last.rss > peak) {
        peak = last.rss;
        peakTree = last;
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { peak, peakTree, last, samples };
    },
  };
}

/** Starts the service with loopback defaults plus `env`, resolving once it listens. */
export function spawnServer(env: Record<string, string>): Promise<BenchServer> {
  return spawnListening(Deno.execPath(), ["run", "-A", `--v8-flags=${SERVICE_V8_FLAGS}`, "server.ts"], {
    cwd: ROOT_DIR,
    env: { HOSTNAME: "127.0.0.1", PORT: "0", DENO_KV_PATH: ":memory:", ...env },
  });
}

/**
 * Starts any process that prints `Listening on http://...` once it listens
 * (the service, the Node peer, the bare server), resolving then.
 */
export async function spawnListening(
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<BenchServer> {
  const spawnedAt = performance.now();
  const child = new Deno.Command(command, {
    args,
    cwd: options.cwd ?? ROOT_DIR,
    env: options.env,
    stdout: "piped",
    stderr: "piped",
    stdin: "null",
  }).spawn();
  const ready = Promise.withResolvers<string>();
  const tail: string[] = [];
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    let buffer = "";
    for await (const chunk of stream) {
      buffer += decoder.decode(chunk, { stream: true });
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      for (const line of lines) {
        const match = /Listening on (http:\/\/[^"\s]+)/.exec(line);
        if (match) ready.resolve(match[1]);
        // keep only warnings and errors: request lines would grow without bound
        if (!line.includes('"msg":"request"')) tail.push(line);
        if (tail.length > 200) tail.shift();
      }
    }
  };
  const pumps = Promise.all([pump(child.stdout), pump(child.stderr)]);
  child.status.then((s) => ready.reject(new Error(`server exited with ${s.code}:\n${tail.join("\n")}`)));
  const timer = setTimeout(() => ready.reject(new Error("server did not listen within 60 s")), 60_000);
  let url: string;
  try {
    url = await ready.promise;
  } finally {
    clearTimeout(timer);
  }
  const listenMs = performance.now() - spawnedAt;
  return {
    url,
    pid: child.pid,
    listenMs,
    spawnedAt,
    async stop() {
      try {
        child.kill("SIGTERM");
      } catch { /* gone */ }
      const kill = setTimeout(() => {
        try {
          child.kill("SIGKILL");
        } catch { /* gone */ }
      }, 5_000);
      await child.status;
      clearTimeout(kill);
      await pumps;
    },
  };
}

/** Polls `url` every 5 ms until it answers 200; resolves with the body. */
export async function firstOk(url: string, timeoutMs = 60_000): Promise<Uint8Array> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    try {
      const response = await fetch(url);
      const body = new Uint8Array(await response.arrayBuffer());
      if (response.status === 200) return body;
    } catch { /* not up yet */ }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/**
 * CPU time (user + system, ms) of `pid` and every process under it so far, from `/proc/{pid}/stat`: what the
 * first image cost a side on a shared machine, which swings less with other load than the wall time.
 */
export async function treeCpuMs(pid: number): Promise<number> {
  const tick = 100; // USER_HZ on Linux
  let total = 0;
  for (const id of await processTree(pid)) {
    try {
      const stat = await Deno.readTextFile(`/proc/${id}/stat`);
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += (Number(fields[11]) + Number(fields[12])) * 1000 / tick; // utime, stime
    } catch {
      // exited meanwhile
    }
  }
  return total;
}
