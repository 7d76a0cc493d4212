/**
 * Pool fees, the one home of them: fee tiers in hundredths of a basis point
 * (3000 = 0.3%), the V2 fee, the V3 tiers and their tick spacing, V4's
 * dynamic fee, and the fee's label (`0.3%`, `Dynamic`). Used by the previews,
 * the share cards, the screens, the wallet and the demo gateway.
 *
 * @module
 */

/** The V2 pair fee: always 0.3%, in hundredths of a basis point. */
export const V2_FEE_TIER = 3000;

/** V3 fee tiers (hundredths of a basis point) and their tick spacing. */
export const V3_FEE_TIERS: readonly { readonly fee: number; readonly tickSpacing: number }[] = [
  { fee: 100, tickSpacing: 1 },
  { fee: 500, tickSpacing: 10 },
  { fee: 3000, tickSpacing: 60 },
  { fee: 10000, tickSpacing: 200 },
];

/** V4's flag for a dynamic fee in the fee field. */
export const V4_DYNAMIC_FEE_FLAG = 0x800000;

/** The label of a fee that the pool's hook sets per swap. */
export const DYNAMIC_FEE_LABEL = "Dynamic";

/** What a pool says of its fee. */
export interface PoolFee {
  /** Hundredths of a basis point; `null` or missing when unknown. */
  readonly feeTier?: number | null;
  readonly isDynamicFee?: boolean | null;
  /** `V2`, `V3`, `V4` (any case), when known. */
  readonly protocolVersion?: string | null;
}

/**
 * Whether the pool's fee is set by its hook per swap: the gateway says so, or
 * a V4 pool's fee field holds {@link V4_DYNAMIC_FEE_FLAG}.
 */
export function isDynamicFee(pool: PoolFee): boolean {
  const isV4 = (pool.protocolVersion ?? "").toUpperCase() === "V4";
  return pool.isDynamicFee === true || (isV4 && pool.feeTier === V4_DYNAMIC_FEE_FLAG);
}

/** A fee tier as a percentage, at most four decimals: 3000 -> `0.3%`, 500 -> `0.05%`, 10000 -> `1%`. */
export function feePercent(feeTier: number): string {
  return `${Number((feeTier / 10_000).toFixed(4))}%`;
}

/**
 * The fee's label: {@link DYNAMIC_FEE_LABEL} for a dynamic fee, else the fee
 * tier as a percentage ({@link feePercent}), or `null` when the tier is
 * unknown (not a finite number of at least 0).
 */
export function feeLabel(pool: PoolFee): string | null {
  if (isDynamicFee(pool)) return DYNAMIC_FEE_LABEL;
  const tier = pool.feeTier;
  return typeof tier === "number" && Number.isFinite(tier) && tier >= 0 ? feePercent(tier) : null;
}

/**
 * Yearly fee APR from one day of volume: `volume * fee * 365 / tvl`, in
 * percent points; `null` when TVL or fee is unknown.
 */
export function poolApr(
  volume1d: number | null | undefined,
  feeTier: number | null | undefined,
  tvl: number | null | undefined,
): number | null {
  if (!volume1d || !feeTier || !tvl) return null;
  return ((volume1d * (feeTier / 1_000_000) * 365) / tvl) * 100;
}
