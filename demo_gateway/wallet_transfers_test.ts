import assert from "node:assert/strict";
import { Catalog } from "./catalog.ts";
import { Model } from "./model.ts";
import { round } from "./market.ts";
import { DEMO_WALLET, ETHEREUM_TOKENS, LOOPBACK_LIZARDS } from "./fixtures.ts";
import { createWalletContext, tokenOf, UNIVERSAL_ROUTER } from "./wallet_context.ts";
import { nftTransfer, rampProvider, rampTransfer, tokenTransfer } from "./wallet_transfers.ts";
import { nftAsset } from "./wallet_nfts.ts";

const ctx = createWalletContext(
  new Model({ origin: "http://gateway.test", now: 1_790_000_000, catalog: new Catalog() }),
);

Deno.test("a token transfer: quantity to 8 significant digits, value at the catalog price", () => {
  const uni = tokenOf(ctx, "ETHEREUM", ETHEREUM_TOKENS.UNI);
  const t = tokenTransfer(ctx, "k", uni, 1 / 3, DEMO_WALLET, UNIVERSAL_ROUTER, "OUT");
  assert.equal(t.__typename, "TokenTransfer");
  assert.equal(t.id, "TokenTransfer:k");
  assert.equal(t.quantity, "0.33333333");
  assert.equal(t.tokenStandard, "ERC20");
  assert.equal(t.asset, ctx.model.token(uni), "the model's one token object");
  assert.deepEqual(t.transactedValue, {
    __typename: "Amount",
    id: "TokenTransfer:k:usd",
    value: round(uni.priceUsd / 3),
    currency: "USD",
  });
  assert.equal(t.sender, DEMO_WALLET);
  assert.equal(t.recipient, UNIVERSAL_ROUTER);
  assert.equal(t.direction, "OUT");
});

Deno.test("an NFT transfer takes its standard from the asset's contract", () => {
  const asset = nftAsset(ctx, LOOPBACK_LIZARDS, 4);
  const t = nftTransfer("n", asset, UNIVERSAL_ROUTER, DEMO_WALLET, "IN");
  assert.equal(t.nftStandard, LOOPBACK_LIZARDS.standard);
  assert.equal(t.asset, asset);
  assert.equal(t.id, "NftTransfer:n");
});

Deno.test("ramps: euros in on the on-ramp, dollars out on the off-ramp, fees added up", () => {
  const eth = tokenOf(ctx, "ETHEREUM", null);
  const usd = round(0.2 * eth.priceUsd);
  const on = rampTransfer(ctx, "on", { key: "r", token: eth, quantity: 0.2 });
  assert.equal(on.__typename, "OnRampTransfer");
  assert.equal(on.sourceCurrency, "EUR");
  assert.equal(on.sourceAmount, round(usd / 1.087 + 3.5));
  assert.equal(on.destinationCurrency, undefined);
  assert.deepEqual([on.networkFee, on.transactionFee, on.totalFee], [0.5, 3, 3.5]);
  assert.equal((on.serviceProvider as { name: string }).name, "Loopback Ramp");
  const off = rampTransfer(ctx, "off", { key: "r", token: eth, quantity: 0.2 });
  assert.equal(off.__typename, "OffRampTransfer");
  assert.equal(off.destinationCurrency, "USD");
  assert.equal(off.destinationAmount, round(usd - 4));
  assert.equal(off.sourceCurrency, undefined);
  assert.deepEqual([off.networkFee, off.transactionFee, off.totalFee], [1, 3, 4]);
});

Deno.test("ramp providers: their logos on the gateway's origin", () => {
  const on = rampProvider(ctx, "on");
  assert.equal(on.__typename, "OnRampServiceProvider");
  assert.equal(on.serviceProvider, "LOOPBACK_RAMP");
  assert.equal(on.logoLightUrl, "http://gateway.test/logos/app/loopback-ramp.png");
  assert.equal(on.logoDarkUrl, "http://gateway.test/logos/app/loopback-ramp-dark.png");
  const off = rampProvider(ctx, "off");
  assert.equal(off.__typename, "OffRampServiceProvider");
  assert.equal(off.serviceProvider, "SEEDED_CASHOUT");
  assert.equal(off.supportUrl, "https://seeded-cashout.example.com/support");
});
