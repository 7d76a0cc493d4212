import assert from "node:assert/strict";
import { createGatewayClient, GatewayError } from "../../queries/client.ts";
import { cacheKeys, PREVIEW_KEY_VERSION } from "../cache/cache_keys.ts";
import { createCache, DEFAULT_TTL_MS } from "../cache/kv_cache.ts";
import { createPreviews } from "./previews.ts";
import { flushLog, setLogSink } from "../log.ts";
import { type FakeResolver, startFakeGateway } from "../../tests/fakes/gateway.ts";
import {
  type DemoGateway,
  ETHEREUM_TOKENS,
  HOOKED_V4_POOL,
  NAMELESS_TOKEN,
  NO_SYMBOL_TOKEN,
  SCRIPT_SYMBOL_TOKEN,
  startDemoGateway,
  USDC_WETH_V2_PAIR,
  USDC_WETH_V3_POOL,
} from "../../demo_gateway/mod.ts";

function tokenAnswer(
  symbol: string | null,
  name: string | null,
  logoUrl: string | null = null,
) {
  return (variables: Record<string, unknown>) => ({
    data: {
      token: {
        id: "t1",
        chain: variables.chain,
        address: variables.address,
        symbol,
        name,
        decimals: 18,
        standard: "ERC20",
        project: { id: "p1", name, logoUrl, safetyLevel: null, isSpam: false },
      },
    },
  });
}

function poolToken(symbol: string, logoUrl: string | null = null) {
  return {
    id: `t-${symbol}`,
    chain: "ETHEREUM",
    address: "0x" + "1".repeat(40),
    symbol,
    name: symbol,
    decimals: 18,
    project: { id: `p-${symbol}`, logoUrl },
  };
}

function poolFields(token0: string, token1: string) {
  return {
    id: "pool",
    chain: "ETHEREUM",
    token0: poolToken(token0, `https://logos.example/${token0}.png`),
    token0Supply: 1,
    token1: poolToken(token1),
    token1Supply: 2,
    txCount: 3,
    volume24h: null,
    volume30d: null,
    totalLiquidity: null,
  };
}

/** `AddressPool` answers: the V3 pool, the V2 pair, or neither. */
const v3Pool = (token0: string, token1: string, feeTier = 500) => ({
  data: {
    v3Pool: {
      ...poolFields(token0, token1),
      address: POOL,
      protocolVersion: "V3",
      feeTier,
    },
    v2Pair: null,
  },
});
const v2Pair = (token0: string, token1: string) => ({
  data: {
    v3Pool: null,
    v2Pair: { ...poolFields(token0, token1), address: POOL, protocolVersion: "V2" },
  },
});
const noPool = () => ({ data: { v3Pool: null, v2Pair: null } });
const v4Pool = (token0: string, token1: string) => ({
  data: {
    v4Pool: {
      ...poolFields(token0, token1),
      poolId: POOL_ID,
      protocolVersion: "V4",
      feeTier: 8388608,
      isDynamicFee: true,
      hook: { id: "h", address: "0x" + "2".repeat(40) },
      rewardsCampaign: null,
    },
  },
});

const USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
const POOL = "0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640";
const POOL_ID = "0x" + "ab".repeat(32);
const ORIGIN = "http://localhost:3000";

async function setup(
  answers: Record<string, FakeResolver>,
  options: { now?: () => number; publicOrigin?: string; timeoutMs?: number } = {},
) {
  const gateway = await startFakeGateway(answers);
  const kv = await Deno.openKv(":memory:");
  // No LRU: every read exercises KV.
  const cache = createCache(kv, { now: options.now, lruBytes: 0 });
  const previews = createPreviews({
    cache,
    gatewayClient: () => createGatewayClient({ url: gateway.url, timeoutMs: options.timeoutMs ?? 2000 }),
    publicOrigin: options.publicOrigin,
  });
  return {
    gateway,
    kv,
    cache,
    previews,
    async [Symbol.asyncDispose]() {
      kv.close();
      await gateway.close();
    },
  };
}

