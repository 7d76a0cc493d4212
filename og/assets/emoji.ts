/**
 * Emoji drawn as pictures. satori asks for each emoji grapheme in a card
 * (through `loadAdditionalAsset` with code `emoji`); we answer with an SVG
 * data URL from the chosen set. All sets are Iconify JSON packages from npm
 * in `node_modules`. A set is never held whole: on first use its file is
 * indexed (where each icon sits, `iconify.ts`) and each emoji is read from
 * disk when a card needs it. What stays in memory per set is that index and
 * the code point map (a few hundred KB), plus the pictures of recently drawn
 * emoji in one LRU bounded by bytes ({@linkcode EMOJI_CACHE_BYTES}), so
 * `?emoji=` cannot make the process hold the sets.
 *
 * The `blobmoji` set comes from `@iconify-json/noto-v1`, the first Noto Emoji
 * design (the blobs, about 2,100 emoji up to Unicode 9): `@svgmoji/blob`
 * ships no pictures, only code that downloads them from a CDN at run time.
 *
 * `fluent` and `fluentFlat` both draw Microsoft's Fluent Emoji flat design
 * (`@iconify-json/fluent-emoji-flat`). `fluent` once drew the 3D design
 * (`@iconify-json/fluent-emoji`), a 99 MB package that every install carried;
 * the name stays accepted so that shared links keep their emoji, drawn in the
 * flat set of the same family, which names its icons the same way.
 *
 * @module
 */

import { Lru } from "../../lib/lru.ts";
import { memoizeUntilFailure } from "../../lib/memoize.ts";
import { type IconFileIndex, indexIconFile, readCharMap, readIndexedIcon, svgDataUrl } from "./iconify.ts";
import { packageFile } from "../paths.ts";

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
};

/** Sets drawn with another set's pictures: they share its index and its cached pictures. */
const DRAWN_AS: Partial<Record<EmojiSet, EmojiSet>> = {
  fluent: "fluentFlat",
};

const PACKAGES: Readonly<Record<EmojiSet, string>> = {
  twemoji: "@iconify-json/twemoji",
  openmoji: "@iconify-json/openmoji",
  blobmoji: "@iconify-json/noto-v1",
  noto: "@iconify-json/noto",
  fluent: "@iconify-json/fluent-emoji-flat",
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
  index: IconFileIndex;
  chars: Record<string, string>;
}

/** Bytes of emoji pictures (data URLs) kept for reuse across cards. */
export const EMOJI_CACHE_BYTES = 8 * 1024 * 1024;

const pictures = new Lru<string | null>({ maxBytes: EMOJI_CACHE_BYTES, maxEntries: 4096 });

const loadSet = memoizeUntilFailure((set: EmojiSet): Promise<LoadedSet> =>
  Promise.all([
    indexIconFile(packageFile(PACKAGES[set], "icons.json")),
    readCharMap(CHAR_MAPS[set] ?? PACKAGES[set]),
  ]).then(([index, chars]) => ({ index, chars }))
);

/** Bytes held by the emoji pictures kept (for tests and memory figures). */
export function emojiCacheBytes(): number {
  return pictures.bytes;
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
  const drawn = DRAWN_AS[set] ?? set;
  const cacheKey = `${drawn}:${grapheme}`;
  const cached = pictures.get(cacheKey);
  if (cached !== undefined) return cached;
  const { index, chars } = await loadSet(drawn);
  const full = emojiCodePoints(grapheme);
  const bare = emojiCodePoints(grapheme.replaceAll("\ufe0f", ""));
  const points = Array.from(grapheme.replaceAll("\ufe0f", ""));
  const withSelector = emojiCodePoints(
    [points[0], "\ufe0f", ...points.slice(1)].join(""),
  );
  let result: string | null = null;
  for (const key of [full, bare, withSelector]) {
    const name = Object.hasOwn(chars, key) ? chars[key] : undefined;
    const svg = name ? await readIndexedIcon(index, name) : null;
    if (svg) {
      result = svgDataUrl(svg);
      break;
    }
  }
  pictures.set(cacheKey, result, (result?.length ?? 0) + cacheKey.length * 2 + 64);
  return result;
}
