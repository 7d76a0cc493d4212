import assert from "node:assert/strict";
import { EMOJI_FAMILY, fontFaceCss, generatedFontCss, notoFamilies, type NotoManifest } from "./web_fonts.ts";

const MANIFEST: NotoManifest = {
  fonts: {
    "noto-sans": {
      family: "Noto Sans",
      weight: 700,
      subsets: [{ key: "latin", unicodeRange: "U+0-ff", file: "a.woff" }],
    },
    "noto-sans-thai": {
      family: "Noto Sans Thai",
      weight: 700,
      subsets: [
        { key: "thai", unicodeRange: "U+e01-e5b", file: "noto-sans-thai-thai-700-normal.woff" },
        { key: "latin", unicodeRange: "U+0-ff", file: "noto-sans-thai-latin-700-normal.woff" },
      ],
    },
    "noto-sans-jp": {
      family: "Noto Sans JP",
      weight: 700,
      subsets: [{ key: "[0]", unicodeRange: "U+3041-3096", file: "noto-sans-jp-0-700-normal.woff" }],
    },
  },
};

Deno.test("font faces: script subsets with their ranges, swap, system-covered subsets left out", () => {
  const css = fontFaceCss(MANIFEST, { "[7]": "U+1f984" });
  assert.equal(css.match(/@font-face/g)?.length, 3);
  assert.match(
    css,
    /font-family: "Noto Sans Thai";[^}]*src: url\("\/fonts\/noto\/noto-sans-thai-thai-700-normal\.woff"\) format\("woff"\);\s*unicode-range: U\+e01-e5b;/,
  );
  assert.doesNotMatch(css, /latin-700/);
  assert.doesNotMatch(css, /"Noto Sans";/);
  assert.match(
    css,
    new RegExp(`font-family: "${EMOJI_FAMILY}";[^}]*noto-emoji-7-400-normal\\.woff2"\\) format\\("woff2"\\)`),
  );
  assert.equal(css.match(/font-display: swap;/g)?.length, 3);
  assert.deepEqual(notoFamilies(MANIFEST), ["Noto Sans JP", "Noto Sans Thai"]);
});

Deno.test("app/fonts.css is generated from the committed font manifests", async () => {
  const committed = await Deno.readTextFile(new URL("../app/fonts.css", import.meta.url));
  assert.equal(committed, await generatedFontCss(), "run: deno task gen:fonts-css");
});

Deno.test("every font file the CSS names exists", async () => {
  const css = await generatedFontCss();
  for (const [, url] of css.matchAll(/url\("([^"]+)"\)/g)) {
    const path = url.startsWith("/fonts/") ? `../static${url}` : `../app/${url.slice(2)}`;
    assert.ok((await Deno.stat(new URL(path, import.meta.url))).isFile, url);
  }
});

Deno.test("the font stack lists every Noto family and the emoji fallback", async () => {
  const styles = await Deno.readTextFile(new URL("../app/styles.css", import.meta.url));
  const manifest = JSON.parse(
    await Deno.readTextFile(new URL("../static/fonts/noto/fallbacks.json", import.meta.url)),
  );
  const stack = /font-family:([^;]+);/.exec(styles.slice(styles.indexOf(":root")))?.[1] ?? "";
  for (const family of [...notoFamilies(manifest), EMOJI_FAMILY]) assert.ok(stack.includes(`"${family}"`), family);
});
