import assert from "node:assert/strict";
import { residentBytesOf, startSupervisedDemoChain, type SupervisedDemoChain } from "./supervisor.ts";
import type { LogFields, LogLevel } from "../server/log.ts";
import { ETHEREUM_CONTRACTS } from "../lib/chains.ts";
import { OVER_BUDGET_EXIT, startDemoChain } from "./mod.ts";

/** The endless-loop contract creation of issue 25: JUMPDEST PUSH1 0 JUMP. */
const ENDLESS_LOOP = "0x5b600056";
const GIB = 1024 ** 3;

async function rpc(url: string, method: string, params: unknown[] = [], timeoutMs = 15_000) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  return await response.json() as { result?: unknown; error?: { code: number; message: string } };
}

/** Samples the resident memory of whichever chain serves, every 20 ms, until stopped: the peak in bytes. */
function watchPeak(chain: SupervisedDemoChain) {
  let peak = 0;
  const pids = new Set<number>();
  const timer = setInterval(() => {
    const pid = chain.pid();
    if (pid === null) return;
    pids.add(pid);
    peak = Math.max(peak, residentBytesOf(pid) ?? 0);
  }, 20);
  return { stop: () => (clearInterval(timer), { peak, pids }) };
}

function withLog() {
  const lines: { level: LogLevel; msg: string; fields?: LogFields }[] = [];
  return { lines, log: (level: LogLevel, msg: string, fields?: LogFields) => void lines.push({ level, msg, fields }) };
}

Deno.test("an endless-loop eth_call kills the chain under 1 GB and a fresh chain serves on the same URL", async () => {
  const { lines, log } = withLog();
  const chain = await startSupervisedDemoChain({ port: 0, log });
  try {
    assert.equal(chain.health(), "ready");
    const firstPid = chain.pid();
    const peak = watchPeak(chain);
    const started = performance.now();
    // The chain dies under the call (over its memory ceiling): the connection closes without an answer.
    const loop = await rpc(chain.url, "eth_call", [{ data: ENDLESS_LOOP }, "latest"]).catch((error) => error);
    const loopMs = performance.now() - started;
    assert.ok(loop instanceof Error, `the loop answered ${JSON.stringify(loop)}`);
    assert.ok(loopMs < 10_000, `the loop took ${Math.round(loopMs)} ms`);
    await chain.whenHealth("restarting");
    await chain.whenHealth("ready");
    const readyMs = performance.now() - started;
    const { peak: peakBytes } = peak.stop();
    assert.ok(peakBytes > 0 && peakBytes < GIB, `peak RSS ${Math.round(peakBytes / 2 ** 20)} MiB`);
    assert.ok(readyMs < 15_000, `ready again after ${Math.round(readyMs)} ms`);
    assert.notEqual(chain.pid(), firstPid);
    assert.equal(chain.restarts(), 1);
    // Redeployed: the Uniswap contracts are there again, and the chain answers reads.
    assert.equal((await rpc(chain.url, "eth_chainId")).result, "0x7a69");
    const code = (await rpc(chain.url, "eth_getCode", [ETHEREUM_CONTRACTS.v3Factory, "latest"])).result as string;
    assert.ok(code.length > 1000, "V3 factory code redeployed");
    // One line per state change, naming why.
    const changes = lines.filter((line) => /^Demo chain (ready|restarting|failed)$/.test(line.msg));
    assert.deepEqual(changes.map((line) => line.msg), [
      "Demo chain ready",
      "Demo chain restarting",
      "Demo chain ready",
    ]);
    // Over its memory ceiling, or (on a loaded machine, where the loop runs slower) past its 5 s call budget.
    assert.match(String(changes[1].fields?.reason), /memory ceiling|budget/);
    console.log(
      `endless loop: failed after ${Math.round(loopMs)} ms, peak RSS ${Math.round(peakBytes / 2 ** 20)} MiB, ` +
        `ready again after ${Math.round(readyMs)} ms`,
    );
  } finally {
    await chain.close();
  }
});

Deno.test("a chain killed from outside or stopped (no answer to probes) is restarted", async () => {
  const { lines, log } = withLog();
  const chain = await startSupervisedDemoChain({ port: 0, log, probeIntervalMs: 300, probeTimeoutMs: 500 });
  try {
    Deno.kill(chain.pid()!, "SIGKILL");
    await chain.whenHealth("restarting");
    assert.equal(chain.pid(), null);
    await chain.whenHealth("ready");
    assert.equal((await rpc(chain.url, "eth_chainId")).result, "0x7a69");

    // A chain that stops answering (SIGSTOP: alive, silent) is killed after 3 missed probes.
    const stopped = chain.pid()!;
    Deno.kill(stopped, "SIGSTOP");
    await chain.whenHealth("restarting");
    await chain.whenHealth("ready");
    assert.notEqual(chain.pid(), stopped);
    assert.equal((await rpc(chain.url, "eth_chainId")).result, "0x7a69");
    assert.equal(chain.restarts(), 2);
    assert.ok(lines.some((line) => /no answer to 3 probes/.test(line.msg)), JSON.stringify(lines));
  } finally {
    await chain.close();
  }
  assert.equal(chain.pid(), null);
});

Deno.test("a call past its time budget ends the chain process with a line that says so", async () => {
  // No memory ceiling here: the budget alone ends the loop.
  const chain = await startDemoChain({ port: 0, callBudgetMs: 300, maxRssBytes: 0 });
  try {
    const loop = await rpc(chain.url, "eth_estimateGas", [{ data: ENDLESS_LOOP }]).catch((error) => error);
    assert.ok(loop instanceof Error, `the loop answered ${JSON.stringify(loop)}`);
    const exit = await chain.exited;
    assert.equal(exit.code, OVER_BUDGET_EXIT);
    assert.match(exit.lastLine, /call eth_estimateGas ran past its 300 ms budget/);
  } finally {
    await chain.close();
  }
});
