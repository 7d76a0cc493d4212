import assert from "node:assert/strict";
import { Catalog } from "./catalog.ts";
import { Model } from "./model.ts";
import { DEMO_WALLET, SECOND_DEMO_WALLET } from "./fixtures.ts";
import { createWalletContext } from "./wallet_context.ts";
import { walletActivities } from "./wallet_history.ts";

const NOW = 1_790_000_000;
const model = new Model({ origin: "http://gateway.test", now: NOW, catalog: new Catalog() });

/** `type` of on-chain details, else the details' type name. */
function kindOf(object: Record<string, unknown>): string {
  const details = object.details as Record<string, unknown>;
  return String(details.type ?? details.__typename);
}

Deno.test("the first demo wallet has every activity kind, newest first, with unique ids", () => {
  const list = walletActivities(createWalletContext(model), DEMO_WALLET);
  assert.equal(list.length, 20 + 130);
  const times = list.map((a) => a.object.timestamp as number);
  assert.deepEqual(times, [...times].sort((a, b) => b - a));
  assert.ok(times[0] <= NOW && times[0] > NOW - 3600, "the newest is of the last hour");
  assert.equal(new Set(list.map((a) => a.object.id)).size, list.length);
  const kinds = new Set(list.map((a) => kindOf(a.object)));
  for (
    const kind of [
      "SWAP",
      "SEND",
      "RECEIVE",
      "APPROVE",
      "MINT",
      "ON_RAMP",
      "OFF_RAMP",
      "BRIDGING",
      "SwapOrderDetails",
      "OnRampTransactionDetails",
      "OffRampTransactionDetails",
    ]
  ) assert.ok(kinds.has(kind), kind);
  const statuses = new Set(list.map((a) => (a.object.details as Record<string, unknown>).transactionStatus));
  for (const status of ["CONFIRMED", "PENDING", "FAILED"]) assert.ok(statuses.has(status), status);
  const changes = new Set(
    list.flatMap((a) =>
      ((a.object.details as Record<string, unknown>).assetChanges as { __typename: string }[] | undefined ?? [])
        .map((c) => c.__typename)
    ),
  );
  assert.deepEqual(
    [...changes].sort(),
    [
      "NftApproval",
      "NftApproveForAll",
      "NftTransfer",
      "OffRampTransfer",
      "OnRampTransfer",
      "TokenApproval",
      "TokenTransfer",
    ],
  );
  assert.deepEqual(list.filter((a) => a.bridging).map((a) => kindOf(a.object)), ["BRIDGING"]);
  assert.equal(list.filter((a) => a.offChain).length, 5, "three orders and two fiat ramps");
});

Deno.test("the second demo wallet has four activities; strangers none; each list is built once", () => {
  const ctx = createWalletContext(model);
  const second = walletActivities(ctx, SECOND_DEMO_WALLET);
  assert.deepEqual(second.map((a) => kindOf(a.object)), ["SWAP", "RECEIVE", "RECEIVE", "OnRampTransactionDetails"]);
  assert.deepEqual(second.map((a) => a.object.timestamp), [
    NOW - 3600,
    NOW - 86_400,
    NOW - 2 * 86_400,
    NOW - 3 * 86_400,
  ]);
  assert.equal(walletActivities(ctx, SECOND_DEMO_WALLET), second);
  assert.deepEqual(walletActivities(ctx, "0x1234567890123456789012345678901234567890"), []);
  // a fresh context builds the same activities again
  const outline = (list: typeof second) =>
    list.map((a) => [a.object.id, a.object.timestamp, (a.object.details as { id: string }).id]);
  const first = walletActivities(ctx, DEMO_WALLET);
  const again = walletActivities(createWalletContext(model), DEMO_WALLET);
  assert.notEqual(again, first);
  assert.deepEqual(outline(again), outline(first));
});
