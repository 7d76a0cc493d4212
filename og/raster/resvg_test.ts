import assert from "node:assert/strict";
import { initWasm } from "@resvg/resvg-wasm";
import { readFile } from "node:fs/promises";
import { loadRenderer, rasterizeSvg, selectRenderer } from "./resvg.ts";
import { packageFile } from "../paths.ts";
import { prerequisite } from "../../queries/testing.ts";

const BLUE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2"><rect width="4" height="2" fill="#0000ff"/></svg>';

Deno.test("the wasm renderer works when another module initialised the wasm first", async () => {
  // This test file runs in its own isolate: initialise the wasm ourselves.
  await initWasm(await readFile(packageFile("@resvg/resvg-wasm", "index_bg.wasm")));
  const wasm = await loadRenderer("wasm");
  const image = wasm.rasterize(BLUE);
  assert.equal(image.width, 4);
  assert.equal(image.height, 2);
  assert.deepEqual([...image.pixels.subarray(0, 4)], [0, 0, 255, 255]);
});

Deno.test("the renderer is chosen once, native when the addon loads", async () => {
  const info = await selectRenderer();
  console.log(`renderer: ${info.name} (${info.package})${info.fallbackReason ? `: ${info.fallbackReason}` : ""}`);
  let nativeLoads = true;
  try {
    await loadRenderer("native");
  } catch {
    nativeLoads = false;
  }
  assert.equal(info.name, nativeLoads ? "native" : "wasm");
  // A later preference does not change the choice.
  assert.equal((await selectRenderer(info.name === "native" ? "wasm" : "native")).name, info.name);
  const image = await rasterizeSvg(BLUE, 40);
  assert.equal(image.width, 40);
  assert.equal(image.height, 20);
});

Deno.test("native and wasm draw the same pixels", async () => {
  let native;
  try {
    native = await loadRenderer("native");
  } catch (error) {
    prerequisite(false, `the native resvg addon (${(error as Error).message})`);
    return;
  }
  const wasm = await loadRenderer("wasm");
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">' +
    '<defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient></defs>' +
    '<circle cx="32" cy="32" r="30" fill="url(#g)" stroke="#000" stroke-width="3"/></svg>';
  const a = native.rasterize(svg, 128);
  const b = wasm.rasterize(svg, 128);
  assert.equal(a.width, b.width);
  assert.equal(a.height, b.height);
  let worst = 0;
  for (let i = 0; i < a.pixels.length; i++) worst = Math.max(worst, Math.abs(a.pixels[i] - b.pixels[i]));
  assert.ok(worst <= 2, `channels differ by up to ${worst}`);
});
