import assert from "node:assert/strict";
import { createImageHandler, type ImageHandlerOptions, type ImageTarget } from "./mod.ts";
import { colorDistance, DEFAULT_COLOR, type Rgb } from "./logo/average_color.ts";
import { createDefaultFontLoader } from "./assets/fonts.ts";
import { renderDefaultImage } from "./job/images.tsx";
import {
  bytesResponse,
  countDifferentPixels,
  decodePixels,
  FixturePreviews,
  MemoryImageCache,
  pixelAt,
  pngHeaderOnly,
  sleep,
  solidJpeg,
  solidPng,
  startLogoServer,
  webpBytes,
} from "./test_helpers.ts";
import { STATIC_DIR } from "./paths.ts";

const RED = { r: 220, g: 20, b: 30 };
const BLUE = { r: 30, g: 60, b: 220 };

function address(n: number): string {
  return "0x" + n.toString(16).padStart(40, "0");
}

/** A loopback logo server, fixture previews and a handler over them. */
function setup(extra: Partial<ImageHandlerOptions> = {}) {
  const stop = new AbortController();
  let slowAnswered = false;
  let flakyDown = true;
  const server = startLogoServer({
    "/flaky.png": () => flakyDown ? new Response("down", { status: 503 }) : bytesResponse(solidPng(RED), "image/png"),
    "/red.png": () => bytesResponse(solidPng(RED), "image/png"),
    "/blue.jpg": () => bytesResponse(solidJpeg(BLUE), "image/jpeg"),
    "/white.png": () => bytesResponse(solidPng({ r: 250, g: 250, b: 250 }), "image/png"),
    "/logo.webp": () => bytesResponse(solidPng(RED), "image/webp"),
    "/webp-content.png": () => bytesResponse(webpBytes(), "image/png"),
    "/big.png": () => bytesResponse(new Uint8Array(3 * 1024 * 1024), "image/png"),
    "/bomb.png": () => bytesResponse(pngHeaderOnly(30000, 30000), "image/png"),
    "/slow.png": async () => {
      await sleep(20_000, stop.signal);
      slowAnswered = !stop.signal.aborted;
      return bytesResponse(solidPng(RED), "image/png");
    },
    "/redirect": () =>
      new Response(null, {
        status: 302,
        headers: { location: `http://localhost:${server.port}/red.png` },
      }),
  });
  const previews = new FixturePreviews();
  const cache = new MemoryImageCache();
  const renders: ImageTarget[] = [];
  const handler = createImageHandler({
    previews,
    cache,
    staticDir: STATIC_DIR,
    logoAllowedHosts: [`127.0.0.1:${server.port}`],
    publicOrigin: "https://app.example",
    logoFetch: { timeoutMs: 1000 },
    onRender: (target) => renders.push(target),
    workers: 1,
    clientOf: (request) => request.headers.get("x-test-client") ?? "local",
    ...extra,
  });
  const token = (n: number, symbol: string, name: string, logo: string | null) =>
    previews.tokens.set(`ethereum/${address(n)}`, {
      symbol,
      name,
      logoUrl: logo === null ? null : logo.startsWith("http") ? logo : `${server.origin}${logo}`,
    });
  const get = async (
    kind: "token" | "pool",
    n: number | string,
    init: { method?: string; query?: string; network?: string; client?: string } = {},
  ) => {
    const response = await handler(
      new Request(`http://localhost/api/image${init.query ?? ""}`, {
        method: init.method ?? "GET",
        headers: init.client ? { "x-test-client": init.client } : {},
      }),
      {
        kind,
        chainName: init.network ?? "ethereum",
        address: typeof n === "number" ? address(n) : n,
      },
    );
    const body = new Uint8Array(await response.arrayBuffer());
    return { response, body };
  };
  const position = async (
    version: string,
    id: string,
    init: { method?: string; network?: string } = {},
  ) => {
    const response = await handler(
      new Request(`http://localhost/api/image/positions/${version}/${init.network ?? "ethereum"}/${id}`, {
        method: init.method ?? "GET",
      }),
      { kind: "position", chainName: init.network ?? "ethereum", address: id, version },
    );
    const body = new Uint8Array(await response.arrayBuffer());
    return { response, body };
  };
  return {
    server,
    previews,
    cache,
    renders,
    token,
    get,
    position,
    handler,
    slowAnswered: () => slowAnswered,
    /** Whether `/flaky.png` answers 503 (true at first) or the red logo. */
    flaky: (down: boolean) => {
      flakyDown = down;
    },
    close: async () => {
      stop.abort();
      await handler.close();
      await server.close();
    },
  };
}

