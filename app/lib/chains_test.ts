import assert from "node:assert/strict";
import { SUPPORTED_CHAINS } from "../../queries/chains.ts";
import { CHAIN_OPTIONS, chainLabel, explorerUrl } from "./chains.ts";

const ADDRESS = "0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984";

Deno.test("the selector lists every gateway chain once, mainnets in product order before testnets", () => {
  const chains = CHAIN_OPTIONS.map((c) => c.chain);
  assert.deepEqual(new Set(chains), new Set(SUPPORTED_CHAINS.filter((c) => c !== "UNKNOWN_CHAIN")));
  assert.equal(chains.length, SUPPORTED_CHAINS.length - 1);
  assert.deepEqual(chains.slice(0, 4), ["ETHEREUM", "UNICHAIN", "BASE", "ARBITRUM"]);
  const firstTestnet = CHAIN_OPTIONS.findIndex((c) => c.testnet);
  assert.ok(CHAIN_OPTIONS.slice(firstTestnet).every((c) => c.testnet), "a mainnet after a testnet");
  assert.deepEqual(
    CHAIN_OPTIONS.filter((c) => c.testnet).map((c) => c.label).sort(),
    ["Arbitrum Sepolia", "Base Sepolia", "Goerli", "Monad Testnet", "Sepolia", "Unichain Sepolia"],
  );
  assert.equal(chainLabel("BNB"), "BNB Chain");
});

Deno.test("explorer links come from the chain table, per chain and per kind of page", () => {
  assert.equal(explorerUrl("ETHEREUM", ADDRESS), `https://etherscan.io/address/${ADDRESS}`);
  assert.equal(explorerUrl("arbitrum", ADDRESS), `https://arbiscan.io/address/${ADDRESS}`);
  assert.equal(explorerUrl("BASE", ADDRESS, "token"), `https://basescan.org/token/${ADDRESS}`);
  assert.equal(explorerUrl("POLYGON", `0x${"ab".repeat(32)}`, "tx"), `https://polygonscan.com/tx/0x${"ab".repeat(32)}`);
  const mint = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
  assert.equal(explorerUrl("SOLANA", mint), `https://solscan.io/account/${mint}`);
  // A V4 pool id is no address: no explorer page. Goerli has no explorer any more.
  assert.equal(explorerUrl("ETHEREUM", `0x${"ab".repeat(32)}`), null);
  assert.equal(explorerUrl("ETHEREUM_GOERLI", ADDRESS), null);
  assert.equal(explorerUrl("UNKNOWN_CHAIN", ADDRESS), null);
  for (const option of CHAIN_OPTIONS) {
    if (option.chain === "ETHEREUM_GOERLI") continue;
    assert.match(explorerUrl(option.chain, option.chain === "SOLANA" ? mint : ADDRESS) ?? "", /^https:\/\/[a-z.]+\//);
  }
});
