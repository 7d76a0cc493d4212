import assert from "node:assert/strict";
import { Catalog } from "./catalog.ts";
import { Model } from "./model.ts";
import { DEMO_WALLET, LOOPBACK_LIZARDS, SECOND_DEMO_WALLET } from "./fixtures.ts";
import { createWallets } from "./wallet.ts";

const model = new Model({ origin: "http://gateway.test", now: 1_790_000_000, catalog: new Catalog() });

Deno.test("createWallets serves every part over one context", () => {
  const wallets = createWallets(model);
  const p = wallets.portfolio(DEMO_WALLET, null, undefined);
  const fromPortfolio = (p.assetActivities as (a: object) => unknown[])({ includeOffChain: true });
  const page = wallets.activityPage(DEMO_WALLET, { includeOffChain: true });
  assert.equal(page.length, 100);
  assert.deepEqual(fromPortfolio, page);
  assert.equal(fromPortfolio[0], page[0], "one activity list per wallet, built once");
  assert.equal(
    wallets.liveActivity(SECOND_DEMO_WALLET, "s", 0, 1).id,
    `AssetActivity:${SECOND_DEMO_WALLET.toLowerCase()}:live:s:0`,
  );
  assert.equal(wallets.nftBalances(DEMO_WALLET, null).length, 4);
  assert.equal(wallets.nftAsset(LOOPBACK_LIZARDS, 1).ownerAddress, DEMO_WALLET);
  assert.equal(wallets.nftCollection(LOOPBACK_LIZARDS).numAssets, LOOPBACK_LIZARDS.size);
  assert.equal(wallets.nftActivity(LOOPBACK_LIZARDS, 1).length, 3);
  // two assemblies keep separate activity lists
  const other = createWallets(model).activityPage(DEMO_WALLET, { includeOffChain: true });
  assert.notEqual(other[0], page[0]);
  assert.equal(other[0].id, page[0].id);
});
