import assert from "node:assert/strict";
import { Catalog } from "./catalog.ts";
import { Model } from "./model.ts";
import { DEMO_WALLET, ETHEREUM_TOKENS, SECOND_DEMO_WALLET } from "./fixtures.ts";
import { canonicalWallet, createWalletContext, tokenOf } from "./wallet_context.ts";

const model = new Model({ origin: "http://gateway.test", now: 1_790_000_000, catalog: new Catalog() });

Deno.test("canonicalWallet spells a demo wallet as the fixtures do, whatever the case", () => {
  assert.equal(canonicalWallet(DEMO_WALLET.toLowerCase()), DEMO_WALLET);
  assert.equal(canonicalWallet("0x" + SECOND_DEMO_WALLET.slice(2).toUpperCase()), SECOND_DEMO_WALLET);
  assert.notEqual(
    DEMO_WALLET.toLowerCase(),
    DEMO_WALLET,
    "the fixture is checksummed, so the case test means something",
  );
  const stranger = "0xAbCdEf0123456789abcdef0123456789ABCDEF01";
  assert.equal(canonicalWallet(stranger), stranger);
});

Deno.test("tokenOf reads the catalog and names what is missing", () => {
  const ctx = createWalletContext(model);
  assert.equal(ctx.model, model);
  assert.equal(ctx.activities.size, 0);
  const eth = tokenOf(ctx, "ETHEREUM", null);
  assert.equal(eth.address, null);
  assert.equal(eth.symbol, "ETH");
  assert.equal(eth.standard, "NATIVE");
  const usdc = tokenOf(ctx, "ETHEREUM", ETHEREUM_TOKENS.USDC);
  assert.equal(usdc.symbol, "USDC");
  assert.equal(usdc.address?.toLowerCase(), ETHEREUM_TOKENS.USDC.toLowerCase());
  const missing = "0x00000000000000000000000000000000000000ff";
  assert.throws(() => tokenOf(ctx, "ETHEREUM", missing), {
    message: `Demo token ETHEREUM:${missing} is missing`,
  });
});
