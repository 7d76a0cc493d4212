/**
 * What crawlers and browsers receive, read off the wire of the real service
 * (`server.ts` as a child process): compression, HEAD, ETags and 304s,
 * security headers, icons and identity, robots.txt, og:url, text lengths,
 * Solana tokens, error bodies with the gateway down, and the origin behind
 * a proxy. Requests go through `node:http` (or a raw socket), which neither
 * adds `Accept-Encoding` nor decodes bodies, so every byte is the server's.
 */
import assert from "node:assert/strict";
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { decode } from "fast-png";
import { JSDOM } from "jsdom";
import { NAMELESS_TOKEN, SOLANA_JUP_TOKEN, USDC_WETH_V3_POOL } from "../demo_gateway/fixtures.ts";
import { SOLANA_NATIVE_MINT } from "../lib/chains.ts";
import { SITE_LINKS } from "../lib/preview_meta.ts";
import { type FakeGateway, startFakeGateway } from "./fakes/gateway.ts";
import { startServer, type TestServer } from "./server_harness.ts";

const UNI = "0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const JUP = SOLANA_JUP_TOKEN.address;

interface Raw {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
}

/** One request over `node:http`: no added headers, no decoding. */
function raw(url: string, init: { method?: string; headers?: Record<string, string> } = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: init.method ?? "GET", headers: init.headers ?? {} }, (response) => {
      const chunks: Uint8Array[] = [];
      response.on("data", (chunk: Uint8Array) => chunks.push(chunk));
      response.on("end", () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
        }
        const body = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
        let offset = 0;
        for (const chunk of chunks) {
          body.set(chunk, offset);
          offset += chunk.length;
        }
        resolve({ status: response.statusCode ?? 0, headers, body });
      });
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}

/** The body as the client would read it after undoing `content-encoding`. */
function decoded(response: Raw): string {
  const encoding = response.headers["content-encoding"];
  const bytes = encoding === "br"
    ? brotliDecompressSync(response.body)
    : encoding === "gzip"
    ? gunzipSync(response.body)
    : response.body;
  return new TextDecoder().decode(bytes);
}

