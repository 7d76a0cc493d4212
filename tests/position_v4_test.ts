/**
 * V4 positions as crawlers and unfurlers see them, in process over the real
 * demo chain (its seed V4 positions, token ids 1-9 in the PositionManager,
 * read by the real V4 lens call) behind a JSON-RPC proxy that counts calls:
 * the share card `/api/image/positions/v4/ethereum/{id}` is a 1200x630 PNG,
 * the page's crawler view has that og:image and the title
 * `{SYM0}/{SYM1} position on Uniswap`, the hooked pool's dynamic fee reads
 * `Dynamic`; one `eth_call` cold for card and page together, none warm. A
 * position burned on chain, and an id never minted, are a
 * `404 Position not found.` card and the default preview.
 */
import assert from "node:assert/strict";
import { encodeAbiParameters, encodeFunctionData, type Hex, parseAbi } from "viem";
import { type AppLoadContext, createRequestHandler } from "react-router";
import { DEPLOYER, startDemoChain } from "../demo_chain/mod.ts";
import { ETHEREUM_CONTRACTS as C } from "../lib/chains.ts";
import { importServerBuild } from "../server/app_build.ts";
import { createCache } from "../server/cache/kv_cache.ts";
import { crawlerBuild } from "../server/previews/crawler.ts";
import { createPreviews } from "../server/previews/previews.ts";
import { readTags, TAG_WINDOW_BYTES, tagValue } from "../server/previews/inspector_checks.ts";
import { STATIC_DIR } from "../server/paths.ts";
import { createImageHandler, type ImageTarget } from "../og/mod.ts";
import { decodePixels } from "../og/test_helpers.ts";

const ORIGIN = "https://app.example";
/** The seed position in the hooked dynamic-fee ETH/USDC pool. */
const HOOKED_POSITION = "6";
/** A seed position this test burns (ETH/LINK). */
const BURNED_POSITION = "5";

const MANAGER_ABI = parseAbi([
  "function modifyLiquidities(bytes unlockData, uint256 deadline) payable",
  "function getPoolAndPositionInfo(uint256 tokenId) view returns ((address,address,uint24,int24,address), uint256)",
]);

/** Burns a seed position as its owner, the deployer: BURN_POSITION, then TAKE_PAIR of both currencies. */
async function burn(chain: Awaited<ReturnType<typeof startDemoChain>>, tokenId: bigint): Promise<void> {
  const [key] = decodeKey(
    await chain.node.request<Hex>("eth_call", [{
      to: C.v4PositionManager,
      data: encodeFunctionData({ abi: MANAGER_ABI, functionName: "getPoolAndPositionInfo", args: [tokenId] }),
    }, "latest"]),
  );
  const unlockData = encodeAbiParameters([{ type: "bytes" }, { type: "bytes[]" }], ["0x0311", [
    encodeAbiParameters(
      [{ type: "uint256" }, { type: "uint128" }, { type: "uint128" }, { type: "bytes" }],
      [tokenId, 0n, 0n, "0x"],
    ),
    encodeAbiParameters([{ type: "address" }, { type: "address" }, { type: "address" }], [key[0], key[1], DEPLOYER]),
  ]]);
  await chain.node.request("anvil_impersonateAccount", [DEPLOYER]);
  await chain.node.request("anvil_setBalance", [DEPLOYER, "0x56bc75e2d63100000"]);
  const hash = await chain.node.request<Hex>("eth_sendTransaction", [{
    from: DEPLOYER,
    to: C.v4PositionManager,
    data: encodeFunctionData({
      abi: MANAGER_ABI,
      functionName: "modifyLiquidities",
      args: [unlockData, BigInt(Math.floor(Date.now() / 1000) + 600)],
    }),
  }]);
  const receipt = await chain.node.request<{ status: Hex }>("eth_getTransactionReceipt", [hash]);
  assert.equal(receipt.status, "0x1", "the burn is mined");
}

function decodeKey(answer: Hex): [[Hex, Hex]] {
  const word = (i: number) => `0x${answer.slice(2 + 64 * i + 24, 2 + 64 * (i + 1))}` as Hex;
  return [[word(0), word(1)]];
}

