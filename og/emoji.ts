/**
 * Emoji drawn as pictures. satori asks for each emoji grapheme in a card
 * (through `loadAdditionalAsset` with code `emoji`); we answer with an SVG
 * data URL from the chosen set. All sets are Iconify JSON packages from npm,
 * read from `node_modules` on first use and kept in memory.
 *
 * The `blobmoji` set comes from `@iconify-json/noto-v1`, the first Noto Emoji
 * design (the blobs, about 2,100 emoji up to Unicode 9): `@svgmoji/blob`
 * ships no pictures, only code that downloads them from a CDN at run time.
 *
 * @module
 */

import { type IconSet, iconSvg, readCharMap, readIconSet, svgDataUrl } from "./iconify.ts";

/** Names accepted in the `emoji=` query parameter. */
export const EMOJI_SETS = [
  "twemoji",
  "openmoji",
  "blobmoji",
  "noto",
  "fluent",
  "fluentFlat",
] as const;

/** One of {@linkcode EMOJI_SETS}. */
export type EmojiSet = typeof EMOJI_SETS[number];

/** The set used when the request names none or an unknown one. */
export const DEFAULT_EMOJI_SET: EmojiSet = "twemoji";

/**
 * Sets whose package has an empty `chars.json` borrow the code point to name
 * map of a set that uses the same icon names.
 */
const CHAR_MAPS: Partial<Record<EmojiSet, string>> = {
  blobmoji: "@iconify-json/noto",
  fluent: "@iconify-json/fluent-emoji-flat",
};

const PACKAGES: Readonly<Record<EmojiSet, string>> = {
  twemoji: "@iconify-json/twemoji",
  openmoji: "@iconify-json/openmoji",
  blobmoji: "@iconify-json/noto-v1",
  noto: "@iconify-json/noto",
  fluent: "@iconify-json/fluent-emoji",
  fluentFlat: "@iconify-json/fluent-emoji-flat",
};

/**
 * The emoji set named by a query value; unknown or missing values give the
 * default set (twemoji).
 */
export function parseEmojiSet(value: string | null | undefined): EmojiSet {
  return (EMOJI_SETS as readonly string[]).includes(value ?? "") ? value as EmojiSet : DEFAULT_EMOJI_SET;
}

interface LoadedSet {
  icons: IconSet;
  chars: Record<string, string>;
}

const loaded = new Map<EmojiSet, Promise<LoadedSet>>();
const pictures = new Map<string, string | null>();

function loadSet(set: EmojiSet): Promise<LoadedSet> {
  let pending = loaded.get(set);
  if (!pending) {
    pending = Promise.all([
      readIconSet(PACKAGES[set]),
      readCharMap(CHAR_MAPS[set] ?? PACKAGES[set]),
    ]).then(([icons, chars]) => ({ icons, chars }));
    pending.catch(() => loaded.delete(set));
    loaded.set(set, pending);
  }
  return pending;
}

/** Code points of `text` in lower-case hex joined by `-`. */
export function emojiCodePoints(text: string): string {
  return Array.from(text, (ch) => ch.codePointAt(0)!.toString(16)).join("-");
}

/**
 * The picture of one emoji grapheme as an SVG data URL, or `null` when the
 * set has none. Tries the grapheme as given, then without variation
 * selectors (U+FE0F), then with one after the first code point.
 */
export async function emojiDataUrl(
  set: EmojiSet,
  grapheme: string,
): Promise<string | null> {
  const cacheKey = `${set}:${grapheme}`;
  const cached = pictures.get(cacheKey);
  if (cached !== undefined) return cached;
  const { icons, chars } = await loadSet(set);
  const full = emojiCodePoints(grapheme);
  const bare = emojiCodePoints(grapheme.replaceAll("\ufe0f", ""));
  const points = Array.from(grapheme.replaceAll("\ufe0f", ""));
  const withSelector = emojiCodePoints(
    [points[0], "\ufe0f", ...points.slice(1)].join(""),
  );
  let result: string | null = null;
  for (const key of [full, bare, withSelector]) {
    const name = chars[key];
    const svg = name ? iconSvg(icons, name) : null;
    if (svg) {
      result = svgDataUrl(svg);
      break;
    }
  }
  if (pictures.size > 4096) pictures.clear();
  pictures.set(cacheKey, result);
  return result;
}
