import assert from "node:assert/strict";
import { chainLogo, loadBrandLogos } from "./chain_logos.ts";

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

Deno.test("chain URL names are matched in any case; names the URL parser rejects have no logo", async () => {
  const logos = await loadBrandLogos();
  assert.equal(chainLogo(logos, "Arbitrum"), chainLogo(logos, "arbitrum"));
  for (const other of ["arbitrum_one", "matic", "toString", "__proto__"]) {
    assert.equal(chainLogo(logos, other), null, other);
  }
});

Deno.test("og/assets/brand_icons.json holds one whole SVG for every chain badge and the product mark", async () => {
  // Written by scripts/extract_icons.ts from an icon set the product does not install: what counts is what is committed.
  const { CHAIN_ICONS, PRODUCT_ICON } = await import("./chain_logos.ts");
  const committed = JSON.parse(await Deno.readTextFile(new URL("../assets/brand_icons.json", import.meta.url)));
  assert.deepEqual(Object.keys(committed.icons).sort(), [...Object.values(CHAIN_ICONS), PRODUCT_ICON].sort());
  for (const [name, svg] of Object.entries(committed.icons)) {
    assert.match(String(svg), /^<svg\b[^>]*\bviewBox="[\d.\s-]+"[^>]*>[\s\S]+<\/svg>$/, name);
  }
});