Deno.test("token preview from the gateway, then from the cache", async () => {
  await using t = await setup({
    Token: tokenAnswer("USDC", "USD Coin", "https://logos.example/usdc.png"),
  });
  const first = await t.previews.token("ethereum", USDC, ORIGIN);
  assert.deepEqual(first, {
    symbol: "USDC",
    name: "USD Coin",
    logoUrl: "https://logos.example/usdc.png",
    priceUsd: null,
    change24h: null,
    title: "Get USDC on Uniswap",
    image: `${ORIGIN}/api/image/tokens/ethereum/${USDC}`,
    url: `${ORIGIN}/explore/tokens/ethereum/${USDC}`,
  });
  assert.deepEqual(t.gateway.requests, [{
    operationName: "Token",
    variables: { chain: "ETHEREUM", address: USDC },
  }]);
  // Same token, other spelling and other origin: cache hit, URLs rebuilt.
  const second = await t.previews.token(
    "ETHEREUM",
    USDC.toLowerCase(),
    "https://other.example/",
  );
  assert.equal(t.gateway.total(), 1);
  assert.equal(second?.title, "Get USDC on Uniswap");
  assert.equal(
    second?.image,
    `https://other.example/api/image/tokens/ethereum/${USDC.toLowerCase()}`,
  );
  assert.equal(
    second?.url,
    `https://other.example/explore/tokens/ethereum/${USDC.toLowerCase()}`,
  );
});

Deno.test("a fresh preview is answered without waiting for KV's write, and read back from memory", async () => {
  const gateway = await startFakeGateway({
    Token: tokenAnswer("USDC", "USD Coin", "https://logos.example/usdc.png"),
  });
  const kv = await Deno.openKv(":memory:");
  try {
    const cache = createCache(kv);
    const held = Promise.withResolvers<void>();
    let writes = 0;
    const previews = createPreviews({
      // KV's write held back until the end of the test.
      cache: {
        ...cache,
        set: async (key, value) => {
          writes++;
          const stored = cache.set(key, value);
          await held.promise;
          await stored;
        },
      },
      gatewayClient: () => createGatewayClient({ url: gateway.url, timeoutMs: 2000 }),
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const first = await Promise.race([
      previews.token("ethereum", USDC, ORIGIN),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("the preview waited for KV's write")), 5_000);
      }),
    ]).finally(() => clearTimeout(timer));
    assert.equal(first?.symbol, "USDC");
    assert.equal(writes, 1);
    const again = await previews.token("ethereum", USDC, ORIGIN);
    assert.deepEqual(again, first);
    assert.equal(gateway.total(), 1, "the second read came from the cache");
    held.resolve();
  } finally {
    kv.close();
    await gateway.close();
  }
});

Deno.test("token title falls back on the raw gateway values", async () => {
  const cases: [string | null, string | null, string, string | null, string | null][] = [
    ["WETH", "Wrapped Ether", "Get WETH on Uniswap", "WETH", "Wrapped Ether"],
    [null, "Wrapped Ether", "Get Wrapped Ether on Uniswap", null, "Wrapped Ether"],
    ["", "Wrapped Ether", "Get Wrapped Ether on Uniswap", null, "Wrapped Ether"],
    ["\u200b\u202e", "Wrapped\u202e Ether", "Get Wrapped Ether on Uniswap", null, "Wrapped Ether"],
    ["WETH", null, "Get WETH on Uniswap", "WETH", null],
    [null, null, "View this token on Uniswap", null, null],
  ];
  for (const [symbol, name, title, shownSymbol, shownName] of cases) {
    await using t = await setup({ Token: tokenAnswer(symbol, name) });
    const preview = await t.previews.token("base", USDC, ORIGIN);
    assert.equal(preview?.title, title);
    assert.equal(preview?.symbol, shownSymbol);
    assert.equal(preview?.name, shownName);
    assert.equal(preview?.logoUrl, null);
    // Every variant is a valid preview and is cached.
    await t.previews.token("base", USDC, ORIGIN);
    assert.equal(t.gateway.total(), 1);
  }
});

