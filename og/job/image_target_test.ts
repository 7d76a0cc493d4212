import assert from "node:assert/strict";
import {
  cacheIdOf,
  cardKeyOf,
  isWellFormedTarget,
  normalizeTarget,
  parsePositionVersion,
  targetKeyOf,
} from "./image_target.ts";

const PAIR = "0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc";

Deno.test("position targets: v2 a pair address, v3/v4 a decimal token id of at most 78 digits", () => {
  assert.equal(isWellFormedTarget("ethereum", PAIR, "position", "v2"), true);
  assert.equal(isWellFormedTarget("ethereum", "1234", "position", "v3"), true);
  assert.equal(isWellFormedTarget("base", "9".repeat(78), "position", "V4"), true);
  for (
    const [chain, id, version] of [
      ["ethereum", "1234", "v2"],
      ["ethereum", PAIR, "v3"],
      ["ethereum", "9".repeat(79), "v4"],
      ["ethereum", "-1", "v3"],
      ["ethereum", "1e3", "v3"],
      ["ethereum", "", "v3"],
      ["ethereum", "1", "v5"],
      ["ethereum", "1", undefined],
      ["notachain", "1", "v3"],
    ] as const
  ) {
    assert.equal(isWellFormedTarget(chain, id, "position", version), false, `${chain} ${version} ${id}`);
  }
  assert.equal(parsePositionVersion("V3"), "v3");
  assert.equal(parsePositionVersion("3"), null);
});

Deno.test("one spelling per target: chain and 0x lower-cased, token ids without leading zeros", () => {
  const v2 = normalizeTarget({ kind: "position", chainName: "Ethereum", address: PAIR, version: "V2" });
  assert.deepEqual(v2, { kind: "position", chainName: "ethereum", address: PAIR.toLowerCase(), version: "v2" });
  assert.equal(cacheIdOf(v2), `v2:${PAIR.toLowerCase()}`);
  const v3 = normalizeTarget({ kind: "position", chainName: "base", address: "000123", version: "v3" });
  assert.equal(cacheIdOf(v3), "v3:123");
  assert.equal(
    cacheIdOf(normalizeTarget({ kind: "position", chainName: "base", address: "0", version: "v4" })),
    "v4:0",
  );
  const token = normalizeTarget({ kind: "token", chainName: "ETHEREUM", address: "native" });
  assert.deepEqual(token, { kind: "token", chainName: "ethereum", address: "NATIVE" });
  assert.equal(cacheIdOf(token), "NATIVE");
  // A Solana mint is case-sensitive and kept as given.
  const mint = "JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN";
  assert.equal(normalizeTarget({ kind: "token", chainName: "solana", address: mint }).address, mint);
});

Deno.test("targetKeyOf and cardKeyOf: one key per target, and per target and emoji set", () => {
  const position = { kind: "position", chainName: "ethereum", address: "1234", version: "v3" } as const;
  assert.equal(targetKeyOf(position), "position:ethereum:v3:1234");
  assert.equal(cardKeyOf(position, "noto"), "position:ethereum:v3:1234:noto");
  assert.notEqual(cardKeyOf(position, "noto"), cardKeyOf(position, "twemoji"));
});
