/**
 * Link previews as a crawler reads them: the real server against a fake
 * gateway on loopback, the served HTML parsed with jsdom.
 */
import assert from "node:assert/strict";
import { decode } from "fast-png";
import { JSDOM } from "jsdom";
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE } from "../lib/preview_meta.ts";
import { startFakeGateway } from "./fakes/gateway.ts";
import { startServer, type TestServer } from "./server_harness.ts";

const UNI = "0x1f9840a85d5af5bf1d1762f925bdaddc4201f984";
const NO_SYMBOL = `0x${"11".repeat(20)}`;
const NOTHING = `0x${"22".repeat(20)}`;
const HOSTILE = `0x${"33".repeat(20)}`;
const UNKNOWN = `0x${"44".repeat(20)}`;
const V3_POOL = `0x${"55".repeat(20)}`;
const V2_PAIR = `0x${"66".repeat(20)}`;
const V4_POOL = `0x${"77".repeat(32)}`;
const HOSTILE_SYMBOL = `"><script>alert(1)</script>`;

function token(address: string, symbol: string | null, name: string | null) {
  return { id: `t-${address}`, chain: "ETHEREUM", address, symbol, name, project: { id: "p", logoUrl: null } };
}

function pool(version: "V2" | "V3" | "V4", a: string, b: string, feeTier: number | null) {
  return {
    id: `pool-${version}`,
    chain: "ETHEREUM",
    protocolVersion: version,
    feeTier,
    isDynamicFee: false,
    token0: { ...token(UNI, a, a), project: { id: "p0", logoUrl: null } },
    token1: { ...token(NO_SYMBOL, b, b), project: { id: "p1", logoUrl: null } },
    token0Supply: 1,
    token1Supply: 2,
    txCount: 3,
    totalLiquidity: { id: "l", value: 1000 },
  };
}

const TOKENS: Record<string, ReturnType<typeof token>> = {
  [UNI]: token(UNI, "UNI", "Uniswap"),
  [NO_SYMBOL]: token(NO_SYMBOL, null, "Nameless Coin"),
  [NOTHING]: token(NOTHING, null, null),
  [HOSTILE]: token(HOSTILE, HOSTILE_SYMBOL, "Hostile"),
};

function gatewayResolvers() {
  return {
    Token: (v: Record<string, unknown>) => ({ data: { token: TOKENS[String(v.address).toLowerCase()] ?? null } }),
    AddressPool: (v: Record<string, unknown>) => ({
      data: {
        v3Pool: v.address === V3_POOL ? { ...pool("V3", "UNI", "WETH", 3000), address: V3_POOL } : null,
        v2Pair: v.address === V2_PAIR ? { ...pool("V2", "DAI", "USDC", null), address: V2_PAIR } : null,
      },
      // a partial error next to data is tolerated
      errors: v.address === V2_PAIR ? [{ message: "volume unavailable", path: ["v2Pair", "volume30d"] }] : undefined,
    }),
    V4Pool: (v: Record<string, unknown>) => ({
      data: { v4Pool: v.poolId === V4_POOL ? { ...pool("V4", "ETH", "USDT", 500), poolId: V4_POOL } : null },
    }),
  };
}

interface Head {
  status: number;
  contentType: string;
  title: string | undefined;
  meta: Map<string, string[]>;
  doc: Document;
}

async function head(server: TestServer, path: string, init: RequestInit = {}): Promise<Head> {
  const response = await fetch(server.url + path, init);
  const html = await response.text();
  const doc = new JSDOM(html).window.document;
  const meta = new Map<string, string[]>();
  for (const el of doc.head.querySelectorAll("meta[property], meta[name]")) {
    const key = el.getAttribute("property") ?? el.getAttribute("name")!;
    meta.set(key, [...(meta.get(key) ?? []), el.getAttribute("content") ?? ""]);
  }
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    title: doc.querySelector("head title")?.textContent ?? undefined,
    meta,
    doc,
  };
}

function one(h: Head, key: string): string {
  const values = h.meta.get(key) ?? [];
  assert.equal(values.length, 1, `${key}: expected one tag, found ${values.length}`);
  return values[0];
}

const PREVIEW_KEYS = [
  "description",
  "og:title",
  "og:description",
  "og:image",
  "og:image:width",
  "og:image:height",
  "og:image:alt",
  "og:type",
  "og:url",
  "twitter:card",
  "twitter:title",
  "twitter:description",
  "twitter:image",
  "twitter:image:alt",
];

