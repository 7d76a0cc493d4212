/**
 * The storage of a deployed `DemoToken` (`contracts/DemoToken.sol`), so that
 * the demo chain writes its 400-odd tokens with `anvil_setStorageAt` instead
 * of running as many constructors (each its own block): the same state, in a
 * few batched requests. The layout is the contract's: slot 0 `name`, 1
 * `symbol`, 2 `decimals`, 3 `totalSupply`, 4 `balanceOf`, 5 `allowance`; a
 * string of at most 31 bytes sits in its slot with twice its length in the
 * last byte, a longer one is `2 * length + 1` there and its bytes from
 * `keccak256(slot)` on. `chain_test.ts` reads every token back.
 *
 * @module
 */
import { encodeAbiParameters, type Hex, keccak256, pad, toHex } from "viem";
import type { Address } from "../lib/address.ts";

/** One storage word: slot and value, both 32-byte hex. */
export interface StorageWord {
  readonly slot: Hex;
  readonly value: Hex;
}

const NAME_SLOT = 0n;
const SYMBOL_SLOT = 1n;
const DECIMALS_SLOT = 2n;
const TOTAL_SUPPLY_SLOT = 3n;
const BALANCE_OF_SLOT = 4n;

const word = (value: bigint): Hex => pad(toHex(value), { size: 32 });

/** The storage words of a Solidity `string` at `slot`. */
export function stringWords(slot: bigint, text: string): StorageWord[] {
  const bytes = new TextEncoder().encode(text);
  if (bytes.length <= 31) {
    const padded = new Uint8Array(32);
    padded.set(bytes);
    padded[31] = bytes.length * 2;
    return [{ slot: word(slot), value: toHex(padded) }];
  }
  const words: StorageWord[] = [{ slot: word(slot), value: word(BigInt(bytes.length * 2 + 1)) }];
  const start = BigInt(keccak256(word(slot)));
  for (let i = 0; i * 32 < bytes.length; i++) {
    const chunk = new Uint8Array(32);
    chunk.set(bytes.subarray(i * 32, i * 32 + 32));
    words.push({ slot: word(start + BigInt(i)), value: toHex(chunk) });
  }
  return words;
}

/** The slot of `balanceOf[holder]`. */
export function balanceSlot(holder: Address): Hex {
  return keccak256(encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [holder, BALANCE_OF_SLOT]));
}

/** Every storage word of a `DemoToken` constructed with these arguments. */
export function demoTokenStorage(token: {
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
  readonly holders: readonly Address[];
  readonly amounts: readonly bigint[];
}): StorageWord[] {
  const balances = new Map<string, { holder: Address; amount: bigint }>();
  token.holders.forEach((holder, i) => {
    const entry = balances.get(holder.toLowerCase()) ?? { holder, amount: 0n };
    entry.amount += token.amounts[i];
    balances.set(holder.toLowerCase(), entry);
  });
  const supply = token.amounts.reduce((sum, amount) => sum + amount, 0n);
  return [
    ...stringWords(NAME_SLOT, token.name),
    ...stringWords(SYMBOL_SLOT, token.symbol),
    { slot: word(DECIMALS_SLOT), value: word(BigInt(token.decimals)) },
    { slot: word(TOTAL_SUPPLY_SLOT), value: word(supply) },
    ...[...balances.values()].map(({ holder, amount }) => ({ slot: balanceSlot(holder), value: word(amount) })),
  ];
}