/** Sends a request with a Host header of our choosing over a raw socket. */
async function rawWithHost(baseUrl: string, path: string, host: string): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(baseUrl);
  const conn = await Deno.connect({ hostname, port: Number(port) });
  try {
    await conn.write(new TextEncoder().encode(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`));
    let text = "";
    const buffer = new Uint8Array(65536);
    while (true) {
      const n = await conn.read(buffer);
      if (n === null) break;
      text += new TextDecoder().decode(buffer.subarray(0, n));
    }
    return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text };
  } finally {
    try {
      conn.close();
    } catch { /* closed by peer */ }
  }
}

interface Page {
  doc: Document;
  meta(key: string): string | undefined;
  title: string | undefined;
}

async function page(url: string, headers: Record<string, string> = {}): Promise<Page & Raw> {
  const response = await raw(url, { headers: { "user-agent": "Twitterbot/1.0", ...headers } });
  const doc = new JSDOM(decoded(response)).window.document;
  return {
    ...response,
    doc,
    title: doc.querySelector("head title")?.textContent ?? undefined,
    meta(key: string) {
      const el = doc.head.querySelector(`meta[property="${key}"], meta[name="${key}"]`);
      return el?.getAttribute("content") ?? undefined;
    },
  };
}

function pngSize(bytes: Uint8Array): [number, number] {
  const png = decode(bytes);
  return [png.width, png.height];
}

/** Built asset paths the home page loads (one script, one stylesheet). */
function assetPaths(doc: Document): { js: string; css: string } {
  const js = [...doc.querySelectorAll("link[rel=modulepreload], script[src]")]
    .map((el) => el.getAttribute("href") ?? el.getAttribute("src") ?? "")
    .find((href) => href.startsWith("/assets/") && href.endsWith(".js"));
  const css = doc.querySelector('link[rel=stylesheet][href^="/assets/"]')?.getAttribute("href");
  assert.ok(js && css, "the page links a built script and stylesheet");
  return { js, css };
}

Deno.test("http rules on the demo defaults", async (t) => {
  const server = await startServer();
  const base = server.url;
  try {
    const home = await page(`${base}/`, { "user-agent": BROWSER });
    const assets = assetPaths(home.doc);

    await t.step("text answers are compressed (gzip and brotli) and decode to the same bytes", async () => {
      const paths = ["/", "/explore", `/explore/tokens/ethereum/${UNI}`, assets.js, assets.css, "/explore.data"];
      for (const path of paths) {
        const plain = await raw(base + path, { headers: { "user-agent": BROWSER } });
        assert.equal(plain.status, 200, path);
        assert.equal(plain.headers["content-encoding"], undefined, `${path}: raw without Accept-Encoding`);
        assert.match(plain.headers["vary"] ?? "", /accept-encoding/i, `${path}: Vary`);
        for (const encoding of ["gzip", "br"]) {
          const packed = await raw(base + path, {
            headers: {
              "user-agent": BROWSER,
              "accept-encoding": encoding === "br" ? "gzip, deflate, br" : "gzip",
            },
          });
          assert.equal(packed.status, 200, path);
          assert.equal(packed.headers["content-encoding"], encoding, `${path}: ${encoding}`);
          assert.match(packed.headers["vary"] ?? "", /accept-encoding/i);
          assert.ok(packed.body.byteLength < plain.body.byteLength, `${path}: ${encoding} is smaller`);
          const text = decoded(packed);
          if (path.startsWith("/assets/")) assert.equal(text, decoded(plain), `${path}: same bytes`);
          else {
            // Documents are rendered per request: same document, same head.
            const a = new JSDOM(text).window.document;
            const b = new JSDOM(decoded(plain)).window.document;
            assert.equal(a.head.innerHTML, b.head.innerHTML, `${path}: same head`);
          }
          if (path.startsWith("/assets/")) {
            assert.equal(Number(packed.headers["content-length"]), packed.body.byteLength, `${path}: length`);
          }
        }
      }
      // a streamed document stays streamed: chunked, no content-length (rendered, or the shared copy of a public page)
      const streamed = await raw(`${base}/explore`, {
        headers: { "user-agent": BROWSER, "accept-encoding": "br" },
      });
      assert.equal(streamed.headers["transfer-encoding"], "chunked");
      assert.equal(streamed.headers["content-length"], undefined);
    });

    await t.step("PNGs are never compressed", async () => {
      for (const path of ["/images/preview.png", "/apple-touch-icon.png", `/api/image/tokens/ethereum/${UNI}`]) {
        const r = await raw(base + path, { headers: { "accept-encoding": "gzip, deflate, br" } });
        assert.equal(r.status, 200, path);
        assert.equal(r.headers["content-type"], "image/png", path);
        assert.equal(r.headers["content-encoding"], undefined, path);
        assert.equal(Number(r.headers["content-length"]), r.body.byteLength, path);
        pngSize(r.body);
      }
    });

    await t.step("HEAD answers every GET route with the same status and headers and no body", async () => {
      const paths = [
        "/",
        "/swap",
        `/explore/pools/ethereum/${USDC_WETH_V3_POOL.address}`,
        "/favicon.svg",
        "/favicon.ico",
        "/robots.txt",
        "/site.webmanifest",
        "/images/preview.png",
        assets.js,
        assets.css,
        `/api/image/tokens/ethereum/${UNI}`,
        "/api/image/tokens/ethereum/0x12",
        "/api/nothing",
        "/definitely/not/a/page",
      ];
      const ignored = new Set(["date", "transfer-encoding", "connection", "keep-alive"]);
      for (const encoding of ["identity", "gzip, br"]) {
        for (const path of paths) {
          const headers = { "accept-encoding": encoding, "user-agent": BROWSER };
          const get = await raw(base + path, { headers });
          const head = await raw(base + path, { method: "HEAD", headers });
          assert.equal(head.status, get.status, path);
          assert.equal(head.body.byteLength, 0, `${path}: HEAD has no body`);
          const strip = (h: Record<string, string>) =>
            Object.fromEntries(Object.entries(h).filter(([name]) => !ignored.has(name)).sort());
          assert.deepEqual(strip(head.headers), strip(get.headers), `${path} (${encoding}): same headers`);
          if (get.headers["content-length"] !== undefined) {
            assert.equal(Number(get.headers["content-length"]), get.body.byteLength, path);
            assert.equal(head.headers["content-length"], get.headers["content-length"], `${path}: real length`);
          }
        }
      }
    });

    await t.step("static files and built assets carry a strong ETag and answer If-None-Match with 304", async () => {
      for (const path of ["/favicon.svg", "/robots.txt", "/images/preview.png", "/apple-touch-icon.png", assets.js]) {
        for (const encoding of ["identity", "br"]) {
          const first = await raw(base + path, { headers: { "accept-encoding": encoding } });
          const etag = first.headers["etag"];
          assert.match(etag ?? "", /^"[^"]+"$/, `${path}: a strong ETag`);
          const again = await raw(base + path, { headers: { "accept-encoding": encoding, "if-none-match": etag } });
          assert.equal(again.status, 304, `${path} (${encoding})`);
          assert.equal(again.body.byteLength, 0);
          assert.equal(again.headers["etag"], etag);
          const stale = await raw(base + path, { headers: { "if-none-match": '"stale"' } });
          assert.equal(stale.status, 200);
        }
      }
    });

    await t.step("security headers on every HTML answer; nosniff on images and files", async () => {
      for (const path of ["/", "/swap", `/explore/tokens/ethereum/${UNI}`, "/definitely/not/a/page"]) {
        for (const ua of [BROWSER, "Twitterbot/1.0"]) {
          const r = await raw(base + path, { headers: { "user-agent": ua } });
          assert.match(r.headers["content-type"] ?? "", /^text\/html/, path);
          assert.equal(r.headers["x-frame-options"], "SAMEORIGIN", path);
          assert.match(r.headers["content-security-policy"] ?? "", /(^|;)\s*frame-ancestors 'self'/, path);
          assert.equal(r.headers["x-content-type-options"], "nosniff", path);
          assert.equal(r.headers["referrer-policy"], "strict-origin-when-cross-origin", path);
        }
      }
      for (
        const path of ["/images/preview.png", `/api/image/pools/ethereum/${USDC_WETH_V3_POOL.address}`, assets.css]
      ) {
        const r = await raw(base + path);
        assert.equal(r.headers["x-content-type-options"], "nosniff", path);
      }
    });

    await t.step("icons: linked from the head, each a PNG of the stated size; manifest icons 192 and 512", async () => {
      const head = home.doc.head;
      const linked = (rel: string) =>
        [...head.querySelectorAll(`link[rel="${rel}"]`)].map((l) => l.getAttribute("href"));
      assert.ok(linked("icon").includes("/favicon.ico"));
      assert.ok(linked("icon").includes("/favicon-32x32.png"));
      assert.deepEqual(linked("apple-touch-icon"), ["/apple-touch-icon.png"]);
      assert.deepEqual(linked("manifest"), ["/site.webmanifest"]);
      assert.equal(head.querySelector('meta[name="theme-color"]')?.getAttribute("content"), "#fc72ff");
      for (const link of SITE_LINKS.filter((l) => l.sizes && l.href.endsWith(".png"))) {
        const r = await raw(base + link.href);
        assert.equal(r.status, 200, link.href);
        assert.equal(r.headers["content-type"], "image/png");
        const [w, h] = link.sizes!.split("x").map(Number);
        assert.deepEqual(pngSize(r.body), [w, h], link.href);
      }
      const ico = await raw(`${base}/favicon.ico`);
      assert.equal(ico.status, 200);
      assert.match(ico.headers["content-type"] ?? "", /^image\/(x-icon|vnd\.microsoft\.icon)$/);
      assert.deepEqual([...ico.body.subarray(0, 4)], [0, 0, 1, 0], "an ICO file");

      const manifest = await raw(`${base}/site.webmanifest`);
      assert.equal(manifest.status, 200);
      assert.match(manifest.headers["content-type"] ?? "", /^application\/manifest\+json/);
      const icons = JSON.parse(decoded(manifest)).icons as { src: string; sizes: string; type: string }[];
      for (const size of [192, 512]) {
        const icon = icons.find((i) => i.sizes === `${size}x${size}`);
        assert.ok(icon, `${size} px icon in the manifest`);
        assert.equal(icon.type, "image/png");
        assert.deepEqual(pngSize((await raw(base + icon.src)).body), [size, size], icon.src);
      }
    });

    await t.step("identity tags beside every preview", async () => {
      for (
        const path of [
          "/swap",
          `/explore/tokens/ethereum/${UNI}`,
          `/explore/pools/ethereum/${USDC_WETH_V3_POOL.address}`,
        ]
      ) {
        const p = await page(base + path);
        assert.equal(p.meta("og:site_name"), "Uniswap", path);
        assert.equal(p.meta("twitter:site"), "@Uniswap", path);
        assert.equal(p.meta("og:image:type"), "image/png", path);
        assert.ok(p.meta("og:image"), path);
      }
    });

    await t.step("robots.txt: 200 text/plain and the social crawlers may read everything", async () => {
      const r = await raw(`${base}/robots.txt`);
      assert.equal(r.status, 200);
      assert.match(r.headers["content-type"] ?? "", /^text\/plain/);
      const text = decoded(r);
      // Groups: consecutive User-agent lines, then their rules.
      const groups: { agents: string[]; rules: string[] }[] = [];
      for (const line of text.split("\n").map((l) => l.replace(/#.*/, "").trim()).filter(Boolean)) {
        const [field, ...rest] = line.split(":");
        const value = rest.join(":").trim();
        if (/^user-agent$/i.test(field)) {
          const last = groups.at(-1);
          if (last && last.rules.length === 0) last.agents.push(value.toLowerCase());
          else groups.push({ agents: [value.toLowerCase()], rules: [] });
        } else groups.at(-1)?.rules.push(`${field.toLowerCase()}:${value}`);
      }
      for (const bot of ["twitterbot", "facebookexternalhit", "linkedinbot", "slackbot", "discordbot", "telegrambot"]) {
        const group = groups.find((g) => g.agents.includes(bot));
        assert.ok(group, `${bot} has a group`);
        assert.ok(group.rules.includes("allow:/"), `${bot} allowed`);
        assert.ok(!group.rules.some((rule) => rule.startsWith("disallow:/")), `${bot} never disallowed`);
      }
      assert.ok(groups.some((g) => g.agents.includes("*")), "a group for everyone else");
    });

    await t.step("og:url keeps the query minus tracking parameters; trailing slash stripped", async () => {
      const cases: [string, string][] = [
        [
          "/swap?inputCurrency=ETH&utm_source=x&outputCurrency=0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48&fbclid=abc&utm_medium=y",
          "/swap?inputCurrency=ETH&outputCurrency=0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
        ],
        [
          "/portfolio?address=0x036b30d42028532091FBe91DB601B4c2710BF14c&gclid=1",
          "/portfolio?address=0x036b30d42028532091FBe91DB601B4c2710BF14c",
        ],
        ["/swap/?outputCurrency=NATIVE&inputCurrency=ETH", "/swap?outputCurrency=NATIVE&inputCurrency=ETH"],
        ["/explore/?utm_campaign=z&msclkid=1&twclid=2&igshid=3&mc_cid=4&mc_eid=5&dclid=6", "/explore"],
        [`/explore/tokens/ethereum/${UNI}/?lang=fr`, `/explore/tokens/ethereum/${UNI}?lang=fr`],
      ];
      for (const [path, canonical] of cases) {
        const p = await page(base + path);
        assert.equal(p.meta("og:url"), base + canonical, path);
      }
    });

    await t.step("Solana: a base58 mint's page and image, case kept; NATIVE is wrapped SOL", async () => {
      const p = await page(`${base}/explore/tokens/solana/${JUP}`);
      assert.equal(p.title, "Get JUP on Uniswap");
      assert.equal(p.meta("og:image"), `${base}/api/image/tokens/solana/${JUP}`);
      assert.equal(p.meta("og:url"), `${base}/explore/tokens/solana/${JUP}`);
      const image = await raw(`${base}/api/image/tokens/solana/${JUP}`);
      assert.equal(image.status, 200);
      assert.deepEqual(pngSize(image.body), [1200, 630]);
      // another spelling is another mint: unknown, like an unknown EVM token
      const lower = await page(`${base}/explore/tokens/solana/${JUP.toLowerCase()}`);
      assert.equal(lower.status, 200);
      assert.ok(!lower.meta("og:image")?.includes("/api/image/"));
      assert.equal((await raw(`${base}/api/image/tokens/solana/${JUP.toLowerCase()}`)).status, 404);
      const native = await page(`${base}/tokens/solana/NATIVE`);
      assert.equal(native.title, "Get SOL on Uniswap");
      assert.equal((await raw(`${base}/api/image/tokens/solana/NATIVE`)).status, 200);
      assert.equal((await raw(`${base}/api/image/tokens/solana/${SOLANA_NATIVE_MINT}`)).status, 200);
      // the browser page shows the token too
      const screen = await raw(`${base}/explore/tokens/solana/${JUP}`, { headers: { "user-agent": BROWSER } });
      assert.equal(screen.status, 200);
      assert.match(decoded(screen), /Jupiter/);
      // EVM chains keep their 0x rules
      assert.equal((await raw(`${base}/api/image/tokens/ethereum/${JUP}`)).status, 404);
    });

    await t.step("a nameless token reads naturally", async () => {
      const p = await page(`${base}/explore/tokens/ethereum/${NAMELESS_TOKEN.address}`);
      assert.equal(p.title, "View this token on Uniswap");
      for (const key of ["description", "og:description", "twitter:description", "og:image:alt"]) {
        assert.doesNotMatch(p.meta(key) ?? "", /\(UNK\)|\bUNK\b|\bToken\b/, key);
      }
    });

    await t.step("an invalid Host is answered 400, never parsed into a path", async () => {
      for (const host of ["127.0.0.1:9200/api/image/tokens/ethereum/NATIVE?", "a b", "x:99999"]) {
        const r = await rawWithHost(base, "/favicon.svg", host);
        assert.equal(r.status, 400, host);
        assert.doesNotMatch(r.text, /image\/png|svg|at .*\.ts/, host);
      }
      const ok = await rawWithHost(base, "/favicon.svg", "app.example.com");
      assert.equal(ok.status, 200);
    });

    await t.step("without TRUST_PROXY, X-Forwarded-* are ignored", async () => {
      const p = await page(`${base}/swap`, { "x-forwarded-proto": "https", "x-forwarded-host": "evil.example" });
      assert.equal(p.meta("og:url"), `${base}/swap`);
    });
  } finally {
    await server.stop();
  }
});

function longName(): string {
  // emoji sequences, combining marks and bidi/zero-width characters, far past every limit
  return `\u202E👨‍👩‍👧 Ame\u0301lie\u200B Extraordinarily Long Token Name `.repeat(12);
}

Deno.test("lengths: long names keep title <= 70 and description <= 200, cut at whole characters", async () => {
  const LONG = `0x${"ab".repeat(20)}`;
  const gateway: FakeGateway = await startFakeGateway({
    Token: (v) => ({
      data: {
        token: String(v.address).toLowerCase() === LONG
          ? {
            id: "t",
            chain: "ETHEREUM",
            address: LONG,
            symbol: null,
            name: longName(),
            project: { id: "p", logoUrl: null },
          }
          : null,
      },
    }),
  });
  const server = await startServer({ GRAPHQL_URL: gateway.url, GATEWAY_TIMEOUT_MS: "2000" });
  try {
    const p = await page(`${server.url}/explore/tokens/ethereum/${LONG}`);
    const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
    const checks: [string, string | undefined, number][] = [
      ["title", p.title, 70],
      ["og:title", p.meta("og:title"), 70],
      ["twitter:title", p.meta("twitter:title"), 70],
      ["description", p.meta("description"), 200],
      ["og:description", p.meta("og:description"), 200],
      ["twitter:description", p.meta("twitter:description"), 200],
    ];
    for (const [key, value, max] of checks) {
      assert.ok(value, key);
      assert.ok(value.length <= max, `${key}: ${value.length} > ${max}`);
      assert.ok(value.includes("…"), `${key} was cut`);
      assert.ok(value.isWellFormed(), `${key}: no half surrogate pair`);
      assert.doesNotMatch(value, /[\u202e\u200b]/, `${key}: bidi and zero-width characters stripped`);
      // every grapheme of the cut text is one of the source's (no family or é cut apart)
      const source = new Set(
        Array.from(segmenter.segment(longName().replace(/[\u202e\u200b]/g, "")), (s) => s.segment),
      );
      for (const { segment } of segmenter.segment(value.replace(/^Get |^Swap | on Uniswap.*$|…/g, ""))) {
        assert.ok(source.has(segment) || /^[ a-zA-Z]$/.test(segment), `${key}: "${segment}" is a cut character`);
      }
    }
    assert.match(p.title!, /^Get .*… on Uniswap$/u);
  } finally {
    await server.stop();
    await gateway.close();
  }
});

Deno.test("gateway down and behind a proxy: no internals in error bodies; TRUST_PROXY origin", async () => {
  const server: TestServer = await startServer({
    GRAPHQL_URL: "http://127.0.0.1:9/internal-graphql",
    GATEWAY_TIMEOUT_MS: "1500",
    TRUST_PROXY: "1",
  });
  const base = server.url;
  const internals = /127\.0\.0\.1:9\b|internal-graphql|\n\s+at /;
  try {
    const image = await raw(`${base}/api/image/tokens/ethereum/${UNI}`);
    assert.equal(image.status, 500);
    assert.equal(decoded(image), "Data gateway unavailable.");
    const pool = await raw(`${base}/api/image/pools/ethereum/${USDC_WETH_V3_POOL.address}`);
    assert.equal(pool.status, 500);
    assert.doesNotMatch(decoded(pool), internals);
    for (
      const path of [
        `/explore/tokens/ethereum/${UNI}`,
        `/explore/pools/ethereum/${USDC_WETH_V3_POOL.address}`,
        "/explore",
      ]
    ) {
      for (const ua of [BROWSER, "Twitterbot/1.0"]) {
        const r = await raw(base + path, { headers: { "user-agent": ua } });
        assert.doesNotMatch(decoded(r), internals, `${path} (${ua})`);
      }
      const data = await raw(`${base}${path}.data`, { headers: { "user-agent": BROWSER } });
      assert.doesNotMatch(decoded(data), internals, `${path}.data`);
    }
    // the detail is in the log
    assert.ok(server.output.some((line) => line.includes("internal-graphql")), "the gateway failure is logged");

    // TRUST_PROXY: scheme and host from validated X-Forwarded-Proto and X-Forwarded-Host
    const proxied = await page(`${base}/swap?utm_source=a&inputCurrency=ETH`, {
      "x-forwarded-proto": "https",
      "x-forwarded-host": "app.example.com",
    });
    assert.equal(proxied.meta("og:url"), "https://app.example.com/swap?inputCurrency=ETH");
    assert.equal(proxied.meta("og:image"), "https://app.example.com/images/preview.png");
    const invalid = await page(`${base}/swap`, {
      "x-forwarded-proto": "javascript",
      "x-forwarded-host": "evil.example/x?",
    });
    assert.equal(invalid.meta("og:url"), `${base}/swap`, "invalid forwarding headers fall back to the request's own");
  } finally {
    await server.stop();
  }
});
