import assert from "node:assert/strict";
import { initWasm } from "@resvg/resvg-wasm";
import { readFile } from "node:fs/promises";
import { ensureResvg, rasterizeSvg } from "./resvg.ts";
import { packageFile } from "./paths.ts";

Deno.test("resvg works when another module initialised the wasm first", async () => {
  // This test file runs in its own isolate: initialise the wasm ourselves.
  await initWasm(await readFile(packageFile("@resvg/resvg-wasm", "index_bg.wasm")));
  await ensureResvg();
  const image = await rasterizeSvg(
    '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2"><rect width="4" height="2" fill="#0000ff"/></svg>',
  );
  assert.equal(image.width, 4);
  assert.equal(image.height, 2);
  assert.deepEqual([...image.pixels.subarray(0, 4)], [0, 0, 255, 255]);
});

Deno.test("rasterizeSvg scales to a width", async () => {
  const image = await rasterizeSvg(
    '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2"><rect width="4" height="2" fill="red"/></svg>',
    40,
  );
  assert.equal(image.width, 40);
  assert.equal(image.height, 20);
});
