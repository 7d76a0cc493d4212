import assert from "node:assert/strict";
import { decode as decodePng } from "fast-png";
import jpeg from "jpeg-js";
import { createClient } from "graphql-ws";
import { parse, print } from "graphql";
import { startDemoGateway } from "./server.ts";
import { SAMPLE_VARIABLES } from "./sample_variables.ts";
import { ALL_DOCUMENTS } from "../queries/documents.ts";
import { createGatewayClient, GatewayError, runQuery } from "../queries/client.ts";
import { fetchEdgePool, fetchEdgeToken } from "../queries/edge.ts";
import { fetchTokenPriceChart, TokenPriceQuery, TopTokensQuery } from "../queries/token.ts";
import { ActivityWebQuery, OnAssetActivitySubscription } from "../queries/activity.ts";
import { V3PoolTransactionsQuery } from "../queries/pools.ts";
import {
  BLUE_JPEG_LOGO_TOKEN,
  CJK_NAME_TOKEN,
  DEMO_WALLET,
  EMOJI_NAME_TOKEN,
  HOOKED_V4_POOL,
  NEAR_WHITE_LOGO_TOKEN,
  NO_LOGO_TOKEN,
  NO_SYMBOL_TOKEN,
  RED_PNG_LOGO_TOKEN,
  SCRIPT_SYMBOL_TOKEN,
  USDC_WETH_V2_PAIR,
  USDC_WETH_V3_POOL,
  WEBP_LOGO_TOKEN,
} from "./fixtures.ts";

const NOW = 1_790_000_000;

