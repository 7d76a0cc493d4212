import assert from "node:assert/strict";
import { encodeErrorResult, type Hex, parseAbi } from "viem";
import type { Address } from "../../lib/address.ts";
import {
  guardedSend,
  revertReason,
  type SendCheck,
  sendProblems,
  simulate,
  type Simulation,
  type SimulationClient,
  UnsafeTransactionError,
} from "./wallet_safety.ts";
import type { TxRequest } from "../lib/tx_request.ts";

const FROM: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const TX: TxRequest = {
  to: "0xE592427A0AEce92De3Edee1F18E0157C05861564",
  data: "0x414bf389",
  value: 5n,
  label: "SwapRouter.exactInputSingle",
};
const REVERT = encodeErrorResult({
  abi: parseAbi(["error Error(string)"]),
  errorName: "Error",
  args: ["Too little received"],
});

function client(chainId: number, fail?: unknown): SimulationClient & { calls: number } {
  const c = {
    chainId,
    calls: 0,
    call() {
      c.calls++;
      return fail ? Promise.reject(fail) : Promise.resolve("0x");
    },
    estimateGas() {
      return Promise.resolve(100_000n);
    },
  };
  return c;
}

async function okSimulation(chainId = 31337): Promise<Simulation> {
  return await simulate(client(chainId), TX, FROM);
}

async function check(overrides: Partial<SendCheck> = {}): Promise<SendCheck> {
  return {
    tx: TX,
    from: FROM,
    walletChainId: 31337,
    screenChainId: 31337,
    simulation: await okSimulation(),
    minimumOut: 1n,
    flagged: [],
    ...overrides,
  };
}

function recorder() {
  const sent: unknown[] = [];
  return {
    sent,
    send: (tx: unknown) => {
      sent.push(tx);
      return Promise.resolve("0xhash" as Hex);
    },
  };
}

Deno.test("a simulated, bounded, confirmed transaction on the same chain is sent, with a gas margin", async () => {
  const { sent, send } = recorder();
  assert.deepEqual(sendProblems(await check()), []);
  assert.equal(await guardedSend(await check(), send), "0xhash");
  assert.deepEqual(sent, [{ to: TX.to, data: TX.data, value: 5n, gas: 120_000n }]);
});

Deno.test("nothing is sent without a successful simulation", async () => {
  const { sent, send } = recorder();
  const failed = await simulate(client(31337, { data: REVERT }), TX, FROM);
  assert.deepEqual(failed, { ok: false, chainId: 31337, reason: "Too little received" });
  for (const simulation of [null, failed]) {
    await assert.rejects(guardedSend(await check({ simulation }), send), UnsafeTransactionError);
  }
  assert.equal(sent.length, 0);
});

Deno.test("nothing is sent when the simulation ran on another chain id, or the wallet is on another chain", async () => {
  const { sent, send } = recorder();
  const elsewhere = await okSimulation(1);
  await assert.rejects(
    guardedSend(await check({ simulation: elsewhere, walletChainId: 31337 }), send),
    /simulation ran on chain 1/,
  );
  await assert.rejects(
    guardedSend(await check({ walletChainId: 1 }), send),
    /wallet is on chain 1, this screen on chain 31337/,
  );
  assert.equal(sent.length, 0);
});

Deno.test("nothing is sent when the simulated call differs from the one to send", async () => {
  const { sent, send } = recorder();
  for (const tx of [{ ...TX, data: "0x414bf38a" as Hex }, { ...TX, value: 6n }, { ...TX, to: FROM }]) {
    await assert.rejects(guardedSend(await check({ tx }), send), /simulation was of another transaction/);
  }
  await assert.rejects(
    guardedSend(await check({ from: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC" }), send),
    /another transaction/,
  );
  assert.equal(sent.length, 0);
});

Deno.test("nothing is sent with a minimum received of 0", async () => {
  const { sent, send } = recorder();
  await assert.rejects(guardedSend(await check({ minimumOut: 0n }), send), /minimum received is 0/);
  assert.equal(sent.length, 0);
});

Deno.test("a flagged token needs an explicit confirmation", async () => {
  const { sent, send } = recorder();
  const flagged = [{ symbol: "SCAM", confirmed: false }];
  await assert.rejects(guardedSend(await check({ flagged }), send), /SCAM is flagged as spam or malicious/);
  assert.equal(sent.length, 0);
  await guardedSend(await check({ flagged: [{ symbol: "SCAM", confirmed: true }] }), send);
  assert.equal(sent.length, 1);
});

Deno.test("revert reasons: Error(string), panics, custom errors, node messages", () => {
  assert.equal(revertReason({ cause: { cause: { data: REVERT } } }), "Too little received");
  const panic = encodeErrorResult({ abi: parseAbi(["error Panic(uint256)"]), errorName: "Panic", args: [17n] });
  assert.equal(revertReason({ data: panic }), "Panic 17");
  assert.equal(revertReason({ data: "0xdeadbeef00" }), "Reverted with custom error 0xdeadbeef");
  assert.equal(
    revertReason(new Error("execution reverted: reverted with reason string 'STF'\nmore")),
    "STF",
  );
  assert.equal(revertReason(null), "The transaction would fail");
});

Deno.test("revert reasons: the Universal Router's wrapped command errors and Permit2's", () => {
  const abi = parseAbi([
    "error ExecutionFailed(uint256 commandIndex, bytes message)",
    "error V4TooLittleReceived(uint256 minAmountOutReceived, uint256 amountReceived)",
    "error V3TooLittleReceived()",
    "error InvalidSigner()",
  ]);
  const wrap = (message: Hex) => encodeErrorResult({ abi, errorName: "ExecutionFailed", args: [1n, message] });
  const v4 = encodeErrorResult({ abi, errorName: "V4TooLittleReceived", args: [10n, 9n] });
  assert.equal(revertReason({ data: wrap(v4) }), "Too little received");
  assert.equal(
    revertReason({ data: encodeErrorResult({ abi, errorName: "V3TooLittleReceived" }) }),
    "Too little received",
  );
  const signer = encodeErrorResult({ abi, errorName: "InvalidSigner" });
  assert.equal(revertReason({ data: wrap(signer) }), "The permit's signature is not the account's");
  assert.equal(revertReason({ data: wrap("0x") }), "A router command failed");
});