/** The colour of the card's open background (right of the logo, above the text). */
function backgroundOf(png: Uint8Array): Rgb {
  return pixelAt(decodePixels(png), 600, 220);
}

Deno.test("a token card is a 1200x630 PNG with cache headers", async () => {
  const t = setup();
  try {
    t.token(1, "RED", "Red Token", "/red.png");
    const { response, body } = await t.get("token", 1);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "image/png");
    assert.equal(response.headers.get("cache-control"), "public, immutable, no-transform, max-age=604800");
    const image = decodePixels(body);
    assert.equal(image.width, 1200);
    assert.equal(image.height, 630);
    assert.equal(t.server.hits.get("/red.png"), 1, "one logo fetch per render");
  } finally {
    await t.close();
  }
});

Deno.test("the background is the logo's average colour, or the default", async () => {
  const t = setup();
  try {
    t.token(1, "RED", "Red", "/red.png");
    t.token(2, "BLU", "Blue", "/blue.jpg");
    t.token(3, "WHT", "White", "/white.png");
    t.token(4, "WBP", "Webp by name", "/logo.webp");
    t.token(5, "WBC", "Webp by content", "/webp-content.png");
    t.token(6, "NON", "No logo", null);
    assert.deepEqual(backgroundOf((await t.get("token", 1)).body), RED);
    assert.ok(
      colorDistance(backgroundOf((await t.get("token", 2)).body), BLUE) < 6,
    );
    for (const n of [3, 4, 5, 6]) {
      const { response, body } = await t.get("token", n);
      assert.equal(response.status, 200);
      assert.deepEqual(backgroundOf(body), DEFAULT_COLOR, `token ${n}`);
    }
    // A .webp URL is not even fetched.
    assert.equal(t.server.hits.get("/logo.webp"), undefined);
  } finally {
    await t.close();
  }
});

Deno.test("hostile logo URLs give the default colour, a slow one cut at the timeout", async () => {
  const t = setup();
  try {
    await t.handler.warm();
    const hostile = [
      `http://localhost:${t.server.port}/red.png`,
      "/redirect",
      "/big.png",
      "/bomb.png",
      "/slow.png",
      "http://169.254.169.254/latest/meta-data/",
      "file:///etc/passwd",
    ];
    hostile.forEach((url, i) => t.token(10 + i, "BAD", "Hostile", url));
    for (let i = 0; i < hostile.length; i++) {
      const { response, body } = await t.get("token", 10 + i);
      assert.equal(response.status, 200, hostile[i]);
      assert.deepEqual(backgroundOf(body), DEFAULT_COLOR, hostile[i]);
    }
    // The slow logo answers after 20 s: the card came back long before.
    assert.equal(t.slowAnswered(), false, "the card did not wait for the slow logo");
    // The red logo behind the redirect was never fetched through it.
    assert.equal(t.server.hits.get("/red.png"), undefined);
    // A logo that timed out may answer later: that card is not kept; refused ones are.
    assert.equal(t.cache.entries.has(`token/ethereum/${address(14)}/`), false, "slow logo: not cached");
    assert.equal(t.cache.entries.has(`token/ethereum/${address(16)}/`), true, "refused logo: cached");
    // Healthy afterwards.
    t.token(30, "RED", "Red", "/red.png");
    assert.deepEqual(backgroundOf((await t.get("token", 30)).body), RED);
  } finally {
    await t.close();
  }
});

Deno.test("unknown and malformed targets are 404, failures 500", async () => {
  const t = setup();
  try {
    let r = await t.get("token", 99);
    assert.equal(r.response.status, 404);
    assert.equal(new TextDecoder().decode(r.body), "Token not found.");
    r = await t.get("pool", 99);
    assert.equal(r.response.status, 404);
    assert.equal(new TextDecoder().decode(r.body), "Pool not found.");
    const lookups = t.previews.lookups;
    for (const bad of ["0x12", "../../etc/passwd", "0x" + "g".repeat(40)]) {
      r = await t.get("token", bad);
      assert.equal(r.response.status, 404, bad);
    }
    r = await t.get("pool", address(1), { network: "bad network!" });
    assert.equal(r.response.status, 404);
    assert.equal(t.previews.lookups, lookups, "malformed input never looked up");

    t.previews.failure = new Error("Cannot reach gateway http://10.1.2.3:9/internal-graphql: refused");
    r = await t.get("token", 1);
    assert.equal(r.response.status, 500);
    // what failed, in plain words; never the gateway's address
    assert.equal(new TextDecoder().decode(r.body), "Data gateway unavailable.");
    assert.equal(t.cache.writes, 0, "nothing cached from failures");
  } finally {
    await t.close();
  }
});

