import assert from "node:assert/strict";
import { cardText, cleanText, ELLIPSIS, fitText, MAX_CARD_TEXT, previewText, truncateText } from "./text.ts";

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const graphemes = (s: string) => Array.from(segmenter.segment(s), (g) => g.segment);

Deno.test("cleanText drops controls, bidi and invisible characters and collapses whitespace", () => {
  assert.equal(cleanText("Uni\u202Eswap\u200B  Token\n"), "Uniswap Token");
  assert.equal(cleanText("a\u0000b\u0007c\u009b"), "abc");
  assert.equal(cleanText("\u2066x\u2069\u200e\u200f\u061c\ufeff\u2060\u00ad"), "x");
  assert.equal(cleanText("tab\there\r\nnext\u2028line"), "tab here next line");
  assert.equal(cleanText("\u200b\u200d\u3164 ", "Unknown"), "Unknown");
  assert.equal(cleanText(null), "");
  assert.equal(cleanText(undefined, "X"), "X");
  // a lone surrogate is dropped, a pair is kept
  assert.equal(cleanText("a\ud800b\ud83e\udd84"), "ab\ud83e\udd84");
  // joiners stay where they join: emoji sequences and between letters
  assert.equal(cleanText("👨‍👩‍👧"), "👨‍👩‍👧");
  assert.equal(cleanText("👍🏽"), "👍🏽");
  assert.equal(cleanText("क्\u200dष"), "क्\u200dष");
  assert.equal(cleanText("\u200dA\u200c \u200c"), "A");
  // gateway text may be huge: only the start is read
  assert.ok(cleanText("x".repeat(200_000)).length <= 4096);
});

Deno.test("truncateText keeps fitting text and cuts at whole graphemes with an ellipsis", () => {
  assert.equal(truncateText("short", 70), "short");
  assert.equal(truncateText("Swap Wrapped Ether on Uniswap", 13), "Swap Wrapped…");
  const long = "word ".repeat(100).trim();
  const cut = truncateText(long, 70);
  assert.ok(cut.length <= 70, `${cut.length}`);
  assert.ok(cut.endsWith(ELLIPSIS));
  assert.ok(!cut.includes(" …"), "no space before the ellipsis");
  // surrogate pairs, emoji ZWJ sequences and combining marks are never split
  for (const unit of ["🦄", "👨‍👩‍👧", "e\u0301", "🇺🇸", "가"]) {
    const text = unit.repeat(50);
    for (let max = 2; max < 40; max++) {
      const result = truncateText(text, max);
      assert.ok(result.length <= max, `${unit} at ${max}: ${result.length}`);
      assert.ok(result.endsWith(ELLIPSIS));
      const parts = graphemes(result.slice(0, -1));
      for (const part of parts) assert.equal(part, unit, `${unit} cut inside at ${max}`);
    }
  }
  assert.equal(truncateText("abcdef", 1), ELLIPSIS);
  assert.equal(truncateText("abcdef", 4, { ellipsis: "" }), "abcd");
});

Deno.test("previewText cleans before it measures", () => {
  const text = `${"\u200b".repeat(500)}Uniswap`;
  assert.equal(previewText(text, 10), "Uniswap");
  const hostile = `A\u202E${"B".repeat(300)}`;
  const out = previewText(hostile, 200);
  assert.equal(out.length, 200);
  assert.ok(!out.includes("\u202e"));
});

Deno.test("cardText drops control characters and bounds the length at a grapheme", () => {
  assert.equal(cardText("a\u0000b\u202ec  d\n x", "X"), "abc d x");
  assert.equal(cardText("  ", "UNK"), "UNK");
  assert.equal(cardText(null, "Token"), "Token");
  assert.equal(cardText("ü".repeat(500), "").length, MAX_CARD_TEXT);
  assert.equal(cardText("👨‍👩‍👧", ""), "👨‍👩‍👧");
  const emoji = cardText("🦄".repeat(100), "");
  assert.equal(emoji, "🦄".repeat(60));
});

Deno.test("fitText keeps the fixed words whole and shares the room between the parts", () => {
  const title = (s: string) => `Get ${s} on Uniswap`;
  assert.equal(fitText(70, title, ["UNI"]), "Get UNI on Uniswap");
  const long = fitText(70, title, ["A".repeat(100)]);
  assert.equal(long.length, 70);
  assert.ok(long.startsWith("Get AAA") && long.endsWith("… on Uniswap"), long);
  const sentence = (name: string, symbol: string) => `Swap ${name} (${symbol}) on Uniswap.`;
  const both = fitText(60, sentence, ["N".repeat(200), "SYM"]);
  assert.ok(both.length <= 60);
  assert.ok(both.includes("(SYM)"), "the short part is kept whole");
  const even = fitText(60, sentence, ["N".repeat(200), "S".repeat(200)]);
  assert.ok(even.length <= 60 && even.length >= 58, `${even.length}`);
});
