import assert from "node:assert/strict";
import {
  historyKey,
  listTxs,
  recordTx,
  trackTx,
  TX_HISTORY_LIMIT,
  type TxStorage,
  updateTxState,
} from "./tx_history.ts";
import type { TxStatus } from "./wallet_tx.ts";

function memory(): TxStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}

const ME = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const HASH = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;

Deno.test("tx history: recorded per account and chain, newest first, updated by hash, survives a re-read", () => {
  const storage = memory();
  recordTx({ account: ME, chainId: 31337, hash: HASH(1), summary: "Sent 1 ETH", explorer: null, sentAt: 1 }, storage);
  recordTx({ account: ME, chainId: 31337, hash: HASH(2), summary: "Swapped", explorer: null, sentAt: 2 }, storage);
  recordTx({ account: ME, chainId: 1, hash: HASH(3), summary: "Other chain", explorer: null, sentAt: 3 }, storage);
  const list = listTxs(ME.toLowerCase(), 31337, storage);
  assert.deepEqual(list.map((r) => [r.hash, r.state, r.account]), [
    [HASH(2), "pending", ME.toLowerCase()],
    [HASH(1), "pending", ME.toLowerCase()],
  ]);
  updateTxState(ME, 31337, HASH(1).toUpperCase().replace("0X", "0x"), "confirmed", storage);
  assert.equal(listTxs(ME, 31337, storage)[1].state, "confirmed");
  assert.equal(listTxs(ME, 1, storage).length, 1);
  assert.ok(storage.map.has(historyKey(ME, 31337)));
});

Deno.test("tx history: refuses bad hashes and accounts, drops damaged entries, keeps the newest 100", () => {
  const storage = memory();
  assert.throws(
    () => recordTx({ account: ME, chainId: 1, hash: "0x12", summary: "", explorer: null }, storage),
    /Cannot record transaction "0x12": expected 0x and 64 hex digits/,
  );
  assert.throws(
    () => recordTx({ account: "0x12", chainId: 1, hash: HASH(1), summary: "", explorer: null }, storage),
    /Cannot record account "0x12": expected 40 hex digits/,
  );
  storage.setItem(historyKey(ME, 1), "{not json");
  assert.deepEqual(listTxs(ME, 1, storage), []);
  storage.setItem(historyKey(ME, 1), JSON.stringify([{ hash: "0x1" }, 5]));
  assert.deepEqual(listTxs(ME, 1, storage), []);
  for (let i = 1; i <= TX_HISTORY_LIMIT + 5; i++) {
    recordTx({ account: ME, chainId: 1, hash: HASH(i), summary: `#${i}`, explorer: null, sentAt: i }, storage);
  }
  const list = listTxs(ME, 1, storage);
  assert.equal(list.length, TX_HISTORY_LIMIT);
  assert.equal(list[0].summary, `#${TX_HISTORY_LIMIT + 5}`);
});

Deno.test("tx history: trackTx records the hash the wallet returned and the receipt's outcome, passing statuses on", () => {
  const storage = memory();
  const seen: string[] = [];
  const report = trackTx(
    (s) => seen.push(s.step),
    { account: ME, chainId: 31337, summary: "Added liquidity" },
    storage,
  );
  const steps: TxStatus[] = [
    { step: "simulating", label: "x" },
    { step: "wallet", label: "x", to: ME },
  ];
  for (const s of steps) report(s);
  assert.deepEqual(listTxs(ME, 31337, storage), [], "nothing recorded before the wallet returned a hash");
  report({ step: "pending", label: "x", hash: HASH(9), explorer: "https://etherscan.io/tx/" + HASH(9) });
  assert.equal(listTxs(ME, 31337, storage)[0].state, "pending");
  report({ step: "reverted", label: "x", hash: HASH(9), explorer: null });
  const [record] = listTxs(ME, 31337, storage);
  assert.deepEqual([record.state, record.summary, record.explorer], ["reverted", "Added liquidity", null]);
  assert.deepEqual(seen, ["simulating", "wallet", "pending", "reverted"]);
});
