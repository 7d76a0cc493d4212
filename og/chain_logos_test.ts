import assert from "node:assert/strict";
import { chainKey, chainLogo, loadBrandLogos } from "./chain_logos.ts";

const CHAINS = [
  "polygon",
  "arbitrum",
  "optimism",
  "celo",
  "base",
  "bnb",
  "avalanche",
  "blast",
  "zora",
  "zksync",
  "unichain",
];

Deno.test("the eleven chains have distinct logos, others none", async () => {
  const logos = await loadBrandLogos();
  const seen = new Set<string>();
  for (const chain of CHAINS) {
    const logo = chainLogo(logos, chain);
    assert.ok(logo?.startsWith("data:image/svg+xml;base64,"), chain);
    seen.add(logo!);
  }
  assert.equal(seen.size, CHAINS.length);
  for (const other of ["ethereum", "mainnet", "sepolia", "solana", ""]) {
    assert.equal(chainLogo(logos, other), null, other);
  }
  assert.match(atob(logos.product.split(",")[1]), /<svg/);
  assert.equal(await loadBrandLogos(), logos, "loaded once");
});

Deno.test("chain names are matched case-insensitively with aliases", () => {
  assert.equal(chainKey("Arbitrum"), "arbitrum");
  assert.equal(chainKey("arbitrum_one"), "arbitrum");
  assert.equal(chainKey("BSC"), "bnb");
  assert.equal(chainKey("zksync-era"), "zksync");
  assert.equal(chainKey("toString"), null);
});
