import assert from "node:assert/strict";
import { Catalog } from "./catalog.ts";
import { Model } from "./model.ts";
import { DEMO_WALLET, SECOND_DEMO_WALLET } from "./fixtures.ts";
import { createWalletContext, UNIVERSAL_ROUTER } from "./wallet_context.ts";
import { activityPage, liveActivity } from "./wallet_activity.ts";
import { walletActivities } from "./wallet_history.ts";

const ctx = createWalletContext(
  new Model({ origin: "http://gateway.test", now: 1_790_000_000, catalog: new Catalog() }),
);
const all = walletActivities(ctx, DEMO_WALLET);

Deno.test("activity pages: on-chain only unless off-chain is asked, 100 a page by default", () => {
  const onChain = all.filter((a) => !a.offChain).map((a) => a.object);
  assert.deepEqual(activityPage(ctx, DEMO_WALLET, {}), onChain.slice(0, 100));
  assert.deepEqual(activityPage(ctx, DEMO_WALLET, { page: 2 }), onChain.slice(100, 200));
  const withOffChain = activityPage(ctx, DEMO_WALLET, { includeOffChain: true, pageSize: 500 });
  assert.deepEqual(withOffChain, all.map((a) => a.object));
});

Deno.test("activity pages: sizes clamped to 0..500, pages from 1, bridging and chains filter", () => {
  assert.equal(activityPage(ctx, DEMO_WALLET, { includeOffChain: true, pageSize: 9999 }).length, all.length);
  assert.deepEqual(activityPage(ctx, DEMO_WALLET, { pageSize: -5 }), []);
  assert.deepEqual(
    activityPage(ctx, DEMO_WALLET, { page: -2, pageSize: 7 }),
    activityPage(ctx, DEMO_WALLET, { page: 1, pageSize: 7 }),
  );
  assert.equal(activityPage(ctx, DEMO_WALLET, { page: 3, pageSize: 7 })[0], activityPage(ctx, DEMO_WALLET, {})[14]);
  const noBridging = activityPage(ctx, DEMO_WALLET, { includeBridging: false, pageSize: 500 });
  assert.equal(noBridging.length, all.filter((a) => !a.offChain).length - 1);
  assert.ok(!noBridging.some((o) => (o.details as { type?: string }).type === "BRIDGING"));
  const base = activityPage(ctx, DEMO_WALLET, { chains: ["BASE"], includeOffChain: true });
  assert.deepEqual(base.map((o) => o.chain), ["BASE", "BASE"]);
  assert.deepEqual(activityPage(ctx, SECOND_DEMO_WALLET, { chains: ["BASE"] }), []);
});

Deno.test("live activity: a USDC-to-ETH swap of $100 to $250 at the given time", () => {
  const values = [0, 1, 6, 7].map((n) => {
    const object = liveActivity(ctx, DEMO_WALLET, "sub", n, 1234);
    assert.equal(object.id, `AssetActivity:${DEMO_WALLET.toLowerCase()}:live:sub:${n}`);
    assert.equal(object.timestamp, 1234);
    const details = object.details as { type: string; to: string; assetChanges: Record<string, unknown>[] };
    assert.equal(details.type, "SWAP");
    assert.equal(details.to, UNIVERSAL_ROUTER);
    const [out, into] = details.assetChanges;
    assert.deepEqual([out.direction, into.direction], ["OUT", "IN"]);
    assert.equal((out.asset as { symbol: string }).symbol, "USDC");
    assert.equal((into.asset as { symbol: string }).symbol, "ETH");
    return (out.transactedValue as { value: number }).value;
  });
  assert.deepEqual(values.map(Math.round), [100, 125, 250, 100]);
});
