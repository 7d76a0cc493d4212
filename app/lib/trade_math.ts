/**
 * The numbers of a trade: slippage and deadline settings, minimum received
 * and maximum sold, price impact, and decimal amounts to and from base units.
 * Pure functions on bigints: no floating point touches an amount.
 *
 * @module
 */

/** Default slippage tolerance: 0.5 % (50 basis points). */
export const DEFAULT_SLIPPAGE_BPS = 50;
/** Above this the screen warns (5 %). */
export const WARN_SLIPPAGE_BPS = 500;
/** Above this the screen refuses (50 %). */
export const MAX_SLIPPAGE_BPS = 5000;
/** Below this (0.05 %) a trade is likely to fail as prices move between signing and mining: warned. */
export const LOW_SLIPPAGE_BPS = 5;
/** Default deadline: 30 minutes. */
export const DEFAULT_DEADLINE_MINUTES = 30;

/** A slippage setting as the screen judges it. */
export type SlippageCheck =
  | { readonly ok: true; readonly bps: number; readonly warning: string | null }
  | { readonly ok: false; readonly error: string };

/**
 * Parses a slippage tolerance in percent (`"0.5"`, at most two decimals) into
 * basis points: warns under 0.05 % (the trade may fail) and above 5 %, refuses
 * above 50 % or when unreadable.
 */
export function parseSlippage(percent: string): SlippageCheck {
  const text = percent.trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) {
    return { ok: false, error: `Cannot parse slippage "${percent}": expected a percentage like 0.5` };
  }
  const [whole, fraction = ""] = text.split(".");
  const bps = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (bps > MAX_SLIPPAGE_BPS) {
    return { ok: false, error: `Slippage ${text}% is refused: at most ${MAX_SLIPPAGE_BPS / 100}%` };
  }
  const warning = bps > WARN_SLIPPAGE_BPS
    ? `Slippage ${text}% is high: the trade may be front-run and return much less`
    : bps < LOW_SLIPPAGE_BPS
    ? `Slippage ${text}% is very low: the transaction may fail if the price moves before it is mined`
    : null;
  return { ok: true, bps, warning };
}

/** Parses a deadline in whole minutes (1 to 4320, three days). */
export function parseDeadline(minutes: string): { ok: true; minutes: number } | { ok: false; error: string } {
  const text = minutes.trim();
  if (!/^\d{1,4}$/.test(text) || Number(text) < 1 || Number(text) > 4320) {
    return { ok: false, error: `Cannot parse deadline "${minutes}": expected whole minutes from 1 to 4320` };
  }
  return { ok: true, minutes: Number(text) };
}

/** A transaction deadline `minutes` from `now` (milliseconds), in Unix seconds as the routers take it. */
export function deadlineAfter(minutes: number, now: number = Date.now()): bigint {
  return BigInt(Math.floor(now / 1000) + minutes * 60);
}

/** Raised when a trade's bound would be zero or the setting is out of range. */
export class TradeBoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TradeBoundError";
  }
}

function checkBps(bps: number): void {
  if (!Number.isInteger(bps) || bps < 0 || bps > MAX_SLIPPAGE_BPS) {
    throw new TradeBoundError(`Cannot use slippage of ${bps} basis points: expected 0 to ${MAX_SLIPPAGE_BPS}`);
  }
}

/**
 * The least the trade may return: the quote less the slippage, rounded down.
 * Never 0: a quote or slippage that would give 0 throws.
 */
export function minimumReceived(quotedOut: bigint, slippageBps: number): bigint {
  checkBps(slippageBps);
  const minimum = quotedOut * BigInt(10_000 - slippageBps) / 10_000n;
  if (minimum <= 0n) throw new TradeBoundError("Cannot trade: the minimum received would be 0");
  return minimum;
}

/** The most an exact-output trade may take: the quote plus the slippage, rounded up. */
export function maximumSold(quotedIn: bigint, slippageBps: number): bigint {
  checkBps(slippageBps);
  if (quotedIn <= 0n) throw new TradeBoundError("Cannot trade: the quoted input is 0");
  return (quotedIn * BigInt(10_000 + slippageBps) + 9_999n) / 10_000n;
}

/**
 * Price impact in basis points: how much worse the trade's rate is than the
 * rate of a tiny probe trade along the same route (fees cancel out).
 */
export function priceImpactBps(
  amountIn: bigint,
  amountOut: bigint,
  probeIn: bigint,
  probeOut: bigint,
): number {
  if (amountIn <= 0n || probeIn <= 0n || probeOut <= 0n) return 0;
  // rate = out/in; impact = 1 - rate / probeRate
  const scaled = amountOut * probeIn * 10_000n / (amountIn * probeOut);
  const impact = 10_000n - scaled;
  return impact < 0n ? 0 : Number(impact);
}