Deno.test("PUBLIC_ORIGIN wins over the request's origin", async () => {
  await using t = await setup({ Token: tokenAnswer("UNI", "Uniswap") }, {
    publicOrigin: "https://app.example/",
  });
  const preview = await t.previews.token("unichain", "NATIVE", ORIGIN);
  assert.equal(
    preview?.image,
    "https://app.example/api/image/tokens/unichain/NATIVE",
  );
  assert.equal(preview?.url, "https://app.example/explore/tokens/unichain/NATIVE");
});

Deno.test("NATIVE maps to the chain's native token", async () => {
  await using t = await setup({ Token: tokenAnswer("ETH", "Ether") });
  assert.equal(
    (await t.previews.token("ethereum", "NATIVE", ORIGIN))?.symbol,
    "ETH",
  );
  await t.previews.token("polygon", "native", ORIGIN);
  assert.deepEqual(t.gateway.requests.map((c) => c.variables), [
    { chain: "ETHEREUM", address: null },
    { chain: "POLYGON", address: "0x0000000000000000000000000000000000001010" },
  ]);
});

Deno.test("Solana: a base58 mint keeps its case in gateway variables, URLs and cache keys", async () => {
  const mint = "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263";
  await using t = await setup({
    Token: (v) =>
      v.address === mint || v.address === "So11111111111111111111111111111111111111112"
        ? tokenAnswer(v.address === mint ? "Bonk" : "SOL", v.address === mint ? "Bonk" : "Wrapped SOL")(v)
        : { data: { token: null } },
  });
  const bonk = await t.previews.token("solana", mint, ORIGIN);
  assert.equal(bonk?.symbol, "Bonk");
  assert.equal(bonk?.image, `${ORIGIN}/api/image/tokens/solana/${mint}`);
  assert.equal(bonk?.url, `${ORIGIN}/explore/tokens/solana/${mint}`);
  const sol = await t.previews.token("solana", "NATIVE", ORIGIN);
  assert.equal(sol?.symbol, "SOL");
  // another spelling of the mint is another (unknown) mint: no cache hit
  assert.equal(await t.previews.token("solana", mint.toLowerCase(), ORIGIN), null);
  assert.deepEqual(t.gateway.requests.map((c) => c.variables), [
    { chain: "SOLANA", address: mint },
    { chain: "SOLANA", address: "So11111111111111111111111111111111111111112" },
    { chain: "SOLANA", address: mint.toLowerCase() },
  ]);
  assert.ok(await t.cache.get(cacheKeys.tokenPreview("SOLANA", mint), (v): v is unknown => v !== null));
  // 0x addresses are not mints; nothing reaches the gateway
  assert.equal(await t.previews.token("solana", USDC, ORIGIN), null);
  assert.equal(await t.previews.token("solana", "0OIl" + mint.slice(4), ORIGIN), null);
  assert.equal(t.gateway.total(), 3);
});

Deno.test("malformed input gives null without a gateway request", async () => {
  await using t = await setup({
    Token: tokenAnswer("X", "X"),
    AddressPool: () => v3Pool("A", "B"),
    V4Pool: () => v4Pool("A", "B"),
  });
  const bad: [string, string][] = [
    ["notachain", USDC],
    ["unknown_chain", USDC],
    ["", USDC],
    ["ethereum", "0x0"],
    ["ethereum", USDC.slice(0, 30)],
    ["ethereum", "0x" + "g".repeat(40)],
    ["ethereum", "0x" + "a".repeat(198)],
    ["ethereum", "a".repeat(200)],
    ["ethereum", ""],
    ["ethereum", `${USDC}/`],
    ["ethereum", ` ${USDC}`],
  ];
  for (const [chain, address] of bad) {
    assert.equal(await t.previews.token(chain, address, ORIGIN), null);
    assert.equal(await t.previews.pool(chain, address, ORIGIN), null);
  }
  // A V4 pool id is not a token address.
  assert.equal(await t.previews.token("ethereum", POOL_ID, ORIGIN), null);
  assert.equal(t.gateway.total(), 0);
});