/** Every string value anywhere in a JSON value. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

Deno.test("the demo gateway answers every document with data", async () => {
  const gateway = await startDemoGateway({ now: NOW });
  try {
    const client = createGatewayClient({ url: gateway.url });
    for (const [name, document] of Object.entries(ALL_DOCUMENTS)) {
      if (name === "OnAssetActivity") continue;
      const { data, errors } = await runQuery(
        client,
        document as never,
        SAMPLE_VARIABLES[name as keyof typeof SAMPLE_VARIABLES] as never,
      );
      assert.deepEqual(errors, [], name);
      assert.ok(data && typeof data === "object", name);
      const fields = Object.entries(data);
      if (name === "AddressPool") {
        // one address, asked as a V3 pool and as a V2 pair: exactly one of them answers
        assert.equal(fields.filter(([, value]) => value !== null).length, 1, `${name}: ${JSON.stringify(data)}`);
      }
      for (const [field, value] of fields) {
        if (name === "AddressPool" && value === null) continue;
        assert.notEqual(value, null, `${name}.${field} is null`);
        if (Array.isArray(value)) assert.ok(value.length > 0, `${name}.${field} is empty`);
      }
      // every logo and image URL is absolute and on this gateway
      for (const s of strings(data)) {
        if (s.includes("/logos/")) assert.ok(s.startsWith(`${gateway.origin}/logos/`), s);
      }
    }
  } finally {
    await gateway.close();
  }
});

Deno.test("edge documents read realistic tokens and pools", async () => {
  const gateway = await startDemoGateway({ now: NOW });
  try {
    const client = createGatewayClient({ url: gateway.url });
    const eth = await fetchEdgeToken(client, "ETHEREUM", "NATIVE");
    assert.equal(eth?.symbol, "ETH");
    assert.equal(eth?.address, null);
    const celo = await fetchEdgeToken(client, "CELO", "native");
    assert.equal(celo?.symbol, "CELO");
    const pol = await fetchEdgeToken(client, "POLYGON", "NATIVE");
    assert.equal(pol?.symbol, "POL");
    // addresses match whatever their case
    const usdc = await fetchEdgeToken(client, "ETHEREUM", "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48");
    assert.equal(usdc?.symbol, "USDC");
    assert.equal(usdc?.name, "USDCoin");
    assert.equal(await fetchEdgeToken(client, "ETHEREUM", "0x" + "0".repeat(39) + "1"), null);

    const v3 = await fetchEdgePool(client, "ETHEREUM", USDC_WETH_V3_POOL.address);
    const v2 = await fetchEdgePool(client, "ETHEREUM", USDC_WETH_V2_PAIR.address);
    assert.equal(v3?.protocolVersion, "V3");
    assert.equal(v3?.feeTier, 500);
    assert.equal(v2?.protocolVersion, "V2");
    assert.deepEqual(
      [v2?.token0?.symbol, v2?.token1?.symbol],
      [v3?.token0?.symbol, v3?.token1?.symbol],
    );
    assert.deepEqual([v3?.token0?.symbol, v3?.token1?.symbol], ["USDC", "WETH"]);
    assert.ok((v3?.volume30dUsd ?? 0) > (v3?.volume24hUsd ?? 0));
    assert.equal(v3?.totalLiquidityUsd, USDC_WETH_V3_POOL.tvlUsd);

    const v4 = await fetchEdgePool(client, "ETHEREUM", HOOKED_V4_POOL.address);
    assert.equal(v4?.protocolVersion, "V4");
    assert.equal(v4?.isDynamicFee, true);
    assert.equal(v4?.hookAddress, HOOKED_V4_POOL.hookAddress);
    assert.equal(v4?.rewardsBoostedApr, 18.4);
    assert.equal(v4?.token0?.symbol, "ETH");
  } finally {
    await gateway.close();
  }
});

Deno.test("edge-case tokens come back exactly as the fixtures say", async () => {
  const gateway = await startDemoGateway({ now: NOW });
  try {
    const client = createGatewayClient({ url: gateway.url });
    const read = (address: string) => fetchEdgeToken(client, "ETHEREUM", address);
    const red = await read(RED_PNG_LOGO_TOKEN.address);
    assert.equal(red?.project?.logoUrl, `${gateway.origin}/logos/edge/red.png`);
    assert.equal((await read(NO_LOGO_TOKEN.address))?.project?.logoUrl, null);
    const noSymbol = await read(NO_SYMBOL_TOKEN.address);
    assert.equal(noSymbol?.symbol, null);
    assert.equal(noSymbol?.name, "Token Without Symbol");
    assert.equal((await read(CJK_NAME_TOKEN.address))?.name, CJK_NAME_TOKEN.name);
    assert.equal((await read(EMOJI_NAME_TOKEN.address))?.symbol, "🚀MOON");
    assert.equal(
      (await read(SCRIPT_SYMBOL_TOKEN.address))?.symbol,
      '"><script>alert(1)</script>',
    );
    // token list tokens and fixtures both show up in the top tokens
    const { data } = await runQuery(client, TopTokensQuery, { chain: "ETHEREUM" });
    const symbols = data?.topTokens?.map((t) => t?.symbol) ?? [];
    assert.equal(symbols.length, 100);
    assert.deepEqual(symbols.slice(0, 3), ["ETH", "WETH", "USDC"]);
    assert.ok(symbols.includes("REDL") && symbols.includes("🚀MOON"));
  } finally {
    await gateway.close();
  }
});

Deno.test("logos are served as real PNG, JPEG, WebP and SVG files", async () => {
  const gateway = await startDemoGateway({ now: NOW });
  try {
    const get = async (path: string) => {
      const response = await fetch(`${gateway.origin}${path}`);
      assert.equal(response.status, 200, path);
      assert.equal(response.headers.get("access-control-allow-origin"), "*");
      return {
        type: response.headers.get("content-type"),
        bytes: new Uint8Array(await response.arrayBuffer()),
      };
    };
    const pixel = (data: ArrayLike<number>, channels: number, at: number) =>
      Array.from({ length: 3 }, (_, i) => data[at * channels + i]);

    const red = await get(RED_PNG_LOGO_TOKEN.logoPath!);
    assert.equal(red.type, "image/png");
    const redImage = decodePng(red.bytes);
    assert.equal(redImage.width, 64);
    assert.deepEqual(pixel(redImage.data, redImage.channels, 32 * 64 + 32), [255, 0, 0]);

    const white = decodePng((await get(NEAR_WHITE_LOGO_TOKEN.logoPath!)).bytes);
    assert.deepEqual(pixel(white.data, white.channels, 32 * 64 + 32), [250, 250, 250]);
    assert.equal(white.data[3], 0, "transparent corner");

    const blue = await get(BLUE_JPEG_LOGO_TOKEN.logoPath!);
    assert.equal(blue.type, "image/jpeg");
    const blueImage = jpeg.decode(blue.bytes, { useTArray: true });
    const [r, g, b] = pixel(blueImage.data, 4, 10 * 64 + 10);
    assert.ok(r < 10 && g < 10 && b > 245, `blue pixel ${[r, g, b]}`);

    const webp = await get(WEBP_LOGO_TOKEN.logoPath!);
    assert.equal(webp.type, "image/webp");
    const text = new TextDecoder().decode(webp.bytes.slice(0, 16));
    assert.equal(text, "RIFF" + text.slice(4, 8) + "WEBPVP8L");
    const view = new DataView(webp.bytes.buffer);
    assert.equal(view.getUint32(4, true), webp.bytes.length - 8);
    assert.equal(webp.bytes[20], 0x2f);
    const bits = view.getUint32(21, true);
    assert.deepEqual([(bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1], [64, 64]);

    const svg = await get("/logos/cc/svg/uni.svg");
    assert.equal(svg.type, "image/svg+xml");
    assert.match(new TextDecoder().decode(svg.bytes), /<svg[\s>]/);
    const png = decodePng((await get("/logos/cc/png/usdc.png")).bytes);
    assert.equal(png.width, 128);

    const missing = await fetch(`${gateway.origin}/logos/cc/svg/..%2Fsecret.svg`);
    assert.equal(missing.status, 404);
    await missing.body?.cancel();
  } finally {
    await gateway.close();
  }
});

Deno.test("CORS preflight, bad requests and the info page", async () => {
  const gateway = await startDemoGateway({ now: NOW });
  try {
    const preflight = await fetch(gateway.url, {
      method: "OPTIONS",
      headers: {
        origin: "http://example.com",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get("access-control-allow-origin"), "*");
    assert.match(preflight.headers.get("access-control-allow-methods") ?? "", /POST/);
    await preflight.body?.cancel();

    const client = createGatewayClient({ url: gateway.url });
    const invalid = parse("query Invalid { noSuchField }") as never;
    await assert.rejects(runQuery(client, invalid, {}), (error) => {
      assert.ok(error instanceof GatewayError);
      assert.equal(error.kind, "http");
      assert.equal(error.status, 400);
      return true;
    });
    const info = await (await fetch(gateway.origin)).json();
    assert.equal(info.graphql, gateway.url);
    assert.equal(info.websocket, gateway.wsUrl);
  } finally {
    await gateway.close();
  }
});

Deno.test("the data is deterministic", async () => {
  const a = await startDemoGateway({ now: NOW });
  const b = await startDemoGateway({ now: NOW });
  try {
    const body = JSON.stringify({
      query: print(TopTokensQuery as never),
      variables: { chain: "BASE", pageSize: 30 },
    });
    const answer = async (url: string, origin: string) => {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      return (await response.text()).replaceAll(origin, "ORIGIN");
    };
    const [x, y] = [await answer(a.url, a.origin), await answer(b.url, b.origin)];
    assert.equal(x, y);
    assert.match(x, /ORIGIN\/logos\//);
  } finally {
    await a.close();
    await b.close();
  }
});

Deno.test("series, paging, cursors and the candle fallback", async () => {
  const gateway = await startDemoGateway({ now: NOW });
  try {
    const client = createGatewayClient({ url: gateway.url });
    for (const duration of ["HOUR", "DAY", "WEEK", "MONTH", "YEAR", "MAX"] as const) {
      const { data } = await runQuery(client, TokenPriceQuery, {
        chain: "ETHEREUM",
        address: null,
        duration,
      });
      const candles = data?.token?.market?.ohlc ?? [];
      assert.ok(candles.length >= 10, `${duration}: ${candles.length} candles`);
      const last = candles[candles.length - 1]!;
      assert.ok(last.high.value >= Math.max(last.open.value, last.close.value));
      assert.ok(last.low.value <= Math.min(last.open.value, last.close.value));
      assert.ok(last.timestamp <= NOW);
    }
    const candles = await fetchTokenPriceChart(client, {
      chain: "ETHEREUM",
      address: USDC_WETH_V3_POOL.token0!,
      duration: "WEEK",
    });
    assert.equal(candles?.kind, "candles");
    const line = await fetchTokenPriceChart(client, {
      chain: "ETHEREUM",
      address: NO_LOGO_TOKEN.address,
      duration: "WEEK",
    });
    assert.equal(line?.kind, "line");
    assert.ok((line?.points.length ?? 0) > 100);
    assert.equal(line?.points.at(-1)?.close, NO_LOGO_TOKEN.priceUsd);

    const page = async (n: number) =>
      (await runQuery(client, ActivityWebQuery, {
        account: DEMO_WALLET.toLowerCase(),
        chains: ["ETHEREUM", "BASE"],
        page: n,
        pageSize: 100,
      })).data?.portfolios?.[0]?.assetActivities ?? [];
    const [first, second] = [await page(1), await page(2)];
    assert.equal(first.length, 100);
    assert.ok(second.length > 0);
    const kinds = new Set(first.map((a) => a?.details.__typename));
    assert.deepEqual([...kinds].sort(), [
      "OffRampTransactionDetails",
      "OnRampTransactionDetails",
      "SwapOrderDetails",
      "TransactionDetails",
    ]);
    const changes = new Set<string | undefined>(
      first.flatMap((a) =>
        a?.details.__typename === "TransactionDetails" ? a.details.assetChanges.map((c) => c?.__typename) : []
      ),
    );
    for (
      const kind of [
        "TokenTransfer",
        "NftTransfer",
        "TokenApproval",
        "NftApproval",
        "NftApproveForAll",
        "OnRampTransfer",
        "OffRampTransfer",
      ]
    ) assert.ok(changes.has(kind), kind);

    const txs = async (cursor?: number) =>
      (await runQuery(client, V3PoolTransactionsQuery, {
        chain: "ETHEREUM",
        address: USDC_WETH_V3_POOL.address,
        first: 10,
        cursor,
      })).data?.v3Pool?.transactions ?? [];
    const newest = await txs();
    assert.equal(newest.length, 10);
    const older = await txs(newest[9]!.timestamp);
    assert.ok(older.every((t) => t!.timestamp < newest[9]!.timestamp));
  } finally {
    await gateway.close();
  }
});

Deno.test("the subscription delivers new activity over WebSocket", async () => {
  const gateway = await startDemoGateway({ now: NOW, liveIntervalMs: 60_000 });
  const client = createClient({
    url: gateway.wsUrl,
    webSocketImpl: WebSocket,
    lazy: true,
    retryAttempts: 0,
  });
  try {
    const event = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const unsubscribe = client.subscribe(
        {
          query: print(OnAssetActivitySubscription as never),
          operationName: "OnAssetActivity",
          variables: { subscriptionId: "test-1", account: DEMO_WALLET },
        },
        {
          next(value) {
            unsubscribe();
            resolve(value as Record<string, unknown>);
          },
          error: reject,
          complete() {},
        },
      );
    });
    const data = event.data as {
      onAssetActivity: {
        chain: string;
        details: { __typename: string; type: string; from: string };
      };
    };
    assert.equal(event.errors, undefined);
    assert.equal(data.onAssetActivity.chain, "ETHEREUM");
    assert.equal(data.onAssetActivity.details.__typename, "TransactionDetails");
    assert.equal(data.onAssetActivity.details.type, "SWAP");
    assert.equal(data.onAssetActivity.details.from, DEMO_WALLET);
  } finally {
    await client.dispose();
    await gateway.close();
  }
});
