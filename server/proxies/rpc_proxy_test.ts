import assert from "node:assert/strict";
import { createRpcProxy, MAX_REQUEST_BYTES, rpcTargets } from "./rpc_proxy.ts";
import { DEMO_EVM_CHAIN, EVM_CHAINS } from "../../lib/chains.ts";
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

const keyed = rpcTargets({ ethereum: KEYED_URL }, null);

Deno.test("rpcTargets: the demo chain as ethereum when no RPC_URL_* is set, else the configured chains", () => {
  assert.deepEqual(rpcTargets({}, "http://127.0.0.1:9"), {
    ethereum: { url: "http://127.0.0.1:9", chain: DEMO_EVM_CHAIN, local: true },
  });
  assert.deepEqual(rpcTargets({}, null), {});
  assert.deepEqual(keyed, { ethereum: { url: KEYED_URL, chain: EVM_CHAINS.ethereum, local: false } });
  assert.deepEqual(Object.keys(rpcTargets({ ethereum: KEYED_URL, nowhere: KEYED_URL }, null)), ["ethereum"]);
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

Deno.test("CORS is open on the local demo chain (wallets use it as their RPC) and closed on keyed chains", async () => {
  const { fake } = upstream();
  const local = createRpcProxy({ targets: rpcTargets({}, "http://127.0.0.1:9"), fetch: fake });
  const remote = createRpcProxy({ targets: keyed, fetch: fake });
  const call = { jsonrpc: "2.0", id: 1, method: "eth_chainId" };
  assert.equal((await local(post("/rpc/ethereum", call)))!.headers.get("access-control-allow-origin"), "*");
  assert.equal((await remote(post("/rpc/ethereum", call)))!.headers.get("access-control-allow-origin"), null);
});
