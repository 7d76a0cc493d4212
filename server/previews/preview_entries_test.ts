import assert from "node:assert/strict";
import { displayText, finite, isNullableText, isObject, isOptionalNumber, present } from "./preview_entries.ts";

Deno.test("entry checks and gateway cleaning: text, numbers, URLs", () => {
  assert.equal(displayText("  Uni\u202Eswap\u200B "), "Uniswap");
  assert.equal(displayText("\u200B"), null);
  assert.equal(finite(Number.NaN), null);
  assert.equal(finite(2.5), 2.5);
  assert.equal(present("  "), null);
  assert.equal(present("https://x"), "https://x");
  assert.equal(isNullableText(""), false);
  assert.equal(isNullableText(null), true);
  assert.equal(isObject([]), false);
  assert.equal(isOptionalNumber(Infinity), false);
  assert.equal(isOptionalNumber(undefined), true);
});