Deno.test("HEAD answers like GET without a body; other methods 405", async () => {
  const t = setup();
  try {
    t.token(1, "RED", "Red", "/red.png");
    const head = await t.get("token", 1, { method: "HEAD" });
    assert.equal(head.response.status, 200);
    assert.equal(head.response.headers.get("content-type"), "image/png");
    assert.equal(head.body.length, 0);
    const post = await t.get("token", 1, { method: "POST" });
    assert.equal(post.response.status, 405);
  } finally {
    await t.close();
  }
});

Deno.test("concurrent requests share one lookup and render; then the cache answers", async () => {
  const t = setup();
  try {
    t.token(1, "RED", "Red", "/red.png");
    t.previews.delayMs = 100;
    const results = await Promise.all(
      Array.from({ length: 6 }, () => t.get("token", 1)),
    );
    assert.equal(t.previews.lookups, 1);
    assert.equal(t.renders.length, 1);
    assert.equal(t.server.hits.get("/red.png"), 1);
    for (const r of results) {
      assert.equal(r.response.status, 200);
      assert.deepEqual(r.body, results[0].body);
    }
    assert.equal(t.cache.writes, 1);

    // Second request: from the cache, no lookup, no render.
    const again = await t.get("token", 1);
    assert.deepEqual(again.body, results[0].body);
    assert.equal(t.previews.lookups, 1);
    assert.equal(t.renders.length, 1);

    // Address case does not split the cache.
    await t.get("token", address(1).toUpperCase().replace("0X", "0x"));
    assert.equal(t.renders.length, 1);

    // Another emoji set is its own render, cached under its own variant.
    await t.get("token", 1, { query: "?emoji=noto" });
    assert.equal(t.renders.length, 2);
    assert.equal(t.cache.writes, 2);
    assert.ok(t.cache.entries.has(`token/ethereum/${address(1)}/emoji=noto`));
    await t.get("token", 1, { query: "?emoji=noto" });
    assert.equal(t.renders.length, 2);
    // An unknown set is the default one.
    await t.get("token", 1, { query: "?emoji=nope" });
    assert.equal(t.renders.length, 2);
  } finally {
    await t.close();
  }
});

Deno.test("an uncached card reads the cache once; one drawn meanwhile is read again, not drawn again", async () => {
  const t = setup();
  try {
    t.token(1, "RED", "Red", "/red.png");
    t.token(2, "RED", "Red", "/red.png");
    const first = await t.get("token", 1);
    assert.equal(first.response.status, 200);
    assert.equal(t.cache.reads, 1, "one miss, no second read before drawing");
    assert.equal(t.renders.length, 1);

    // A request that missed just before another's card was stored reads again instead of drawing.
    t.previews.delayMs = 150;
    const drawing = t.get("token", 2);
    await sleep(50);
    const original = t.cache.getImage.bind(t.cache);
    let held = Promise.resolve();
    t.cache.getImage = (...args: Parameters<MemoryImageCache["getImage"]>) => {
      const read = original(...args);
      // This read misses now and answers once the first request's card is stored.
      const answer = read.then(async (png) => {
        await drawing;
        return png;
      });
      t.cache.getImage = original;
      held = answer.then(() => {});
      return answer;
    };
    const late = t.get("token", 2);
    const [a, b] = await Promise.all([drawing, late]);
    await held;
    assert.equal(a.response.status, 200);
    assert.equal(b.response.status, 200);
    assert.deepEqual(b.body, a.body);
    assert.equal(t.renders.length, 2, "the late request took the stored card");
  } finally {
    await t.close();
  }
});

