import assert from "node:assert/strict";
import { GraphQLEnumType } from "graphql";
import {
  addressKey,
  type Chain,
  InvalidAddressError,
  isChain,
  parseAddress,
  parseChain,
  parseMintAddress,
  parsePoolAddress,
  resolveTokenAddress,
  SOLANA_NATIVE_MINT,
  SUPPORTED_CHAINS,
  usesMintAddresses,
} from "./chains.ts";
import type { graphql } from "./graphql.ts";
import { hasReferenceSchema, loadDemoSchema, loadReferenceSchema } from "./testing.ts";

// The list's type and the schema's `Chain` enum type are the same union.
type SchemaChain = ReturnType<typeof graphql.scalar<"Chain">>;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const chainTypesMatch: Same<Chain, SchemaChain> = true;

function enumValues(type: unknown): string[] {
  assert.ok(type instanceof GraphQLEnumType);
  return type.getValues().map((v) => v.name);
}

Deno.test("SUPPORTED_CHAINS has the 22 values of the demo Chain enum", () => {
  assert.ok(chainTypesMatch);
  assert.equal(SUPPORTED_CHAINS.length, 22);
  assert.deepEqual(
    enumValues(loadDemoSchema().getType("Chain")),
    [...SUPPORTED_CHAINS],
  );
});

Deno.test({
  name: "SUPPORTED_CHAINS is the reference schema's Chain enum",
  ignore: !hasReferenceSchema(),
  fn() {
    assert.deepEqual(
      enumValues(loadReferenceSchema().getType("Chain")),
      [...SUPPORTED_CHAINS],
    );
  },
});

Deno.test("parseChain upper-cases URL names and rejects the rest", () => {
  assert.equal(parseChain("ethereum"), "ETHEREUM");
  assert.equal(parseChain("Base"), "BASE");
  assert.equal(parseChain("arbitrum_sepolia"), "ARBITRUM_SEPOLIA");
  assert.equal(parseChain("POLYGON"), "POLYGON");
  assert.equal(parseChain(" ethereum"), null);
  assert.equal(parseChain("ethereum "), null);
  assert.equal(parseChain("mainnet"), null);
  assert.equal(parseChain("arbitrum-sepolia"), null);
  assert.equal(parseChain(""), null);
  assert.equal(parseChain("__proto__"), null);
  assert.ok(isChain("CELO"));
  assert.ok(!isChain("celo"));
});

Deno.test("resolveTokenAddress maps NATIVE per chain", () => {
  assert.equal(
    resolveTokenAddress("CELO", "NATIVE"),
    "0x471EcE3750Da237f93B8E339c536989b8978a438",
  );
  assert.equal(
    resolveTokenAddress("POLYGON", "native"),
    "0x0000000000000000000000000000000000001010",
  );
  assert.equal(resolveTokenAddress("ETHEREUM", "NATIVE"), undefined);
  assert.equal(resolveTokenAddress("BASE", "Native"), undefined);
  const checksummed = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
  assert.equal(resolveTokenAddress("ETHEREUM", checksummed), checksummed);
  assert.throws(
    () => resolveTokenAddress("ETHEREUM", "0x12"),
    new InvalidAddressError("0x12", "40 hex digits"),
  );
  assert.throws(
    () => resolveTokenAddress("ETHEREUM", "NATIVE2"),
    /Cannot parse address "NATIVE2": expected 40 hex digits/,
  );
});

Deno.test("parseAddress accepts 0x + 40 hex digits only", () => {
  const a = "0x1f9840a85d5af5bf1d1762f925bdaddc4201f984";
  assert.equal(parseAddress(a), a);
  assert.throws(() => parseAddress("0x12"), {
    name: "InvalidAddressError",
    message: 'Cannot parse address "0x12": expected 40 hex digits',
  });
  assert.throws(() => parseAddress(a.slice(2)), InvalidAddressError);
  assert.throws(() => parseAddress(a + "0"), InvalidAddressError);
  assert.throws(() => parseAddress(` ${a}`), InvalidAddressError);
  assert.throws(() => parseAddress(a.replace("f", "g")), InvalidAddressError);
});

Deno.test("parsePoolAddress tells V2/V3 addresses from V4 pool ids", () => {
  const address = "0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640";
  const poolId = "0x" + "ab".repeat(32);
  assert.deepEqual(parsePoolAddress(address), { kind: "address", address });
  assert.deepEqual(parsePoolAddress(poolId), { kind: "poolId", poolId });
  assert.throws(
    () => parsePoolAddress("0x12"),
    {
      message: 'Cannot parse address "0x12": expected 40 hex digits (V2/V3) or 64 hex digits (V4 pool id)',
    },
  );
  assert.throws(() => parsePoolAddress("0x" + "a".repeat(50)));
});

const BONK = "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263";

Deno.test("Solana takes base58 mints, case kept, and maps NATIVE to wrapped SOL", () => {
  assert.equal(resolveTokenAddress("SOLANA", BONK), BONK);
  assert.equal(resolveTokenAddress("SOLANA", "NATIVE"), SOLANA_NATIVE_MINT);
  assert.equal(resolveTokenAddress("SOLANA", "native"), "So11111111111111111111111111111111111111112");
  assert.equal(resolveTokenAddress("SOLANA", "1".repeat(32)), "1".repeat(32));
  assert.equal(resolveTokenAddress("SOLANA", "z".repeat(44)), "z".repeat(44));
  for (
    const bad of ["1".repeat(31), "1".repeat(45), BONK.replace("D", "0"), BONK.replace("D", "O"), "I" + BONK.slice(1)]
  ) {
    assert.throws(() => resolveTokenAddress("SOLANA", bad), {
      name: "InvalidAddressError",
      message: `Cannot parse address "${bad}": expected a base58 mint address (32-44 characters)`,
    });
  }
  // 0x addresses are not Solana mints, and mints are not EVM addresses
  assert.throws(() => resolveTokenAddress("SOLANA", "0x1f9840a85d5af5bf1d1762f925bdaddc4201f984"), InvalidAddressError);
  assert.throws(() => resolveTokenAddress("ETHEREUM", BONK), /expected 40 hex digits/);
  assert.throws(() => parseMintAddress(` ${BONK}`), InvalidAddressError);
  assert.ok(usesMintAddresses("SOLANA"));
  assert.ok(!usesMintAddresses("ETHEREUM"));
});

Deno.test("addressKey lower-cases 0x addresses and NATIVE and keeps mints as given", () => {
  assert.equal(addressKey("0x1F9840a85d5aF5bf1D1762F925BDADdC4201F984"), "0x1f9840a85d5af5bf1d1762f925bdaddc4201f984");
  assert.equal(addressKey("Native"), "native");
  assert.equal(addressKey(BONK), BONK);
  assert.notEqual(addressKey(BONK), addressKey(BONK.toLowerCase()));
});
