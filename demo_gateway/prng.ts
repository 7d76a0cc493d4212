/**
 * Seeded randomness for the demo data: the same seed always gives the same
 * numbers, so the demo gateway answers the same data on every run.
 *
 * @module
 */

/** The seed of all demo data. */
export const DEMO_SEED = "uniswap-demo-gateway-v1";

/** FNV-1a hash of a string, as an unsigned 32-bit integer. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A random number generator (mulberry32) returning floats in [0, 1). */
export type Random = () => number;

/** A generator seeded by the demo seed and the given key. */
export function seeded(key: string): Random {
  let state = hash32(`${DEMO_SEED}:${key}`);
  return function next(): number {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A float in [min, max). */
export function between(random: Random, min: number, max: number): number {
  return min + (max - min) * random();
}

/** An integer in [min, max]. */
export function intBetween(random: Random, min: number, max: number): number {
  return Math.floor(between(random, min, max + 1));
}

/** One element of a non-empty list. */
export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

/** A float spread evenly on a log scale between min and max. */
export function logBetween(random: Random, min: number, max: number): number {
  return Math.exp(between(random, Math.log(min), Math.log(max)));
}

/** `0x` and `digits` lower-case hex digits derived from the key. */
export function hexFor(key: string, digits: number): string {
  const random = seeded(`hex:${key}`);
  let out = "0x";
  while (out.length < digits + 2) {
    out += Math.floor(random() * 16).toString(16);
  }
  return out;
}

/** A deterministic EIP-55-looking (mixed case) address for a key. */
export function addressFor(key: string): string {
  const random = seeded(`case:${key}`);
  return "0x" +
    hexFor(key, 40).slice(2).split("").map((c) => /[a-f]/.test(c) && random() < 0.5 ? c.toUpperCase() : c).join("");
}