function assertFullPreview(h: Head, title: string, image: string, url: string) {
  assert.equal(h.status, 200);
  assert.match(h.contentType, /^text\/html/);
  assert.equal(h.doc.querySelectorAll("head title").length, 1, "one <title>");
  assert.equal(h.title, title);
  for (const key of PREVIEW_KEYS) one(h, key);
  assert.equal(one(h, "og:title"), title);
  assert.equal(one(h, "twitter:title"), title);
  assert.equal(one(h, "og:image"), image);
  assert.equal(one(h, "twitter:image"), image);
  assert.equal(one(h, "og:image:width"), "1200");
  assert.equal(one(h, "og:image:height"), "630");
  assert.equal(one(h, "og:type"), "website");
  assert.equal(one(h, "twitter:card"), "summary_large_image");
  assert.equal(one(h, "og:url"), url);
  assert.ok(one(h, "og:image:alt").length > 0);
  assert.equal(one(h, "og:description"), one(h, "description"));
}

Deno.test("previews: default, token and pool pages carry the right tags", async (t) => {
  const gateway = await startFakeGateway(gatewayResolvers());
  const server = await startServer({ GRAPHQL_URL: gateway.url, GATEWAY_TIMEOUT_MS: "1500" });
  try {
    await t.step("default preview on plain whitelisted pages, canonical url", async () => {
      const canonicals = [
        ["/", "/"],
        ["/explore/", "/explore"],
        ["/swap?inputCurrency=ETH&utm_source=x", "/swap?inputCurrency=ETH"],
      ];
      for (const [path, canonical] of canonicals) {
        const h = await head(server, path);
        assertFullPreview(h, DEFAULT_TITLE, `${server.url}/images/preview.png`, `${server.url}${canonical}`);
        assert.equal(one(h, "description"), DEFAULT_DESCRIPTION);
        for (const chain of ["Ethereum", "Base", "Arbitrum", "Polygon", "Unichain"]) {
          assert.ok(DEFAULT_DESCRIPTION.includes(chain));
        }
      }
      const image = await fetch(`${server.url}/images/preview.png`);
      assert.equal(image.status, 200);
      assert.equal(image.headers.get("content-type"), "image/png");
      const png = decode(new Uint8Array(await image.arrayBuffer()));
      assert.deepEqual([png.width, png.height], [1200, 630]);
    });

    await t.step("token titles: symbol, then name, then neither", async () => {
      const cases: [string, string][] = [
        [UNI, "Get UNI on Uniswap"],
        [NO_SYMBOL, "Get Nameless Coin on Uniswap"],
        [NOTHING, "View this token on Uniswap"],
      ];
      for (const [address, title] of cases) {
        for (const prefix of ["/explore/tokens", "/tokens"]) {
          const h = await head(server, `${prefix}/ethereum/${address}/?utm_source=x`);
          assertFullPreview(
            h,
            title,
            `${server.url}/api/image/tokens/ethereum/${address}`,
            `${server.url}${prefix}/ethereum/${address}`,
          );
        }
      }
    });

    await t.step("pools: V3, V2 (with a partial error) and V4, V3 and V2 read in one call", async () => {
      const cases: [string, string][] = [
        [V3_POOL, "UNI/WETH on Uniswap"],
        [V2_PAIR, "DAI/USDC on Uniswap"],
        [V4_POOL, "ETH/USDT on Uniswap"],
      ];
      for (const [address, title] of cases) {
        for (const prefix of ["/explore/pools", "/pools"]) {
          const h = await head(server, `${prefix}/ethereum/${address}`);
          assertFullPreview(
            h,
            title,
            `${server.url}/api/image/pools/ethereum/${address}`,
            `${server.url}${prefix}/ethereum/${address}`,
          );
        }
      }
    });

    await t.step("a hostile symbol is escaped, not executed", async () => {
      const h = await head(server, `/explore/tokens/ethereum/${HOSTILE}`);
      assert.equal(h.title, `Get ${HOSTILE_SYMBOL} on Uniswap`);
      assert.equal(one(h, "og:title"), `Get ${HOSTILE_SYMBOL} on Uniswap`);
      const injected = [...h.doc.querySelectorAll("script")].filter((s) => s.textContent?.trim() === "alert(1)");
      assert.equal(injected.length, 0, "the symbol became a script element");
    });

    await t.step("invalid input: default preview, no gateway call, never a 500", async () => {
      const before = gateway.total();
      const paths = [
        `/explore/tokens/notachain/${UNI}`,
        "/explore/tokens/ethereum/0x0",
        "/explore/tokens/ethereum/0x1f9840a85d5af5bf1d1762f925bdaddc4201f9",
        `/explore/tokens/ethereum/0x${"zz".repeat(20)}`,
        `/explore/tokens/ethereum/${"a".repeat(200)}`,
        `/explore/pools/notachain/${V3_POOL}`,
        "/explore/pools/ethereum/0x0",
        `/tokens/ethereum/0x${"g".repeat(40)}`,
      ];
      for (const path of paths) {
        const h = await head(server, path);
        assert.equal(h.status, 200, path);
        assert.equal(h.title, DEFAULT_TITLE, path);
        assert.ok(!one(h, "og:image").includes("/api/image/"), path);
      }
      const doubleSlash = await head(server, `/explore/tokens//${UNI}`);
      assert.notEqual(doubleSlash.status, 500);
      assert.ok(!(doubleSlash.meta.get("og:image") ?? []).some((v) => v.includes("/api/image/")));
      assert.equal(gateway.total(), before, "malformed input reached the gateway");
    });

    await t.step("a token the gateway does not know gets the default preview", async () => {
      const h = await head(server, `/explore/tokens/ethereum/${UNKNOWN}`);
      assert.equal(h.status, 200);
      assert.equal(h.title, DEFAULT_TITLE);
    });

    await t.step("x-blocked-paths is echoed in the head", async () => {
      const h = await head(server, "/swap", { headers: { "x-blocked-paths": "/buy,/sell" } });
      assert.equal(one(h, "x:blocked-paths"), "/buy,/sell");
      const none = await head(server, "/swap");
      assert.equal(none.meta.get("x:blocked-paths"), undefined);
    });

    await t.step("404s and .data requests carry no preview", async () => {
      const h = await head(server, "/definitely/not/a/page");
      assert.equal(h.status, 404);
      for (const key of PREVIEW_KEYS) assert.equal(h.meta.get(key), undefined, key);
      const data = await fetch(`${server.url}/explore.data`);
      assert.doesNotMatch(data.headers.get("content-type") ?? "", /text\/html/);
      await data.body?.cancel();
    });

    await t.step("the second request for a token or pool page takes the preview from the cache", async () => {
      const first = await head(server, `/explore/tokens/ethereum/${UNI}`);
      assert.equal(first.title, "Get UNI on Uniswap");
      const firstPool = await head(server, `/explore/pools/ethereum/${V3_POOL}`);
      assert.equal(firstPool.title, "UNI/WETH on Uniswap");
      // With the gateway failing, only the cache can still give the previews.
      gateway.mode = "500";
      try {
        const token = await head(server, `/tokens/ethereum/${UNI}`);
        assert.equal(token.status, 200);
        assert.equal(token.title, "Get UNI on Uniswap");
        assert.equal(one(token, "og:image"), `${server.url}/api/image/tokens/ethereum/${UNI}`);
        const pool = await head(server, `/pools/ethereum/${V3_POOL}`);
        assert.equal(pool.status, 200);
        assert.equal(pool.title, "UNI/WETH on Uniswap");
        // and a page whose preview was never cached falls back to the default
        const uncached = await head(server, `/explore/tokens/ethereum/${NO_SYMBOL.replace("11", "12")}`);
        assert.equal(uncached.title, DEFAULT_TITLE);
      } finally {
        gateway.mode = "ok";
      }
    });
  } finally {
    await server.stop();
    await gateway.close();
  }
});