Deno.test({
  name: "V4 positions: the card and the crawler view, one eth_call cold, none warm; burned and unknown are 404",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const chain = await startDemoChain({ port: 0 });
    const kv = await Deno.openKv(":memory:");
    const cache = createCache(kv);
    const rpc = { calls: 0, ethCalls: 0 };
    const previews = createPreviews({
      cache,
      gatewayClient: () => {
        throw new Error("a position never asks the gateway");
      },
      rpcUrlOf: (name) => name === "ethereum" ? chain.url : null,
      rpcFetch: (input, init) => {
        rpc.calls++;
        if (JSON.parse(String(init?.body)).method === "eth_call") rpc.ethCalls++;
        return fetch(input, init);
      },
    });
    const images = createImageHandler({
      previews,
      cache,
      staticDir: STATIC_DIR,
      logoAllowedHosts: [],
      workers: 1,
      clientOf: () => "192.0.2.1",
    });
    const card = async (id: string) => {
      const target: ImageTarget = { kind: "position", chainName: "ethereum", address: id, version: "v4" };
      const response = await images(new Request(`http://localhost/api/image/positions/v4/ethereum/${id}`), target);
      return { response, body: new Uint8Array(await response.arrayBuffer()) };
    };
    const crawler = createRequestHandler(crawlerBuild(await importServerBuild()), "production");
    const context = {
      gatewayClient: () => null,
      graphqlWsUrl: null,
      previews,
      origin: ORIGIN,
      logger: console,
    } as unknown as AppLoadContext;
    const view = async (path: string) => {
      const response = await crawler(
        new Request(`${ORIGIN}${path}`, { headers: { "user-agent": "Twitterbot/1.0" } }),
        context,
      );
      assert.equal(response.status, 200);
      const html = await response.text();
      return readTags(new TextDecoder().decode(new TextEncoder().encode(html).subarray(0, TAG_WINDOW_BYTES)));
    };
    try {
      // The card, cold: one eth_call; a 1200x630 PNG.
      const cold = await card(HOOKED_POSITION);
      assert.equal(cold.response.status, 200, new TextDecoder().decode(cold.body.slice(0, 100)));
      assert.equal(cold.response.headers.get("content-type"), "image/png");
      const pixels = decodePixels(cold.body);
      assert.deepEqual([pixels.width, pixels.height], [1200, 630]);
      assert.deepEqual([rpc.calls, rpc.ethCalls], [1, 1], "one eth_call cold");
      console.log(`V4 position card: ${cold.body.length} bytes, ${rpc.ethCalls} eth_call cold`);

      // Warm: the same card, no call; the page's crawler view reads the same preview, no call either.
      assert.deepEqual((await card(HOOKED_POSITION)).body, cold.body);
      const tags = await view(`/positions/v4/ethereum/${HOOKED_POSITION}`);
      assert.equal(rpc.calls, 1, "no RPC call warm");
      assert.equal(tagValue(tags, "og:title"), "ETH/USDC position on Uniswap");
      assert.equal(tagValue(tags, "title"), "ETH/USDC position on Uniswap");
      assert.equal(tagValue(tags, "og:image"), `${ORIGIN}/api/image/positions/v4/ethereum/${HOOKED_POSITION}`);
      assert.equal(tagValue(tags, "twitter:image"), tagValue(tags, "og:image"));
      assert.equal(tagValue(tags, "og:url"), `${ORIGIN}/positions/v4/ethereum/${HOOKED_POSITION}`);
      assert.equal(tagValue(tags, "twitter:data1"), "In range", "the seed positions are full range");
      assert.equal(tagValue(tags, "twitter:label2"), "Fee tier");
      assert.equal(tagValue(tags, "twitter:data2"), "Dynamic", "the hooked pool's fee is its hook's");

      // Another V4 position, crawler first: one eth_call, a static fee, its own card.
      const plain = await view("/positions/v4/ethereum/9");
      assert.equal(tagValue(plain, "og:title"), "USDC/USDT position on Uniswap");
      assert.equal(tagValue(plain, "twitter:data2"), "0.01%");
      assert.equal(rpc.ethCalls, 2);
      const other = await card("9");
      assert.equal(other.response.status, 200);
      assert.notDeepEqual(other.body, cold.body);
      assert.equal(rpc.ethCalls, 2, "the card reads the page's preview");

      // Burned on chain, and never minted: 404 card in plain words, default preview.
      await burn(chain, BigInt(BURNED_POSITION));
      for (const id of [BURNED_POSITION, "999999"]) {
        const r = await card(id);
        assert.equal(r.response.status, 404, id);
        assert.equal(new TextDecoder().decode(r.body), "Position not found.");
        assert.equal(tagValue(await view(`/positions/v4/ethereum/${id}`), "og:title"), "Uniswap Interface");
      }
    } finally {
      await images.close();
      kv.close();
      await chain.close();
    }
  },
});
