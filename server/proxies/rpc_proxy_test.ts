import assert from "node:assert/strict";
import {
  CALL_GAS_CAP,
  capCallGas,
  type ChainHealth,
  createRpcProxy,
  MAX_REQUEST_BYTES,
  RATE_BURST,
  rpcTargets,
} from "./rpc_proxy.ts";
import { EVM_CHAINS, type EvmChain } from "../../lib/chains.ts";
import { flushLog, setLogSink } from "../log.ts";

const KEYED_URL = "https://rpc.example/v2/SECRET-KEY";
const RAW_TX = "0x02f8b1827a69808459682f00850c2f44f2a08301b0f294e592427a0aece92de3edee1f18e0157c05861564";

function upstream(answer?: (call: { id: unknown; method: string }) => unknown) {
  const seen: { url: string; body: unknown }[] = [];
  const fake: typeof fetch = (input, init) => {
    const body = JSON.parse(String(init?.body));
    seen.push({ url: String(input), body });
    const one = (call: { id: unknown; method: string }) =>
      answer ? answer(call) : { jsonrpc: "2.0", id: call.id, result: `${call.method}-result` };
    return Promise.resolve(Response.json(Array.isArray(body) ? body.map(one) : one(body)));
  };
  return { seen, fake };
}

function post(path: string, body: unknown): Request {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const keyed = rpcTargets({ ethereum: KEYED_URL });

/** A local chain as the demo chain's port hands it over (the proxy knows no demo). */
const LOCAL_CHAIN: EvmChain = { ...EVM_CHAINS.ethereum, chainId: 31337, label: "Local chain", explorer: null };
const local = { ethereum: { url: "http://127.0.0.1:9", chain: LOCAL_CHAIN, local: true } };

Deno.test("rpcTargets: the configured chains with a known deployment, none without RPC_URL_*", () => {
  assert.deepEqual(rpcTargets({}), {});
  assert.deepEqual(keyed, { ethereum: { url: KEYED_URL, chain: EVM_CHAINS.ethereum, local: false } });
  assert.deepEqual(Object.keys(rpcTargets({ ethereum: KEYED_URL, nowhere: KEYED_URL })), ["ethereum"]);
});

Deno.test("GET /rpc lists the chains with their proxy path and never the upstream URL", async () => {
  const proxy = createRpcProxy({ targets: keyed, walletConnectProjectId: "wc-id", fetch: upstream().fake });
  const response = (await proxy(new Request("http://localhost/rpc")))!;
  const text = await response.text();
  assert.equal(response.status, 200);
  assert.ok(!text.includes("SECRET") && !text.includes("rpc.example"));
  const directory = JSON.parse(text);
  assert.equal(directory.walletConnectProjectId, "wc-id");
  assert.deepEqual(directory.chains.map((c: { rpcPath: string; chainId: number }) => [c.rpcPath, c.chainId]), [
    ["/rpc/ethereum", 1],
  ]);
  assert.equal(await proxy(new Request("http://localhost/swap")), null);
  assert.equal((await proxy(new Request("http://localhost/rpc", { method: "POST" })))!.status, 405);
});

Deno.test("GET /rpc publishes the WalletConnect project id and relay together, or neither", async () => {
  const directory = async (
    options: { walletConnectProjectId?: string | null; walletConnectRelayUrl?: string | null },
  ) =>
    await (await createRpcProxy({ targets: keyed, fetch: upstream().fake, ...options })(
      new Request("http://localhost/rpc"),
    ))!.json();
  const on = await directory({ walletConnectProjectId: "wc-id", walletConnectRelayUrl: "ws://127.0.0.1:4444" });
  assert.equal(on.walletConnectProjectId, "wc-id");
  assert.equal(on.walletConnectRelayUrl, "ws://127.0.0.1:4444");
  for (const off of [{}, { walletConnectProjectId: null, walletConnectRelayUrl: "ws://127.0.0.1:4444" }]) {
    const answer = await directory(off);
    assert.equal(answer.walletConnectProjectId, null);
    assert.equal(answer.walletConnectRelayUrl, null);
  }
});

Deno.test("reads, simulations and raw transactions pass; signing and node-control methods never reach the RPC", async () => {
  const { seen, fake } = upstream();
  const proxy = createRpcProxy({ targets: keyed, fetch: fake });
  const ok = await (await proxy(post("/rpc/ethereum", { jsonrpc: "2.0", id: 7, method: "eth_call", params: [] })))!
    .json();
  assert.deepEqual(ok, { jsonrpc: "2.0", id: 7, result: "eth_call-result" });
  assert.equal(seen.length, 1);
  assert.equal(seen[0].url, KEYED_URL);

  for (const method of ["eth_sendTransaction", "eth_sign", "personal_sign", "hardhat_setBalance", "evm_mine"]) {
    const answer = await (await proxy(post("/rpc/ethereum", { jsonrpc: "2.0", id: 1, method, params: [] })))!.json();
    assert.equal(answer.error.code, -32601, method);
  }
  assert.equal(seen.length, 1, "refused methods are not forwarded");

  const batch = await (await proxy(post("/rpc/ethereum", [
    { jsonrpc: "2.0", id: 1, method: "eth_blockNumber" },
    { jsonrpc: "2.0", id: 2, method: "eth_accounts" },
    { jsonrpc: "2.0", id: 3, method: "eth_sendRawTransaction", params: [RAW_TX] },
  ])))!.json();
  assert.deepEqual(batch.map((a: { id: number }) => a.id), [1, 2, 3]);
  assert.equal(batch[0].result, "eth_blockNumber-result");
  assert.equal(batch[1].error.code, -32601);
  assert.equal(batch[2].result, "eth_sendRawTransaction-result");
  assert.deepEqual((seen[1].body as { method: string }[]).map((c) => c.method), [
    "eth_blockNumber",
    "eth_sendRawTransaction",
  ]);
});

Deno.test("bad bodies: too large (413), not JSON (400), empty or oversized batch (400), unknown chain (404)", async () => {
  const { seen, fake } = upstream();
  const proxy = createRpcProxy({ targets: keyed, fetch: fake });
  const big = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_call", params: ["x".repeat(MAX_REQUEST_BYTES)] });
  assert.equal((await proxy(post("/rpc/ethereum", big)))!.status, 413);
  assert.equal((await proxy(post("/rpc/ethereum", "{not json")))!.status, 400);
  assert.equal((await proxy(post("/rpc/ethereum", [])))!.status, 400);
  const many = Array.from({ length: 51 }, (_, i) => ({ jsonrpc: "2.0", id: i, method: "eth_chainId" }));
  assert.equal((await proxy(post("/rpc/ethereum", many)))!.status, 400);
  assert.equal((await proxy(post("/rpc/base", { jsonrpc: "2.0", id: 1, method: "eth_chainId" })))!.status, 404);
  assert.equal((await proxy(post("/rpc/__proto__", { jsonrpc: "2.0", id: 1, method: "eth_chainId" })))!.status, 404);
  assert.equal((await proxy(new Request("http://localhost/rpc/ethereum")))!.status, 405);
  assert.equal(seen.length, 0);
});

Deno.test("an RPC failure answers 502 without its URL, and logs neither URL nor body", async () => {
  const written: string[] = [];
  const decoder = new TextDecoder();
  const previous = setLogSink({
    write: (bytes) => Promise.resolve(written.push(decoder.decode(bytes))),
    writeSync: (bytes) => written.push(decoder.decode(bytes)),
  });
  try {
    const failing: typeof fetch = () => Promise.reject(new TypeError(`error sending request for url (${KEYED_URL})`));
    const proxy = createRpcProxy({ targets: keyed, fetch: failing });
    const response = (await proxy(
      post("/rpc/ethereum", { jsonrpc: "2.0", id: 1, method: "eth_sendRawTransaction", params: [RAW_TX] }),
    ))!;
    assert.equal(response.status, 502);
    const text = await response.text();
    assert.ok(!text.includes("SECRET") && !text.includes(RAW_TX));
    await flushLog();
    const logged = written.join("");
    const line = JSON.parse(logged.trim().split("\n").at(-1)!);
    assert.deepEqual([line.level, line.msg, line.chain, line.error], [
      "warn",
      "RPC call failed",
      "ethereum",
      "TypeError",
    ]);
    assert.ok(!logged.includes(RAW_TX), "no signed transaction in the log");
    assert.ok(!logged.includes("SECRET"), "no RPC URL in the log");
  } finally {
    setLogSink(previous);
  }
});

Deno.test("only the own origin, an extension or no Origin is answered; CORS names that origin, never *", async () => {
  const { seen, fake } = upstream();
  const proxy = createRpcProxy({
    targets: local,
    fetch: fake,
    ownOrigin: () => "https://app.example",
  });
  const call = { jsonrpc: "2.0", id: 1, method: "eth_chainId" };
  const from = (origin: string | null, method = "POST") => {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (origin !== null) headers.origin = origin;
    return new Request("http://127.0.0.1:8000/rpc/ethereum", {
      method,
      headers,
      body: method === "POST" ? JSON.stringify(call) : undefined,
    });
  };
  for (const foreign of ["https://evil.example", "http://127.0.0.1:8000", "null", "https://app.example.evil.example"]) {
    const refused = (await proxy(from(foreign)))!;
    assert.equal(refused.status, 403, foreign);
    assert.equal((await refused.json()).error.code, -32600);
    assert.equal(refused.headers.get("access-control-allow-origin"), null);
    const preflight = (await proxy(from(foreign, "OPTIONS")))!;
    assert.equal(preflight.status, 403, `preflight from ${foreign}`);
    assert.equal(preflight.headers.get("access-control-allow-origin"), null);
  }
  assert.equal(seen.length, 0, "nothing from another site reaches the chain");

  const own = (await proxy(from("https://app.example")))!;
  assert.equal(own.status, 200);
  assert.equal(own.headers.get("access-control-allow-origin"), "https://app.example");
  const preflight = (await proxy(from("https://app.example", "OPTIONS")))!;
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get("access-control-allow-headers"), "content-type");
  const extension = "chrome-extension://nkbihfbeogaeaoehlefnkodbefgpgknn";
  const wallet = (await proxy(from(extension)))!;
  assert.equal(wallet.status, 200);
  assert.equal(wallet.headers.get("access-control-allow-origin"), extension);
  const bare = (await proxy(from(null)))!;
  assert.equal(bare.status, 200);
  assert.equal(bare.headers.get("access-control-allow-origin"), null);
  assert.equal(seen.length, 3);
});

