import assert from "node:assert/strict";
import { decodeAbiParameters, encodeAbiParameters, stringToHex } from "viem";
import { ETHEREUM_CONTRACTS } from "../../lib/chains.ts";
import { createCache } from "../cache/kv_cache.ts";
import { createPreviews, POSITION_TTL_MS } from "./previews.ts";
import {
  decodeLensAnswer,
  decodeLensV4Answer,
  decodeSymbol,
  DYNAMIC_FEE_FLAG,
  formatPrice,
  lensCallData,
  lensV4CallData,
  positionStatus,
  tickPrice,
  unpackPositionInfo,
} from "./positions.ts";
import { POSITION_LENS_CODE } from "./position_lens.ts";
import { POSITION_LENS_V4_CODE } from "./position_lens_v4.ts";

const ORIGIN = "https://app.example";
const USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
const WETH = "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2";
const PAIR = "0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc";

const word = (type: string, value: unknown) => encodeAbiParameters([{ type }], [value]);
const str = (text: string) => encodeAbiParameters([{ type: "string" }], [text]);

/** The lens's answer for a V3 position: positions(), slot0(), both symbols and decimals. */
function v3Answer(o: { tickLower: number; tickUpper: number; liquidity: bigint; tick: number; sym0?: string }) {
  const position = encodeAbiParameters(
    [
      { type: "uint96" },
      { type: "address" },
      { type: "address" },
      { type: "address" },
      { type: "uint24" },
      { type: "int24" },
      { type: "int24" },
      { type: "uint128" },
      { type: "uint256" },
      { type: "uint256" },
      { type: "uint128" },
      { type: "uint128" },
    ],
    [0n, PAIR, USDC, WETH, 500, o.tickLower, o.tickUpper, o.liquidity, 0n, 0n, 0n, 0n],
  );
  const slot0 = encodeAbiParameters(
    [{ type: "uint160" }, { type: "int24" }, { type: "uint16" }, { type: "uint16" }, { type: "uint16" }, {
      type: "uint8",
    }, { type: "bool" }],
    [1n, o.tick, 0, 1, 1, 0, true],
  );
  return encodeAbiParameters(
    [{ type: "address" }, { type: "address" }, { type: "bytes[6]" }],
    [USDC, WETH, [position, slot0, str(o.sym0 ?? "USDC"), str("WETH"), word("uint8", 6), word("uint8", 18)]],
  );
}

/** A JSON-RPC endpoint that answers every eth_call with `answer()` and counts the calls. */
function fakeRpc(answer: () => `0x${string}` | { error: string }) {
  const calls: unknown[] = [];
  const fetch: typeof globalThis.fetch = async (_input, init) => {
    const body = JSON.parse(String(init?.body));
    calls.push(body);
    const result = answer();
    return await Promise.resolve(
      Response.json(
        typeof result === "string"
          ? { jsonrpc: "2.0", id: body.id, result }
          : { jsonrpc: "2.0", id: body.id, error: { code: 3, message: result.error } },
      ),
    );
  };
  return { calls, fetch };
}

Deno.test("tick prices: decimals applied, full range reads 0 and ∞", () => {
  // USDC (6) per WETH (18): tick -200000 is about 2.06e-9 * 1e12 = 0.00206 WETH per USDC... of token0 in token1.
  assert.equal(tickPrice(-887220, 6, 18, "lower"), "0");
  assert.equal(tickPrice(887220, 6, 18, "upper"), "∞");
  assert.equal(tickPrice(0, 18, 18, "lower"), "1");
  assert.equal(tickPrice(-200000, 6, 18, "lower"), formatPrice(Math.pow(1.0001, -200000) * 1e-12));
  assert.equal(formatPrice(1234.5678), "1234.6");
  assert.equal(formatPrice(0.000312345), "0.00031235");
  assert.match(formatPrice(1.23e15), /^1\.23e\+15$/);
});

Deno.test("status: closed with no liquidity, in range inside [lower, upper), else out of range", () => {
  assert.equal(positionStatus(0n, -10, 10, 0), "closed");
  assert.equal(positionStatus(5n, -10, 10, 0), "in-range");
  assert.equal(positionStatus(5n, -10, 10, -10), "in-range");
  assert.equal(positionStatus(5n, -10, 10, 10), "out-of-range");
  assert.equal(positionStatus(5n, -10, 10, -11), "out-of-range");
});

