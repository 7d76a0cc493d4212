/**
 * A real link unfurler (`open-graph-scraper`) reads the previews from the
 * running service on its embedded defaults (demo gateway), as a crawler
 * would, and the og:image it finds answers with a PNG.
 */
import assert from "node:assert/strict";
import { decode } from "fast-png";
import ogs from "open-graph-scraper";
import { ETHEREUM_TOKENS, HOOKED_V4_POOL, USDC_WETH_V3_POOL } from "../demo_gateway/fixtures.ts";
import { DEFAULT_TITLE } from "../lib/preview_meta.ts";
import { startServer } from "./server_harness.ts";

interface Unfurled {
  ogTitle?: string;
  ogImage?: { url: string }[];
  twitterCard?: string;
  ogUrl?: string;
}

async function unfurl(url: string): Promise<Unfurled> {
  const { error, result } = await ogs({
    url,
    timeout: 10,
    fetchOptions: { headers: { "user-agent": "Twitterbot/1.0" } },
    urlValidatorSettings: { require_tld: false, require_protocol: true, protocols: ["http"] } as never,
  });
  assert.equal(error, false, `unfurling ${url} failed`);
  return result as Unfurled;
}

async function assertPng(url: string) {
  const response = await fetch(url, { headers: { "user-agent": "Twitterbot/1.0" } });
  assert.equal(response.status, 200, url);
  assert.equal(response.headers.get("content-type"), "image/png");
  const png = decode(new Uint8Array(await response.arrayBuffer()));
  assert.deepEqual([png.width, png.height], [1200, 630]);
}

Deno.test({
  name: "unfurl: token, pool and default previews as open-graph-scraper reads them",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const server = await startServer();
    try {
      const cases = [
        {
          path: `/explore/tokens/ethereum/${ETHEREUM_TOKENS.UNI}`,
          title: "Get UNI on Uniswap",
          image: "/api/image/tokens/",
        },
        { path: `/tokens/ethereum/${ETHEREUM_TOKENS.DAI}`, title: "Get DAI on Uniswap", image: "/api/image/tokens/" },
        {
          path: `/explore/pools/ethereum/${USDC_WETH_V3_POOL.address}`,
          title: "USDC/WETH on Uniswap",
          image: "/api/image/pools/",
        },
        { path: `/pools/ethereum/${HOOKED_V4_POOL.address}`, title: "ETH/USDC on Uniswap", image: "/api/image/pools/" },
        { path: "/swap", title: DEFAULT_TITLE, image: "/images/preview.png" },
      ];
      for (const { path, title, image } of cases) {
        const result = await unfurl(server.url + path);
        assert.equal(result.ogTitle, title, path);
        assert.equal(result.twitterCard, "summary_large_image", path);
        assert.equal(result.ogUrl, server.url + path, path);
        const imageUrl = result.ogImage?.[0]?.url ?? "";
        assert.ok(imageUrl.startsWith(server.url + image), `${path}: og:image ${imageUrl}`);
        await assertPng(imageUrl);
      }
    } finally {
      await server.stop();
    }
  },
});
