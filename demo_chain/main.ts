/**
 * Runs the demo chain alone: `deno run -A demo_chain/main.ts [--port 8545]
 * [--hostname 127.0.0.1] [--call-budget-ms 5000] [--max-rss-bytes N]`.
 * {@linkcode startDemoChain} runs it as a child process: its first line says
 * where it serves; it stops on SIGINT or SIGTERM and when its stdin closes
 * (the parent is gone).
 *
 * It also ends itself, with one line saying why, when a JSON-RPC call runs
 * past its budget (exit code `OVER_BUDGET_EXIT`: EDR cannot abort the
 * call, and an endless loop grows its trace by about 0.5 GB a second) or its
 * resident memory passes the ceiling (`OVER_MEMORY_EXIT`); its
 * supervisor (`supervisor.ts`) then starts a fresh chain.
 *
 * @module
 */
import { ConfigError } from "../server/config.ts";
import { CALL_BUDGET_MS, MAX_RSS_BYTES, OVER_BUDGET_EXIT, OVER_MEMORY_EXIT, startDemoChainInProcess } from "./mod.ts";

/** How often the process reads its own resident memory. */
const RSS_CHECK_MS = 50;

function flag(name: string): string | undefined {
  const index = Deno.args.indexOf(name);
  return index === -1 ? undefined : Deno.args[index + 1];
}

function exitNow(code: number, why: string): never {
  // Written synchronously: the process ends on the next line.
  Deno.stderr.writeSync(new TextEncoder().encode(`${why}\n`));
  Deno.exit(code);
}

/** This process's resident memory in bytes (Linux), or `null`. */
function residentBytes(): number | null {
  try {
    const kib = /^VmRSS:\s+(\d+) kB/m.exec(Deno.readTextFileSync("/proc/self/status"));
    return kib ? Number(kib[1]) * 1024 : null;
  } catch {
    return null;
  }
}

const port = Number(flag("--port") ?? 0);
const callBudgetMs = Number(flag("--call-budget-ms") ?? CALL_BUDGET_MS);
const maxRssBytes = Number(flag("--max-rss-bytes") ?? MAX_RSS_BYTES);
if (maxRssBytes > 0 && residentBytes() !== null) {
  setInterval(() => {
    const rss = residentBytes();
    if (rss !== null && rss > maxRssBytes) {
      exitNow(
        OVER_MEMORY_EXIT,
        `Demo chain over its memory ceiling: ${Math.round(rss / 2 ** 20)} MiB > ${
          Math.round(maxRssBytes / 2 ** 20)
        } MiB; exiting`,
      );
    }
  }, RSS_CHECK_MS);
}
const started = performance.now();
let chain;
try {
  chain = await startDemoChainInProcess({
    port,
    hostname: flag("--hostname"),
    callBudgetMs,
    onOverBudget: (method, budgetMs) =>
      exitNow(OVER_BUDGET_EXIT, `Demo chain call ${method.slice(0, 64)} ran past its ${budgetMs} ms budget; exiting`),
  });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  Deno.exit(1);
}
console.log(
  `Demo chain JSON-RPC on ${chain.url} (chain id ${chain.chainId}): ${chain.report.tokens} tokens, ` +
    `${chain.report.pools} pools, ${chain.report.transactions} transactions in ${
      Math.round(performance.now() - started)
    } ms`,
);
const stop = () => chain.close().then(() => Deno.exit(0));
Deno.addSignalListener("SIGINT", stop);
Deno.addSignalListener("SIGTERM", stop);
// The parent holds our stdin: when it goes, so do we.
(async () => {
  try {
    for await (const _ of Deno.stdin.readable) { /* nothing is sent */ }
  } catch { /* closed */ }
  await stop();
})();