Deno.test("symbols: ABI strings and bytes32 (MKR), nothing for an empty answer", () => {
  assert.equal(decodeSymbol(str("UNI")), "UNI");
  assert.equal(decodeSymbol(stringToHex("MKR", { size: 32 })), "MKR");
  assert.equal(decodeSymbol("0x"), null);
});

Deno.test("the call carries the lens code and its arguments: v3 the manager and the id, v2 the pair", () => {
  const v3 = lensCallData(ETHEREUM_CONTRACTS, "v3", "1234");
  assert.ok(v3.startsWith(POSITION_LENS_CODE));
  const [isV3, target, factory, id] = decodeAbiParameters(
    [{ type: "bool" }, { type: "address" }, { type: "address" }, { type: "uint256" }],
    `0x${v3.slice(POSITION_LENS_CODE.length)}`,
  );
  assert.deepEqual([isV3, target, factory, id], [
    true,
    ETHEREUM_CONTRACTS.v3PositionManager,
    ETHEREUM_CONTRACTS.v3Factory,
    1234n,
  ]);
  const v2 = lensCallData(ETHEREUM_CONTRACTS, "v2", PAIR);
  const [isV3b, pair] = decodeAbiParameters(
    [{ type: "bool" }, { type: "address" }],
    `0x${v2.slice(POSITION_LENS_CODE.length)}`,
  );
  assert.deepEqual([isV3b, pair], [false, PAIR]);
});

Deno.test("lens answers: in range, out of range, closed; an unknown position is null", () => {
  const clean = (s: string | null) => s;
  const inRange = decodeLensAnswer("v3", v3Answer({ tickLower: -100, tickUpper: 100, liquidity: 7n, tick: 3 }), clean);
  assert.equal(inRange?.status, "in-range");
  assert.equal(inRange?.token0Symbol, "USDC");
  assert.equal(inRange?.feeTier, 500);
  assert.equal(inRange?.priceLower, formatPrice(Math.pow(1.0001, -100) * 1e-12));
  const out = decodeLensAnswer("v3", v3Answer({ tickLower: -100, tickUpper: 100, liquidity: 7n, tick: 500 }), clean);
  assert.equal(out?.status, "out-of-range");
  const closed = decodeLensAnswer("v3", v3Answer({ tickLower: -100, tickUpper: 100, liquidity: 0n, tick: 3 }), clean);
  assert.equal(closed?.status, "closed");
  const none = encodeAbiParameters(
    [{ type: "address" }, { type: "address" }, { type: "bytes[6]" }],
    ["0x0000000000000000000000000000000000000000", "0x0000000000000000000000000000000000000000", [
      "0x",
      "0x",
      "0x",
      "0x",
      "0x",
      "0x",
    ]],
  );
  assert.equal(decodeLensAnswer("v3", none, clean), null);
});

