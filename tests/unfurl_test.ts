/**
 * Three independent link unfurlers read the previews from the running
 * service on its embedded defaults (demo gateway), as a crawler would:
 * `open-graph-scraper`, `metascraper` (title, description, image, url, logo
 * and logo-favicon plugins) and `unfurl.js`. Each must find the title, the
 * description, the share image (a 1200x630 PNG), the canonical url and a
 * logo that answers, for the default, token, pool and NFT asset and
 * collection pages.
 */
import assert from "node:assert/strict";
import { decode } from "fast-png";
import metascraper from "metascraper";
import metascraperDescription from "metascraper-description";
import metascraperImage from "metascraper-image";
import metascraperLogo from "metascraper-logo";
import metascraperLogoFavicon from "metascraper-logo-favicon";
import metascraperTitle from "metascraper-title";
import metascraperUrl from "metascraper-url";
import ogs from "open-graph-scraper";
import { unfurl as unfurlJs } from "unfurl.js";
import {
  ETHEREUM_TOKENS,
  HOOKED_V4_POOL,
  LOOPBACK_LIZARDS,
  SEEDED_SQUARES,
  USDC_WETH_V3_POOL,
} from "../demo_gateway/fixtures.ts";
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE } from "../lib/preview_meta.ts";
import { startServer } from "./server_harness.ts";

const CRAWLER = { "user-agent": "Twitterbot/1.0" };

/** What an unfurler read from a page. */
interface Read {
  title?: string;
  description?: string;
  image?: string;
  url?: string;
  logo?: string;
}

async function withOgs(url: string): Promise<Read> {
  const { error, result } = await ogs({
    url,
    timeout: 10,
    fetchOptions: { headers: CRAWLER },
    urlValidatorSettings: { require_tld: false, require_protocol: true, protocols: ["http"] } as never,
  });
  assert.equal(error, false, `open-graph-scraper: unfurling ${url} failed`);
  assert.equal(result.twitterCard, "summary_large_image", url);
  const favicon = (result as { favicon?: string }).favicon;
  return {
    title: result.ogTitle,
    description: result.ogDescription,
    image: result.ogImage?.[0]?.url,
    url: result.ogUrl,
    // open-graph-scraper gives the favicon as written in the page
    logo: favicon ? new URL(favicon, url).href : undefined,
  };
}

const scrape = metascraper([
  metascraperTitle(),
  metascraperDescription(),
  metascraperImage(),
  metascraperUrl(),
  metascraperLogo(),
  metascraperLogoFavicon(),
]);

async function withMetascraper(url: string): Promise<Read> {
  const response = await fetch(url, { headers: CRAWLER });
  assert.equal(response.status, 200, url);
  const html = await response.text();
  const metadata = await scrape({ html, url });
  return {
    title: metadata.title ?? undefined,
    description: metadata.description ?? undefined,
    image: metadata.image ?? undefined,
    url: metadata.url ?? undefined,
    logo: metadata.logo ?? undefined,
  };
}

async function withUnfurlJs(url: string): Promise<Read> {
  const result = await unfurlJs(url, { headers: CRAWLER } as never);
  assert.equal(result.twitter_card?.card, "summary_large_image", url);
  return {
    title: result.open_graph?.title ?? result.title,
    description: result.open_graph?.description ?? result.description,
    image: result.open_graph?.images?.[0]?.url,
    url: result.open_graph?.url,
    logo: result.favicon,
  };
}

const UNFURLERS: Record<string, (url: string) => Promise<Read>> = {
  "open-graph-scraper": withOgs,
  metascraper: withMetascraper,
  "unfurl.js": withUnfurlJs,
};

async function assertPng(url: string, size?: [number, number]) {
  const response = await fetch(url, { headers: CRAWLER });
  assert.equal(response.status, 200, url);
  assert.equal(response.headers.get("content-type"), "image/png", url);
  const png = decode(new Uint8Array(await response.arrayBuffer()));
  if (size) assert.deepEqual([png.width, png.height], size, url);
}

