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

Deno.test("every set draws a unicorn, each differently", async () => {
  const pictures = new Set<string>();
  for (const set of EMOJI_SETS) {
    const url = await emojiDataUrl(set, "🦄");
    assert.ok(url?.startsWith("data:image/svg+xml;base64,"), set);
    const svg = atob(url!.slice("data:image/svg+xml;base64,".length));
    assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    pictures.add(url!);
  }
  assert.equal(pictures.size, EMOJI_SETS.length);
});

Deno.test("variation selectors and ZWJ sequences are found", async () => {
  assert.ok(await emojiDataUrl("twemoji", "❤️"));
  assert.ok(await emojiDataUrl("twemoji", "❤"));
  assert.ok(await emojiDataUrl("twemoji", "👨‍👩‍👧"));
  assert.equal(await emojiDataUrl("twemoji", "a"), null);
});