Deno.test("bodies other than application/json answer 415 and never reach the chain", async () => {
  const { seen, fake } = upstream();
  const proxy = createRpcProxy({ targets: keyed, fetch: fake });
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId" });
  for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", null]) {
    const headers: Record<string, string> = type === null ? {} : { "content-type": type };
    const request = new Request("http://localhost/rpc/ethereum", { method: "POST", headers, body });
    if (type === null) request.headers.delete("content-type");
    const response = (await proxy(request))!;
    assert.equal(response.status, 415, String(type));
    assert.equal((await response.json()).error.code, -32600);
  }
  assert.equal((await proxy(post("/rpc/ethereum", body)))!.status, 200);
  assert.equal(seen.length, 1);
});

Deno.test("a client over its rate gets 429 with Retry-After and a JSON-RPC error; another client is served", async () => {
  const { seen, fake } = upstream();
  const proxy = createRpcProxy({
    targets: keyed,
    fetch: fake,
    rate: { perSecond: 1, burst: 4 },
    clientOf: (request) => request.headers.get("x-client") ?? "unknown",
  });
  const call = { jsonrpc: "2.0", id: 1, method: "eth_blockNumber" };
  const as = (client: string, body: unknown) => {
    const request = post("/rpc/ethereum", body);
    request.headers.set("x-client", client);
    return request;
  };
  // A batch of up to ten calls costs one request; of 21 to 30 calls, three.
  const batch = (n: number) => Array.from({ length: n }, (_, id) => ({ ...call, id }));
  assert.equal((await proxy(as("a", batch(10))))!.status, 200);
  assert.equal((await proxy(as("a", batch(21))))!.status, 200);
  const limited = (await proxy(as("a", call)))!;
  assert.equal(limited.status, 429);
  assert.ok(Number(limited.headers.get("retry-after")) >= 1);
  const answer = await limited.json();
  assert.equal(answer.jsonrpc, "2.0");
  assert.equal(answer.error.code, -32005);
  assert.equal((await proxy(as("b", call)))!.status, 200);
  assert.equal(seen.length, 3);
  // The batches went upstream as batches, each answer in its place.
  assert.equal((seen[0].body as unknown[]).length, 10);
  assert.equal((seen[1].body as unknown[]).length, 21);
});