Deno.test("position previews: one RPC call cold, none warm, read again after 10 minutes; no RPC: null", async () => {
  let now = 1_000_000;
  let tick = 3;
  const rpc = fakeRpc(() => v3Answer({ tickLower: -100, tickUpper: 100, liquidity: 7n, tick, sym0: "US\u202eDC" }));
  const kv = await Deno.openKv(":memory:");
  try {
    const previews = createPreviews({
      cache: createCache(kv, { lruBytes: 0, now: () => now }),
      gatewayClient: () => {
        throw new Error("a position never asks the gateway");
      },
      rpcUrlOf: (chain) => chain === "ethereum" ? "http://rpc.invalid/" : null,
      rpcFetch: rpc.fetch,
      now: () => now,
    });
    const cold = await previews.position!("v3", "ethereum", "0042", ORIGIN);
    assert.equal(rpc.calls.length, 1);
    assert.equal(cold?.title, "USDC/WETH position on Uniswap");
    assert.equal(cold?.image, `${ORIGIN}/api/image/positions/v3/ethereum/42`);
    assert.equal(cold?.positionData.status, "in-range");
    const warm = await previews.position!("v3", "Ethereum", "42", ORIGIN);
    assert.equal(rpc.calls.length, 1, "a warm read makes no RPC call");
    assert.deepEqual(warm?.positionData, cold?.positionData);
    tick = 500;
    now += POSITION_TTL_MS + 1;
    assert.equal((await previews.position!("v3", "ethereum", "42", ORIGIN))?.positionData.status, "out-of-range");
    assert.equal(rpc.calls.length, 2);
    assert.equal(await previews.position!("v3", "base", "42", ORIGIN), null, "no RPC for base");
    assert.equal(await previews.position!("v3", "ethereum", "4x2", ORIGIN), null);
    assert.equal(rpc.calls.length, 2);
    // V4 is read too, through the V4 lens (this fake answers a V3 shape: not a V4 position).
    assert.equal(await previews.position!("v4", "ethereum", "42", ORIGIN), null);
    assert.equal(rpc.calls.length, 3);
    const call = rpc.calls[2] as { params: [{ data: string }] };
    assert.ok(call.params[0].data.startsWith(POSITION_LENS_V4_CODE));
  } finally {
    kv.close();
  }
});

Deno.test("position previews: a revert is an unknown position, other RPC errors throw and cache nothing", async () => {
  let answer: `0x${string}` | { error: string } = { error: "execution reverted" };
  const rpc = fakeRpc(() => answer);
  const previews = createPreviews({
    cache: createCache(null, { lruBytes: 1 << 20 }),
    gatewayClient: () => {
      throw new Error("unused");
    },
    rpcUrlOf: () => "http://rpc.invalid/",
    rpcFetch: rpc.fetch,
  });
  assert.equal(await previews.position!("v2", "ethereum", PAIR, ORIGIN), null);
  answer = { error: "header not found" };
  await assert.rejects(() => previews.position!("v3", "ethereum", "7", ORIGIN), /header not found/);
  answer = v3Answer({ tickLower: -100, tickUpper: 100, liquidity: 7n, tick: 3 });
  assert.equal((await previews.position!("v3", "ethereum", "7", ORIGIN))?.name, "USDC/WETH");
});

const NATIVE = { symbol: "ETH", decimals: 18 };
const HOOK = "0x0000000000000000000000000000000000001000";

/** A V4 `PositionInfo`: pool id in the top 200 bits, then tickUpper, tickLower, the subscriber flag. */
function packInfo(tickLower: number, tickUpper: number): bigint {
  const u24 = (tick: number) => BigInt(tick < 0 ? tick + 0x1000000 : tick);
  return (0xabcdefn << 56n) | (u24(tickUpper) << 32n) | (u24(tickLower) << 8n) | 1n;
}

/** The V4 lens's answer: pool key and info, slot0, symbols, decimals, liquidity. */
function v4Answer(o: {
  currency0?: string;
  fee?: number;
  tickLower: number;
  tickUpper: number;
  tick: number;
  lpFee?: number;
  liquidity: bigint;
}) {
  const currency0 = (o.currency0 ?? "0x0000000000000000000000000000000000000000") as `0x${string}`;
  const native = /^0x0{40}$/.test(currency0);
  const key = encodeAbiParameters(
    [{ type: "address" }, { type: "address" }, { type: "uint24" }, { type: "int24" }, { type: "address" }, {
      type: "uint256",
    }],
    [currency0, USDC, o.fee ?? 500, 10, HOOK, packInfo(o.tickLower, o.tickUpper)],
  );
  const slot0 = encodeAbiParameters(
    [{ type: "uint160" }, { type: "int24" }, { type: "uint24" }, { type: "uint24" }],
    [1n, o.tick, 0, o.lpFee ?? o.fee ?? 500],
  );
  return encodeAbiParameters(
    [{ type: "address" }, { type: "address" }, { type: "bytes[7]" }],
    [currency0, USDC, [
      key,
      slot0,
      native ? "0x" : str("WETH"),
      str("USDC"),
      native ? "0x" : word("uint8", 18),
      word("uint8", 6),
      word("uint128", o.liquidity),
    ]],
  );
}

