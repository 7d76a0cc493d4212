import assert from "node:assert/strict";
import { DEFAULT_EMOJI_SET, EMOJI_SETS, emojiCodePoints, emojiDataUrl, parseEmojiSet } from "./emoji.ts";

Deno.test("parseEmojiSet accepts the six sets and defaults to twemoji", () => {
  for (const set of EMOJI_SETS) assert.equal(parseEmojiSet(set), set);
  assert.equal(parseEmojiSet("apple"), DEFAULT_EMOJI_SET);
  assert.equal(parseEmojiSet(null), "twemoji");
  assert.equal(parseEmojiSet("FLUENT"), "twemoji");
});

Deno.test("emojiCodePoints joins lower-case hex", () => {
  assert.equal(emojiCodePoints("🦄"), "1f984");
  assert.equal(emojiCodePoints("👨‍👩‍👧"), "1f468-200d-1f469-200d-1f467");
});

Deno.test("every set draws a unicorn, each differently but fluent, which draws the flat Fluent set", async () => {
  const pictures = new Map<string, string>();
  for (const set of EMOJI_SETS) {
    const url = await emojiDataUrl(set, "🦄");
    assert.ok(url?.startsWith("data:image/svg+xml;base64,"), set);
    const svg = atob(url!.slice("data:image/svg+xml;base64,".length));
    assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    pictures.set(set, url!);
  }
  assert.equal(pictures.get("fluent"), pictures.get("fluentFlat"));
  assert.equal(new Set(pictures.values()).size, EMOJI_SETS.length - 1);
});

Deno.test("variation selectors and ZWJ sequences are found", async () => {
  assert.ok(await emojiDataUrl("twemoji", "❤️"));
  assert.ok(await emojiDataUrl("twemoji", "❤"));
  assert.ok(await emojiDataUrl("twemoji", "👨‍👩‍👧"));
  assert.equal(await emojiDataUrl("twemoji", "a"), null);
});

Deno.test("an indexed set reads the same icons as the set parsed whole", async () => {
  const { indexIconFile, readIndexedIcon, readIconSet, iconSvg } = await import("./iconify.ts");
  const { packageFile } = await import("../paths.ts");
  for (const pkg of ["@iconify-json/twemoji", "@iconify-json/noto-v1"]) {
    const whole = await readIconSet(pkg);
    const index = await indexIconFile(packageFile(pkg, "icons.json"));
    const names = Object.keys(whole.icons);
    assert.equal(index.icons.size, names.length, pkg);
    assert.equal(index.aliases.size, Object.keys(whole.aliases ?? {}).length, pkg);
    const sample = [...names.filter((_, i) => i % 97 === 0), ...Object.keys(whole.aliases ?? {}).slice(0, 20)];
    for (const name of sample) assert.equal(await readIndexedIcon(index, name), iconSvg(whole, name), `${pkg} ${name}`);
    assert.equal(await readIndexedIcon(index, "no-such-icon"), null);
  }
});

Deno.test("indexing refuses a file that is not an icon set", async () => {
  const { indexIconFile } = await import("./iconify.ts");
  const file = await Deno.makeTempFile({ suffix: ".json" });
  try {
    await Deno.writeTextFile(file, '{"prefix":"x","icons":{"a":{"body":"<g/>"}');
    await assert.rejects(indexIconFile(file), /not an Iconify JSON file/);
    await Deno.writeTextFile(
      file,
      '{"prefix":"x","icons":{"a":{"body":"<path d=\\"M0 0\\"/>","width":3}},"width":24,"height":20}',
    );
    const index = await indexIconFile(file);
    assert.deepEqual(index.defaults, { width: 24, height: 20 });
    assert.deepEqual([...index.icons.keys()], ["a"]);
  } finally {
    await Deno.remove(file);
  }
});

Deno.test("the emoji pictures kept stay within their byte bound", async () => {
  const { EMOJI_CACHE_BYTES, emojiCacheBytes } = await import("./emoji.ts");
  for (const set of EMOJI_SETS) {
    for (const emoji of ["😀", "🚀", "🐱", "🍕", "🎉", "💎"]) await emojiDataUrl(set, emoji);
  }
  assert.ok(emojiCacheBytes() > 0);
  assert.ok(emojiCacheBytes() <= EMOJI_CACHE_BYTES);
});

Deno.test("indexing finds every icon of a large set whose strings are full of escapes", async () => {
  const { indexIconFile, readIndexedIcon, iconSvg } = await import("./iconify.ts");
  const icons: Record<string, { body: string; width?: number }> = {};
  const pieces = ["\\", '"', "\\\\", '\\"', "\u00e9", "{", "}", ",", ":", "[", "]", "x"];
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  // Enough icons to cross the 1 MiB chunk boundary several times at varying offsets.
  for (let n = 0; n < 600; n++) {
    let body = "";
    for (let i = 0; i < 4000 + n; i++) body += pieces[Math.floor(random() * pieces.length)];
    icons[`icon-${n}-${pieces[n % pieces.length]}`] = { body, ...(n % 3 === 0 ? { width: n } : {}) };
  }
  const set = { prefix: "t", icons, aliases: { alias: { parent: "icon-5-\\" } }, width: 10, height: 12 };
  const file = await Deno.makeTempFile({ suffix: ".json" });
  try {
    await Deno.writeTextFile(file, JSON.stringify(set));
    assert.ok((await Deno.stat(file)).size > 3 * 1024 * 1024);
    const index = await indexIconFile(file);
    assert.equal(index.icons.size, 600);
    for (const name of Object.keys(icons)) assert.equal(await readIndexedIcon(index, name), iconSvg(set, name), name);
    assert.equal(await readIndexedIcon(index, "alias"), iconSvg(set, "alias"));
  } finally {
    await Deno.remove(file);
  }
});
