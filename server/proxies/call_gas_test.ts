import assert from "node:assert/strict";
import { capGas, quantity } from "./call_gas.ts";

Deno.test("capGas: keeps a smaller gas, hex or number; caps a larger, missing or unreadable one", () => {
  const cap = 30_000_000n;
  assert.deepEqual(capGas({ to: "0x1", gas: "0x5208" }, cap), { to: "0x1", gas: "0x5208" });
  assert.deepEqual(capGas({ to: "0x1", gas: 21_000 }, cap), { to: "0x1", gas: 21_000 });
  assert.deepEqual(capGas({ to: "0x1", gas: "0xffffffffff" }, cap), { to: "0x1", gas: "0x1c9c380" });
  assert.deepEqual(capGas({ to: "0x1" }, cap), { to: "0x1", gas: "0x1c9c380" });
  assert.deepEqual(capGas({ to: "0x1", gas: "lots" }, cap), { to: "0x1", gas: "0x1c9c380" });
  assert.equal(capGas("0xdead", cap), "0xdead");
  assert.equal(quantity(-1), null);
});