Deno.test("the V2 badge region differs between a V2 and a V3 pool", async () => {
  const t = setup();
  try {
    const pool = (n: number, version: string) =>
      t.previews.pools.set(`ethereum/${address(n)}`, {
        token0Symbol: "RED",
        token1Symbol: "BLU",
        feeTier: 3000,
        protocolVersion: version,
        token0Image: `${t.server.origin}/red.png`,
        token1Image: `${t.server.origin}/blue.jpg`,
      });
    pool(1, "V2");
    pool(2, "V3");
    const v2 = decodePixels((await t.get("pool", 1)).body);
    const v3 = decodePixels((await t.get("pool", 2)).body);
    assert.equal(v2.width, 1200);
    const badge = { x: 72, y: 494, width: 120, height: 64 };
    assert.ok(countDifferentPixels(v2, v3, badge) > 500);
    // Same tokens: the logo tiles are the same.
    const tiles = { x: 72, y: 72, width: 352, height: 168 };
    assert.equal(countDifferentPixels(v2, v3, tiles), 0);
    // The top-left corner is token0's colour.
    assert.deepEqual(pixelAt(v2, 0, 0), RED);
  } finally {
    await t.close();
  }
});

Deno.test("CJK and emoji names are drawn with fallback fonts and pictures", async () => {
  const withAssets = setup();
  const without = setup({ dynamicAssets: false });
  try {
    const textRegion = { x: 72, y: 330, width: 800, height: 70 };
    for (const [n, name] of [[1, "日本語トークン"], [2, "🦄🦄🦄🦄"]] as const) {
      withAssets.token(n, "ABC", name, null);
      without.token(n, "ABC", name, null);
      const a = decodePixels((await withAssets.get("token", n)).body);
      const b = decodePixels((await without.get("token", n)).body);
      const differing = countDifferentPixels(a, b, textRegion);
      assert.ok(differing > 2000, `${name}: ${differing} pixels differ`);
    }
    // A Latin name needs no fallback: the two render the same.
    withAssets.token(3, "ABC", "Plain Latin", null);
    without.token(3, "ABC", "Plain Latin", null);
    const a = decodePixels((await withAssets.get("token", 3)).body);
    const b = decodePixels((await without.get("token", 3)).body);
    assert.equal(countDifferentPixels(a, b), 0);
  } finally {
    await withAssets.close();
    await without.close();
  }
});

Deno.test("the default card is 1200x630 and static/images/preview.png is its current render", async () => {
  const bytes = await renderDefaultImage({ fonts: createDefaultFontLoader(STATIC_DIR) });
  const image = decodePixels(bytes);
  assert.equal(image.width, 1200);
  assert.equal(image.height, 630);
  assert.deepEqual(pixelAt(image, 20, 20), DEFAULT_COLOR);
  const shipped = decodePixels(await Deno.readFile(`${STATIC_DIR}/images/preview.png`));
  assert.equal(
    countDifferentPixels(image, shipped),
    0,
    "static/images/preview.png is stale: run deno run -A scripts/make_default_preview.ts",
  );
});

const STALLING_WORKER = new URL("./testdata/stalling_worker.ts", import.meta.url);

Deno.test("a render past its deadline has its Worker replaced and the card drawn without the logo", async () => {
  const t = setup({ workerUrl: STALLING_WORKER, timeoutMs: 5000 });
  try {
    t.token(1, "SLOW", "Slow logo", "/red.png");
    const { response, body } = await t.get("token", 1);
    assert.equal(response.status, 200);
    // The logo was dropped: the default colour, not the logo's red.
    assert.deepEqual(backgroundOf(body), DEFAULT_COLOR);
    assert.equal(t.handler.stats().replaced, 1);
    assert.equal(response.headers.get("cache-control"), "no-store", "no cache downstream keeps it either");
    assert.equal(t.cache.writes, 0, "a card drawn without its logo is not cached");
    // Asked again: drawn without the logo at once, no second deadline spent on it.
    const again = await t.get("token", 1);
    assert.deepEqual(backgroundOf(again.body), DEFAULT_COLOR);
    assert.equal(t.handler.stats().replaced, 1);
    assert.equal(t.cache.writes, 0);
    // The replacement Worker draws the next card.
    t.token(2, "RED", "Red", "/red.png");
    assert.deepEqual(backgroundOf((await t.get("token", 2)).body), RED);
  } finally {
    await t.close();
  }
});