/** Base units of a decimal amount (`"1.5"`, 18 decimals); `null` if unreadable or too precise. */
export function parseAmount(text: string, decimals: number): bigint | null {
  const value = text.trim();
  if (!/^\d*(\.\d*)?$/.test(value) || value === "" || value === ".") return null;
  const [whole, fraction = ""] = value.split(".");
  if (fraction.length > decimals) return null;
  return BigInt(whole || "0") * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, "0") || "0");
}

// Token amounts print through the one formatter of app/lib/format.ts.
import { formatUnitsShort } from "./format.ts";
export { formatUnitsGrouped, formatUnitsShort } from "./format.ts";

/** Price impact from which the quote warns and names the impact (5 %). */
export const IMPACT_WARN_BPS = 500;
/** Price impact from which a swap needs an explicit acknowledgement before it can be sent (15 %). */
export const IMPACT_ACK_BPS = 1500;

/** How a price impact reads: under 1 % neutral, 1-5 % notice, 5-15 % warning, 15 % and more danger. */
export type ImpactTone = "neutral" | "notice" | "warning" | "danger";

/** The band of a price impact in basis points. */
export function impactTone(bps: number): ImpactTone {
  if (bps >= IMPACT_ACK_BPS) return "danger";
  if (bps >= IMPACT_WARN_BPS) return "warning";
  if (bps >= 100) return "notice";
  return "neutral";
}

/** A price impact as people read it: `48.71%`. */
export function formatImpact(bps: number): string {
  return `${(bps / 100).toFixed(2)}%`;
}

/** The sentence a person ticks to accept a high impact: `I accept losing about 48.7%`. */
export function impactAcknowledgement(bps: number): string {
  return `I accept losing about ${(bps / 100).toFixed(1)}%`;
}

/** An acknowledged impact: the quote's inputs and the impact the person accepted. */
export interface ImpactAck {
  readonly key: string;
  readonly bps: number;
}

/**
 * Whether a swap may be sent as far as its price impact goes: below
 * {@linkcode IMPACT_ACK_BPS} always; at or above it only with an
 * acknowledgement given for the same inputs and an impact at most 0.1 point
 * lower than now (a new amount, a new pair or a worse quote needs a new one).
 */
export function impactAccepted(bps: number | null, key: string, ack: ImpactAck | null): boolean {
  if (bps === null) return false;
  if (bps < IMPACT_ACK_BPS) return true;
  return ack !== null && ack.key === key && bps <= ack.bps + 10;
}

/** The least and most "auto" slippage (0.5 % and 5.5 %, as app.uniswap.org). */
export const AUTO_SLIPPAGE_MIN_BPS = 50;
export const AUTO_SLIPPAGE_MAX_BPS = 550;

/**
 * The "auto" slippage of a trade: the network fee's share of what the trade
 * returns (a small trade pays proportionally more gas, so its bound must be
 * looser for it to go through at all), between 0.5 % and 5.5 %. Without a
 * fee figure, 0.5 %.
 */
export function autoSlippageBps(feeInOutput: bigint | null, amountOut: bigint): number {
  if (feeInOutput === null || amountOut <= 0n || feeInOutput <= 0n) return AUTO_SLIPPAGE_MIN_BPS;
  const share = Number((feeInOutput * 10_000n + amountOut - 1n) / amountOut);
  return Math.min(AUTO_SLIPPAGE_MAX_BPS, Math.max(AUTO_SLIPPAGE_MIN_BPS, share));
}

/** The USD worth of `amount` base units at `priceUsd` a whole token; `null` without a price. */
export function usdValue(amount: bigint, decimals: number, priceUsd: number | null | undefined): number | null {
  if (priceUsd === null || priceUsd === undefined || !Number.isFinite(priceUsd)) return null;
  return Number(formatUnitsShort(amount, decimals, 12)) * priceUsd;
}

/**
 * Base units of one token worth `amount` base units of another at their USD
 * prices (an estimate, for comparing routes net of gas and for the auto
 * slippage: never for a bound); `null` without both prices.
 */
export function convertByPrice(
  amount: bigint,
  from: { readonly decimals: number; readonly priceUsd: number | null | undefined },
  to: { readonly decimals: number; readonly priceUsd: number | null | undefined },
): bigint | null {
  const usd = usdValue(amount, from.decimals, from.priceUsd);
  if (usd === null || !to.priceUsd || to.priceUsd <= 0) return null;
  const whole = usd / to.priceUsd;
  if (!Number.isFinite(whole) || whole < 0) return null;
  // 15 significant digits of the float, then scaled to the token's decimals.
  const [mantissa, exponent] = whole.toExponential(14).split("e");
  const shift = Number(exponent) - 14 + to.decimals;
  const digits = BigInt(mantissa.replace(".", ""));
  return shift >= 0 ? digits * 10n ** BigInt(shift) : digits / 10n ** BigInt(-shift);
}
