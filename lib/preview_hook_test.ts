import assert from "node:assert/strict";
import { shortHook } from "./preview_hook.ts";

Deno.test("hooks: shortened to 0x1234…abcd; none for null, zero or malformed addresses", () => {
  assert.equal(shortHook("0x8aD5E3bB5C6A3b5eC0bE17b7e2F41e9A2d0A1000"), "0x8ad5…1000");
  assert.equal(shortHook(null), null);
  assert.equal(shortHook(undefined), null);
  assert.equal(shortHook("0x0000000000000000000000000000000000000000"), null);
  assert.equal(shortHook("0x1234"), null);
  assert.equal(shortHook("0x8aD5E3bB5C6A3b5eC0bE17b7e2F41e9A2d0A100z"), null);
});