Deno.test("V4 position info: both ticks unpacked, negative ones too", () => {
  assert.deepEqual(unpackPositionInfo(packInfo(-887270, 887270)), { tickLower: -887270, tickUpper: 887270 });
  assert.deepEqual(unpackPositionInfo(packInfo(-200010, -199990)), { tickLower: -200010, tickUpper: -199990 });
  assert.deepEqual(unpackPositionInfo(packInfo(0, 60)), { tickLower: 0, tickUpper: 60 });
});

Deno.test("V4 lens call: the V4 lens code, then the PositionManager, StateView and the token id", () => {
  const data = lensV4CallData(ETHEREUM_CONTRACTS, 7n);
  assert.ok(data.startsWith(POSITION_LENS_V4_CODE));
  const [manager, stateView, id] = decodeAbiParameters(
    [{ type: "address" }, { type: "address" }, { type: "uint256" }],
    `0x${data.slice(POSITION_LENS_V4_CODE.length)}`,
  );
  assert.equal(manager, ETHEREUM_CONTRACTS.v4PositionManager);
  assert.equal(stateView, ETHEREUM_CONTRACTS.v4StateView);
  assert.equal(id, 7n);
});

Deno.test("V4 lens answers: native ETH, ranges, status, dynamic fee; an empty pool key is unknown", () => {
  const clean = (s: string | null) => s;
  const full = decodeLensV4Answer(
    v4Answer({ tickLower: -887270, tickUpper: 887270, tick: 5, liquidity: 9n }),
    clean,
    NATIVE,
  );
  assert.equal(full?.token0Symbol, "ETH");
  assert.equal(full?.token1Symbol, "USDC");
  assert.equal(full?.protocolVersion, "V4");
  assert.equal(full?.feeTier, 500);
  assert.equal(full?.isDynamicFee, undefined);
  assert.deepEqual([full?.priceLower, full?.priceUpper, full?.status], ["0", "∞", "in-range"]);

  const out = decodeLensV4Answer(
    v4Answer({ tickLower: -200, tickUpper: 200, tick: 200, liquidity: 9n }),
    clean,
    NATIVE,
  );
  assert.equal(out?.status, "out-of-range");
  assert.equal(out?.priceLower, tickPrice(-200, 18, 6, "lower"));
  assert.equal(out?.priceUpper, tickPrice(200, 18, 6, "upper"));

  const closed = decodeLensV4Answer(
    v4Answer({ tickLower: -200, tickUpper: 200, tick: 0, liquidity: 0n }),
    clean,
    NATIVE,
  );
  assert.equal(closed?.status, "closed");

  const dynamic = decodeLensV4Answer(
    v4Answer({ fee: DYNAMIC_FEE_FLAG, lpFee: 3000, tickLower: -60, tickUpper: 60, tick: 0, liquidity: 1n }),
    clean,
    NATIVE,
  );
  assert.equal(dynamic?.isDynamicFee, true);
  assert.equal(dynamic?.feeTier, 3000, "a dynamic fee reads the pool's current LP fee");

  const erc20 = decodeLensV4Answer(
    v4Answer({ currency0: WETH, tickLower: 0, tickUpper: 60, tick: 0, liquidity: 1n }),
    clean,
    NATIVE,
  );
  assert.equal(erc20?.token0Symbol, "WETH");

  // A burned or never-minted token id: the PositionManager answers an empty pool key.
  const empty = encodeAbiParameters(
    [{ type: "address" }, { type: "address" }, { type: "bytes[7]" }],
    ["0x0000000000000000000000000000000000000000", "0x0000000000000000000000000000000000000000", [
      encodeAbiParameters(
        [{ type: "address" }, { type: "address" }, { type: "uint24" }, { type: "int24" }, { type: "address" }, {
          type: "uint256",
        }],
        [
          "0x0000000000000000000000000000000000000000",
          "0x0000000000000000000000000000000000000000",
          0,
          0,
          "0x0000000000000000000000000000000000000000",
          0n,
        ],
      ),
      "0x",
      "0x",
      "0x",
      "0x",
      "0x",
      "0x",
    ]],
  );
  assert.equal(decodeLensV4Answer(empty, clean, NATIVE), null);
});
