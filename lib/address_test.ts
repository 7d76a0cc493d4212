import assert from "node:assert/strict";
import {
  addressKey,
  checkAddress,
  InvalidAddressError,
  isAccountAddress,
  isAddress,
  isTransactionHash,
  isZeroAddress,
  parseAddress,
  parseMintAddress,
  parsePoolAddress,
  tokenKey,
} from "./address.ts";

const UNI = "0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984";
const BONK = "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263";

Deno.test("parseAddress accepts 0x + 40 hex digits only, spelling kept", () => {
  assert.equal(parseAddress(UNI), UNI);
  assert.throws(() => parseAddress("0x12"), {
    name: "InvalidAddressError",
    message: 'Cannot parse address "0x12": expected 40 hex digits',
  });
  assert.throws(() => parseAddress(UNI.slice(2)), InvalidAddressError);
  assert.throws(() => parseAddress(UNI + "0"), InvalidAddressError);
  assert.throws(() => parseAddress(` ${UNI}`), InvalidAddressError);
  assert.throws(() => parseAddress(UNI.replace("f", "g")), InvalidAddressError);
  assert.throws(() => parseAddress(BONK), InvalidAddressError);
});

Deno.test("parseMintAddress takes 32-44 base58 characters, case kept", () => {
  assert.equal(parseMintAddress(BONK), BONK);
  assert.equal(parseMintAddress("1".repeat(32)), "1".repeat(32));
  assert.equal(parseMintAddress("z".repeat(44)), "z".repeat(44));
  for (
    const bad of ["1".repeat(31), "1".repeat(45), BONK.replace("D", "0"), BONK.replace("D", "O"), "I" + BONK.slice(1)]
  ) {
    assert.throws(() => parseMintAddress(bad), {
      name: "InvalidAddressError",
      message: `Cannot parse address "${bad}": expected a base58 mint address (32-44 characters)`,
    });
  }
  assert.throws(() => parseMintAddress(` ${BONK}`), InvalidAddressError);
  assert.throws(() => parseMintAddress(UNI), InvalidAddressError);
});

Deno.test("parsePoolAddress tells V2/V3 addresses from V4 pool ids", () => {
  const address = "0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640";
  const poolId = "0x" + "ab".repeat(32);
  assert.deepEqual(parsePoolAddress(address), { kind: "address", address });
  assert.deepEqual(parsePoolAddress(poolId), { kind: "poolId", poolId });
  assert.throws(() => parsePoolAddress("0x12"), {
    message: 'Cannot parse address "0x12": expected 40 hex digits (V2/V3) or 64 hex digits (V4 pool id)',
  });
  assert.throws(() => parsePoolAddress("0x" + "a".repeat(50)), InvalidAddressError);
});

Deno.test("addressKey lower-cases 0x addresses and NATIVE and keeps mints as given", () => {
  assert.equal(addressKey(UNI), UNI.toLowerCase());
  assert.equal(addressKey("Native"), "native");
  assert.equal(addressKey(BONK), BONK);
  assert.notEqual(addressKey(BONK), addressKey(BONK.toLowerCase()));
});

Deno.test("the explorer checks: accounts and transaction hashes of both forms", () => {
  assert.ok(isAddress(UNI));
  assert.ok(isZeroAddress(`0x${"0".repeat(40)}`));
  assert.ok(!isZeroAddress(UNI));
  assert.ok(!isZeroAddress(`0x${"0".repeat(39)}`));
  assert.ok(!isAddress(UNI.toLowerCase() + "0"));
  assert.ok(isAccountAddress(UNI));
  assert.ok(isAccountAddress(BONK));
  assert.ok(!isAccountAddress(`0x${"ab".repeat(32)}`), "a pool id is no account");
  assert.ok(isTransactionHash(`0x${"ab".repeat(32)}`));
  assert.ok(isTransactionHash("5".repeat(88)));
  assert.ok(!isTransactionHash(UNI));
  assert.ok(!isTransactionHash(BONK));
});

Deno.test("tokenKey reads NATIVE, eth and addresses from links, lower-cased", () => {
  assert.equal(tokenKey(" ETH "), "NATIVE");
  assert.equal(tokenKey("native"), "NATIVE");
  assert.equal(tokenKey(UNI), UNI.toLowerCase());
  assert.equal(tokenKey("0x12"), null);
  assert.equal(tokenKey(BONK), null);
  assert.equal(tokenKey(""), null);
  assert.equal(tokenKey(null), null);
});

Deno.test("checkAddress says what is wrong with a typed address", () => {
  assert.deepEqual(checkAddress(` ${UNI} `), { ok: true, address: UNI.toLowerCase() });
  assert.deepEqual(checkAddress("  "), { ok: false, error: "Enter a wallet address." });
  assert.deepEqual(checkAddress(undefined), { ok: false, error: "Enter a wallet address." });
  assert.deepEqual(checkAddress("1f98"), {
    ok: false,
    error: 'Cannot parse address "1f98": expected it to start with 0x',
  });
  assert.deepEqual(checkAddress("0xzz"), {
    ok: false,
    error: 'Cannot parse address "0xzz": expected only hex digits after 0x',
  });
  assert.deepEqual(checkAddress("0x12"), {
    ok: false,
    error: 'Cannot parse address "0x12": expected 40 hex digits, got 2',
  });
});
