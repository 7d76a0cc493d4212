import assert from "node:assert/strict";
import { keccak256, pad, toHex } from "viem";
import { balanceSlot, demoTokenStorage, stringWords } from "./token_storage.ts";

Deno.test("a short string sits in its slot with twice its length last; a long one after keccak256(slot)", () => {
  const [short] = stringWords(1n, "UNI");
  assert.equal(short.slot, pad("0x1", { size: 32 }));
  assert.equal(short.value, `0x554e49${"00".repeat(28)}06`);
  const text = "A token whose name is longer than thirty-one bytes";
  const long = stringWords(0n, text);
  assert.equal(long[0].value, pad(toHex(text.length * 2 + 1), { size: 32 }));
  assert.equal(long[1].slot, keccak256(pad("0x0", { size: 32 })));
  assert.equal(long.length, 1 + Math.ceil(text.length / 32));
  // Multi-byte characters count in bytes.
  assert.equal(stringWords(0n, "日本").at(0)!.value.slice(-2), "0c");
});

Deno.test("a token's storage: decimals, supply and one balance per holder (a holder twice is summed)", () => {
  const a = "0x0000000000000000000000000000000000000001";
  const b = "0x0000000000000000000000000000000000000002";
  const words = demoTokenStorage({ name: "N", symbol: "S", decimals: 6, holders: [a, b, a], amounts: [1n, 2n, 3n] });
  const value = (slot: `0x${string}`) => words.find((w) => w.slot === slot)?.value;
  assert.equal(value(pad("0x2", { size: 32 })), pad("0x6", { size: 32 }));
  assert.equal(value(pad("0x3", { size: 32 })), pad("0x6", { size: 32 }));
  assert.equal(value(balanceSlot(a)), pad("0x4", { size: 32 }));
  assert.equal(value(balanceSlot(b)), pad("0x2", { size: 32 }));
  assert.equal(words.length, 6);
});
