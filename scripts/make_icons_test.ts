import assert from "node:assert/strict";
import { decode } from "fast-png";
import { STATIC_DIR } from "../server/paths.ts";
import { ICO_SIZES, ICONS, iconSvg, renderIcon } from "./make_icons.ts";

function pngSize(bytes: Uint8Array): [number, number] {
  const png = decode(bytes);
  return [png.width, png.height];
}

Deno.test("every committed icon is a PNG of its stated size", async () => {
  for (const icon of ICONS) {
    const bytes = await Deno.readFile(`${STATIC_DIR}/${icon.file}`);
    assert.deepEqual(pngSize(bytes), [icon.size, icon.size], icon.file);
  }
});

Deno.test("favicon.ico holds PNG entries of 16, 32 and 48 px", async () => {
  const ico = await Deno.readFile(`${STATIC_DIR}/favicon.ico`);
  const view = new DataView(ico.buffer, ico.byteOffset, ico.byteLength);
  assert.equal(view.getUint16(0, true), 0);
  assert.equal(view.getUint16(2, true), 1, "type icon");
  assert.equal(view.getUint16(4, true), ICO_SIZES.length);
  ICO_SIZES.forEach((size, index) => {
    const at = 6 + 16 * index;
    assert.equal(ico[at], size);
    const length = view.getUint32(at + 8, true);
    const offset = view.getUint32(at + 12, true);
    assert.deepEqual(pngSize(ico.subarray(offset, offset + length)), [size, size]);
  });
});

Deno.test("the committed icons are the current render of static/favicon.svg", async () => {
  const source = await Deno.readTextFile(`${STATIC_DIR}/favicon.svg`);
  for (const icon of ICONS) {
    const freshImage = decode(await renderIcon(iconSvg(source, icon.shape), icon.size));
    const committedImage = decode(await Deno.readFile(`${STATIC_DIR}/${icon.file}`));
    assert.equal(committedImage.channels, freshImage.channels, `${icon.file}: rerun scripts/make_icons.ts`);
    const fresh = freshImage.data;
    const committed = committedImage.data;
    let off = 0;
    for (let i = 0; i < fresh.length; i++) if (Math.abs(fresh[i] - committed[i]) > 2) off++;
    // native and wasm resvg may round differently on edges
    assert.ok(off < fresh.length / 100, `${icon.file}: ${off} channels differ; rerun scripts/make_icons.ts`);
  }
});

Deno.test("the apple-touch-icon is opaque; the favicon keeps its rounded corners", async () => {
  const apple = decode(await Deno.readFile(`${STATIC_DIR}/apple-touch-icon.png`));
  // RGB (no alpha at all) or RGBA with every pixel opaque
  assert.ok(apple.channels === 3 || apple.channels === 4, `${apple.channels} channels`);
  for (let i = 3; apple.channels === 4 && i < apple.data.length; i += 4) assert.equal(apple.data[i], 255);
  const favicon = decode(await Deno.readFile(`${STATIC_DIR}/favicon-32x32.png`));
  assert.equal(favicon.data[3], 0, "top-left corner is transparent");
});
