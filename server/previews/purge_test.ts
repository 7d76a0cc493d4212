import assert from "node:assert/strict";
import { createCache } from "../cache/kv_cache.ts";
import { cacheKeys } from "../cache/cache_keys.ts";
import { createQueryCache } from "../../queries/query_cache.ts";
import { createCrawlerDocuments } from "./crawler.ts";
import { createPreviewPurge, hasPurgeToken, PURGE_PATH } from "./purge.ts";
import { createRateLimiter } from "../http/rate_limit.ts";
import { onCachedAnswersInvalidated } from "../cache/invalidation.ts";

const TOKEN = "purge-token-0123456789abcdef";
const UNI = "0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984";
const ORIGIN = "http://app.test";

function isAny(value: unknown): value is unknown {
  return value !== null;
}

/** A cache, query cache and crawler documents holding one token page's entries, and a second token's. */
async function setup(kv: Deno.Kv, token: string | null = TOKEN) {
  const cache = createCache(kv);
  const other = `0x${"2".repeat(40)}`;
  for (const address of [UNI, other]) {
    await cache.set(cacheKeys.tokenPreview("ETHEREUM", address), { symbol: "UNI", name: "Uniswap", logoUrl: null });
    await cache.setImage("token", "ethereum", address, new Uint8Array([1, 2, 3]));
    await cache.setImage("token", "ethereum", address, new Uint8Array([4]), "emoji=noto");
  }
  const queryCache = createQueryCache({ ttlMs: 60_000 });
  let gatewayCalls = 0;
  const gateway = queryCache.wrap(() => {
    gatewayCalls++;
    return Promise.resolve(Response.json({ data: { token: { symbol: "UNI" } } }));
  });
  const read = (address: string) =>
    gateway("http://gateway.test/graphql", {
      method: "POST",
      body: JSON.stringify({ query: "query Token { token }", variables: { chain: "ETHEREUM", address } }),
    });
  await read(UNI.toLowerCase());
  await read(other);
  const documents = createCrawlerDocuments({ ttlMs: 60_000 });
  const html = () =>
    Promise.resolve(new Response("<html></html>", { headers: { "content-type": "text/html; charset=utf-8" } }));
  for (
    const path of [
      `/explore/tokens/ethereum/${UNI}`,
      `/tokens/ethereum/${UNI.toLowerCase()}?x=1`,
      `/explore/tokens/ethereum/${other}`,
    ]
  ) {
    await documents.serve(new Request(`${ORIGIN}${path}`), html);
  }
  const purge = createPreviewPurge({ token, cache, queryCache, crawlerDocuments: documents });
  return { cache, queryCache, documents, purge, read, other, calls: () => gatewayCalls };
}

function request(body: unknown, authorization?: string, method = "POST"): Request {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (authorization !== undefined) headers.authorization = authorization;
  return new Request(`${ORIGIN}${PURGE_PATH}`, {
    method,
    headers,
    body: method === "POST" ? (typeof body === "string" ? body : JSON.stringify(body)) : undefined,
  });
}

async function withKv(fn: (kv: Deno.Kv) => Promise<void>): Promise<void> {
  const kv = await Deno.openKv(":memory:");
  try {
    await fn(kv);
  } finally {
    kv.close();
  }
}

Deno.test("purge: the right token removes the page's preview, every image variant, its reads and documents", async () => {
  await withKv(async (kv) => {
    const t = await setup(kv);
    const response = await t.purge(request({ path: `/explore/tokens/ethereum/${UNI}` }, `Bearer ${TOKEN}`));
    assert.equal(response?.status, 200);
    assert.deepEqual(await response!.json(), {
      path: `/explore/tokens/ethereum/${UNI}`,
      kind: "token",
      removed: { preview: true, images: 2, queries: 1, documents: 2 },
    });
    assert.equal(await t.cache.get(cacheKeys.tokenPreview("ETHEREUM", UNI), isAny), null);
    assert.equal(await t.cache.getImage("token", "ethereum", UNI), null);
    assert.equal(await t.cache.getImage("token", "ethereum", UNI, "emoji=noto"), null);
    assert.equal(t.documents.size, 1);
    // The other token keeps everything.
    assert.ok(await t.cache.get(cacheKeys.tokenPreview("ETHEREUM", t.other), isAny));
    assert.ok(await t.cache.getImage("token", "ethereum", t.other));
    await t.read(UNI.toLowerCase());
    await t.read(t.other);
    assert.equal(t.calls(), 3, "only the purged read asks the gateway again");
  });
});