Deno.test("previews: PUBLIC_ORIGIN is used in absolute URLs", async () => {
  const gateway = await startFakeGateway(gatewayResolvers());
  const server = await startServer({ GRAPHQL_URL: gateway.url, PUBLIC_ORIGIN: "https://app.example.com" });
  try {
    const h = await head(server, `/explore/tokens/ethereum/${UNI}`);
    assertFullPreview(
      h,
      "Get UNI on Uniswap",
      `https://app.example.com/api/image/tokens/ethereum/${UNI}`,
      `https://app.example.com/explore/tokens/ethereum/${UNI}`,
    );
  } finally {
    await server.stop();
    await gateway.close();
  }
});

async function assertGatewayFault(label: string, server: TestServer, address: string) {
  const h = await head(server, `/explore/tokens/ethereum/${address}`);
  assert.equal(h.status, 200, `${label}: status`);
  assert.equal(h.title, DEFAULT_TITLE, `${label}: title`);
}

Deno.test("previews: a failing gateway leaves the default preview and caches nothing", async () => {
  const gateway = await startFakeGateway(gatewayResolvers());
  const server = await startServer({ GRAPHQL_URL: gateway.url, GATEWAY_TIMEOUT_MS: "800" });
  try {
    gateway.mode = "500";
    await assertGatewayFault("500", server, NO_SYMBOL);
    gateway.mode = "garbage";
    await assertGatewayFault("garbage", server, NOTHING);
    // A gateway that does not answer: the page is out with the default preview
    // while the gateway still holds the question (the timeout gave up on it).
    gateway.mode = "ok";
    const held = gateway.hold();
    await assertGatewayFault("no answer", server, UNI);
    assert.ok(held.arrived.length > 0, "the gateway was asked");
    held.release();
    const recovered = await head(server, `/explore/tokens/ethereum/${UNI}`);
    assert.equal(recovered.title, "Get UNI on Uniswap", "a failure was cached");
  } finally {
    await server.stop();
    await gateway.close();
  }
  const down = await startServer({ GRAPHQL_URL: "http://127.0.0.1:9/graphql" });
  try {
    const h = await head(down, `/explore/tokens/ethereum/${UNI}`);
    assert.equal(h.status, 200);
    assert.equal(h.title, DEFAULT_TITLE);
  } finally {
    await down.stop();
  }
});
