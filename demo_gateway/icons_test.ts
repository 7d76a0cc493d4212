import assert from "node:assert/strict";
import { Catalog } from "./catalog.ts";
import { ICON_SYMBOLS, ICONS_DIR, readIcon } from "./icons.ts";
import { readLogo } from "./logos.ts";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

Deno.test("every package logo the catalog names is served from icons/", async () => {
  const paths = new Set<string>();
  for (const token of new Catalog().tokens.values()) {
    if (token.logoPath?.startsWith("/logos/cc/")) paths.add(token.logoPath);
  }
  // The wallet's Uniswap application icon and the Solana fixture's logo.
  paths.add("/logos/cc/svg/uni.svg");
  paths.add("/logos/cc/png/sol.png");
  assert.ok(paths.size > 100, `${paths.size} paths`);
  for (const path of paths) {
    const file = await readLogo(path);
    assert.ok(file, path);
    if (path.endsWith(".png")) {
      assert.equal(file.contentType, "image/png");
      assert.deepEqual([...file.bytes.subarray(0, 8)], PNG_SIGNATURE, path);
    } else {
      assert.equal(file.contentType, "image/svg+xml");
      assert.match(new TextDecoder().decode(file.bytes.subarray(0, 200)), /^<svg[\s>]/, path);
    }
  }
});

Deno.test("icons/ holds an SVG and a PNG for exactly the listed symbols", async () => {
  for (const kind of ["svg", "png"] as const) {
    const names: string[] = [];
    for await (const entry of Deno.readDir(new URL(`${kind}/`, ICONS_DIR))) names.push(entry.name);
    assert.deepEqual(names.sort(), [...ICON_SYMBOLS].map((s) => `${s}.${kind}`).sort(), kind);
  }
});

Deno.test("symbols without a copied logo and odd paths have none", async () => {
  // `kmd` is in the package but named by no demo token.
  assert.equal(await readIcon("svg", "kmd"), undefined);
  assert.equal(await readIcon("png", "../LICENSE"), undefined);
  assert.equal(await readLogo("/logos/cc/svg/usdc.png"), undefined);
  assert.equal(await readLogo("/logos/cc/svg/..%2FLICENSE.svg"), undefined);
  assert.ok(await readIcon("png", "USDC"), "symbols match in any case");
});
