/**
 * Position share images against the real preview source over the demo
 * chain (its V3 positions and V2 pairs read through JSON-RPC), with the RPC
 * failing on demand: a failure is `500 Data gateway unavailable.` and caches
 * nothing, the card is a 1200x630 PNG once the RPC answers, a chain without
 * RPC and an unknown position are `404 Position not found.`, and a repeated
 * unknown costs no RPC call.
 */
import assert from "node:assert/strict";
import { startDemoChain } from "../demo_chain/mod.ts";
import { createCache } from "../server/cache/kv_cache.ts";
import { createPreviews } from "../server/previews/previews.ts";
import { STATIC_DIR } from "../server/paths.ts";
import { createImageHandler, type ImageTarget } from "../og/mod.ts";
import { decodePixels } from "../og/test_helpers.ts";

const USDC_WETH_V2 = "0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc";

Deno.test({
  name: "faults: position images over the demo chain, the RPC down and back, unknown ones remembered",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const chain = await startDemoChain({ port: 0 });
    const kv = await Deno.openKv(":memory:");
    const state = { rpcDown: false, rpcCalls: 0 };
    const cache = createCache(kv);
    const previews = createPreviews({
      cache,
      gatewayClient: () => {
        throw new Error("a position image never asks the gateway");
      },
      rpcUrlOf: (name) => name === "ethereum" ? chain.url : null,
      rpcFetch: (input, init) => {
        state.rpcCalls++;
        if (state.rpcDown) return Promise.resolve(new Response("upstream down", { status: 502 }));
        return fetch(input, init);
      },
    });
    const images = createImageHandler({
      previews,
      cache,
      staticDir: STATIC_DIR,
      logoAllowedHosts: [],
      workers: 1,
      clientOf: () => "192.0.2.1",
    });
    const get = async (version: string, chainName: string, id: string) => {
      const target: ImageTarget = { kind: "position", chainName, address: id, version };
      const response = await images(
        new Request(`http://localhost/api/image/positions/${version}/${chainName}/${id}`),
        target,
      );
      return { response, body: new Uint8Array(await response.arrayBuffer()) };
    };
    const text = (body: Uint8Array) => new TextDecoder().decode(body);
    try {
      // The RPC down: 500 in plain words, nothing cached.
      state.rpcDown = true;
      let r = await get("v3", "ethereum", "1");
      assert.equal(r.response.status, 500);
      assert.equal(text(r.body), "Data gateway unavailable.");
      assert.ok(state.rpcCalls >= 1);
      assert.equal(await cache.getImage("position", "ethereum", "v3:1"), null);

      // Back: the card, cached; the next request reads no chain.
      state.rpcDown = false;
      r = await get("v3", "ethereum", "1");
      assert.equal(r.response.status, 200, text(r.body.slice(0, 100)));
      assert.equal(r.response.headers.get("content-type"), "image/png");
      const card = decodePixels(r.body);
      assert.equal(card.width, 1200);
      assert.equal(card.height, 630);
      assert.ok(await cache.getImage("position", "ethereum", "v3:1"));
      const calls = state.rpcCalls;
      assert.deepEqual((await get("v3", "ethereum", "001")).body, r.body);
      assert.equal(state.rpcCalls, calls, "a cached card reads no chain");

      // A V2 pair: its own card.
      const v2 = await get("v2", "ethereum", USDC_WETH_V2);
      assert.equal(v2.response.status, 200);
      assert.notDeepEqual(v2.body, r.body);

      // No RPC for the chain, or no such position: 404; a repeated unknown reads no chain.
      for (const [chainName, id] of [["base", "1"], ["ethereum", "999999"]]) {
        r = await get("v3", chainName, id);
        assert.equal(r.response.status, 404, `${chainName} ${id}`);
        assert.equal(text(r.body), "Position not found.");
      }
      const afterUnknown = state.rpcCalls;
      assert.equal((await get("v3", "ethereum", "999999")).response.status, 404);
      assert.equal(state.rpcCalls, afterUnknown, "a remembered unknown costs no RPC call");
    } finally {
      await images.close();
      kv.close();
      await chain.close();
    }
  },
});
