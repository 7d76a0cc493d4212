import assert from "node:assert/strict";
import { shortChainLabel } from "./header_tools.tsx";

Deno.test("shortChainLabel: the demo chain reads 'Demo chain' under 1400 px; a chain's own name stays", () => {
  assert.equal(shortChainLabel("Uniswap demo chain"), "Demo chain");
  assert.equal(shortChainLabel("Ethereum"), "Ethereum");
  assert.equal(shortChainLabel("BNB Chain"), "BNB Chain");
});