Deno.test("a card drawn without its logo (a failure that may pass) is no-store, then whole once the logo is back", async () => {
  const t = setup();
  try {
    t.token(1, "FLK", "Flaky logo", "/flaky.png");
    for (const method of ["GET", "HEAD"]) {
      const degraded = await t.get("token", 1, { method });
      assert.equal(degraded.response.status, 200);
      assert.equal(degraded.response.headers.get("content-type"), "image/png");
      // not the 7-day immutable header: no browser, CDN or crawler may keep the card without its logo
      assert.equal(degraded.response.headers.get("cache-control"), "no-store", method);
      if (method === "GET") assert.deepEqual(backgroundOf(degraded.body), DEFAULT_COLOR);
    }
    assert.equal(t.cache.writes, 0, "a card drawn without its logo is not cached");
    assert.equal(t.server.hits.get("/flaky.png"), 2, "each request tried the logo again");
    t.flaky(false);
    const whole = await t.get("token", 1);
    assert.equal(whole.response.headers.get("cache-control"), "public, immutable, no-transform, max-age=604800");
    assert.deepEqual(backgroundOf(whole.body), RED);
    assert.equal(t.cache.writes, 1);
  } finally {
    await t.close();
  }
});

Deno.test("a card that cannot be drawn in time answers 503 with a plain message", async () => {
  const t = setup({ workerUrl: STALLING_WORKER, timeoutMs: 5000 });
  try {
    t.token(1, "ABC", "STALL", null);
    const { response, body } = await t.get("token", 1);
    assert.equal(response.status, 503);
    assert.equal(response.headers.get("retry-after"), "5");
    assert.equal(new TextDecoder().decode(body), "Cannot draw this image right now.");
    assert.equal(t.cache.writes, 0);
    assert.equal(t.handler.stats().replaced, 1);
  } finally {
    await t.close();
  }
});

Deno.test("a render over its memory budget has its Worker replaced", async () => {
  const t = setup({ workerUrl: STALLING_WORKER, memoryBudgetMb: 384 });
  try {
    t.token(1, "ABC", "BLOAT", null);
    const { response, body } = await t.get("token", 1);
    assert.equal(response.status, 503);
    assert.equal(new TextDecoder().decode(body), "Cannot draw this image right now.");
    assert.equal(t.handler.stats().replaced, 1);
    t.token(2, "RED", "Red", "/red.png");
    assert.deepEqual(backgroundOf((await t.get("token", 2)).body), RED);
  } finally {
    await t.close();
  }
});

Deno.test("beyond workers + queue an uncached image answers 503 at once; a cached one still answers", async () => {
  const t = setup({ workers: 1, queue: 1 });
  const gate = Promise.withResolvers<void>();
  const entered: number[] = [];
  const lookup = t.previews.token.bind(t.previews);
  t.previews.token = async (chainName, address, origin) => {
    entered.push(Number(address));
    if (Number(address) !== 9) await gate.promise;
    return await lookup(chainName, address, origin);
  };
  try {
    for (const n of [1, 2, 3, 9]) t.token(n, "RED", `Token ${n}`, "/red.png");
    // A cached image first.
    assert.equal((await t.get("token", 9)).response.status, 200);
    // Two requests (of two clients) take the two places (1 worker + 1 queued) and wait on the gate.
    const first = t.get("token", 1, { client: "a" });
    const second = t.get("token", 2, { client: "b" });
    while (entered.length < 3) await new Promise((resolve) => setTimeout(resolve, 0));
    const third = await t.get("token", 3, { client: "c" });
    assert.equal(third.response.status, 503);
    assert.equal(third.response.headers.get("retry-after"), "5");
    assert.equal(new TextDecoder().decode(third.body), "Too many images are being drawn; try again shortly.");
    assert.equal(entered.includes(3), false, "refused before any lookup");
    // The cached image does not wait behind them.
    const cached = await t.get("token", 9);
    assert.equal(cached.response.status, 200);
    gate.resolve();
    assert.equal((await first).response.status, 200);
    assert.equal((await second).response.status, 200);
    // Places are given back: the refused image renders now, and was not cached as a failure.
    assert.equal((await t.get("token", 3)).response.status, 200);
  } finally {
    gate.resolve();
    await t.close();
  }
});

/** Mean colour of a decoded PNG (every 7th pixel). */
function meanColor(png: Uint8Array): Rgb {
  const image = decodePixels(png);
  let r = 0, g = 0, b = 0, n = 0;
  for (let i = 0; i < image.width * image.height; i += 7) {
    r += image.data[i * image.channels];
    g += image.data[i * image.channels + 1];
    b += image.data[i * image.channels + 2];
    n++;
  }
  return { r: r / n, g: g / n, b: b / n };
}