Deno.test("typing a swap amount never trips the limit: 12 quotes in 1.5 s, 4 batched requests each", async () => {
  const { seen, fake } = upstream();
  const proxy = createRpcProxy({ targets: keyed, fetch: fake, clientOf: () => "typist" });
  const statuses: number[] = [];
  const started = performance.now();
  for (let quote = 0; quote < 12; quote++) {
    // One quote: a multicall of the routes, a batch of pool reads, the gas price, the block.
    const requests = [
      Array.from({ length: 8 }, (_, id) => ({ jsonrpc: "2.0", id, method: "eth_call", params: [{}, "latest"] })),
      Array.from({ length: 10 }, (_, id) => ({ jsonrpc: "2.0", id, method: "eth_call", params: [{}, "latest"] })),
      { jsonrpc: "2.0", id: 1, method: "eth_gasPrice" },
      { jsonrpc: "2.0", id: 1, method: "eth_blockNumber" },
    ];
    const answers = await Promise.all(requests.map((body) => proxy(post("/rpc/ethereum", body))));
    statuses.push(...answers.map((answer) => answer!.status));
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, (quote + 1) * 125 - (performance.now() - started))));
  }
  assert.ok(performance.now() - started < 2_000);
  assert.deepEqual(new Set(statuses), new Set([200]), statuses.join(","));
  assert.equal(seen.length, 48);
  // And a client that keeps going past the burst is told when to come back.
  let limited: Response | null = null;
  for (let i = 0; i < RATE_BURST && !limited; i++) {
    const answer = (await proxy(post("/rpc/ethereum", { jsonrpc: "2.0", id: 1, method: "eth_blockNumber" })))!;
    if (answer.status === 429) limited = answer;
  }
  assert.ok(limited, "429 past the burst");
  assert.ok(Number(limited.headers.get("retry-after")) >= 1);
  await limited.body?.cancel();
});

