import assert from "node:assert/strict";
import type { TokenOption } from "../lib/trade_loader.ts";
import { embeddedTradeData } from "./embedded_swap.tsx";
import { tokenOptionKey } from "../lib/trade_loader.ts";

const UNI = "0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984";
const USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";

function top(symbol: string, key: string): TokenOption {
  return { key, symbol, name: symbol, logoUrl: null, price: 1, href: `/explore/tokens/ethereum/${key}` };
}

const TOP = [top("ETH", "NATIVE"), top("USDC", USDC.toLowerCase()), top("UNI", UNI.toLowerCase())];

Deno.test("embedded swap: the page's tokens first, the top tokens it lacks after, the pair preselected", () => {
  const uni = { address: UNI, symbol: "UNI", name: "Uniswap", logoUrl: "/logos/uni.png", price: 7.5 };
  const data = embeddedTradeData("ETHEREUM", { own: [uni], top: TOP }, { pay: "NATIVE", receive: UNI });
  assert.equal(data.chainName, "ethereum");
  assert.ok(data.tokens.ok);
  assert.deepEqual(data.tokens.data.map((t) => t.key), [UNI.toLowerCase(), "NATIVE", USDC.toLowerCase()]);
  assert.equal(data.tokens.data[0].logoUrl, "/logos/uni.png");
  assert.equal(data.tokens.data[0].href, `/explore/tokens/ethereum/${UNI}`);
  assert.deepEqual([data.input, data.output], ["NATIVE", UNI.toLowerCase()]);
});

Deno.test("embedded swap: the native token's page pays with the first other token; keys are NATIVE or lower case", () => {
  const eth = { address: null, symbol: "ETH", name: "Ether", logoUrl: null, price: 3000 };
  const data = embeddedTradeData("ETHEREUM", { own: [eth], top: TOP }, { pay: null, receive: "NATIVE" });
  assert.deepEqual([data.input, data.output], [USDC.toLowerCase(), "NATIVE"]);
  assert.ok(data.tokens.ok);
  assert.equal(data.tokens.data.filter((t) => t.key === "NATIVE").length, 1);
  // Without top tokens (the gateway failed) the page's pair is still offered.
  const alone = embeddedTradeData("ETHEREUM", { own: [eth], top: [] }, { pay: null, receive: "NATIVE" });
  assert.deepEqual([alone.input, alone.output], [null, "NATIVE"]);
  assert.equal(tokenOptionKey("native"), "NATIVE");
  assert.equal(tokenOptionKey(USDC), USDC.toLowerCase());
});