Deno.test("position cards: drawn from the source, cached by version and id, 404 and 500 as the others", async () => {
  const t = setup();
  try {
    const data = (logo0: string, logo1: string) => ({
      protocolVersion: "V3" as const,
      token0Symbol: "RED",
      token1Symbol: "BLU",
      token0Image: `${t.server.origin}${logo0}`,
      token1Image: `${t.server.origin}${logo1}`,
      feeTier: 3000,
      priceLower: "0.5",
      priceUpper: "2",
      status: "in-range" as const,
    });
    t.previews.positions.set("ethereum/v3:1234", data("/red.png", "/red.png"));
    t.previews.positions.set("ethereum/v4:77", data("/blue.jpg", "/blue.jpg"));
    t.previews.positions.set(`ethereum/v2:${address(5)}`, { ...data("/red.png", "/blue.jpg"), protocolVersion: "V2" });

    const red = await t.position("v3", "1234");
    assert.equal(red.response.status, 200);
    assert.equal(red.response.headers.get("content-type"), "image/png");
    assert.equal(red.response.headers.get("cache-control"), "public, immutable, no-transform, max-age=604800");
    const image = decodePixels(red.body);
    assert.equal(image.width, 1200);
    assert.equal(image.height, 630);
    assert.ok(t.cache.entries.has("position/ethereum/v3:1234/"), "cached under {version}:{id}");
    // The card is the position's: its status is drawn (a closed one differs).
    t.previews.positions.set("ethereum/v3:1235", { ...data("/red.png", "/red.png"), status: "closed" });
    const closed = decodePixels((await t.position("v3", "1235")).body);
    assert.ok(countDifferentPixels(image, closed) > 200, "in range and closed look the same");
    // The card's colours come from the position's logos.
    const redMean = meanColor(red.body);
    const blueMean = meanColor((await t.position("v4", "77")).body);
    assert.ok(redMean.r > redMean.b + 40, `red position: ${JSON.stringify(redMean)}`);
    assert.ok(blueMean.b > blueMean.r + 40, `blue position: ${JSON.stringify(blueMean)}`);
    // v2: the pair address, any case; one render, one cache entry.
    const pair = address(5).replace("0x", "0X").toUpperCase().replace("0X", "0x");
    assert.equal((await t.position("v2", pair)).response.status, 200);
    assert.ok(t.cache.entries.has(`position/ethereum/v2:${address(5)}/`));
    const renders = t.renders.length;
    assert.equal(renders, 4);
    // Leading zeros and the version's case name the same position: from the cache.
    assert.deepEqual((await t.position("V3", "001234")).body, red.body);
    assert.equal(t.renders.length, renders);
    assert.equal(t.renders[0].kind, "position");

    // Unknown: looked up once, 404, nothing cached.
    const lookups = t.previews.lookups;
    const writes = t.cache.writes;
    let r = await t.position("v3", "999");
    assert.equal(r.response.status, 404);
    assert.equal(new TextDecoder().decode(r.body), "Position not found.");
    assert.equal(t.previews.lookups, lookups + 1);
    // Malformed versions, ids and chains: 404 without a lookup.
    const malformed: [string, string, string?][] = [
      ["v5", "1"],
      ["", "1"],
      ["v3", "12a"],
      ["v3", "-1"],
      ["v3", "1".repeat(79)],
      ["v3", address(5)],
      ["v2", "1234"],
      ["v2", "0x12"],
      ["v4", ""],
      ["v3", "1234", "nochain"],
    ];
    for (const [version, id, network] of malformed) {
      r = await t.position(version, id, { network });
      assert.equal(r.response.status, 404, `${version} ${id} ${network}`);
      assert.equal(new TextDecoder().decode(r.body), "Position not found.");
    }
    assert.equal(t.previews.lookups, lookups + 1, "malformed input never looked up");
    // 78 digits is a well-formed id (unknown here).
    assert.equal((await t.position("v4", "9".repeat(78))).response.status, 404);
    assert.equal(t.previews.lookups, lookups + 2);

    // A failing source: 500 with the gateway text, nothing cached.
    t.previews.failure = new Error("Cannot read position 5 from http://10.0.0.1:8545: refused");
    r = await t.position("v3", "5");
    assert.equal(r.response.status, 500);
    assert.equal(new TextDecoder().decode(r.body), "Data gateway unavailable.");
    assert.equal(t.cache.writes, writes);
    t.previews.failure = null;
    // HEAD: headers, no body.
    const head = await t.position("v3", "1234", { method: "HEAD" });
    assert.equal(head.response.status, 200);
    assert.equal(head.body.length, 0);
  } finally {
    await t.close();
  }
});

