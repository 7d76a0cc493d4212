/**
 * Issue 31 item 7, through the real service: a gateway that answers an error
 * instead of the `token` field is a failure (`500`), never "Token not found.",
 * and it is not remembered: the image is `200` as soon as the gateway answers.
 *
 * @module
 */
import assert from "node:assert/strict";
import { decode as decodePng } from "fast-png";
import { startFakeGateway } from "./fakes/gateway.ts";
import { startServer } from "./server_harness.ts";

const ADDRESS = "0x1f9840a85d5af5bf1d1762f925bdaddc4201f984";

Deno.test("a gateway error on a fresh token's image is a 500 not remembered; 200 once the gateway answers", async () => {
  let failing = true;
  const gateway = await startFakeGateway({
    Token: (variables) =>
      failing ? { data: { token: null }, errors: [{ message: "token resolver down", path: ["token"] }] } : {
        data: {
          token: {
            id: "t",
            chain: "ETHEREUM",
            address: variables.address,
            symbol: "UNI",
            name: "Uniswap",
            decimals: 18,
            standard: "ERC20",
            market: null,
            project: { id: "p", name: "Uniswap", logoUrl: null, safetyLevel: null, isSpam: false },
          },
        },
      },
  });
  const server = await startServer({
    GRAPHQL_URL: gateway.url,
    DENO_KV_PATH: ":memory:",
    RENDER_WORKERS: "1",
    QUERY_CACHE_SECONDS: "0",
  });
  try {
    const url = `${server.url}/api/image/tokens/ethereum/${ADDRESS}`;
    for (let i = 0; i < 2; i++) {
      const failed = await fetch(url);
      const text = await failed.text();
      assert.equal(failed.status, 500, text);
      assert.equal(text, "Data gateway unavailable.");
      assert.doesNotMatch(text, /not found|127\.0\.0\.1/i);
    }
    const calls = gateway.calls.get("Token") ?? 0;
    assert.equal(calls, 2, "each failed request asked the gateway again (nothing remembered)");
    failing = false;
    const ok = await fetch(url);
    assert.equal(ok.status, 200);
    assert.equal(ok.headers.get("content-type"), "image/png");
    const png = decodePng(new Uint8Array(await ok.arrayBuffer()));
    assert.deepEqual([png.width, png.height], [1200, 630]);
    assert.equal(gateway.calls.get("Token"), calls + 1);
    // A real not-found stays a 404.
    const unknown = await fetch(`${server.url}/api/image/tokens/ethereum/0x${"0".repeat(39)}1`);
    gateway.resolvers.set("Token", () => ({ data: { token: null } }));
    const unknown2 = await fetch(`${server.url}/api/image/tokens/ethereum/0x${"0".repeat(39)}2`);
    assert.equal(unknown.status, 200, "the fake answers every address while it works");
    await unknown.body?.cancel();
    assert.equal(unknown2.status, 404);
    assert.equal(await unknown2.text(), "Token not found.");
  } finally {
    await server.stop();
    await gateway.close();
  }
});
