import assert from "node:assert/strict";
import { EVM_CHAINS, explorerTxUrl } from "../lib/chains.ts";
import { DEMO_CHAIN_ID, DEMO_EVM_CHAIN } from "./identity.ts";

Deno.test("the demo chain: Ethereum's contracts under its own id, no explorer", () => {
  assert.equal(DEMO_CHAIN_ID, 31337);
  assert.equal(DEMO_EVM_CHAIN.chainId, DEMO_CHAIN_ID);
  assert.equal(DEMO_EVM_CHAIN.urlName, "ethereum");
  assert.equal(DEMO_EVM_CHAIN.contracts, EVM_CHAINS.ethereum.contracts);
  assert.equal(explorerTxUrl(DEMO_EVM_CHAIN, "0xab"), null);
});
