import assert from "node:assert/strict";
import { recoverTypedDataAddress } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { ETHEREUM_CONTRACTS as C } from "../../lib/chains.ts";
import {
  decodePermit2Allowance,
  MAX_UINT160,
  PERMIT_EXPIRATION_SECONDS,
  PERMIT_SIG_DEADLINE_SECONDS,
  permitNeeded,
  permitSingle,
  permitTypedData,
} from "./permit2.ts";

const UNI = "0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984";

Deno.test("permitNeeded: a signature unless the allowance covers the amount and outlives the next minute", () => {
  const now = 1_000_000;
  assert.equal(permitNeeded({ amount: 0n, expiration: 0, nonce: 0 }, 1n, now), true);
  assert.equal(permitNeeded({ amount: 10n, expiration: now + 3600, nonce: 1 }, 10n, now), false);
  assert.equal(permitNeeded({ amount: 9n, expiration: now + 3600, nonce: 1 }, 10n, now), true);
  assert.equal(permitNeeded({ amount: MAX_UINT160, expiration: now + 30, nonce: 1 }, 10n, now), true, "expiring");
  assert.equal(permitNeeded({ amount: MAX_UINT160, expiration: now - 1, nonce: 1 }, 10n, now), true, "expired");
});

Deno.test("permitSingle: the amount, a 30-day expiry and a 30-minute signature; bad amounts refused", () => {
  const permit = permitSingle({ token: UNI, spender: C.universalRouter, amount: 5n, nonce: 3, now: 100 });
  assert.deepEqual(permit, {
    details: { token: UNI, amount: 5n, expiration: 100 + PERMIT_EXPIRATION_SECONDS, nonce: 3 },
    spender: C.universalRouter,
    sigDeadline: BigInt(100 + PERMIT_SIG_DEADLINE_SECONDS),
  });
  assert.throws(() => permitSingle({ token: UNI, spender: C.universalRouter, amount: 0n, nonce: 0, now: 1 }), /0/);
  assert.throws(
    () => permitSingle({ token: UNI, spender: C.universalRouter, amount: MAX_UINT160 + 1n, nonce: 0, now: 1 }),
    /2\^160/,
  );
});

Deno.test("permitTypedData: Permit2's domain (no version); the signer is recovered from it", async () => {
  const account = mnemonicToAccount("test test test test test test test test test test test junk");
  const permit = permitSingle({ token: UNI, spender: C.universalRouter, amount: 10n ** 18n, nonce: 0, now: 1 });
  const typed = permitTypedData(permit, { chainId: 31337, permit2: C.permit2 });
  assert.deepEqual(typed.domain, { name: "Permit2", chainId: 31337, verifyingContract: C.permit2 });
  assert.equal(typed.primaryType, "PermitSingle");
  const signature = await account.signTypedData(typed);
  assert.equal(await recoverTypedDataAddress({ ...typed, signature }), account.address);
});

Deno.test("decodePermit2Allowance: amount, expiration and nonce of Permit2.allowance", () => {
  const word = (n: bigint) => n.toString(16).padStart(64, "0");
  const data = `0x${word(7n)}${word(123n)}${word(2n)}` as const;
  assert.deepEqual(decodePermit2Allowance(data), { amount: 7n, expiration: 123, nonce: 2 });
});
