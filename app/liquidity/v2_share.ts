/**
 * The holder's share of a V2 pair: pair tokens over the total supply.
 *
 * @module
 */

/** The holder's share of a pair's supply as a percentage text: "0.0123%", "<0.0001%". */
export function shareText(balance: bigint, totalSupply: bigint): string {
  if (totalSupply === 0n || balance === 0n) return "0%";
  const millionths = balance * 100_000_000n / totalSupply; // of a percent, in millionths
  if (millionths === 0n) return "<0.000001%";
  return `${Number(millionths) / 1_000_000}%`;
}
