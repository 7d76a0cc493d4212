/**
 * The one cleaning of untrusted text (token names and symbols from the
 * gateway) for everything that shows it: meta tags and the share cards.
 *
 * - {@linkcode cleanText} drops control characters, bidi controls and
 *   invisible (zero-width) characters, collapses whitespace and trims;
 * - {@linkcode truncateText} cuts at a whole user-perceived character
 *   (an `Intl.Segmenter` grapheme: never inside a surrogate pair, an emoji
 *   sequence or a combining sequence) and ends the cut text with `…`;
 * - {@linkcode cardText} is both for the cards, which add their own ellipsis.
 *
 * @module
 */

/** What is read of a text at most: gateway text may be megabytes long. */
const MAX_INPUT = 4096;

/** The ellipsis that ends a cut text. */
export const ELLIPSIS = "…";

/**
 * Bidi controls (embeddings, overrides, isolates, marks), invisible format
 * characters (zero-width space, word joiner, invisible operators, BOM, soft
 * hyphen, Mongolian vowel separator, interlinear annotations), Hangul fillers
 * used as blank names, and unpaired surrogates.
 */
const INVISIBLE =
  /[\u00ad\u061c\u115f\u1160\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb]|\p{Cs}/gu;

/** Control characters other than whitespace (whitespace becomes a space first). */
// deno-lint-ignore no-control-regex
const CONTROLS = /[\x00-\x08\x0e-\x1f\x7f-\x9f]/g;

/**
 * Zero-width joiner and non-joiner are kept only where they join something:
 * inside an emoji sequence (👨‍👩‍👧) or between two letters or marks (Indic
 * conjuncts, Persian words). Anywhere else they only hide text.
 */
const STRAY_JOINER =
  /(?<![\p{L}\p{M}\p{Extended_Pictographic}\p{Emoji_Modifier}\ufe0f])[\u200c\u200d]|[\u200c\u200d](?![\p{L}\p{M}\p{Extended_Pictographic}])/gu;

let segmenter: Intl.Segmenter | null = null;

function graphemes(text: string): Iterable<string> {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/**
 * Text as it may be shown: control characters, bidi controls and invisible
 * characters dropped, runs of whitespace collapsed to one space, trimmed.
 * `fallback` (default `""`) when nothing is left.
 *
 * @example
 * ```ts
 * cleanText("Uni\u202Eswap\u200B  Token\n"); // "Uniswap Token"
 * cleanText("\u200B", "Unknown"); // "Unknown"
 * ```
 */
export function cleanText(text: string | null | undefined, fallback = ""): string {
  if (typeof text !== "string") return fallback;
  const cleaned = text.slice(0, MAX_INPUT)
    .replace(/\s+/gu, " ")
    .replace(CONTROLS, "")
    .replace(INVISIBLE, "")
    .replace(STRAY_JOINER, "")
    .replace(/\s+/gu, " ")
    .trim();
  return cleaned === "" ? fallback : cleaned;
}

/** Options of {@linkcode truncateText}. */
export interface TruncateOptions {
  /** Appended to a cut text and counted in the length (default `…`; `""` for none). */
  readonly ellipsis?: string;
}

/**
 * Cuts `text` to at most `maxLength` UTF-16 code units (so at most that many
 * code points and graphemes as well, however a reader counts), at a grapheme
 * boundary, ending the cut text with `…`. With an ellipsis, a cut prefers
 * the last word break in the final fifth of the room, and trailing spaces and
 * punctuation before the ellipsis are dropped. Text that fits is returned
 * unchanged.
 *
 * @example
 * ```ts
 * truncateText("Swap Wrapped Ether on Uniswap", 13); // "Swap Wrapped…"
 * truncateText("👨‍👩‍👧👨‍👩‍👧", 9); // "👨‍👩‍👧…" (never half a family)
 * ```
 */
export function truncateText(text: string, maxLength: number, options: TruncateOptions = {}): string {
  if (text.length <= maxLength) return text;
  const ellipsis = options.ellipsis ?? ELLIPSIS;
  const room = maxLength - ellipsis.length;
  if (room <= 0) return ellipsis.slice(0, Math.max(0, maxLength));
  let kept = "";
  let lastBreak = -1;
  for (const grapheme of graphemes(text)) {
    if (kept.length + grapheme.length > room) break;
    if (/^\s$/u.test(grapheme)) lastBreak = kept.length;
    kept += grapheme;
  }
  if (ellipsis === "") return kept;
  if (lastBreak > 0 && lastBreak >= room * 0.8) kept = kept.slice(0, lastBreak);
  kept = kept.replace(/(?:(?![)\]"'»”’])[\s\p{P}])+$/u, "");
  return `${kept}${ellipsis}`;
}

/**
 * Cleans and caps text for meta tags: {@linkcode cleanText} then
 * {@linkcode truncateText}.
 */
export function previewText(text: string | null | undefined, maxLength: number): string {
  return truncateText(cleanText(text), maxLength);
}

/** Longest text handed to a card layout; the layout cuts far earlier anyway. */
export const MAX_CARD_TEXT = 120;

/**
 * Text as a share card may draw it: {@linkcode cleanText}, at most
 * {@linkcode MAX_CARD_TEXT} code units cut at a grapheme boundary without an
 * ellipsis (the layout adds its own), or `fallback` when nothing is left.
 */
export function cardText(text: string | null | undefined, fallback: string): string {
  const cleaned = cleanText(text);
  if (!cleaned) return fallback;
  return truncateText(cleaned, MAX_CARD_TEXT, { ellipsis: "" });
}

/**
 * Fills a sentence with untrusted parts so that the whole is at most
 * `maxLength` code units: the fixed words of `build` stay whole, and the
 * parts share the room left (a short part leaves its unused share to the
 * longer ones), each cut with {@linkcode truncateText} if it must be.
 *
 * @example
 * ```ts
 * fitText(70, (s) => `Get ${s} on Uniswap`, ["A".repeat(100)]);
 * // "Get AAAA…A… on Uniswap" (70 code units)
 * ```
 */
export function fitText(maxLength: number, build: (...parts: string[]) => string, parts: readonly string[]): string {
  const fixed = build(...parts.map(() => "")).length;
  let room = Math.max(0, maxLength - fixed);
  const allowance = new Array<number>(parts.length).fill(0);
  const order = parts.map((part, index) => ({ length: part.length, index })).sort((a, b) => a.length - b.length);
  order.forEach(({ length, index }, position) => {
    const share = Math.floor(room / (order.length - position));
    allowance[index] = Math.min(length, share);
    room -= allowance[index];
  });
  return build(...parts.map((part, index) => truncateText(part, allowance[index])));
}
