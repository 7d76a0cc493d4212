/**
 * The `/rpc` proxy in front of the real, supervised demo chain under abuse
 * (issue 25, break 1): the endless-loop contract creation `0x5b600056` as
 * `eth_call` and `eth_estimateGas` (answered within 10 s, the chain's RSS
 * under 1 GB, the next read 200 within 15 s), a chain killed from outside
 * (503 while it restarts, then 200), another site's origin and `text/plain`
 * or form bodies (refused without reaching the chain), and a client over its
 * rate (429) while another client is served.
 *
 * The proxy (`server/proxies/rpc_proxy.ts`) and the supervisor
 * (`demo_chain/supervisor.ts`) are first composed here as the service
 * composes them (the proxy served by `Deno.serve`, `health` from the
 * supervisor, the client from a header the test sets), then the last test
 * runs the same cases against the whole service (`server.ts`, its demo chain
 * found by the `Demo chain ready` log lines, clients told apart by
 * `X-Forwarded-For` under `TRUST_PROXY=1`).
 */
import assert from "node:assert/strict";
import { createRpcProxy } from "../server/proxies/rpc_proxy.ts";
import { DEMO_EVM_CHAIN } from "../demo_chain/identity.ts";
import { residentBytesOf, startSupervisedDemoChain, type SupervisedDemoChain } from "../demo_chain/supervisor.ts";
import { startServer, type TestServer } from "./server_harness.ts";

/** JUMPDEST PUSH1 0 JUMP: a creation code that loops until its gas runs out. */
const ENDLESS_LOOP = "0x5b600056";
const GIB = 1024 ** 3;

interface Harness {
  readonly url: string;
  readonly chain: SupervisedDemoChain;
  close(): Promise<void>;
}

async function startHarness(): Promise<Harness> {
  const chain = await startSupervisedDemoChain({ port: 0, log: () => {} });
  const proxy = createRpcProxy({
    targets: { ethereum: { url: chain.url, chain: DEMO_EVM_CHAIN, local: true } },
    health: () => chain.health(),
    clientOf: (request) => request.headers.get("x-test-client") ?? "unknown",
    rate: { perSecond: 5, burst: 20 },
  });
  const listening = Promise.withResolvers<Deno.NetAddr>();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: (addr) => listening.resolve(addr as Deno.NetAddr) },
    async (request) => (await proxy(request)) ?? new Response("Not Found", { status: 404 }),
  );
  const addr = await listening.promise;
  return {
    url: `http://127.0.0.1:${addr.port}`,
    chain,
    async close() {
      await server.shutdown();
      await chain.close();
    },
  };
}

let clients = 0;

