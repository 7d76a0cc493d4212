import assert from "node:assert/strict";
import { pairPicker } from "./token_options.ts";

Deno.test("pair pickers: picking the other side's token swaps the pair, never pairs a token with itself", () => {
  const pair = { a: "NATIVE", b: "usdc" };
  const sides = {
    a: {
      get value() {
        return pair.a;
      },
      set: (k: string) => void (pair.a = k),
    },
    b: {
      get value() {
        return pair.b;
      },
      set: (k: string) => void (pair.b = k),
    },
  };
  pairPicker(sides.a, sides.b)("uni");
  assert.deepEqual(pair, { a: "uni", b: "usdc" });
  pairPicker(sides.a, sides.b)("usdc");
  assert.deepEqual(pair, { a: "usdc", b: "uni" });
  pairPicker(sides.b, sides.a)("usdc");
  assert.deepEqual(pair, { a: "uni", b: "usdc" });
  pairPicker(sides.b, sides.a)("usdc"); // the same token again: nothing moves
  assert.deepEqual(pair, { a: "uni", b: "usdc" });
});
