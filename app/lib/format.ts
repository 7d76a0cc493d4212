/**
 * Number, date and address formatting for the screens, all through
 * `Intl.NumberFormat` / `Intl.DateTimeFormat` with a fixed `en-US` locale so
 * the server render and the browser hydration print the same text. Dates
 * take the visitor's time zone as an option: the server renders UTC and the
 * browser switches to the visitor's zone after hydration (`app/components/time.tsx`).
 *
 * @module
 */

import { DYNAMIC_FEE_LABEL, feeLabel, type PoolFee } from "../../lib/fees.ts";

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
 * A USD amount: with cents under a million (`$3,177.42`), compact from a
 * million (`$1.2M`), four significant digits under a dollar (`$0.0001234`).
 * `compact: false` never shortens; `compact: true` always does (chart axes:
 * `$2.1K`).
 */
export function formatUsd(
  value: number | null | undefined,
  options: { compact?: boolean } = {},
): string {
  if (!isNumber(value)) return MISSING;
  const abs = Math.abs(value);
  if (abs > 0 && abs < 1) return usdSmall.format(value);
  // Cents under $1M ("$3,177.42", never "$3.2K"): the one rule for every USD amount; compact from a million.
  if (options.compact === true) return usdCompact.format(value);
  if (options.compact === false || abs < 1_000_000) return usdFull.format(value);
  return usdCompact.format(value);
}

/** A token price in USD: always full precision (`$3,012.45`, `$0.9998`). */
export function formatPrice(value: number | null | undefined): string {
  return formatUsd(value, { compact: false });
}

/** A change in percent points rounded as it prints (two decimals), so sign and colour follow the text. */
function shownChange(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value) * 100) / 100;
}

/**
 * A percent change given in percent points (the gateway's convention:
 * `1.5` means +1.5%), with its sign: `+1.50%`, `-0.25%`. A change that
 * rounds to zero prints `0.00%`, without a sign.
 */
export function formatPercentChange(value: number | null | undefined): string {
  if (!isNumber(value)) return MISSING;
  const shown = shownChange(value);
  const text = percent.format(Math.abs(shown) / 100);
  if (shown > 0) return `+${text}`;
  if (shown < 0) return `-${text}`;
  return text;
}

/** A plain percentage given in percent points: `0.3` -> `0.30%`. */
export function formatPercent(value: number | null | undefined): string {
  if (!isNumber(value)) return MISSING;
  return percent.format(value / 100);
}

/**
 * Direction of a change in percent points, for colouring: `up`, `down`, or
 * `flat` when it is missing or rounds to zero (`-0.001` prints `0.00%`).
 */
export function changeDirection(
  value: number | null | undefined,
): "up" | "down" | "flat" {
  if (!isNumber(value)) return "flat";
  const shown = shownChange(value);
  if (shown === 0) return "flat";
  return shown > 0 ? "up" : "down";
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
 * A pool's fee: `0.3%` (the fee tier in hundredths of a basis point), `Dynamic
 * fee` when the hook sets it per swap (`Dynamic` with `short`), `–` when
 * unknown. The label is `lib/fees.ts`'s.
 */
export function formatPoolFee(pool: PoolFee, options: { readonly short?: boolean } = {}): string {
  const label = feeLabel(pool);
  if (label === null) return MISSING;
  return label === DYNAMIC_FEE_LABEL && !options.short ? `${label} fee` : label;
}

/** A shortened address: `0x1234…abcd`. */
export function shortenAddress(address: string | null | undefined): string {
  if (!address) return MISSING;
  if (address.length <= 12) return address;
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/** The time zone dates print in when none is given: the server's render. */
export const DEFAULT_TIME_ZONE = "UTC";

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function cached(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  let format = cache.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(LOCALE, { ...options, timeZone });
    } catch {
      // An unknown zone name: print UTC rather than fail the render.
      format = new Intl.DateTimeFormat(LOCALE, { ...options, timeZone: DEFAULT_TIME_ZONE });
    }
    cache.set(timeZone, format);
  }
  return format;
}

/** Options of the date formatters: the IANA time zone to print in (UTC by default). */
export interface DateOptions {
  readonly timeZone?: string;
}

/**
 * A UNIX timestamp in seconds as a date and time in one style everywhere:
 * `Nov 14, 2023, 10:13 PM UTC` (the zone's short name ends it).
 */
export function formatDateTime(timestamp: number | null | undefined, options: DateOptions = {}): string {
  if (!isNumber(timestamp)) return MISSING;
  return cached(dateTimeFormats, options.timeZone ?? DEFAULT_TIME_ZONE, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(timestamp * 1000));
}

/** A UNIX timestamp in seconds as a date: `Nov 14, 2023`. */
export function formatDate(timestamp: number | null | undefined, options: DateOptions = {}): string {
  if (!isNumber(timestamp)) return MISSING;
  return cached(dateFormats, options.timeZone ?? DEFAULT_TIME_ZONE, { dateStyle: "medium" })
    .format(new Date(timestamp * 1000));
}

/**
 * How long ago a UNIX timestamp (seconds) was, relative to `now`
 * (milliseconds): `45s ago`, `3m ago`, `2h ago`, `5d ago`, or the date.
 * A time after `now` reads `in 3d`, `in 2h`...
 */
export function formatTimeAgo(
  timestamp: number | null | undefined,
  now: number = Date.now(),
  options: DateOptions = {},
): string {
  if (!isNumber(timestamp)) return MISSING;
  const delta = Math.round(now / 1000 - timestamp);
  const seconds = Math.abs(delta);
  const span = seconds < 60
    ? `${seconds}s`
    : seconds < 3600
    ? `${Math.floor(seconds / 60)}m`
    : seconds < 86_400
    ? `${Math.floor(seconds / 3600)}h`
    : seconds < 30 * 86_400
    ? `${Math.floor(seconds / 86_400)}d`
    : null;
  if (span === null) return formatDate(timestamp, options);
  return delta >= 0 ? `${span} ago` : `in ${span}`;
}

const MARKETPLACES: Readonly<Record<string, string>> = {
  OPENSEA: "OpenSea",
  LOOKSRARE: "LooksRare",
  X2Y2: "X2Y2",
  SUDOSWAP: "sudoswap",
  NFTX: "NFTX",
  NFT20: "NFT20",
  FOUNDATION: "Foundation",
  CRYPTOPUNKS: "CryptoPunks",
};

/** The name an NFT marketplace spells itself (`OPENSEA` -> `OpenSea`); unknown values in title case. */
export function marketplaceName(value: string | null | undefined): string {
  if (!value) return MISSING;
  return MARKETPLACES[value.toUpperCase()] ??
    value.toLowerCase().replace(
      /(^|[\s_])(\w)/g,
      (_, sep: string, c: string) => `${sep === "_" ? " " : sep}${c.toUpperCase()}`,
    );
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

/**
 * An amount for reading (balances, amounts in sentences): {@linkcode formatUnitsShort}
 * with its whole part grouped by thousands ("103,177.819615"). Not for input
 * fields: they take {@linkcode formatUnitsShort} or viem's exact `formatUnits`.
 */
export function formatUnitsGrouped(amount: bigint, decimals: number, digits = 6): string {
  const text = formatUnitsShort(amount, decimals, digits);
  const [whole, fraction] = text.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}