Deno.test("concurrent requests for one position share one lookup and one render", async () => {
  const t = setup();
  try {
    t.previews.positions.set("base/v4:42", {
      protocolVersion: "V4",
      token0Symbol: "ETH",
      token1Symbol: "USDC",
      token0Image: null,
      token1Image: null,
      feeTier: 500,
      priceLower: "0",
      priceUpper: "∞",
      status: "closed",
    });
    t.previews.delayMs = 100;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => t.position("v4", "42", { network: "base" })),
    );
    assert.ok(results.every((r) => r.response.status === 200));
    assert.equal(t.previews.lookups, 1);
    assert.equal(t.renders.length, 1);
    assert.equal(t.cache.writes, 1);
    assert.equal(decodePixels(results[0].body).width, 1200);
  } finally {
    await t.close();
  }
});

Deno.test("a source without positions answers every position 404", async () => {
  const t = setup();
  const source = t.previews;
  const handler = createImageHandler({
    previews: { token: source.token.bind(source), pool: source.pool.bind(source) },
    cache: t.cache,
    staticDir: STATIC_DIR,
    logoAllowedHosts: [],
    workers: 1,
  });
  try {
    const response = await handler(new Request("http://localhost/api/image/positions/v3/ethereum/1"), {
      kind: "position",
      chainName: "ethereum",
      address: "1",
      version: "v3",
    });
    assert.equal(response.status, 404);
    assert.equal(await response.text(), "Position not found.");
  } finally {
    await handler.close();
    await t.close();
  }
});

Deno.test("requests for a card whose first request waits for the client's budget wait with it, not beside it", async () => {
  // one uncached request of a client at a time and one waiting: the second card's first request takes the waiting
  // place, and the five after it for the same card must not count as five more
  const t = setup({ clientBudget: { inFlight: 1, waiting: 1 } });
  try {
    t.token(1, "ONE", "One", "/red.png");
    t.token(2, "TWO", "Two", "/blue.jpg");
    t.previews.delayMs = 150;
    const first = t.get("token", 1);
    await sleep(20);
    const second = Array.from({ length: 6 }, () => t.get("token", 2));
    const results = await Promise.all([first, ...second]);
    assert.deepEqual(results.map((r) => r.response.status), [200, 200, 200, 200, 200, 200, 200]);
    for (const r of results.slice(2)) assert.deepEqual(r.body, results[1].body);
    assert.equal(t.previews.lookups, 2);
    assert.equal(t.renders.length, 2);
    // a third card while the client is at its limit is still refused
    t.token(3, "THREE", "Three", "/red.png");
    t.token(4, "FOUR", "Four", "/red.png");
    t.token(5, "FIVE", "Five", "/red.png");
    const over = await Promise.all([3, 4, 5].map((n) => t.get("token", n)));
    assert.deepEqual(over.map((r) => r.response.status).sort(), [200, 200, 429]);
  } finally {
    await t.close();
  }
});

