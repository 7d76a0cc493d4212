import assert from "node:assert/strict";
import { Catalog } from "./catalog.ts";
import { ETHEREUM_TOKENS, FIXTURE_POOLS, FIXTURE_TOKENS, SOLANA_JUP_TOKEN } from "./fixtures.ts";
import { NATIVE_TOKEN_ADDRESSES } from "../lib/chains.ts";

Deno.test("the catalog holds token-list tokens, fixtures and pools", () => {
  const catalog = new Catalog();
  assert.ok(catalog.tokens.size > 1000);
  const chains = new Set([...catalog.tokens.values()].map((t) => t.chain));
  assert.ok(chains.size >= 9);
  for (const token of FIXTURE_TOKENS) {
    const record = catalog.token(token.chain, token.address.toLowerCase());
    assert.equal(record?.symbol, token.symbol);
    assert.equal(record?.logoPath, token.logoPath);
  }
  for (const pool of FIXTURE_POOLS) {
    assert.ok(catalog.pool(pool.protocolVersion, pool.chain, pool.address.toUpperCase().replace("0X", "0x")));
  }
  for (const version of ["V2", "V3", "V4"]) {
    assert.ok(catalog.poolsOf("BASE", version).length >= 5, version);
  }
});

Deno.test("native tokens sit where the NATIVE mapping points", () => {
  const catalog = new Catalog();
  for (const [chain, address] of Object.entries(NATIVE_TOKEN_ADDRESSES)) {
    assert.equal(catalog.token(chain, null), catalog.token(chain, address));
  }
  assert.equal(catalog.token("ETHEREUM", null)?.symbol, "ETH");
  assert.equal(catalog.token("ETHEREUM", null)?.address, null);
});

Deno.test("two catalogs are equal", () => {
  const a = new Catalog();
  const b = new Catalog();
  assert.deepEqual([...a.tokens.values()].slice(0, 50), [...b.tokens.values()].slice(0, 50));
  assert.deepEqual([...a.pools.keys()], [...b.pools.keys()]);
});

Deno.test("Solana tokens: base58 mints match exactly, case-sensitive", () => {
  const catalog = new Catalog();
  const jup = catalog.token("SOLANA", SOLANA_JUP_TOKEN.address);
  assert.equal(jup?.symbol, "JUP");
  assert.equal(jup?.address, "JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN");
  assert.equal(catalog.token("SOLANA", SOLANA_JUP_TOKEN.address.toLowerCase()), undefined);
  assert.equal(catalog.token("SOLANA", "So11111111111111111111111111111111111111112")?.symbol, "SOL");
  // 0x addresses still match in any case
  const usdc = catalog.token("ETHEREUM", ETHEREUM_TOKENS.USDC.toUpperCase().replace("0X", "0x"));
  assert.equal(usdc?.symbol, "USDC");
});