Deno.test("an unknown token is null and not cached", async () => {
  await using t = await setup({ Token: () => ({ data: { token: null } }) });
  assert.equal(await t.previews.token("ethereum", USDC, ORIGIN), null);
  assert.equal(await t.previews.token("ethereum", USDC, ORIGIN), null);
  assert.equal(t.gateway.total(), 2);
});

Deno.test("invalid cached entries are refetched and replaced", async () => {
  await using t = await setup({ Token: tokenAnswer("USDC", "USD Coin") });
  const key = cacheKeys.tokenPreview("ETHEREUM", USDC);
  // Missing title, image and url.
  await t.cache.set(key, { symbol: "OLD", name: "Old" });
  const preview = await t.previews.token("ethereum", USDC, ORIGIN);
  assert.equal(preview?.symbol, "USDC");
  assert.equal(t.gateway.total(), 1);
  const stored = (await t.kv.get<{ value: { symbol: string } }>(key)).value;
  assert.equal(stored?.value.symbol, "USDC");
  await t.previews.token("ethereum", USDC, ORIGIN);
  assert.equal(t.gateway.total(), 1);
});

Deno.test("entries store gateway data only; title and URLs are built from them when answering", async () => {
  await using t = await setup({
    Token: tokenAnswer("USDC\u200b", "USD\u202e Coin", "https://logos.example/usdc.png"),
    AddressPool: () => v3Pool("USDC", "WETH", 500),
  });
  await t.previews.token("ethereum", USDC, ORIGIN);
  await t.previews.pool("ethereum", POOL, ORIGIN);
  const stored = async (key: readonly unknown[]) =>
    ((await t.kv.get(key as Deno.KvKey)).value as { value: unknown }).value;
  // what the gateway said, cleaned; no title, name, image or url
  assert.deepEqual(await stored(cacheKeys.tokenPreview("ETHEREUM", USDC)), {
    symbol: "USDC",
    name: "USD Coin",
    logoUrl: "https://logos.example/usdc.png",
    priceUsd: null,
    change24h: null,
  });
  assert.deepEqual(await stored(cacheKeys.poolPreview("ETHEREUM", POOL)), {
    token0Symbol: "USDC",
    token1Symbol: "WETH",
    feeTier: 500,
    protocolVersion: "V3",
    token0Image: "https://logos.example/USDC.png",
    token1Image: null,
    tvlUsd: null,
  });
  // An entry written by hand is answered as if the gateway had said it.
  await t.cache.set(cacheKeys.tokenPreview("BASE", USDC), { symbol: null, name: "Cached Coin", logoUrl: null });
  assert.deepEqual(await t.previews.token("base", USDC, "https://b.example/"), {
    symbol: null,
    name: "Cached Coin",
    logoUrl: null,
    priceUsd: null,
    change24h: null,
    title: "Get Cached Coin on Uniswap",
    image: `https://b.example/api/image/tokens/base/${USDC}`,
    url: `https://b.example/explore/tokens/base/${USDC}`,
  });
  assert.equal(t.gateway.total(), 2);
});

Deno.test("entries of the old shape (version 1 keys) are never read", async () => {
  await using t = await setup({ Token: tokenAnswer("NEW", "New Coin") });
  const oldKey = ["token_preview", "ETHEREUM", USDC.toLowerCase()];
  const oldEntry = {
    symbol: "OLD",
    name: "Old Coin",
    logoUrl: null,
    title: "Get OLD on Uniswap",
    image: "https://old.example/i",
    url: "https://old.example/u",
  };
  await t.kv.set(oldKey, { value: oldEntry, expiresAt: Date.now() + DEFAULT_TTL_MS });
  const preview = await t.previews.token("ethereum", USDC, ORIGIN);
  assert.equal(preview?.title, "Get NEW on Uniswap");
  assert.equal(t.gateway.total(), 1);
  assert.deepEqual(cacheKeys.tokenPreview("ETHEREUM", USDC).slice(0, 2), ["token_preview", PREVIEW_KEY_VERSION]);
  assert.ok(PREVIEW_KEY_VERSION >= 2);
});

