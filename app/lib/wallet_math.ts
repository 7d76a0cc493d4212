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
/** Default deadline: 30 minutes. */
export const DEFAULT_DEADLINE_MINUTES = 30;

/** A slippage setting as the screen judges it. */
export type SlippageCheck =
  | { readonly ok: true; readonly bps: number; readonly warning: string | null }
  | { readonly ok: false; readonly error: string };

/**
 * Parses a slippage tolerance in percent (`"0.5"`, at most two decimals) into
 * basis points: warns above 5 %, refuses above 50 % or when unreadable.
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

/** A decimal string of base units, with at most `digits` significant fraction digits. */
export function formatUnitsShort(amount: bigint, decimals: number, digits = 6): string {
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  const base = 10n ** BigInt(decimals);
  const whole = abs / base;
  let fraction = (abs % base).toString().padStart(decimals, "0");
  if (whole > 0n) fraction = fraction.slice(0, digits);
  else {
    const first = fraction.search(/[1-9]/);
    fraction = first === -1 ? "" : fraction.slice(0, first + digits);
  }
  fraction = fraction.replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}
