import assert from "node:assert/strict";
import { encodeAbiParameters, hexToBigInt, keccak256, pad, toHex } from "viem";
import { MAX_UINT160 } from "./permit2.ts";
import { packAllowance, permit2AllowanceSlot, permitOverride } from "./permit2_storage.ts";

const OWNER = "0x00000000000000000000000000000000000000A1";
const TOKEN = "0x00000000000000000000000000000000000000b2";
const ROUTER = "0x00000000000000000000000000000000000000C3";
const PERMIT2 = "0x000000000022D473030F116dDEE9F6B43aC78BA3";

Deno.test("permit2AllowanceSlot: allowance[owner][token][spender] of the mapping at slot 1", () => {
  const at = (key: string, slot: `0x${string}`) =>
    keccak256(encodeAbiParameters([{ type: "address" }, { type: "bytes32" }], [key as `0x${string}`, slot]));
  const expected = at(ROUTER, at(TOKEN, at(OWNER, pad(toHex(1n), { size: 32 }))));
  assert.equal(permit2AllowanceSlot(OWNER, TOKEN, ROUTER), expected);
  assert.notEqual(permit2AllowanceSlot(OWNER, ROUTER, TOKEN), expected, "token and spender are not interchangeable");
});

Deno.test("packAllowance: amount in the low 160 bits, expiration then nonce above; out of range refused", () => {
  const word = hexToBigInt(packAllowance({ amount: 5n, expiration: 7, nonce: 2 }));
  assert.equal(word & MAX_UINT160, 5n);
  assert.equal((word >> 160n) & ((1n << 48n) - 1n), 7n);
  assert.equal(word >> 208n, 2n);
  assert.equal(packAllowance({ amount: MAX_UINT160, expiration: 0, nonce: 0 }).length, 66);
  assert.throws(() => packAllowance({ amount: MAX_UINT160 + 1n, expiration: 0, nonce: 0 }), /uint160/);
  assert.throws(() => packAllowance({ amount: 1n, expiration: 2 ** 48, nonce: 0 }), /expiration/);
  assert.throws(() => packAllowance({ amount: 1n, expiration: 0, nonce: -1 }), /nonce/);
});

Deno.test("permitOverride: one slot of Permit2", () => {
  const override = permitOverride(PERMIT2, { owner: OWNER, token: TOKEN, spender: ROUTER }, {
    amount: 1n,
    expiration: 9,
    nonce: 0,
  });
  assert.deepEqual(Object.keys(override), [PERMIT2]);
  assert.deepEqual(Object.keys(override[PERMIT2]), [permit2AllowanceSlot(OWNER, TOKEN, ROUTER)]);
});