Deno.test("expired entries are refetched", async () => {
  let clock = 1_700_000_000_000;
  let symbol = "OLD";
  await using t = await setup({
    Token: (v) => tokenAnswer(symbol, "Token Name")(v),
  }, { now: () => clock });
  assert.equal((await t.previews.token("base", USDC, ORIGIN))?.symbol, "OLD");
  symbol = "NEW";
  clock += DEFAULT_TTL_MS - 1;
  assert.equal((await t.previews.token("base", USDC, ORIGIN))?.symbol, "OLD");
  assert.equal(t.gateway.total(), 1);
  clock += 1;
  assert.equal((await t.previews.token("base", USDC, ORIGIN))?.symbol, "NEW");
  assert.equal(t.gateway.total(), 2);
});

Deno.test("gateway failures are re-thrown and never cached", async () => {
  let mode: "500" | "garbage" | "errors" | "slow" | "ok" = "500";
  // The slow answer waits until the lookup has given up on it.
  const gaveUp = Promise.withResolvers<void>();
  await using t = await setup({
    async Token(variables) {
      if (mode === "500") return new Response("boom", { status: 500 });
      if (mode === "garbage") return new Response("<html>not json");
      if (mode === "errors") return { errors: [{ message: "internal" }] };
      if (mode === "slow") await gaveUp.promise;
      return tokenAnswer("USDC", "USD Coin")(variables);
    },
  }, { timeoutMs: 300 });
  const expectKind = async (kind: string) => {
    const error = await t.previews.token("ethereum", USDC, ORIGIN).then(
      () => assert.fail("expected a failure"),
      (e) => e,
    );
    assert.ok(error instanceof GatewayError, String(error));
    assert.equal(error.kind, kind);
  };
  await expectKind("http");
  mode = "garbage";
  await expectKind("parse");
  mode = "errors";
  await expectKind("graphql");
  mode = "slow";
  await expectKind("timeout");
  gaveUp.resolve();
  assert.equal((await t.kv.get(cacheKeys.tokenPreview("ETHEREUM", USDC))).value, null);
  mode = "ok";
  assert.equal((await t.previews.token("ethereum", USDC, ORIGIN))?.symbol, "USDC");
  assert.equal(t.gateway.total(), 5);
});

Deno.test("gateway down: the lookup rejects with a network error", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const port = (listener.addr as Deno.NetAddr).port;
    listener.close();
    const previews = createPreviews({
      cache: createCache(kv),
      gatewayClient: () => createGatewayClient({ url: `http://127.0.0.1:${port}/graphql`, timeoutMs: 1000 }),
    });
    await assert.rejects(
      previews.pool("ethereum", POOL, ORIGIN),
      (e) => e instanceof GatewayError && e.kind === "network",
    );
  } finally {
    kv.close();
  }
});

Deno.test("concurrent identical lookups share one gateway request", async () => {
  // The gateway answers only once all three lookups are under way.
  const allAsked = Promise.withResolvers<void>();
  await using t = await setup({
    async Token(variables) {
      await allAsked.promise;
      return tokenAnswer("USDC", "USD Coin")(variables);
    },
  });
  const pending = Promise.all([
    t.previews.token("ethereum", USDC, ORIGIN),
    t.previews.token("ethereum", USDC.toLowerCase(), "https://b.example"),
    t.previews.token("ETHEREUM", USDC, ORIGIN),
  ]);
  allAsked.resolve();
  const results = await pending;
  assert.equal(t.gateway.total(), 1);
  assert.deepEqual(results.map((r) => r?.title), Array(3).fill("Get USDC on Uniswap"));
  // Each caller still gets its own URLs.
  assert.equal(
    results[1]?.url,
    `https://b.example/explore/tokens/ethereum/${USDC.toLowerCase()}`,
  );
});

Deno.test("long names are cut at a grapheme so the title keeps 70 characters", async () => {
  await using t = await setup({ Token: tokenAnswer(null, `🦄${"Very Long Token Name ".repeat(20)}`) });
  const preview = await t.previews.token("ethereum", USDC, ORIGIN);
  assert.ok(preview);
  assert.ok(preview.title.length <= 70, `${preview.title.length}`);
  assert.match(preview.title, /^Get 🦄Very Long.*… on Uniswap$/u);
  assert.ok(preview.name!.length <= 120);
});

