/**
 * The guard's microcache (`server/conn_guard/microcache.ts`) against the
 * whole service over HTTP: a crawler document and a share image are repeated
 * by the guard, and a purge (`POST /previews/purge`) clears them at once, so
 * the next view reads the gateway's new name and draws a new image within the
 * microcache's own second or two.
 */
import assert from "node:assert/strict";
import { startFakeGateway } from "./fakes/gateway.ts";
import { startServer } from "./server_harness.ts";

const TOKEN = "purge-token-microcache-0123456789";
const UNI = "0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984";
const PAGE = `/explore/tokens/ethereum/${UNI}`;
const IMAGE = `/api/image/tokens/ethereum/${UNI}`;

Deno.test("microcache: a purge through the guard clears what the guard repeats", async () => {
  let name = "Uniswap";
  const gateway = await startFakeGateway({
    Token: (v) => ({
      data: {
        token: { id: "t", chain: "ETHEREUM", address: String(v.address), symbol: "UNI", name, project: null },
      },
    }),
  });
  const server = await startServer({ GRAPHQL_URL: gateway.url, PREVIEW_PURGE_TOKEN: TOKEN });
  try {
    const page = async () => {
      const response = await fetch(server.url + PAGE, { headers: { "user-agent": "Twitterbot/1.0" } });
      assert.equal(response.status, 200);
      assert.equal(response.headers.has("x-guard-microcache"), false);
      return /<meta property="og:description" content="([^"]*)"/.exec(await response.text())?.[1] ?? "";
    };
    const image = async () => {
      for (let attempt = 0; attempt < 20; attempt++) {
        const response = await fetch(server.url + IMAGE);
        const bytes = new Uint8Array(await response.arrayBuffer());
        if (response.status === 200) {
          assert.equal(response.headers.has("x-guard-microcache"), false);
          return bytes;
        }
        assert.equal(response.status, 503, `the image answered ${response.status}`);
      }
      throw new Error("the image never rendered");
    };
    assert.match(await page(), /Uniswap/);
    const before = await image();
    name = "Renamed Coin";
    // Kept (by the service and by the guard): the old name, the same image.
    assert.match(await page(), /Uniswap/);
    assert.deepEqual(await image(), before);
    const purge = await fetch(`${server.url}/previews/purge`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ path: PAGE }),
    });
    assert.equal(purge.status, 200);
    await purge.body?.cancel();
    // At once, not after the microcache's time: the new name and a new image.
    assert.match(await page(), /Renamed Coin/);
    assert.notDeepEqual(await image(), before);
    // And the hits were logged as request lines like any other.
    const lines = await server.waitForLine((line) => line.includes('"msg":"request"') && line.includes(PAGE));
    assert.match(lines, /"method":"GET","path":"[^"]+","status":200,"ms":/);
  } finally {
    await server.stop();
    await gateway.close();
  }
});
