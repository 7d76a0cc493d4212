import assert from "node:assert/strict";
import { maxTextWidthEm, oneLine, textColorOn, tileText } from "./card_parts.tsx";
import type { CSSProperties } from "react";
import { createDefaultFontLoader } from "../assets/fonts.ts";
import { renderCardSvg } from "../raster/render.ts";
import { rasterizeSvg } from "../raster/resvg.ts";
import { STATIC_DIR } from "../paths.ts";

Deno.test("tileText is the first three letters upper-cased, or UNK", () => {
  assert.equal(tileText("weth"), "WET");
  assert.equal(tileText("ab"), "AB");
  assert.equal(tileText(""), "UNK");
  assert.equal(tileText("  "), "UNK");
  assert.equal(tileText(null), "UNK");
});

Deno.test("text is dark only on light backgrounds", () => {
  assert.equal(textColorOn({ r: 35, g: 43, b: 43 }), "#ffffff");
  assert.equal(textColorOn({ r: 240, g: 200, b: 40 }), "#0d111c");
});

Deno.test("maxTextWidthEm bounds the width of each script", () => {
  // Inter 700's advances of U, S, D, C plus 0.02 each
  assert.ok(Math.abs(maxTextWidthEm("USDC") - (0.74 + 0.66 + 0.73 + 0.74 + 4 * 0.02)) < 1e-9);
  assert.equal(maxTextWidthEm("Ж"), 1.15);
  assert.equal(maxTextWidthEm("日本"), 2 * 1.05);
  assert.equal(maxTextWidthEm("🦄"), 1.2);
  assert.equal(maxTextWidthEm("\ufdfd"), 4);
  assert.equal(maxTextWidthEm("𒀀"), 2);
  assert.equal(maxTextWidthEm("ไทย"), 6);
});

Deno.test("text that fits without a clip draws the same as with one", async () => {
  const fonts = await createDefaultFontLoader(STATIC_DIR).load();
  // Text as wide as the bound lets through without a clip at 144 px: Inter's
  // widest capitals (6 x 1.15 x 144 = 994 <= 1056), then ASCII by Inter's own
  // advances (W: 1.06, M: 0.96, m: 0.94, %: 1.04 with the slack).
  for (const text of ["ЖWЖWЖW", "WWWWWWM", "mmmmmm%", "@@@@@@@"]) {
    const free = oneLine(text, 144, 1056);
    assert.equal(free.overflow, undefined, text);
    const clipped = { ...free, overflow: "hidden", textOverflow: "ellipsis" } as const;
    const draw = async (style: CSSProperties) => {
      const svg = await renderCardSvg(
        <div style={{ display: "flex", width: "100%", height: "100%", background: "#000", color: "#fff" }}>
          <div style={{ ...style, fontFamily: "Inter", fontWeight: 700 }}>{text}</div>
        </div>,
        { fonts },
      );
      return (await rasterizeSvg(svg)).pixels;
    };
    const a = await draw(free);
    const b = await draw(clipped);
    assert.equal(a.length, b.length);
    let different = 0;
    let maxDiff = 0;
    let firstY = -1;
    for (let i = 0; i < a.length; i++) {
      if (a[i] !== b[i]) {
        different++;
        maxDiff = Math.max(maxDiff, Math.abs(a[i] - b[i]));
        if (firstY < 0) firstY = Math.floor(i / 4 / 1200);
      }
    }
    assert.equal(different, 0, `${text}: ${different} differ, max ${maxDiff}, first row ${firstY}`);
  }
  assert.equal(oneLine("W".repeat(7), 144, 1056).overflow, "hidden");
});