Deno.test("pool names and titles without symbols read naturally", async () => {
  for (
    const [a, b, name, title] of [
      ["USDC", "WETH", "USDC/WETH", "USDC/WETH on Uniswap"],
      [null, "WETH", "WETH", "WETH pool on Uniswap"],
      ["", null, "", "View this pool on Uniswap"],
    ] as const
  ) {
    await using t = await setup({ AddressPool: () => v3Pool(a as string, b as string) });
    const preview = await t.previews.pool("ethereum", POOL, ORIGIN);
    assert.equal(preview?.name, name);
    assert.equal(preview?.title, title);
    assert.ok(!preview?.title.includes("UNK"));
  }
});

Deno.test("a hostile symbol passes through intact and unescaped", async () => {
  const hostile = `"><script>alert(1)</script>`;
  await using t = await setup({ Token: tokenAnswer(hostile, "Evil & Co") });
  const preview = await t.previews.token("ethereum", USDC, ORIGIN);
  assert.equal(preview?.symbol, hostile);
  assert.equal(preview?.title, `Get ${hostile} on Uniswap`);
  assert.equal(preview?.name, "Evil & Co");
  const cached = await t.previews.token("ethereum", USDC, ORIGIN);
  assert.equal(cached?.title, `Get ${hostile} on Uniswap`);
});

Deno.test("V3 pool preview in one gateway call, cached on the second request", async () => {
  await using t = await setup({
    AddressPool: () => v3Pool("USDC", "WETH", 500),
    V4Pool: () => assert.fail("a 40-hex address is not a V4 pool id"),
  });
  const preview = await t.previews.pool("ethereum", POOL, ORIGIN);
  assert.deepEqual(preview, {
    title: "USDC/WETH on Uniswap",
    name: "USDC/WETH",
    image: `${ORIGIN}/api/image/pools/ethereum/${POOL}`,
    url: `${ORIGIN}/explore/pools/ethereum/${POOL}`,
    poolData: {
      token0Symbol: "USDC",
      token1Symbol: "WETH",
      feeTier: 500,
      protocolVersion: "V3",
      token0Image: "https://logos.example/USDC.png",
      token1Image: null,
      tvlUsd: null,
    },
  });
  // V3 and V2 are asked in one document, not one call each.
  assert.deepEqual(t.gateway.requests, [{
    operationName: "AddressPool",
    variables: { chain: "ETHEREUM", address: POOL },
  }]);
  const again = await t.previews.pool("ethereum", POOL.toLowerCase(), ORIGIN);
  assert.equal(again?.title, "USDC/WETH on Uniswap");
  assert.equal(t.gateway.total(), 1);
});

Deno.test("V2 pair preview when only V2 has data, from the same one call", async () => {
  await using t = await setup({ AddressPool: () => v2Pair("DAI", "USDC") });
  const preview = await t.previews.pool("ethereum", POOL, ORIGIN);
  assert.equal(preview?.title, "DAI/USDC on Uniswap");
  assert.equal(preview?.poolData.protocolVersion, "V2");
  assert.equal(preview?.poolData.feeTier, 3000);
  assert.deepEqual(t.gateway.requests.map((c) => c.operationName), ["AddressPool"]);
});

Deno.test("a V3 pool wins when the gateway answers both versions", async () => {
  await using t = await setup({
    AddressPool: () => ({
      data: { v3Pool: v3Pool("V3", "POOL").data.v3Pool, v2Pair: v2Pair("V2", "PAIR").data.v2Pair },
    }),
  });
  const preview = await t.previews.pool("ethereum", POOL, ORIGIN);
  assert.equal(preview?.title, "V3/POOL on Uniswap");
  assert.equal(preview?.poolData.protocolVersion, "V3");
});

