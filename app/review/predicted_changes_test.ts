import assert from "node:assert/strict";
import type { PublicClient } from "viem";
import {
  balanceDeltas,
  NATIVE_TRANSFER_ADDRESS,
  predictChanges,
  requestOf,
  stateOverrides,
} from "./predicted_changes.ts";
import type { ReviewStep } from "./review_steps.ts";

const TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const me = "0x00000000000000000000000000000000000000aa";
const pool = "0x00000000000000000000000000000000000000bb";
const usdc = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
const npm = "0xC36442b4a4522E871399CD717aBDD847Ab11FE88";
const topic = (a: string) => `0x${a.slice(2).toLowerCase().padStart(64, "0")}`;
const word = (n: bigint) => `0x${n.toString(16).padStart(64, "0")}`;

Deno.test("balanceDeltas: the account's net change per token, ether from traced transfers, a minted NFT", () => {
  const deltas = balanceDeltas([
    // Approval events and other accounts' transfers do not count.
    {
      address: usdc,
      topics: ["0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925", topic(me), topic(npm)],
      data: word(1n),
    },
    { address: usdc, topics: [TRANSFER, topic(pool), topic(npm)], data: word(999n) },
    { address: usdc, topics: [TRANSFER, topic(me), topic(pool)], data: word(1_000_000n) },
    { address: NATIVE_TRANSFER_ADDRESS, topics: [TRANSFER, topic(me), topic(npm)], data: word(10n ** 18n) },
    { address: NATIVE_TRANSFER_ADDRESS, topics: [TRANSFER, topic(npm), topic(me)], data: word(10n ** 17n) },
    { address: npm, topics: [TRANSFER, topic("0x0"), topic(me), word(42n)], data: "0x" },
  ], me);
  assert.deepEqual(deltas, [
    { token: usdc.toLowerCase(), kind: "erc20", amount: -1_000_000n, ids: [] },
    { token: NATIVE_TRANSFER_ADDRESS, kind: "native", amount: -(9n * 10n ** 17n), ids: [] },
    { token: npm.toLowerCase(), kind: "nft", amount: 1n, ids: [42n] },
  ]);
});

Deno.test("balanceDeltas: a token that comes back whole is no change", () => {
  const out = { address: usdc, topics: [TRANSFER, topic(me), topic(pool)], data: word(5n) };
  const back = { address: usdc, topics: [TRANSFER, topic(pool), topic(me)], data: word(5n) };
  assert.deepEqual(balanceDeltas([out, back], me.toUpperCase().replace("0X", "0x")), []);
});

Deno.test("predictChanges: a signature step sends nothing; what it grants is the next call's stateOverrides", async () => {
  const sent: unknown[] = [];
  const token = "0x00000000000000000000000000000000000000c1";
  const client = {
    chain: { nativeCurrency: { symbol: "ETH" } },
    request: (body: { params: unknown[] }) => {
      sent.push(body.params[0]);
      const log = { address: token, topics: [TRANSFER, topic(pool), topic(me)], data: "0x05" };
      return Promise.resolve([{ calls: [{ status: "0x1", logs: [log] }] }]);
    },
    multicall: () => Promise.resolve([{ status: "success", result: "USDC" }, { status: "success", result: 6 }]),
  } as unknown as PublicClient;
  const slot = `0x${"ab".repeat(32)}` as const;
  const steps: ReviewStep[] = [
    {
      id: "permit",
      kind: "signature",
      title: "Sign permit",
      contract: "0x",
      call: "",
      run: () => Promise.resolve(true),
    },
    {
      id: "swap",
      title: "Swap",
      contract: "0x",
      call: "",
      run: () => Promise.resolve(true),
      request: requestOf({ client, from: me }, { to: token, data: "0x12" }, { [token]: { [slot]: slot } }),
    },
  ];
  const prediction = await predictChanges(steps);
  assert.deepEqual(prediction, { ok: true, changes: [{ symbol: "USDC", amount: "+0.000005" }] });
  const payload = sent[0] as { blockStateCalls: { stateOverrides: unknown; calls: unknown[] }[] };
  assert.deepEqual(payload.blockStateCalls[0].stateOverrides, { [token]: { stateDiff: { [slot]: slot } } });
  assert.equal(payload.blockStateCalls[0].calls.length, 1);
  assert.equal(stateOverrides([requestOf({ client, from: me }, { to: token, data: "0x" })]), null);
  // A transaction step without its request: nothing to predict from.
  assert.equal(await predictChanges([{ ...steps[1], request: undefined }]), null);
});
