/**
 * Runs `wrk` (Debian package `wrk`) against a URL and parses its latency
 * distribution and throughput.
 *
 * @module
 */

/** What one wrk run measured. */
export interface LoadResult {
  readonly url: string;
  readonly connections: number;
  readonly seconds: number;
  readonly requests: number;
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p90Ms: number;
  readonly p99Ms: number;
  /** Non-2xx/3xx answers and socket errors; must be 0 for a valid figure. */
  readonly errors: number;
}

function toMs(value: string, unit: string): number {
  const n = Number(value);
  if (unit === "us") return n / 1000;
  if (unit === "ms") return n;
  if (unit === "s") return n * 1000;
  if (unit === "m") return n * 60_000;
  throw new Error(`Cannot parse wrk latency "${value}${unit}": unknown unit`);
}

/** Parses the text wrk prints with `--latency`. */
export function parseWrk(text: string): Omit<LoadResult, "url" | "connections" | "seconds"> {
  const percentile = (p: number) => {
    const match = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, "m").exec(text);
    if (!match) throw new Error(`Cannot parse wrk output: no ${p}% latency in\n${text}`);
    return toMs(match[1], match[2]);
  };
  const rps = /^Requests\/sec:\s+([\d.]+)/m.exec(text);
  const total = /^\s+(\d+) requests in/m.exec(text);
  if (!rps || !total) throw new Error(`Cannot parse wrk output: no throughput in\n${text}`);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(text)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    requests: Number(total[1]),
    requestsPerSecond: Number(rps[1]),
    p50Ms: percentile(50),
    p90Ms: percentile(90),
    p99Ms: percentile(99),
    errors: non2xx + socketErrors,
  };
}

/** Runs wrk with `connections` keep-alive connections on up to 2 threads for `seconds`; `headers` go on every request. */
export async function runWrk(
  url: string,
  connections: number,
  seconds: number,
  headers: Readonly<Record<string, string>> = {},
): Promise<LoadResult> {
  let output: Deno.CommandOutput;
  try {
    output = await new Deno.Command("wrk", {
      args: [
        "-t",
        String(Math.min(2, connections)),
        "-c",
        String(connections),
        "-d",
        `${seconds}s`,
        "--latency",
        ...Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]),
        url,
      ],
      stdout: "piped",
      stderr: "piped",
    }).output();
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw new Error("Cannot find wrk: install it with `apt-get install -y wrk`");
    }
    throw error;
  }
  const text = new TextDecoder().decode(output.stdout);
  if (!output.success) throw new Error(`wrk failed: ${new TextDecoder().decode(output.stderr)}`);
  return { url, connections, seconds, ...parseWrk(text) };
}
