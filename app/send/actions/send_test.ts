import assert from "node:assert/strict";
import { decodeFunctionData, erc20Abi } from "viem";
import { recipientProblem, transferTx } from "./send.ts";

const TO = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

Deno.test("recipient: 0x and 40 hex digits, a valid checksum when mixed case, not the zero address", () => {
  assert.equal(recipientProblem(TO), null);
  assert.equal(recipientProblem(TO.toLowerCase()), null); // no checksum to check
  assert.equal(recipientProblem(` ${TO} `), null);
  assert.match(recipientProblem("0x70997970c51812dc3A010C7d01b50e0d17dc79C8")!, /fails its checksum/);
  assert.equal(recipientProblem("0x12"), 'Cannot parse address "0x12": expected 0x and 40 hex digits');
  assert.equal(recipientProblem(""), "Enter the recipient's address");
  assert.match(recipientProblem(`0x${"0".repeat(40)}`)!, /zero address/);
});

Deno.test("transfers: native value to the recipient, or the token's transfer call", () => {
  assert.deepEqual(transferTx({ address: "native", symbol: "ETH" }, TO, 5n), {
    to: TO,
    data: "0x",
    value: 5n,
    label: "ETH transfer",
  });
  const usdc = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
  const tx = transferTx({ address: usdc, symbol: "USDC" }, TO, 7n);
  assert.equal(tx.to, usdc);
  assert.equal(tx.value, 0n);
  assert.deepEqual(decodeFunctionData({ abi: erc20Abi, data: tx.data }).args, [TO, 7n]);
});