Deno.test("one client's flood of unknown addresses gets 429s; another client's 20 new images all render", async () => {
  const t = setup({ missTtlMs: 30_000 });
  const flooder = { lookups: 0, statuses: new Map<number, number>(), retryAfter: new Set<string | null>() };
  const lookup = t.previews.token.bind(t.previews);
  t.previews.delayMs = 20; // a gateway round trip
  t.previews.token = (chainName, address, origin) => {
    if (Number(address) >= 1_000_000) flooder.lookups++;
    return lookup(chainName, address, origin);
  };
  try {
    for (let n = 1; n <= 20; n++) t.token(n, `T${n}`, `Token ${n}`, n % 2 ? "/red.png" : "/blue.jpg");
    let legitimateDone = false;
    let sent = 0;
    const started = performance.now();
    // 100 concurrent loops of random unknown addresses, until the legitimate
    // images are done and at least 3,000 were sent.
    const flood = Array.from({ length: 100 }, async () => {
      while (!legitimateDone || sent < 3000) {
        sent++;
        const n = 1_000_000 + Math.floor(Math.random() * 1e12);
        const { response, body } = await t.get("token", n, { client: "203.0.113.9" });
        assert.ok(body.length > 0);
        flooder.statuses.set(response.status, (flooder.statuses.get(response.status) ?? 0) + 1);
        if (response.status === 429) flooder.retryAfter.add(response.headers.get("retry-after"));
        // A refusal is answered without I/O: let timers run, as a socket would.
        await sleep(0);
      }
    });
    // The other client asks for its 20 first-time images all at once, mid-flood.
    await sleep(20);
    const legitimate = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.get("token", i + 1, { client: "198.51.100.7" })),
    );
    legitimateDone = true;
    await Promise.all(flood);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `flood: ${sent} requests in ${seconds.toFixed(1)} s, statuses ${JSON.stringify([...flooder.statuses])}, ` +
        `${flooder.lookups} lookups; legitimate: ${legitimate.map((r) => r.response.status).join(",")}`,
    );
    for (const [i, r] of legitimate.entries()) {
      assert.equal(r.response.status, 200, `legitimate image ${i + 1}`);
      assert.equal(decodePixels(r.body).width, 1200);
    }
    assert.ok(sent >= 3000);
    assert.ok((flooder.statuses.get(429) ?? 0) > sent * 0.9, "most of the flood is refused");
    assert.equal(flooder.statuses.get(200), undefined);
    assert.equal(flooder.statuses.get(500), undefined);
    for (const value of flooder.retryAfter) assert.ok(Number(value) >= 1, `Retry-After ${value}`);
    // The flooder's lookups are bounded by its bucket: 40 at once, 2 a second.
    assert.ok(flooder.lookups <= 40 + 2 * seconds + 2, `${flooder.lookups} lookups in ${seconds} s`);
    assert.equal(flooder.statuses.get(404) ?? 0, flooder.lookups);
  } finally {
    await t.close();
  }
});

Deno.test("an unknown target is remembered briefly; a failure never", async () => {
  const t = setup({ missTtlMs: 300 });
  try {
    const lookups = () => t.previews.lookups;
    assert.equal((await t.get("token", 99)).response.status, 404);
    assert.equal(lookups(), 1);
    const again = await t.get("token", 99, { query: "?emoji=noto" });
    assert.equal(again.response.status, 404);
    assert.equal(new TextDecoder().decode(again.body), "Token not found.");
    assert.equal(lookups(), 1, "a repeated unknown costs no lookup (any emoji set)");
    // Another kind with the same address is its own target.
    assert.equal((await t.get("pool", 99)).response.status, 404);
    assert.equal(lookups(), 2);
    assert.equal((await t.position("v3", "5")).response.status, 404);
    assert.equal((await t.position("v3", "005")).response.status, 404);
    assert.equal(lookups(), 3);
    // Once the memory expires, an unknown that became known renders.
    t.token(99, "NEW", "New token", null);
    assert.equal((await t.get("token", 99)).response.status, 404);
    await sleep(350);
    assert.equal((await t.get("token", 99)).response.status, 200);
    assert.equal(lookups(), 4);
    // A failure is not remembered: the next request asks again.
    t.previews.failure = new Error("gateway down");
    assert.equal((await t.get("token", 98)).response.status, 500);
    assert.equal((await t.get("token", 98)).response.status, 500);
    assert.equal(lookups(), 6);
    t.previews.failure = null;
    t.token(98, "BAK", "Back", null);
    assert.equal((await t.get("token", 98)).response.status, 200);
  } finally {
    await t.close();
  }
});

Deno.test("an idle render worker retires; the next uncached image starts another and renders", async () => {
  const t = setup({ workerIdleMs: 300 });
  try {
    t.token(51, "RED", "Red Token", "/red.png");
    t.token(52, "BLU", "Blue Token", "/red.png");
    const first = await t.get("token", 51);
    assert.equal(first.response.status, 200);
    assert.equal(decodePixels(first.body).width, 1200);
    assert.equal(t.handler.stats().workers, 1);
    const deadline = Date.now() + 10_000;
    while (t.handler.stats().workers > 0 && Date.now() < deadline) await sleep(50);
    assert.equal(t.handler.stats().workers, 0, "the idle worker retired");
    assert.equal(t.handler.stats().retired, 1);
    const second = await t.get("token", 52);
    assert.equal(second.response.status, 200);
    assert.equal(decodePixels(second.body).height, 630);
    assert.equal(t.handler.stats().workers, 1, "a new worker drew it");
    // A cached image needs no worker at all.
    assert.equal((await t.get("token", 51)).response.status, 200);
  } finally {
    await t.close();
  }
});