Deno.test("V4 pool preview by pool id queries only V4", async () => {
  await using t = await setup({
    V4Pool: () => v4Pool("ETH", "USDT"),
    AddressPool: () => v3Pool("X", "Y"),
  });
  const preview = await t.previews.pool("unichain", POOL_ID, ORIGIN);
  assert.equal(preview?.title, "ETH/USDT on Uniswap");
  assert.deepEqual(preview?.poolData, {
    token0Symbol: "ETH",
    token1Symbol: "USDT",
    feeTier: 8388608,
    protocolVersion: "V4",
    token0Image: "https://logos.example/ETH.png",
    token1Image: null,
    tvlUsd: null,
    isDynamicFee: true,
    hookAddress: "0x2222222222222222222222222222222222222222",
  });
  assert.equal(preview?.image, `${ORIGIN}/api/image/pools/unichain/${POOL_ID}`);
  assert.deepEqual(t.gateway.requests, [{
    operationName: "V4Pool",
    variables: { chain: "UNICHAIN", poolId: POOL_ID },
  }]);
});

Deno.test("an error on one version is tolerated when the other has data", async () => {
  await using t = await setup({
    AddressPool: () => ({
      ...v2Pair("DAI", "WETH"),
      errors: [
        { message: "v3 resolver down", path: ["v3Pool"] },
        { message: "partial failure", path: ["v2Pair", "totalLiquidity"] },
      ],
    }),
  });
  const preview = await t.previews.pool("ethereum", POOL, ORIGIN);
  assert.equal(preview?.title, "DAI/WETH on Uniswap");
  assert.equal(t.gateway.total(), 1);
});

Deno.test("a pool nobody knows is null and not cached; errors without a pool reject", async () => {
  let mode: "none" | "errors" | "500" = "none";
  await using t = await setup({
    AddressPool: () => {
      if (mode === "500") return new Response("down", { status: 500 });
      if (mode === "errors") return { ...noPool(), errors: [{ message: "v3 resolver down", path: ["v3Pool"] }] };
      return noPool();
    },
  });
  assert.equal(await t.previews.pool("ethereum", POOL, ORIGIN), null);
  assert.equal(await t.previews.pool("ethereum", POOL, ORIGIN), null);
  assert.equal(t.gateway.total(), 2);
  // An error and no pool: unknown is not proven, so the lookup fails.
  mode = "errors";
  await assert.rejects(
    t.previews.pool("ethereum", POOL, ORIGIN),
    (e) => e instanceof GatewayError && e.kind === "graphql" && /v3 resolver down/.test(e.message),
  );
  mode = "500";
  await assert.rejects(
    t.previews.pool("ethereum", POOL, ORIGIN),
    (e) => e instanceof GatewayError && e.kind === "http",
  );
  assert.equal((await t.kv.get(cacheKeys.poolPreview("ETHEREUM", POOL))).value, null);
  assert.equal(t.gateway.total(), 4);
});

Deno.test("an invalid cached pool entry is refetched", async () => {
  await using t = await setup({ AddressPool: () => v3Pool("USDC", "WETH") });
  await t.cache.set(cacheKeys.poolPreview("ethereum", POOL), {
    token0Symbol: 1,
    token1Symbol: "WETH",
    feeTier: "500",
    protocolVersion: "V3",
  });
  const preview = await t.previews.pool("ethereum", POOL, ORIGIN);
  assert.equal(preview?.title, "USDC/WETH on Uniswap");
  assert.equal(t.gateway.total(), 1);
});

Deno.test("previews work without KV (every lookup reaches the gateway)", async () => {
  const gateway = await startFakeGateway({ Token: tokenAnswer("USDC", "USD Coin") });
  // Warnings go through server/log.ts: catch what it writes.
  const lines: string[] = [];
  const collect = (bytes: Uint8Array) => lines.push(...new TextDecoder().decode(bytes).split("\n").filter(Boolean));
  await flushLog();
  const previous = setLogSink({ write: (bytes) => Promise.resolve(collect(bytes)), writeSync: collect });
  try {
    const previews = createPreviews({
      cache: createCache(null, { lruBytes: 0 }),
      gatewayClient: () => createGatewayClient({ url: gateway.url }),
    });
    assert.equal((await previews.token("base", USDC, ORIGIN))?.symbol, "USDC");
    assert.equal((await previews.token("base", USDC, ORIGIN))?.symbol, "USDC");
    assert.equal(gateway.total(), 2);
    await flushLog();
    const warnings = lines.map((l) => JSON.parse(l)).filter((l) => l.level === "warn");
    assert.equal(warnings.length, 1, JSON.stringify(lines));
  } finally {
    await flushLog();
    setLogSink(previous);
    await gateway.close();
  }
});