async function assertLogo(url: string) {
  const response = await fetch(url, { headers: CRAWLER });
  assert.equal(response.status, 200, url);
  const type = response.headers.get("content-type") ?? "";
  assert.match(type, /^image\/(png|svg\+xml|x-icon|vnd\.microsoft\.icon)/, `${url}: ${type}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (type === "image/png") decode(bytes);
  else assert.ok(bytes.byteLength > 0, url);
}

Deno.test({
  name: "unfurl: open-graph-scraper, metascraper and unfurl.js read the token, pool, NFT and default previews",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const server = await startServer();
    try {
      const cases = [
        {
          path: `/explore/tokens/ethereum/${ETHEREUM_TOKENS.UNI}`,
          title: "Get UNI on Uniswap",
          description: /^Swap Uniswap \(UNI\) on Uniswap: /,
          image: "/api/image/tokens/",
        },
        {
          path: `/tokens/ethereum/${ETHEREUM_TOKENS.DAI}`,
          title: "Get DAI on Uniswap",
          description: /^Swap .*\(DAI\) on Uniswap: /,
          image: "/api/image/tokens/",
        },
        {
          path: `/explore/pools/ethereum/${USDC_WETH_V3_POOL.address}`,
          title: "USDC/WETH on Uniswap",
          description: /^Provide liquidity to or swap in the USDC\/WETH V3 pool on Uniswap: /,
          image: "/api/image/pools/",
        },
        {
          path: `/pools/ethereum/${HOOKED_V4_POOL.address}`,
          title: "ETH/USDC on Uniswap",
          description: /V4 pool on Uniswap/,
          image: "/api/image/pools/",
        },
        {
          path: `/nfts/asset/${LOOPBACK_LIZARDS.address}/4`,
          title: "Loopback Lizards #4",
          description:
            /^Loopback Lizards #4 from the Loopback Lizards collection on Uniswap\. Listed at [0-9.]+ ETH\.$/,
          image: "/api/image/nfts/asset/",
        },
        {
          path: `/nfts/collection/${SEEDED_SQUARES.address}`,
          title: "Seeded Squares",
          description:
            /^Explore the Seeded Squares NFT collection on Uniswap: 10 items, [0-9]+ owners, floor 0\.0412 ETH\.$/,
          image: "/api/image/nfts/collection/",
        },
        { path: "/swap", title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION, image: "/images/preview.png" },
      ];
      const checkedImages = new Set<string>();
      const checkedLogos = new Set<string>();
      for (const { path, title, description, image } of cases) {
        for (const [name, read] of Object.entries(UNFURLERS)) {
          const label = `${name} ${path}`;
          // tracking parameters in the shared link are not part of the canonical url
          const result = await read(`${server.url}${path}?utm_source=share&fbclid=x`);
          assert.equal(result.title, title, `${label}: title`);
          if (typeof description === "string") assert.equal(result.description, description, `${label}: description`);
          else assert.match(result.description ?? "", description, `${label}: description`);
          assert.ok((result.description ?? "").length <= 200, `${label}: description length`);
          assert.equal(result.url, server.url + path, `${label}: url`);
          const imageUrl = result.image ?? "";
          assert.ok(imageUrl.startsWith(server.url + image), `${label}: image ${imageUrl}`);
          if (!checkedImages.has(imageUrl)) {
            await assertPng(imageUrl, [1200, 630]);
            checkedImages.add(imageUrl);
          }
          const logo = result.logo ?? "";
          assert.ok(logo.startsWith(server.url + "/"), `${label}: logo ${logo}`);
          if (!checkedLogos.has(logo)) {
            await assertLogo(logo);
            checkedLogos.add(logo);
          }
        }
      }
    } finally {
      await server.stop();
    }
  },
});
