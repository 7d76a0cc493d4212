import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { STATIC_DIR } from "../paths.ts";
import { isWoff, woffToSfnt } from "./woff.ts";

Deno.test("woffToSfnt unpacks a default font into an sfnt with every table the WOFF lists", async () => {
  const woff = new Uint8Array(await readFile(join(STATIC_DIR, "fonts", "inter-latin-700-normal.woff")));
  assert(isWoff(woff));
  const sfnt = woffToSfnt(woff);
  const view = new DataView(sfnt.buffer);
  const count = view.getUint16(4);
  assert.equal(view.getUint32(0), new DataView(woff.buffer).getUint32(4), "the flavor is kept");
  assert.equal(count, new DataView(woff.buffer).getUint16(12));
  const tags = new Set<string>();
  for (let i = 0; i < count; i++) {
    const record = 12 + i * 16;
    const tag = new TextDecoder().decode(sfnt.subarray(record, record + 4));
    tags.add(tag);
    const offset = view.getUint32(record + 8);
    const length = view.getUint32(record + 12);
    assert(offset % 4 === 0 && offset + length <= sfnt.length, `${tag} lies inside the font`);
  }
  for (const tag of ["cmap", "glyf", "head", "hmtx", "loca", "name"]) assert(tags.has(tag), tag);
  // head's magic number sits 12 bytes into the (inflated) table
  const head = [...Array(count).keys()].map((i) => 12 + i * 16).find((r) =>
    new TextDecoder().decode(sfnt.subarray(r, r + 4)) === "head"
  )!;
  assert.equal(view.getUint32(view.getUint32(head + 8) + 12), 0x5f0f3cf5);
});

Deno.test("woffToSfnt hands other bytes back and refuses a cut WOFF", () => {
  const ttf = new Uint8Array([0, 1, 0, 0, 0, 0]);
  assert.equal(woffToSfnt(ttf), ttf);
  const cut = new Uint8Array(44);
  new DataView(cut.buffer).setUint32(0, 0x774f4646);
  new DataView(cut.buffer).setUint16(12, 3);
  assert.throws(() => woffToSfnt(cut), RangeError);
});
