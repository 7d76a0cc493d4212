/**
 * Where Permit2 keeps an allowance, so a review can simulate a swap as if its
 * permit were signed: `Permit2 is SignatureTransfer, AllowanceTransfer`, the
 * first's `nonceBitmap` mapping at slot 0, the second's
 * `allowance[owner][token][spender]` (a `PackedAllowance`: amount in the low
 * 160 bits, then the expiration and the nonce, 48 bits each) at slot 1. The
 * e2e review checks it on the demo chain: a swap simulated under this
 * override matches what the mined swap moved. Pure.
 *
 * @module
 */
import { encodeAbiParameters, type Hex, keccak256, pad, toHex } from "viem";
import type { Address } from "../../lib/address.ts";
import { MAX_UINT160 } from "./permit2.ts";

/** The storage slot of Permit2's `allowance` mapping. */
export const PERMIT2_ALLOWANCE_MAPPING_SLOT = 1n;

const MAX_UINT48 = (1n << 48n) - 1n;

/** `keccak256(key . slot)`: the slot of `mapping[key]` for a mapping at `slot`. */
function mappingSlot(key: Address, slot: Hex): Hex {
  return keccak256(encodeAbiParameters([{ type: "address" }, { type: "bytes32" }], [key, slot]));
}

/** The storage slot of `allowance[owner][token][spender]` in Permit2. */
export function permit2AllowanceSlot(owner: Address, token: Address, spender: Address): Hex {
  const base = pad(toHex(PERMIT2_ALLOWANCE_MAPPING_SLOT), { size: 32 });
  return mappingSlot(spender, mappingSlot(token, mappingSlot(owner, base)));
}

/** A `PackedAllowance` word; a value out of its field's range is refused. */
export function packAllowance(allowance: { amount: bigint; expiration: number; nonce: number }): Hex {
  const { amount, expiration, nonce } = allowance;
  if (amount < 0n || amount > MAX_UINT160) throw new RangeError(`Allowance amount out of uint160: ${amount}`);
  for (const [name, value] of [["expiration", expiration], ["nonce", nonce]] as const) {
    if (!Number.isSafeInteger(value) || value < 0 || BigInt(value) > MAX_UINT48) {
      throw new RangeError(`Allowance ${name} out of uint48: ${value}`);
    }
  }
  return pad(toHex(amount | (BigInt(expiration) << 160n) | (BigInt(nonce) << 208n)), { size: 32 });
}

/**
 * The state override (`eth_simulateV1`/`eth_call` `stateDiff` of Permit2)
 * that gives `spender` the allowance a signed permit would.
 */
export function permitOverride(
  permit2: Address,
  who: { owner: Address; token: Address; spender: Address },
  allowance: { amount: bigint; expiration: number; nonce: number },
): Record<Address, Record<Hex, Hex>> {
  return { [permit2]: { [permit2AllowanceSlot(who.owner, who.token, who.spender)]: packAllowance(allowance) } };
}
