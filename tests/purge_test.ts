/**
 * The preview purge end to end, in process: the real share images (`og/`,
 * one render worker), the real crawler documents of the app's build, the
 * real KV cache and query cache, in front of a fake gateway whose answer the
 * test changes. After a purge with the right token the same token page shows
 * the gateway's new name and its share image's bytes change; a missing or
 * wrong token is a 401 and removes nothing.
 */
import assert from "node:assert/strict";
import { type AppLoadContext, createRequestHandler } from "react-router";
import { createImageHandler } from "../og/mod.ts";
import { importServerBuild } from "../server/app_build.ts";
import { createCache } from "../server/cache/kv_cache.ts";
import { ROOT_DIR } from "../server/paths.ts";
import { crawlerBuild, createCrawlerDocuments } from "../server/previews/crawler.ts";
import { createPreviews } from "../server/previews/previews.ts";
import { createPreviewPurge } from "../server/previews/purge.ts";
import { createGatewayClient } from "../queries/client.ts";
import { createQueryCache } from "../queries/query_cache.ts";
import { startFakeGateway } from "./fakes/gateway.ts";

const TOKEN = "purge-token-e2e-0123456789";
const UNI = "0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984";
const PAGE = `/explore/tokens/ethereum/${UNI}`;
const IMAGE = `/api/image/tokens/ethereum/${UNI}`;
const ORIGIN = "http://app.test";
const CRAWLER = "Twitterbot/1.0";

Deno.test({
  name: "purge: the right token makes the page read the gateway's new name and draw a new image",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    let name = "Uniswap";
    const gateway = await startFakeGateway({
      Token: (variables) => ({
        data: {
          token: {
            id: "t",
            chain: "ETHEREUM",
            address: variables.address,
            symbol: name === "Uniswap" ? "UNI" : "NEWUNI",
            name,
            decimals: 18,
            standard: "ERC20",
            market: null,
            project: { id: "p", name, logoUrl: null, safetyLevel: null, isSpam: false },
          },
        },
      }),
    });
    const kv = await Deno.openKv(":memory:");
    const cache = createCache(kv);
    const queryCache = createQueryCache({ ttlMs: 60_000 });
    const gatewayClient = () => createGatewayClient({ url: gateway.url, timeoutMs: 5000, queryCache });
    const previews = createPreviews({ cache, gatewayClient });
    const images = createImageHandler({
      previews,
      cache,
      staticDir: `${ROOT_DIR}static`,
      logoAllowedHosts: [],
      workers: 1,
    });
    const crawler = createRequestHandler(crawlerBuild(await importServerBuild()), "production");
    const documents = createCrawlerDocuments({ ttlMs: 60_000 });
    const purge = createPreviewPurge({ token: TOKEN, cache, queryCache, crawlerDocuments: documents });
    const context = {
      gatewayClient,
      graphqlWsUrl: null,
      previews,
      origin: ORIGIN,
      logger: console,
    } as unknown as AppLoadContext;
    async function handle(request: Request): Promise<Response> {
      const purged = await purge(request);
      if (purged) return purged;
      const image = /^\/api\/image\/tokens\/([^/]+)\/([^/]+)$/.exec(new URL(request.url).pathname);
      if (image) return await images(request, { kind: "token", chainName: image[1], address: image[2] });
      return await documents.serve(request, () => crawler(request, context));
    }
    const page = async () => {
      const response = await handle(new Request(`${ORIGIN}${PAGE}`, { headers: { "user-agent": CRAWLER } }));
      assert.equal(response.status, 200);
      return /<meta property="og:description" content="([^"]*)"/.exec(await response.text())?.[1];
    };
    const image = async () => {
      const response = await handle(new Request(`${ORIGIN}${IMAGE}`));
      assert.equal(response.status, 200);
      return new Uint8Array(await response.arrayBuffer());
    };
    const purgeWith = (authorization: string | null) =>
      handle(
        new Request(`${ORIGIN}/previews/purge`, {
          method: "POST",
          headers: authorization === null ? {} : { authorization },
          body: JSON.stringify({ path: PAGE }),
        }),
      );
    try {
      assert.match((await page())!, /Swap Uniswap \(UNI\)/);
      const before = await image();
      assert.equal(gateway.calls.get("Token"), 1);
      name = "Renamed Coin";
      // Warm: still the old name, no gateway call.
      assert.match((await page())!, /Swap Uniswap \(UNI\)/);
      assert.deepEqual(await image(), before);
      assert.equal(gateway.calls.get("Token"), 1);

      for (const authorization of [null, "Bearer wrong-token-0123456789", `Bearer ${TOKEN.slice(0, -1)}`]) {
        const refused = await purgeWith(authorization);
        assert.equal(refused.status, 401);
        await refused.body?.cancel();
      }
      assert.match((await page())!, /Swap Uniswap \(UNI\)/, "a refused purge removes nothing");
      assert.deepEqual(await image(), before);
      assert.equal(gateway.calls.get("Token"), 1);

      const purged = await purgeWith(`Bearer ${TOKEN}`);
      assert.equal(purged.status, 200);
      const report = await purged.json();
      assert.equal(report.removed.preview, true);
      assert.ok(report.removed.images >= 1);
      assert.ok(report.removed.documents >= 1);
      assert.match((await page())!, /Swap Renamed Coin \(NEWUNI\)/);
      const after = await image();
      assert.notDeepEqual(after, before, "the image is drawn anew");
      assert.equal(gateway.calls.get("Token"), 2, "one gateway call after the purge");
    } finally {
      await images.close();
      kv.close();
      await gateway.close();
    }
  },
});
