/**
 * Starts the real service (`deno run -A server.ts`) as a child process on a
 * free loopback port, for tests that talk to it over HTTP like a crawler or a
 * browser would. Needs the React Router build (`deno task build`; `deno task test`
 * builds it first).
 *
 * @module
 */
import { type Browser, chromium } from "playwright-core";
import { forEachLine } from "../lib/lines.ts";
import { ROOT_DIR } from "../server/paths.ts";
import { SERVICE_V8_FLAGS } from "../server/start/v8_flags.ts";

/** A running service under test. */
export interface TestServer {
  /** Base URL, e.g. `http://127.0.0.1:40123`. */
  readonly url: string;
  /** Process id of the server (for `/proc` figures such as its memory). */
  readonly pid: number;
  /** Every line the process wrote to stdout and stderr so far. */
  readonly output: string[];
  /**
   * The first line written so far or from now on that `matches`: tests wait
   * for a log line with this instead of sleeping. Rejects if the process
   * ends without writing one.
   */
  waitForLine(matches: (line: string) => boolean): Promise<string>;
  /** Stops the process (SIGTERM, then waits for it) and returns its exit status. */
  stop(): Promise<Deno.CommandStatus>;
}

/** Default environment of a test server: loopback, a free port, in-memory KV. */
export const TEST_ENV: Readonly<Record<string, string>> = {
  HOSTNAME: "127.0.0.1",
  PORT: "0",
  DENO_KV_PATH: ":memory:",
};

function pump(stream: ReadableStream<Uint8Array>, output: string[], onLine: (line: string) => void): Promise<void> {
  return forEachLine(stream, (line) => {
    output.push(line);
    onLine(line);
  });
}

/**
 * Starts `server.ts` with {@linkcode TEST_ENV} plus `env`, and resolves once
 * it logs the address it listens on.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { timeoutMs?: number } = {},
): Promise<TestServer> {
  const child = new Deno.Command(Deno.execPath(), {
    // as `deno task start` runs it
    args: ["run", "-A", `--v8-flags=${SERVICE_V8_FLAGS}`, "server.ts"],
    cwd: ROOT_DIR,
    env: { ...TEST_ENV, ...env },
    stdout: "piped",
    stderr: "piped",
    stdin: "null",
  }).spawn();
  const output: string[] = [];
  const ready = Promise.withResolvers<string>();
  const waiters = new Set<{ matches: (line: string) => boolean; resolve: (line: string) => void }>();
  const onLine = (line: string) => {
    const match = /Listening on (http:\/\/[^"\s]+)/.exec(line);
    if (match) ready.resolve(match[1]);
    for (const waiter of waiters) {
      if (!waiter.matches(line)) continue;
      waiters.delete(waiter);
      waiter.resolve(line);
    }
  };
  const pumps = Promise.all([pump(child.stdout, output, onLine), pump(child.stderr, output, onLine)]);
  const status = child.status;
  // The output is read to its end first: a process that exits at once may still have lines in its pipes.
  Promise.all([status, pumps]).then(([s]) =>
    ready.reject(new Error(`server exited with ${s.code} before listening:\n${output.join("\n")}`))
  );
  const timer = setTimeout(
    () => ready.reject(new Error(`server did not listen within ${options.timeoutMs ?? 30_000} ms`)),
    options.timeoutMs ?? 30_000,
  );
  let url: string;
  try {
    url = await ready.promise;
  } catch (error) {
    try {
      child.kill("SIGKILL");
    } catch { /* already gone */ }
    await Promise.all([status, pumps]);
    throw error;
  } finally {
    clearTimeout(timer);
  }
  let stopped: Promise<Deno.CommandStatus> | null = null;
  return {
    url,
    pid: child.pid,
    output,
    waitForLine(matches) {
      const seen = output.find(matches);
      if (seen !== undefined) return Promise.resolve(seen);
      const waiter = Promise.withResolvers<string>();
      const entry = { matches, resolve: waiter.resolve };
      waiters.add(entry);
      // Say how it ended, and its last lines: a process that died under a fault test tells why.
      pumps.then(async () => {
        if (!waiters.delete(entry)) return;
        const ended = await status;
        waiter.reject(
          new Error(
            `the server ended without writing the line (exit code ${ended.code}, signal ${ended.signal ?? "none"}); ` +
              `its last lines:\n${output.slice(-20).join("\n")}`,
          ),
        );
      });
      return waiter.promise;
    },
    stop() {
      stopped ??= (async () => {
        try {
          child.kill("SIGTERM");
        } catch { /* already gone */ }
        const result = await status;
        await pumps;
        return result;
      })();
      return stopped;
    },
  };
}

/**
 * Sends one raw HTTP/1.1 request line over TCP, so that paths reach the
 * server exactly as written (no client-side normalisation of `..`).
 */
export async function rawRequest(baseUrl: string, requestTarget: string, method = "GET"): Promise<
  { status: number; head: string; body: string }
> {
  const { hostname, port } = new URL(baseUrl);
  const conn = await Deno.connect({ hostname, port: Number(port) });
  try {
    const request = `${method} ${requestTarget} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`;
    await conn.write(new TextEncoder().encode(request));
    const chunks: Uint8Array[] = [];
    const buffer = new Uint8Array(64 * 1024);
    while (true) {
      const n = await conn.read(buffer);
      if (n === null) break;
      chunks.push(buffer.slice(0, n));
    }
    const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    const text = new TextDecoder().decode(bytes);
    const split = text.indexOf("\r\n\r\n");
    const head = split >= 0 ? text.slice(0, split) : text;
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
    return { status, head, body: split >= 0 ? text.slice(split + 4) : "" };
  } finally {
    try {
      conn.close();
    } catch { /* closed by peer */ }
  }
}

/**
 * A desktop Chrome User-Agent. Requests that expect the full page send it:
 * `isbot` counts Deno's own (`Deno/2.x`) and headless Chromium's
 * (`HeadlessChrome`) as crawlers, which get the crawler document
 * (`server/previews/crawler.ts`).
 */
export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** Chromium flags for this closed network and a root user. */
export const CHROMIUM_ARGS: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Where `scripts/test.ts` publishes the one Chromium every test file of a `deno task test` run shares. */
export const SHARED_BROWSER_ENV = "TEST_BROWSER_WS_ENDPOINT";

/**
 * Debian's Chromium (`/usr/bin/chromium`, or `CHROMIUM_PATH`) through playwright-core: the browser `deno task test`
 * shares between test files when it runs one (`close()` then only disconnects and drops this file's contexts), or
 * one launched for this file.
 */
export function launchBrowser(): Promise<Browser> {
  const shared = Deno.env.get(SHARED_BROWSER_ENV);
  if (shared) return chromium.connect(shared);
  return chromium.launch({
    executablePath: Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium",
    args: [...CHROMIUM_ARGS],
  });
}
