/**
 * Number, date and address formatting for the screens, all through
 * `Intl.NumberFormat` / `Intl.DateTimeFormat` with a fixed `en-US` locale so
 * the server render and the browser hydration print the same text.
 *
 * @module
 */

const LOCALE = "en-US";
/** Shown where a value is missing. */
export const MISSING = "–";

const usdCompact = new Intl.NumberFormat(LOCALE, {
  style: "currency",
  currency: "USD",
  notation: "compact",
  maximumFractionDigits: 1,
});
const usdFull = new Intl.NumberFormat(LOCALE, {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const usdSmall = new Intl.NumberFormat(LOCALE, {
  style: "currency",
  currency: "USD",
  maximumSignificantDigits: 4,
});
const percent = new Intl.NumberFormat(LOCALE, {
  style: "percent",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const compact = new Intl.NumberFormat(LOCALE, {
  notation: "compact",
  maximumFractionDigits: 2,
});
const amountLarge = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });
const amountSmall = new Intl.NumberFormat(LOCALE, {
  maximumSignificantDigits: 4,
});
const integer = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });

function isNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/**
 * A USD amount: compact (`$1.2M`) by default, with cents for amounts under a
 * thousand and four significant digits under a dollar (`$0.0001234`).
 */
export function formatUsd(
  value: number | null | undefined,
  options: { compact?: boolean } = {},
): string {
  if (!isNumber(value)) return MISSING;
  const abs = Math.abs(value);
  if (abs > 0 && abs < 1) return usdSmall.format(value);
  if (options.compact === false || abs < 1_000) return usdFull.format(value);
  return usdCompact.format(value);
}

/** A token price in USD: always full precision (`$3,012.45`, `$0.9998`). */
export function formatPrice(value: number | null | undefined): string {
  return formatUsd(value, { compact: false });
}

/**
 * A percent change given in percent points (the gateway's convention:
 * `1.5` means +1.5%), with its sign: `+1.50%`, `-0.25%`.
 */
export function formatPercentChange(value: number | null | undefined): string {
  if (!isNumber(value)) return MISSING;
  const text = percent.format(Math.abs(value) / 100);
  if (value > 0) return `+${text}`;
  if (value < 0) return `-${text}`;
  return text;
}

/** A plain percentage given in percent points: `0.3` -> `0.30%`. */
export function formatPercent(value: number | null | undefined): string {
  if (!isNumber(value)) return MISSING;
  return percent.format(value / 100);
}

/** Direction of a change, for colouring: `up`, `down` or `flat`. */
export function changeDirection(
  value: number | null | undefined,
): "up" | "down" | "flat" {
  if (!isNumber(value) || value === 0) return "flat";
  return value > 0 ? "up" : "down";
}

/** A large count: `12.3K`, `4.5M`. */
export function formatCompact(value: number | null | undefined): string {
  if (!isNumber(value)) return MISSING;
  return compact.format(value);
}

/** An integer count with grouping: `12,345`. */
export function formatInteger(value: number | null | undefined): string {
  if (!isNumber(value)) return MISSING;
  return integer.format(value);
}

/**
 * A token quantity (the gateway sends quantities as decimal strings or
 * numbers): two decimals at or above 1, four significant digits below,
 * compact above a million. Negative quantities print their absolute value.
 */
export function formatAmount(
  value: number | string | null | undefined,
): string {
  const n = typeof value === "string" ? Number(value) : value;
  if (!isNumber(n)) return MISSING;
  const abs = Math.abs(n);
  if (abs >= 1_000_000) return compact.format(abs);
  if (abs >= 1 || abs === 0) return amountLarge.format(abs);
  if (abs < 0.0001) return "<0.0001";
  return amountSmall.format(abs);
}

/**
 * A fee tier from the gateway (hundredths of a basis point: 3000 = 0.3%):
 * `0.3%`, `0.05%`, `1%`.
 */
export function formatFeeTier(feeTier: number | null | undefined): string {
  if (!isNumber(feeTier)) return MISSING;
  return `${Number((feeTier / 10_000).toFixed(4))}%`;
}

/** A shortened address: `0x1234…abcd`. */
export function shortenAddress(address: string | null | undefined): string {
  if (!address) return MISSING;
  if (address.length <= 12) return address;
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}

const dateTime = new Intl.DateTimeFormat(LOCALE, {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});
const dateOnly = new Intl.DateTimeFormat(LOCALE, {
  dateStyle: "medium",
  timeZone: "UTC",
});

/** A UNIX timestamp in seconds as a UTC date and time. */
export function formatDateTime(timestamp: number | null | undefined): string {
  if (!isNumber(timestamp)) return MISSING;
  return `${dateTime.format(new Date(timestamp * 1000))} UTC`;
}

/** A UNIX timestamp in seconds as a UTC date. */
export function formatDate(timestamp: number | null | undefined): string {
  if (!isNumber(timestamp)) return MISSING;
  return dateOnly.format(new Date(timestamp * 1000));
}

/**
 * How long ago a UNIX timestamp (seconds) was, relative to `now`
 * (milliseconds): `45s ago`, `3m ago`, `2h ago`, `5d ago`, or the date.
 */
export function formatTimeAgo(
  timestamp: number | null | undefined,
  now: number = Date.now(),
): string {
  if (!isNumber(timestamp)) return MISSING;
  const seconds = Math.max(0, Math.round(now / 1000 - timestamp));
  if (seconds < 60) return `${seconds}s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h ago`;
  if (seconds < 30 * 86_400) return `${Math.floor(seconds / 86_400)}d ago`;
  return formatDate(timestamp);
}
