import assert from "node:assert/strict";
import { BITMAP_LIMITS } from "./image_caps.ts";
import { formatNumber, refuse, SVG_LIMITS, SvgRefusedError } from "./svg_limits.ts";

Deno.test("refuse throws an SvgRefusedError naming the cap", () => {
  assert.throws(() => refuse("markers"), (error: unknown) => {
    assert.ok(error instanceof SvgRefusedError);
    assert.equal(error.name, "SvgRefusedError");
    assert.equal(error.message, "Cannot use SVG logo: markers");
    return true;
  });
});

Deno.test("embedded images share the bitmap caps of fetched logos", () => {
  assert.equal(SVG_LIMITS.maxImagePixels, BITMAP_LIMITS.maxPixels);
});

Deno.test("numbers are written with at most 8 significant digits", () => {
  assert.equal(formatNumber(25.6), "25.6");
  assert.equal(formatNumber(1 / 3), "0.33333333");
  assert.equal(formatNumber(100000), "100000");
  assert.equal(formatNumber(123456789), "123456790");
});
