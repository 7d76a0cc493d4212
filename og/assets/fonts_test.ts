import assert from "node:assert/strict";
import { consoleLogger, useLogger } from "../log.ts";
import { copyFile, mkdir, mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";
import {
  createDefaultFontLoader,
  DEFAULT_FONT_FILES,
  defaultFontData,
  FALLBACK_FONT_DIR,
  FALLBACK_MANIFEST,
  FALLBACK_PACKAGES,
  fontPackage,
  loadedFallbackFiles,
  loadFallbackFonts,
  parseUnicodeRange,
} from "./fonts.ts";
import { STATIC_DIR } from "../paths.ts";

Deno.test("parseUnicodeRange reads single points, ranges and wildcards", () => {
  assert.deepEqual(parseUnicodeRange("U+0000-00FF, U+0131,U+4??"), [
    [0, 0xff],
    [0x131, 0x131],
    [0x400, 0x4ff],
  ]);
  assert.throws(() => parseUnicodeRange("U+zz"), /Cannot parse unicode-range/);
});

Deno.test("the default fonts load from static/fonts once", async () => {
  const loader = createDefaultFontLoader(STATIC_DIR);
  const first = await loader.load();
  assert.equal(first.length, DEFAULT_FONT_FILES.length);
  assert.equal(first[0].name, "Inter");
  assert.equal(first[0].weight, 700);
  // The WOFF file unpacked (woff.ts): a TrueType sfnt.
  assert.equal(new DataView(first[0].data).getUint32(0), 0x00010000);
  assert.equal(await loader.load(), first);
});

Deno.test("fonts read in another process load without reading static/fonts", async () => {
  const data = await defaultFontData(STATIC_DIR);
  assert.equal(await defaultFontData(STATIC_DIR), data);
  const own = await createDefaultFontLoader(STATIC_DIR).load();
  assert.deepEqual(data.map((buffer) => new Uint8Array(buffer)), own.map((font) => new Uint8Array(font.data)));
  // What a render worker gets: copies, through V8's serialization (render_process.ts), and no font folder to read.
  const copies = structuredClone(data);
  const fonts = await createDefaultFontLoader("/nonexistent", copies).load();
  assert.deepEqual(fonts.map((font) => font.name), own.map((font) => font.name));
  assert.ok(fonts.every((font, i) => font.data === copies[i]));
  // A list that is not the default fonts' is not taken for them.
  await assert.rejects(createDefaultFontLoader("/nonexistent", copies.slice(1)).load(), /Cannot read font/);
});

Deno.test("a missing static font fails the load, and the next load reads again", async () => {
  const dir = await mkdtemp(join(Deno.makeTempDirSync(), "fonts-"));
  try {
    const loader = createDefaultFontLoader(dir);
    await assert.rejects(loader.load(), /Cannot read font "inter-[a-z-]+-700-normal\.woff" from .*No such file/);
    await mkdir(join(dir, "fonts"));
    for (const file of DEFAULT_FONT_FILES) {
      await copyFile(join(STATIC_DIR, "fonts", file), join(dir, "fonts", file));
    }
    assert.equal((await loader.load()).length, DEFAULT_FONT_FILES.length);
  } finally {
    await rm(dir, { recursive: true });
  }
});

Deno.test("fallback fonts load only the subsets a segment needs", async () => {
  const jp = await fontPackage("noto-sans-jp");
  assert.equal(jp.family, "Noto Sans JP");
  assert.ok(jp.subsets.length > 100);
  const fonts = await loadFallbackFonts("ja-JP|zh-CN|zh-TW|zh-HK", "日本");
  assert.ok(fonts.length >= 1 && fonts.length <= 2, `${fonts.length} fonts`);
  assert.ok(fonts.every((font) => font.lang === "ja-JP"));
  const files = loadedFallbackFiles().filter((f) => f.includes("noto-sans-jp"));
  assert.ok(files.length <= 2, files.join(", "));
  // Cached: the same buffer comes back.
  const again = await loadFallbackFonts("ja-JP", "日");
  assert.ok(fonts.some((font) => font.data === again[0].data));

  const thai = await loadFallbackFonts("th-TH", "ไทย");
  assert.equal(thai.length, 1);
  assert.match(thai[0].name, /^Noto Sans Thai thai$/);
  const hebrew = await loadFallbackFonts("he-IL", "שלום");
  assert.equal(hebrew[0].lang, "he-IL");
  // Unknown script: general Noto Sans (here Greek Extended).
  const unknown = await loadFallbackFonts("unknown", "ἀ");
  assert.equal(unknown[0].name, "Noto Sans greek-ext");
  assert.equal(unknown[0].lang, undefined);
});

Deno.test("a fallback that cannot load is logged and skipped", async () => {
  const logged: string[] = [];
  const record = (msg: string) => logged.push(msg);
  const original = useLogger({ ...consoleLogger, warn: record, error: record });
  try {
    // The Thai font is missing: logged, skipped, and the general Noto Sans
    // chain still runs for the rest (here a Greek Extended letter).
    const fonts = await loadFallbackFonts("th-TH", "ไἀ", {
      "th-TH": "not-installed-font",
    });
    assert.ok(logged.some((line) => line.startsWith("Failed to load dynamic font not-installed-font")));
    assert.deepEqual(fonts.map((font) => font.name), ["Noto Sans greek-ext"]);
    // A code point in no subset of any package: nothing to load, no error.
    logged.length = 0;
    assert.deepEqual(await loadFallbackFonts("unknown", "\u{10fffd}"), []);
    assert.deepEqual(logged, []);
  } finally {
    useLogger(original);
  }
});

Deno.test("static/fonts/noto holds exactly the files of its manifest, and each is a WOFF", async () => {
  const manifest = JSON.parse(await Deno.readTextFile(join(FALLBACK_FONT_DIR, FALLBACK_MANIFEST)));
  const listed = new Set<string>([FALLBACK_MANIFEST]);
  for (const id of new Set(Object.values(FALLBACK_PACKAGES))) {
    assert.ok(manifest.fonts[id], `${id} is in the manifest`);
    assert.match(manifest.fonts[id].source, /^@fontsource\/noto-sans[a-z-]* \d+\.\d+\.\d+$/);
    for (const subset of manifest.fonts[id].subsets) listed.add(subset.file);
  }
  const present = new Set<string>();
  for await (const entry of Deno.readDir(FALLBACK_FONT_DIR)) present.add(entry.name);
  assert.deepEqual([...present].sort(), [...listed].sort());
  const thai = manifest.fonts["noto-sans-thai"].subsets[0].file;
  const head = new Uint8Array(await Deno.readFile(join(FALLBACK_FONT_DIR, thai))).subarray(0, 4);
  assert.equal(new TextDecoder().decode(head), "wOFF");
});

Deno.test("∞, which satori files under no script, is drawn from Noto Sans Math", async () => {
  assert.deepEqual((await loadFallbackFonts("unknown", "∞")).map((font) => font.name), ["Noto Sans Math latin"]);
});
