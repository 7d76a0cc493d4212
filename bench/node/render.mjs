// Renders the bench cards (element trees from bench/render.tsx) with
// @vercel/og's ImageResponse and prints median and p95 in ms as JSON.
// Usage: node render.mjs cards.json [iterations] [warmup]
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

// a computed specifier: `deno check` of the repository must not try to
// resolve @vercel/og, which only bench/node/node_modules holds
const VERCEL_OG = ["@vercel", "og"].join("/");
const { ImageResponse } = await import(VERCEL_OG);

const [input, iterations = "40", warmup = "5"] = process.argv.slice(2);
const cards = JSON.parse(readFileSync(input, "utf8"));
const fonts = cards.fonts.map((f) => ({
  name: f.name,
  weight: f.weight,
  style: f.style,
  data: Buffer.from(f.base64, "base64"),
}));
const version = createRequire(import.meta.url)("@vercel/og/package.json").version;

async function render(tree) {
  const response = new ImageResponse(tree, { width: cards.width, height: cards.height, fonts });
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[1] !== 0x50 || bytes[2] !== 0x4e) throw new Error("not a PNG");
  return bytes;
}

async function time(tree) {
  let bytes = new Uint8Array(0);
  for (let i = 0; i < Number(warmup); i++) bytes = await render(tree);
  const times = [];
  for (let i = 0; i < Number(iterations); i++) {
    const started = performance.now();
    await render(tree);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    medianMs: times[Math.floor(times.length / 2)],
    p95Ms: times[Math.min(times.length - 1, Math.floor(times.length * 0.95))],
    n: times.length,
    times,
    bytes: bytes.length,
    png: bytes,
  };
}

// the last PNG of each card is written next to the input, for the pixel check
const result = { version, node: process.versions.node };
for (const kind of ["token", "pool"]) {
  const { png, ...figures } = await time(cards[kind]);
  writeFileSync(input.replace(/[^/]+$/, `${kind}.png`), png);
  result[kind] = figures;
}
console.log(JSON.stringify(result));