/** Previews over the project's demo gateway (a real GraphQL server on loopback). */
async function withDemo(
  fn: (
    previews: ReturnType<typeof createPreviews>,
    gateway: DemoGateway,
  ) => Promise<void>,
): Promise<void> {
  const gateway = await startDemoGateway();
  const kv = await Deno.openKv(":memory:");
  try {
    const previews = createPreviews({
      cache: createCache(kv),
      gatewayClient: () => createGatewayClient({ url: gateway.url, timeoutMs: 5000 }),
    });
    await fn(previews, gateway);
  } finally {
    kv.close();
    await gateway.close();
  }
}

Deno.test("demo gateway: token previews and their title variants", async () => {
  await withDemo(async (previews) => {
    const usdc = await previews.token(
      "ethereum",
      ETHEREUM_TOKENS.USDC,
      ORIGIN,
    );
    assert.equal(usdc?.symbol, "USDC");
    assert.equal(usdc?.title, "Get USDC on Uniswap");
    assert.ok(usdc?.logoUrl?.startsWith("http://127.0.0.1:"));
    const noSymbol = await previews.token(
      "ethereum",
      NO_SYMBOL_TOKEN.address,
      ORIGIN,
    );
    assert.equal(noSymbol?.title, `Get ${NO_SYMBOL_TOKEN.name} on Uniswap`);
    assert.equal(noSymbol?.symbol, null);
    const nameless = await previews.token(
      "ethereum",
      NAMELESS_TOKEN.address,
      ORIGIN,
    );
    assert.equal(nameless?.title, "View this token on Uniswap");
    assert.equal(nameless?.name, null);
    const script = await previews.token(
      "ethereum",
      SCRIPT_SYMBOL_TOKEN.address,
      ORIGIN,
    );
    assert.equal(script?.symbol, SCRIPT_SYMBOL_TOKEN.symbol);
    const native = await previews.token("ethereum", "NATIVE", ORIGIN);
    assert.equal(native?.symbol, "ETH");
    // An address the gateway does not know.
    assert.equal(
      await previews.token("ethereum", "0x" + "0".repeat(39) + "1", ORIGIN),
      null,
    );
  });
});

Deno.test("demo gateway: V2, V3 and V4 pool previews", async () => {
  await withDemo(async (previews) => {
    for (const pool of [USDC_WETH_V3_POOL, USDC_WETH_V2_PAIR, HOOKED_V4_POOL]) {
      const preview = await previews.pool("ethereum", pool.address, ORIGIN);
      assert.ok(preview, `${pool.protocolVersion} ${pool.address}`);
      assert.equal(preview.poolData.protocolVersion, pool.protocolVersion);
      assert.equal(preview.poolData.feeTier, pool.feeTier);
      assert.equal(preview.title, `${preview.name} on Uniswap`);
      assert.match(preview.name, /^[^/]+\/[^/]+$/);
    }
    const v3 = await previews.pool("ethereum", USDC_WETH_V3_POOL.address, ORIGIN);
    assert.equal(v3?.title, "USDC/WETH on Uniswap");
    const hooked = await previews.pool("ethereum", HOOKED_V4_POOL.address, ORIGIN);
    assert.equal(hooked?.poolData.isDynamicFee, true);
    assert.equal(hooked?.poolData.token1Symbol, "USDC");
    assert.equal(
      await previews.pool("ethereum", "0x" + "0".repeat(39) + "1", ORIGIN),
      null,
    );
  });
});
