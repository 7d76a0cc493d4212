import assert from "node:assert/strict";
import { startDemoChain } from "./mod.ts";

Deno.test("the chain's JSON-RPC: JSON only, no web page's origin, a wallet extension's and none pass", async () => {
  const chain = await startDemoChain({ port: 0 });
  try {
    const post = async (headers: Record<string, string>, method = "POST") => {
      const response = await fetch(chain.url, {
        method,
        headers,
        body: method === "POST" ? JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId" }) : undefined,
      });
      const text = await response.text();
      return { status: response.status, headers: response.headers, text };
    };
    const json = { "content-type": "application/json" };
    const bare = await post(json);
    assert.equal(bare.status, 200);
    assert.equal(JSON.parse(bare.text).result, "0x7a69");
    assert.equal(bare.headers.get("access-control-allow-origin"), null);
    const extension = "moz-extension://0b5c8f4e-4f6e-4d4b-9d7a-2f7b0f0e6a11";
    const wallet = await post({ ...json, origin: extension });
    assert.equal(wallet.status, 200);
    assert.equal(wallet.headers.get("access-control-allow-origin"), extension);
    for (const origin of ["https://evil.example", "http://127.0.0.1:8000", "null"]) {
      assert.equal((await post({ ...json, origin })).status, 403, origin);
      assert.equal((await post({ origin, "access-control-request-method": "POST" }, "OPTIONS")).status, 403);
    }
    for (const type of ["text/plain", "application/x-www-form-urlencoded"]) {
      assert.equal((await post({ "content-type": type })).status, 415, type);
    }
  } finally {
    await chain.close();
  }
});

/** Creation code that returns the gas left at its first step: GAS PUSH0 MSTORE PUSH1 32 PUSH0 RETURN. */
const GAS_LEFT = "0x5a5f5260205ff3";

Deno.test("calls run with at most 30M gas: a missing or larger gas is set to the cap", async () => {
  const chain = await startDemoChain({ port: 0 });
  try {
    const gasLeft = async (gas?: string) => {
      const outcome = await chain.node.call("eth_call", [{ data: GAS_LEFT, ...(gas ? { gas } : {}) }, "latest"]);
      assert.ok("result" in outcome, JSON.stringify(outcome));
      return BigInt(outcome.result as string);
    };
    for (const gas of [undefined, "0xffffffffffffffff", "0x3b9aca00"]) {
      const left = await gasLeft(gas);
      assert.ok(left < 30_000_000n && left > 29_000_000n, `gas ${gas}: ${left} left`);
    }
    // A gas within the cap is kept.
    const left = await gasLeft("0x186a0");
    assert.ok(left < 100_000n && left > 40_000n, `${left} left of 100 000`);
  } finally {
    await chain.close();
  }
});