Deno.test("capCallGas: calls, estimates and access lists get at most 30M gas; other methods are untouched", () => {
  const cap = `0x${CALL_GAS_CAP.toString(16)}`;
  assert.equal(cap, "0x1c9c380");
  assert.deepEqual(capCallGas("eth_call", [{ data: "0x5b600056" }, "latest"]), [
    { data: "0x5b600056", gas: cap },
    "latest",
  ]);
  assert.deepEqual(capCallGas("eth_estimateGas", [{ gas: "0xffffffffffffffff" }]), [{ gas: cap }]);
  assert.deepEqual(capCallGas("eth_createAccessList", [{ gas: "lots" }]), [{ gas: cap }]);
  assert.deepEqual(capCallGas("eth_call", [{ gas: "0x5208" }, "latest"]), [{ gas: "0x5208" }, "latest"]);
  assert.deepEqual(capCallGas("eth_call", [{ gas: 21000 }]), [{ gas: 21000 }]);
  assert.deepEqual(capCallGas("eth_getBalance", ["0x01", "latest"]), ["0x01", "latest"]);
  assert.deepEqual(capCallGas("eth_call", "not an array"), "not an array");
  assert.deepEqual(capCallGas("eth_call", [null]), [null]);
});

Deno.test("eth_call and eth_estimateGas are forwarded with their gas capped", async () => {
  const { seen, fake } = upstream();
  const proxy = createRpcProxy({ targets: keyed, fetch: fake });
  await proxy(post("/rpc/ethereum", { jsonrpc: "2.0", id: 1, method: "eth_call", params: [{ data: "0x5b600056" }] }));
  await proxy(post("/rpc/ethereum", [
    { jsonrpc: "2.0", id: 2, method: "eth_estimateGas", params: [{ data: "0x00", gas: "0x7fffffffffffffff" }] },
    { jsonrpc: "2.0", id: 3, method: "eth_call", params: [{ data: "0x00", gas: "0x30000" }, "latest"] },
  ]));
  assert.deepEqual((seen[0].body as { params: unknown[] }).params, [{ data: "0x5b600056", gas: "0x1c9c380" }]);
  const [estimate, small] = seen[1].body as { params: unknown[] }[];
  assert.deepEqual(estimate.params, [{ data: "0x00", gas: "0x1c9c380" }]);
  assert.deepEqual(small.params, [{ data: "0x00", gas: "0x30000" }, "latest"]);
});

