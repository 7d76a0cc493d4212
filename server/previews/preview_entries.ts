/**
 * What the preview readers share (`previews.ts` and `nft_previews.ts`, both
 * above this module): checks of cached entries, the cleaning of gateway text
 * and numbers, and the read-through of the preview cache's type.
 *
 * @module
 */
import type { Validator } from "../cache/json_store.ts";
import type { PreviewCacheKey } from "../cache/cache_keys.ts";
import type { SingleFlight } from "../../lib/single_flight.ts";
import { cleanText, MAX_CARD_TEXT, truncateText } from "../../lib/text.ts";

/** Whether a cached value is text that is not empty, or null. */
export function isNullableText(value: unknown): value is string | null {
  return value === null || (typeof value === "string" && value.length > 0);
}

/** Whether a value is a plain object (a cached entry). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Whether a cached value is a finite number, null or missing. */
export function isOptionalNumber(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "number" && Number.isFinite(value));
}

/** A gateway number if it is a finite one, else `null`. */
export function finite(value: number | null | undefined): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** A gateway string field (a URL), or null when it is missing or blank. */
export function present(value: string | null | undefined): string | null {
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

/**
 * A gateway name or symbol as it may be shown (`lib/text.ts`: controls, bidi
 * and invisible characters dropped, at most {@linkcode MAX_CARD_TEXT} code
 * units), or null when nothing is left.
 */
export function displayText(value: string | null | undefined): string | null {
  const cleaned = cleanText(value);
  return cleaned === "" ? null : truncateText(cleaned, MAX_CARD_TEXT);
}

/**
 * Reads a preview entry through the cache: the cached entry if valid, else the
 * fetched one (cached when not null); concurrent reads of one key share one flight.
 */
export type ReadThrough = <T>(
  flight: SingleFlight<T | null>,
  key: PreviewCacheKey,
  validate: Validator<T>,
  fetch: () => Promise<T | null>,
) => Promise<T | null>;