Deno.test("purge: missing or wrong token is the same 401 and removes nothing; unset token is 404", async () => {
  await withKv(async (kv) => {
    const t = await setup(kv);
    const body = { path: `/explore/tokens/ethereum/${UNI}` };
    const answers: [number, string][] = [];
    for (const auth of [undefined, "", `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, `Basic ${TOKEN}`]) {
      const response = (await t.purge(request(body, auth)))!;
      answers.push([response.status, await response.text()]);
    }
    assert.ok(answers.every(([status, text]) => status === 401 && text === answers[0][1]), JSON.stringify(answers));
    assert.ok(await t.cache.get(cacheKeys.tokenPreview("ETHEREUM", UNI), isAny));
    assert.ok(await t.cache.getImage("token", "ethereum", UNI));
    assert.equal(t.documents.size, 3);
    assert.equal(t.queryCache.size, 2);

    const off = await setup(kv, null);
    assert.equal((await off.purge(request(body, `Bearer ${TOKEN}`)))?.status, 404);
    assert.equal(await t.purge(new Request(`${ORIGIN}/previews/other`, { method: "POST" })), null);
    assert.equal((await t.purge(request(null, `Bearer ${TOKEN}`, "GET")))?.status, 405);
  });
});

Deno.test("purge: a body that is not a token, pool or position page is 400", async () => {
  await withKv(async (kv) => {
    const t = await setup(kv);
    for (
      const body of [
        "not json",
        { path: "/swap" },
        { path: "https://elsewhere.example/explore/tokens/ethereum/" + UNI },
        { path: "//evil/explore/tokens/ethereum/" + UNI },
        { path: "/explore/tokens/nochain/" + UNI },
        { path: "/explore/tokens/ethereum/0x12" },
        { other: 1 },
        "x".repeat(10_000),
      ]
    ) {
      assert.equal((await t.purge(request(body, `Bearer ${TOKEN}`)))?.status, 400, JSON.stringify(body).slice(0, 80));
    }
    const pool = await t.purge(
      request({ path: "/explore/pools/ethereum/0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640" }, `Bearer ${TOKEN}`),
    );
    assert.equal((await pool!.json()).kind, "pool");
    const position = await t.purge(request({ path: "/positions/v3/ethereum/0042" }, `Bearer ${TOKEN}`));
    assert.equal((await position!.json()).kind, "position");
  });
});

Deno.test("purge: rate limited per client before the token is looked at", async () => {
  await withKv(async (kv) => {
    const cache = createCache(kv);
    let client = "a";
    const purge = createPreviewPurge({
      token: TOKEN,
      cache,
      clientOf: () => client,
      rateLimiter: createRateLimiter({ ratePerSecond: 0.001, burst: 2 }),
    });
    const body = { path: `/explore/tokens/ethereum/${UNI}` };
    assert.equal((await purge(request(body, "Bearer wrong-token-0000000000")))?.status, 401);
    assert.equal((await purge(request(body, `Bearer ${TOKEN}`)))?.status, 200);
    const limited = (await purge(request(body, `Bearer ${TOKEN}`)))!;
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get("retry-after")) > 0);
    client = "b";
    assert.equal((await purge(request(body, `Bearer ${TOKEN}`)))?.status, 200);
  });
});

Deno.test("hasPurgeToken: only the exact bearer token", async () => {
  const ask = (authorization: string) => hasPurgeToken(new Request(ORIGIN, { headers: { authorization } }), TOKEN);
  assert.equal(await ask(`Bearer ${TOKEN}`), true);
  assert.equal(await ask(`bearer  ${TOKEN} `), true);
  assert.equal(await ask(`Bearer ${TOKEN} extra`), false);
  assert.equal(await ask(`Bearer`), false);
});

Deno.test("purge: what is repeated in front of the service (the guard's microcache) is told to forget", async () => {
  await withKv(async (kv) => {
    const t = await setup(kv);
    let cleared = 0;
    const forget = onCachedAnswersInvalidated(() => Promise.resolve(void cleared++));
    try {
      const refused = await t.purge(request({ path: `/explore/tokens/ethereum/${UNI}` }, "Bearer wrong"));
      assert.equal(refused?.status, 401);
      assert.equal(cleared, 0);
      const response = await t.purge(request({ path: `/explore/tokens/ethereum/${UNI}` }, `Bearer ${TOKEN}`));
      assert.equal(response?.status, 200);
      assert.equal(cleared, 1);
    } finally {
      forget();
    }
  });
});
