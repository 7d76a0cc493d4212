import assert from "node:assert/strict";
import {
  decodeLayer,
  encodeLayer,
  layerKey,
  layerWritesDone,
  readLayer,
  treeLayerKey,
  useLayerStore,
  writeLayer,
} from "./layer_store.ts";
import { forgetBases, renderLayeredPng } from "./render.ts";
import type { Sprite } from "./sprites.ts";
import { backdropFor, layeredTokenCard } from "../job/draw.tsx";
import { loadBrandLogos } from "../layout/chain_logos.ts";
import { createDefaultFontLoader } from "../assets/fonts.ts";
import { selectRenderer } from "./resvg.ts";
import { decodePixels, pixelAt } from "../test_helpers.ts";
import { STATIC_DIR } from "../paths.ts";

const SPRITES: Sprite[] = [
  { x: 3, y: -2, width: 2, height: 1, pixels: Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8]) },
  { x: 10, y: 20, width: 1, height: 2, pixels: Uint8Array.from([9, 10, 11, 12, 13, 14, 15, 16]) },
];

Deno.test("a layer file gives back its sprites, and nothing when short, corrupt or another key's", async () => {
  const key = await layerKey("test layer");
  const other = await layerKey("another layer");
  const bytes = await encodeLayer(key, SPRITES);
  assert.deepEqual(await decodeLayer(bytes, key), SPRITES);
  assert.equal(await decodeLayer(bytes, other), null);
  for (let length = 0; length < bytes.length; length += 7) {
    assert.equal(await decodeLayer(bytes.subarray(0, length), key), null, `cut to ${length} bytes`);
  }
  assert.equal(await decodeLayer(bytes.subarray(0, bytes.length - 1), key), null);
  for (const at of [0, 5, 40, 70, 80, bytes.length - 1]) {
    const bad = bytes.slice();
    bad[at] ^= 0x10;
    assert.equal(await decodeLayer(bad, key), null, `byte ${at} changed`);
  }
  assert.deepEqual(await decodeLayer(await encodeLayer(key, []), key), []);
});

Deno.test("a layer write that fails resolves false and leaves nothing behind", async () => {
  const file = await Deno.makeTempFile();
  try {
    const key = await layerKey("test layer");
    // a directory inside a file cannot be made
    assert.equal(await writeLayer(`${file}/layers`, key, SPRITES), false);
    const dir = await Deno.makeTempDir();
    assert.equal(await writeLayer(dir, key, SPRITES), true);
    assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name), [`${key}.bin`]);
    assert.deepEqual(await readLayer(dir, key), SPRITES);
    assert.equal(await readLayer(dir, await layerKey("missing")), null);
    await Deno.remove(dir, { recursive: true });
  } finally {
    await Deno.remove(file);
  }
});

Deno.test("a tree's key follows its components' output, size and fonts", async () => {
  const fonts = await createDefaultFontLoader(STATIC_DIR).load();
  const parts = { width: 1200, height: 630, fonts, resvgPackage: "@resvg/resvg-js" };
  const Box = (props: { color: string }) => <div style={{ display: "flex", color: props.color }}>x</div>;
  const a = await treeLayerKey(<Box color="red" />, parts);
  assert.equal(await treeLayerKey(<Box color="red" />, parts), a);
  assert.notEqual(await treeLayerKey(<Box color="blue" />, parts), a);
  assert.notEqual(await treeLayerKey(<Box color="red" />, { ...parts, width: 1199 }), a);
  assert.notEqual(await treeLayerKey(<Box color="red" />, { ...parts, fonts: fonts.slice(1) }), a);
  assert.notEqual(await treeLayerKey(<Box color="red" />, { ...parts, resvgPackage: "@resvg/resvg-wasm" }), a);
  const Other = (props: { color: string }) => <div style={{ display: "flex", color: props.color }}>y</div>;
  assert.notEqual(await treeLayerKey(<Other color="red" />, parts), a);
  await assert.rejects(treeLayerKey(<div onClick={() => {}} />, parts));
});

Deno.test("a base read from the store draws the pixels of one drawn, and a bad file is drawn again", async () => {
  const renderer = await selectRenderer();
  const fonts = await createDefaultFontLoader(STATIC_DIR).load();
  const brand = await loadBrandLogos();
  const background = { r: 20, g: 90, b: 200 };
  const card = layeredTokenCard({
    name: "Stored",
    symbol: "STO",
    logo: { src: null, symbol: "STO" },
    background,
    chainLogo: null,
    productLogo: brand.product,
  });
  const options = { fonts, backdrop: await backdropFor(background, background, brand.productSvg) };
  const dir = await Deno.makeTempDir();
  const previous = useLayerStore(dir);
  const draw = async () => {
    forgetBases();
    return await renderLayeredPng(card, options);
  };
  try {
    const drawn = await draw();
    await layerWritesDone();
    const key = await treeLayerKey(card.base, {
      width: 1200,
      height: 630,
      fonts,
      resvgPackage: renderer.package.split(" ")[0],
    });
    const path = `${dir}/${key}.bin`;
    const file = await Deno.readFile(path);
    assert.ok(file.length > 1000);
    assert.deepEqual(await draw(), drawn, "read from the store");
    // the store is what is read: a square put in the file shows on the card
    const square = { x: 0, y: 0, width: 4, height: 4, pixels: new Uint8Array(64).fill(255) };
    await Deno.writeFile(path, await encodeLayer(key, [square]));
    assert.deepEqual(pixelAt(decodePixels(await draw()), 1, 1), { r: 255, g: 255, b: 255 });
    assert.deepEqual(pixelAt(decodePixels(drawn), 1, 1), background);
    // a cut file, a changed byte or another key's file is drawn again (and written whole)
    const bad = file.slice();
    bad[bad.length - 100] ^= 1;
    for (const broken of [file.subarray(0, file.length - 9), bad, await encodeLayer(await layerKey("x"), [square])]) {
      await Deno.writeFile(path, broken);
      assert.deepEqual(await draw(), drawn);
      await layerWritesDone();
      assert.deepEqual(await Deno.readFile(path), file);
    }
    // a store that cannot be written (a file where its folder should be) draws as before
    const blocked = await Deno.makeTempFile();
    useLayerStore(`${blocked}/layers`);
    assert.deepEqual(await draw(), drawn);
    await layerWritesDone();
    await Deno.remove(blocked);
  } finally {
    useLayerStore(previous);
    forgetBases();
    await Deno.remove(dir, { recursive: true });
  }
});