/** Posts one JSON-RPC call to `/rpc/ethereum`, as a fresh client unless `client` is given. */
async function post(
  harness: Harness,
  method: string,
  params: unknown[],
  init: { client?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Headers; body: { result?: unknown; error?: { code: number } } | null }> {
  const response = await fetch(`${harness.url}/rpc/ethereum`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-test-client": init.client ?? `client-${++clients}`,
      ...init.headers,
    },
    body: init.body ?? JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let body = null;
  try {
    body = JSON.parse(text);
  } catch { /* not JSON */ }
  return { status: response.status, headers: response.headers, body };
}

/** Samples the RSS of whichever chain process serves, every 20 ms: the peak in bytes when stopped. */
function watchPeak(chain: SupervisedDemoChain): { stop(): number } {
  let peak = 0;
  const timer = setInterval(() => {
    const pid = chain.pid();
    if (pid !== null) peak = Math.max(peak, residentBytesOf(pid) ?? 0);
  }, 20);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

/** Reads `eth_blockNumber` until it answers 200, for at most `ms`: the statuses seen and the time taken. */
async function readUntilOk(harness: Harness, ms: number): Promise<{ statuses: number[]; ms: number }> {
  const started = performance.now();
  const statuses: number[] = [];
  while (performance.now() - started < ms) {
    const { status, body } = await post(harness, "eth_blockNumber", []);
    statuses.push(status);
    if (status === 200) {
      assert.match(String(body?.result), /^0x[0-9a-f]+$/);
      return { statuses, ms: performance.now() - started };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no 200 within ${ms} ms: ${statuses.join(", ")}`);
}

for (const method of ["eth_call", "eth_estimateGas"]) {
  Deno.test(`the endless-loop ${method} through /rpc: answered within 10 s, chain RSS under 1 GB, reads again`, async () => {
    const harness = await startHarness();
    try {
      assert.equal((await post(harness, "eth_chainId", [])).body?.result, "0x7a69");
      const peak = watchPeak(harness.chain);
      const started = performance.now();
      const params = method === "eth_call" ? [{ data: ENDLESS_LOOP }, "latest"] : [{ data: ENDLESS_LOOP }];
      // As the red team sent it: text/plain, which no longer passes (415, the chain never sees it).
      const plain = await post(harness, method, [], {
        headers: { "content-type": "text/plain" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
      });
      assert.equal(plain.status, 415);
      const loop = await post(harness, method, params);
      const answeredMs = performance.now() - started;
      assert.ok(answeredMs < 10_000, `answered after ${Math.round(answeredMs)} ms`);
      // The chain went down under the call (over its memory ceiling): 503 while it restarts.
      assert.equal(loop.status, 503, JSON.stringify(loop.body));
      assert.ok(Number(loop.headers.get("retry-after")) >= 1);
      assert.equal(loop.body?.error?.code, -32603);
      const next = await readUntilOk(harness, 15_000);
      const peakBytes = peak.stop();
      assert.ok(peakBytes > 0 && peakBytes < GIB, `chain peak RSS ${Math.round(peakBytes / 2 ** 20)} MiB`);
      assert.equal(harness.chain.restarts(), 1);
      console.log(
        `${method}: answered ${loop.status} after ${Math.round(answeredMs)} ms, chain peak RSS ` +
          `${Math.round(peakBytes / 2 ** 20)} MiB, next read 200 after ${Math.round(next.ms)} ms (${
            next.statuses.join(", ")
          })`,
      );
    } finally {
      await harness.close();
    }
  });
}

Deno.test("a chain killed from outside: /rpc answers 503 with Retry-After while it restarts, then 200", async () => {
  const harness = await startHarness();
  try {
    Deno.kill(harness.chain.pid()!, "SIGKILL");
    await harness.chain.whenHealth("restarting");
    const down = await post(harness, "eth_blockNumber", []);
    assert.equal(down.status, 503);
    assert.ok(Number(down.headers.get("retry-after")) >= 1);
    assert.equal(down.body?.error?.code, -32603);
    const next = await readUntilOk(harness, 15_000);
    assert.equal(next.statuses.at(-1), 200);
    assert.equal(harness.chain.restarts(), 1);
  } finally {
    await harness.close();
  }
});

Deno.test("another site's origin and non-JSON bodies are refused; the own origin and wallets are answered", async () => {
  const harness = await startHarness();
  try {
    const call = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] });
    const foreign = await post(harness, "eth_chainId", [], { headers: { origin: "https://evil.example" } });
    assert.equal(foreign.status, 403);
    const preflight = await fetch(`${harness.url}/rpc/ethereum`, {
      method: "OPTIONS",
      headers: {
        origin: "https://evil.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    await preflight.body?.cancel();
    assert.equal(preflight.status, 403);
    assert.equal(preflight.headers.get("access-control-allow-origin"), null);
    for (const type of ["text/plain", "application/x-www-form-urlencoded"]) {
      assert.equal((await post(harness, "", [], { headers: { "content-type": type }, body: call })).status, 415, type);
    }
    const own = await post(harness, "eth_chainId", [], { headers: { origin: harness.url } });
    assert.equal(own.status, 200);
    assert.equal(own.headers.get("access-control-allow-origin"), harness.url);
    const wallet = await post(harness, "eth_chainId", []);
    assert.equal(wallet.status, 200);
    assert.equal(wallet.body?.result, "0x7a69");
  } finally {
    await harness.close();
  }
});

Deno.test("a client over its /rpc rate gets 429 with Retry-After while another client is served", async () => {
  const harness = await startHarness();
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await post(harness, "eth_blockNumber", [], { client: "greedy" })).status);
    }
    assert.ok(statuses.slice(0, 20).every((status) => status === 200), statuses.join(", "));
    const limited = await post(harness, "eth_blockNumber", [], { client: "greedy" });
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get("retry-after")) >= 1);
    assert.equal(limited.body?.error?.code, -32005);
    assert.equal((await post(harness, "eth_blockNumber", [], { client: "patient" })).status, 200);
  } finally {
    await harness.close();
  }
});

/** The pid of the demo chain serving now, from the service's last `Demo chain ready` line. */
function chainPidOf(server: TestServer): number | null {
  for (let i = server.output.length - 1; i >= 0; i--) {
    const line = server.output[i];
    if (!line.includes('"Demo chain ')) continue;
    const entry = JSON.parse(line) as { msg: string; pid?: number };
    if (entry.msg === "Demo chain ready") return entry.pid ?? null;
    if (entry.msg === "Demo chain restarting" || entry.msg === "Demo chain failed") return null;
  }
  return null;
}

Deno.test("the whole service: /rpc holds the endless loop, a killed chain, other origins and a greedy client", async () => {
  const server = await startServer({ TRUST_PROXY: "1" });
  const rpcUrl = `${server.url}/rpc/ethereum`;
  const send = async (
    body: unknown,
    { client = "10.0.0.1", headers = {} }: { client?: string; headers?: Record<string, string> } = {},
  ) => {
    const response = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": client, ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text };
  };
  const call = (method: string, params: unknown[]) => ({ jsonrpc: "2.0", id: 1, method, params });
  let readers = 0;
  /** Reads until 200 (a fresh client each time), for at most `ms`. */
  const readUntil200 = async (ms: number) => {
    const started = performance.now();
    const statuses: number[] = [];
    while (performance.now() - started < ms) {
      const { status, text } = await send(call("eth_blockNumber", []), { client: `10.1.0.${++readers % 250}` });
      statuses.push(status);
      if (status === 200) {
        assert.match(JSON.parse(text).result, /^0x[0-9a-f]+$/);
        return performance.now() - started;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`no 200 within ${ms} ms: ${statuses.join(", ")}`);
  };
  try {
    // The chain deploys in the background; /rpc waits for it.
    assert.equal(JSON.parse((await send(call("eth_chainId", []))).text).result, "0x7a69");
    await server.waitForLine((line) => line.includes('"Demo chain ready"'));
    assert.ok(chainPidOf(server), "the service logs the chain's pid");

    // Another site's page: refused, and so is its preflight; text/plain and forms: 415.
    const loop = call("eth_call", [{ data: ENDLESS_LOOP }, "latest"]);
    assert.equal((await send(loop, { headers: { origin: "https://evil.example" } })).status, 403);
    const preflight = await fetch(rpcUrl, {
      method: "OPTIONS",
      headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
    });
    await preflight.body?.cancel();
    assert.equal(preflight.status, 403);
    assert.equal(preflight.headers.get("access-control-allow-origin"), null);
    for (const type of ["text/plain", "application/x-www-form-urlencoded"]) {
      assert.equal((await send(JSON.stringify(loop), { headers: { "content-type": type } })).status, 415, type);
    }
    // The service's own origin is answered, with CORS naming it.
    const own = await send(call("eth_chainId", []), { headers: { origin: server.url } });
    assert.equal(own.status, 200);
    assert.equal(own.headers.get("access-control-allow-origin"), server.url);

    // The endless loop, as eth_call then eth_estimateGas: answered within 10 s, the chain under 1 GB, reads again.
    for (const method of ["eth_call", "eth_estimateGas"]) {
      let peak = 0;
      const sampler = setInterval(() => {
        const pid = chainPidOf(server);
        if (pid !== null) peak = Math.max(peak, residentBytesOf(pid) ?? 0);
      }, 20);
      const started = performance.now();
      const params = method === "eth_call" ? [{ data: ENDLESS_LOOP }, "latest"] : [{ data: ENDLESS_LOOP }];
      const answer = await send(call(method, params), { client: `10.2.0.${method.length}` });
      const answeredMs = performance.now() - started;
      const readMs = await readUntil200(15_000);
      clearInterval(sampler);
      assert.ok(answeredMs < 10_000, `${method} answered after ${Math.round(answeredMs)} ms`);
      assert.equal(answer.status, 503, answer.text);
      assert.ok(peak > 0 && peak < GIB, `${method}: chain peak RSS ${Math.round(peak / 2 ** 20)} MiB`);
      console.log(
        `service, ${method}: ${answer.status} after ${Math.round(answeredMs)} ms, chain peak RSS ` +
          `${Math.round(peak / 2 ** 20)} MiB, next read 200 after ${Math.round(readMs)} ms`,
      );
    }
    assert.ok(server.output.some((line) => line.includes('"Demo chain restarting"')));

    // A chain killed from outside: 503 with Retry-After while it restarts, then 200.
    const restarts = server.output.filter((line) => line.includes('"Demo chain restarting"')).length;
    // The ready line may still be queued in the service's log batch.
    while (chainPidOf(server) === null) await new Promise((resolve) => setTimeout(resolve, 50));
    Deno.kill(chainPidOf(server)!, "SIGKILL");
    await server.waitForLine(() =>
      server.output.filter((line) => line.includes('"Demo chain restarting"')).length > restarts
    );
    const down = await send(call("eth_blockNumber", []), { client: "10.3.0.1" });
    assert.equal(down.status, 503, down.text);
    assert.ok(Number(down.headers.get("retry-after")) >= 1);
    await readUntil200(15_000);

    // One client over its rate (batches of 50 calls count 50): 429 with Retry-After; another client is served.
    const batch = Array.from({ length: 50 }, (_, id) => ({ jsonrpc: "2.0", id, method: "eth_blockNumber" }));
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await send(batch, { client: "10.4.0.1" })).status);
    assert.ok(statuses.includes(429), statuses.join(", "));
    const limited = await send(batch, { client: "10.4.0.1" });
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get("retry-after")) >= 1);
    assert.equal(JSON.parse(limited.text).error.code, -32005);
    assert.equal((await send(call("eth_blockNumber", []), { client: "10.4.0.2" })).status, 200);

    // The chain's health is in the log: one line per change, each restart with its reason.
    const restarting = server.output.filter((line) => line.includes('"Demo chain restarting"'))
      .map((line) => JSON.parse(line) as { reason?: string });
    assert.ok(restarting.length >= 3, `${restarting.length} restarts logged`);
    assert.ok(restarting.every((entry) => typeof entry.reason === "string" && entry.reason.length > 0));
  } finally {
    await server.stop();
  }
});