Deno.test("a chain that is not ready answers 503 with Retry-After; one that dies under a call too", async () => {
  const { seen, fake } = upstream();
  let health: ChainHealth = "restarting";
  const proxy = createRpcProxy({ targets: keyed, fetch: fake, health: () => health });
  const call = { jsonrpc: "2.0", id: 1, method: "eth_chainId" };
  for (const state of ["starting", "restarting", "failed"] as const) {
    health = state;
    const response = (await proxy(post("/rpc/ethereum", call)))!;
    assert.equal(response.status, 503, state);
    assert.ok(Number(response.headers.get("retry-after")) >= 1);
    assert.equal((await response.json()).error.code, -32603);
  }
  assert.equal(seen.length, 0);
  health = "ready";
  assert.equal((await proxy(post("/rpc/ethereum", call)))!.status, 200);
  // The chain goes down while answering: 503 (it is restarting), not 502.
  const dying = createRpcProxy({
    targets: keyed,
    health: () => health,
    fetch: () => {
      health = "restarting";
      return Promise.reject(new TypeError("connection reset"));
    },
  });
  health = "ready";
  assert.equal((await dying(post("/rpc/ethereum", call)))!.status, 503);
});

Deno.test("on the local chain a raw transaction is answered once mined; a public chain's at once", async () => {
  const hash = `0x${"ab".repeat(32)}`;
  let receiptAsks = 0;
  const { seen, fake } = upstream((call) => {
    if (call.method === "eth_sendRawTransaction") return { jsonrpc: "2.0", id: call.id, result: hash };
    receiptAsks++;
    return { jsonrpc: "2.0", id: call.id, result: receiptAsks < 3 ? null : { status: "0x1" } };
  });
  const send = { jsonrpc: "2.0", id: 7, method: "eth_sendRawTransaction", params: [RAW_TX] };
  const localProxy = createRpcProxy({ targets: local, fetch: fake });
  const answer = await (await localProxy(post("/rpc/ethereum", send)))!.json();
  assert.equal(answer.result, hash);
  assert.equal(receiptAsks, 3, "asked for the receipt until it was there");
  receiptAsks = 0;
  const publicProxy = createRpcProxy({ targets: keyed, fetch: fake });
  assert.equal((await (await publicProxy(post("/rpc/ethereum", send)))!.json()).result, hash);
  assert.equal(receiptAsks, 0, "a public chain is not waited for");
  assert.ok(seen.length >= 5);
});

Deno.test("eth_simulateV1 passes with every call's gas capped; an oversized simulation is refused here", async () => {
  const { seen, fake } = upstream();
  const proxy = createRpcProxy({ targets: keyed, fetch: fake });
  const calls = [{ from: "0x01", to: "0x02", data: "0x" }, {
    from: "0x01",
    to: "0x03",
    data: "0x",
    gas: "0xffffffffff",
  }];
  const params = [{ blockStateCalls: [{ calls }], traceTransfers: true }, "latest"];
  const ok = await (await proxy(post("/rpc/ethereum", { jsonrpc: "2.0", id: 3, method: "eth_simulateV1", params })))!
    .json();
  assert.equal(ok.result, "eth_simulateV1-result");
  const sent = (seen[0].body as { params: [{ blockStateCalls: { calls: { gas: string }[] }[] }] }).params[0];
  assert.deepEqual(sent.blockStateCalls[0].calls.map((c) => BigInt(c.gas)), [30_000_000n, 30_000_000n]);
  const many = [{ blockStateCalls: [{ calls: Array.from({ length: 9 }, () => calls[0]) }] }, "latest"];
  const refused =
    await (await proxy(post("/rpc/ethereum", { jsonrpc: "2.0", id: 4, method: "eth_simulateV1", params: many })))!
      .json();
  assert.equal(refused.error.code, -32602);
  assert.equal(seen.length, 1, "the refused simulation is not forwarded");
});
