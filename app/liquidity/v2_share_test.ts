import assert from "node:assert/strict";
import { shareText } from "./v2_share.ts";

Deno.test("shareText: balance over total supply, as a percentage", () => {
  assert.equal(shareText(1n, 4n), "25%");
  assert.equal(shareText(123n, 1_000_000n), "0.0123%");
  assert.equal(shareText(0n, 10n), "0%");
  assert.equal(shareText(5n, 0n), "0%");
  assert.equal(shareText(1n, 10n ** 18n), "<0.000001%");
});
