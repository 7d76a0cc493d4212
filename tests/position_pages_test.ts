/**
 * Position pages as crawlers see them, in process over the real demo chain
 * (its V3 positions and V2 pairs, read by the real lens call) behind a
 * JSON-RPC proxy that counts calls: og:image is the position card, the title
 * `{SYM0}/{SYM1} position on Uniswap`, Status and Fee tier labels, a
 * canonical link equal to og:url, every preview tag in the first 32 KB; one
 * RPC call cold, none warm, and no gateway call at all.
 */
import assert from "node:assert/strict";
import { type AppLoadContext, createRequestHandler } from "react-router";
import { startDemoChain } from "../demo_chain/mod.ts";
import { importServerBuild } from "../server/app_build.ts";
import { createCache } from "../server/cache/kv_cache.ts";
import { crawlerBuild } from "../server/previews/crawler.ts";
import { createPreviews } from "../server/previews/previews.ts";
import { readTags, TAG_WINDOW_BYTES, tagValue } from "../server/previews/inspector_checks.ts";

const ORIGIN = "https://app.example";
const USDC_WETH_V2 = "0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc";

Deno.test({
  name: "position pages: the position card and title for crawlers, one RPC call cold, none warm",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const chain = await startDemoChain({ port: 0 });
    const kv = await Deno.openKv(":memory:");
    let rpcCalls = 0;
    let gatewayCalls = 0;
    const previews = createPreviews({
      cache: createCache(kv),
      gatewayClient: () => {
        gatewayCalls++;
        throw new Error("a position page never asks the gateway");
      },
      rpcUrlOf: (name) => name === "ethereum" ? chain.url : null,
      rpcFetch: (input, init) => {
        rpcCalls++;
        return fetch(input, init);
      },
    });
    const crawler = createRequestHandler(crawlerBuild(await importServerBuild()), "production");
    const context = {
      gatewayClient: () => null,
      graphqlWsUrl: null,
      previews,
      origin: ORIGIN,
      logger: console,
    } as unknown as AppLoadContext;
    // No crawler document cache here: every view runs the root loader, so a warm view is the preview cache's doing.
    const view = async (path: string) => {
      const response = await crawler(
        new Request(`${ORIGIN}${path}`, { headers: { "user-agent": "Twitterbot/1.0" } }),
        context,
      );
      assert.equal(response.status, 200);
      const html = await response.text();
      const head = new TextDecoder().decode(new TextEncoder().encode(html).subarray(0, TAG_WINDOW_BYTES));
      return readTags(head);
    };
    try {
      const v3 = await view("/positions/v3/ethereum/1");
      assert.equal(rpcCalls, 1, "one RPC call cold");
      const title = tagValue(v3, "og:title")!;
      assert.match(title, /^[A-Z0-9]+\/[A-Z0-9]+ position on Uniswap$/);
      assert.equal(tagValue(v3, "title"), title);
      assert.equal(tagValue(v3, "twitter:title"), title);
      assert.equal(tagValue(v3, "og:image"), `${ORIGIN}/api/image/positions/v3/ethereum/1`);
      assert.equal(tagValue(v3, "twitter:image"), `${ORIGIN}/api/image/positions/v3/ethereum/1`);
      assert.equal(tagValue(v3, "og:url"), `${ORIGIN}/positions/v3/ethereum/1`);
      assert.equal(tagValue(v3, "canonical"), tagValue(v3, "og:url"));
      assert.equal(tagValue(v3, "twitter:label1"), "Status");
      assert.equal(tagValue(v3, "twitter:data1"), "In range", "the demo chain's positions are full range");
      assert.equal(tagValue(v3, "twitter:label2"), "Fee tier");
      assert.match(tagValue(v3, "twitter:data2")!, /^\d+(\.\d+)?%$/);

      const warm = await view("/positions/v3/ethereum/1");
      assert.deepEqual(warm.map((t) => [t.name, t.value]), v3.map((t) => [t.name, t.value]));
      assert.equal(rpcCalls, 1, "no RPC call warm");

      const v2 = await view(`/positions/v2/ethereum/${USDC_WETH_V2}`);
      assert.equal(tagValue(v2, "og:title"), "USDC/WETH position on Uniswap");
      assert.equal(tagValue(v2, "og:image"), `${ORIGIN}/api/image/positions/v2/ethereum/${USDC_WETH_V2.toLowerCase()}`);
      assert.equal(rpcCalls, 2);

      // Unknown positions and chains without RPC get the default preview.
      assert.equal(tagValue(await view("/positions/v3/ethereum/999999"), "og:title"), "Uniswap Interface");
      assert.equal(tagValue(await view("/positions/v3/base/1"), "og:title"), "Uniswap Interface");
      assert.equal(gatewayCalls, 0);
    } finally {
      kv.close();
      await chain.close();
    }
  },
});
