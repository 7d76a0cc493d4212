/**
 * Fonts for the share images.
 *
 * - The default font is Inter 700 (static instances from `@fontsource/inter`,
 *   copied into `static/fonts/` by `scripts/copy_fonts.ts` and committed). It is
 *   read from the static folder once per handler; a missing file fails the
 *   render (and is read again on the next one). There is no HTTP fallback:
 *   the app's own origin serves the same `static/` folder, so it could
 *   rescue nothing.
 * - Text in other scripts gets a Noto Sans fallback per script, read from
 *   `static/fonts/noto/`: exactly the files the cards use (one weight of
 *   each `@fontsource/noto-sans-*` package, WOFF, about 19 MB), copied and
 *   committed by `scripts/copy_fonts.ts` with a manifest of their unicode ranges
 *   (`fallbacks.json`), so the packages (about 307 MB installed) need not be
 *   installed. Only the subset files that cover the characters of the card
 *   are loaded, lazily, and kept in memory. A fallback that cannot be loaded
 *   is logged as `Failed to load dynamic font` and skipped.
 *
 * @module
 */

import { errorText, logger } from "../log.ts";
import { memoizeUntilFailure } from "../../lib/memoize.ts";
import { STATIC_DIR } from "../paths.ts";
import { woffToSfnt } from "./woff.ts";

/** A font as satori takes it. */
export interface CardFont {
  readonly name: string;
  readonly data: ArrayBuffer;
  readonly weight: 400 | 700;
  readonly style: "normal";
  readonly lang?: string;
}

/** Family name the cards use in `fontFamily`. */
export const DEFAULT_FONT_FAMILY = "Inter";

/** Files of the default font in `static/fonts/`, latin first. */
export const DEFAULT_FONT_FILES: readonly string[] = [
  "inter-latin-700-normal.woff",
  "inter-latin-ext-700-normal.woff",
  "inter-cyrillic-700-normal.woff",
  "inter-cyrillic-ext-700-normal.woff",
  "inter-greek-700-normal.woff",
  "inter-vietnamese-700-normal.woff",
];

function fontNameOf(file: string): string {
  const subset = file.replace(/^inter-/, "").replace(/-700-normal\.woff$/, "");
  return subset === "latin" ? DEFAULT_FONT_FAMILY : `${DEFAULT_FONT_FAMILY} ${subset}`;
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.byteLength === bytes.byteLength &&
      bytes.buffer instanceof ArrayBuffer
    ? bytes.buffer
    : bytes.slice().buffer;
}

async function readDefaultFont(staticDir: string, file: string): Promise<ArrayBuffer> {
  const path = `${staticDir.replace(/\/$/, "")}/fonts/${file}`;
  try {
    // unpacked here with the native zlib: satori would inflate it in JavaScript (woff.ts)
    return toArrayBuffer(woffToSfnt(await Deno.readFile(path)));
  } catch (error) {
    throw new Error(`Cannot read font "${file}" from ${path}: ${(error as Error).message}`);
  }
}

/** Loads the default fonts once and hands out the same objects after. */
export interface DefaultFontLoader {
  /** The default fonts. */
  load(): Promise<readonly CardFont[]>;
}

function readDefaultFonts(staticDir: string): Promise<ArrayBuffer[]> {
  return Promise.all(DEFAULT_FONT_FILES.map((file) => readDefaultFont(staticDir, file)));
}

/**
 * The default fonts in `{staticDir}/fonts/`, unpacked, in
 * {@linkcode DEFAULT_FONT_FILES} order: read once per process (a failed
 * read is retried on the next call) and kept (about 230 KB). The render
 * pool's process hands them to each render worker it starts
 * (`render_process.ts`), so a new worker neither reads nor unpacks them on
 * its way to its first card.
 */
export const defaultFontData: (staticDir: string) => Promise<readonly ArrayBuffer[]> = memoizeUntilFailure(
  readDefaultFonts,
);

/**
 * Creates a loader for the default fonts in `{staticDir}/fonts/`. The fonts
 * are read on the first `load` and kept; a failed load is retried on the
 * next call. `data`, when given, is the fonts already read and unpacked
 * ({@linkcode defaultFontData}, e.g. from another process): nothing is read
 * then. The same font objects are returned every time, so satori's
 * parsed-font cache (keyed by the data buffer) is hit on every render.
 */
export function createDefaultFontLoader(staticDir: string, data?: readonly ArrayBuffer[]): DefaultFontLoader {
  const given = data?.length === DEFAULT_FONT_FILES.length ? data : undefined;
  const load = memoizeUntilFailure(async () => {
    const buffers = given ?? await readDefaultFonts(staticDir);
    return DEFAULT_FONT_FILES.map((file, i): CardFont => ({
      name: fontNameOf(file),
      data: buffers[i],
      weight: 700,
      style: "normal",
    }));
  });
  return { load };
}

/** satori language codes that may be given as a font's `lang`. */
const SATORI_LANGS = new Set([
  "ja-JP",
  "ko-KR",
  "zh-CN",
  "zh-TW",
  "zh-HK",
  "th-TH",
  "bn-IN",
  "ar-AR",
  "ta-IN",
  "ml-IN",
  "he-IL",
  "te-IN",
  "devanagari",
  "kannada",
  "symbol",
  "math",
]);

/** Where the fallback fonts and their manifest are (committed; see `scripts/copy_fonts.ts`). */
export const FALLBACK_FONT_DIR = `${STATIC_DIR}/fonts/noto/`;

/** The manifest of {@linkcode FALLBACK_FONT_DIR}, written by `scripts/copy_fonts.ts`. */
export const FALLBACK_MANIFEST = "fallbacks.json";

/** The fallback font (a fontsource id, e.g. `noto-sans-jp`) for each satori language code. */
export const FALLBACK_PACKAGES: Readonly<Record<string, string>> = {
  "ja-JP": "noto-sans-jp",
  "ko-KR": "noto-sans-kr",
  "zh-CN": "noto-sans-sc",
  "zh-TW": "noto-sans-tc",
  "zh-HK": "noto-sans-tc",
  "th-TH": "noto-sans-thai",
  "bn-IN": "noto-sans-bengali",
  "ar-AR": "noto-sans-arabic",
  "ta-IN": "noto-sans-tamil",
  "ml-IN": "noto-sans-malayalam",
  "he-IL": "noto-sans-hebrew",
  "te-IN": "noto-sans-telugu",
  devanagari: "noto-sans-devanagari",
  kannada: "noto-sans-kannada",
  symbol: "noto-sans-symbols",
  math: "noto-sans-math",
  unknown: "noto-sans",
};

/** Tried after the script's own font for characters it does not cover. */
const GENERIC_CHAIN = [
  "noto-sans",
  "noto-sans-symbols",
  "noto-sans-math",
];

/** One unicode-range subset file of a fallback font. */
export interface FontSubset {
  /** Subset key as in the fontsource package's `unicode.json`: `latin`, `[12]`, ... */
  readonly key: string;
  /** Inclusive code point ranges. */
  readonly ranges: readonly (readonly [number, number])[];
  /** Absolute path of the `.woff` file. */
  readonly file: string;
}

/** A fallback font's family, weight and subsets. */
export interface FontPackage {
  readonly family: string;
  readonly weight: 400 | 700;
  readonly subsets: readonly FontSubset[];
}

/** One font of the manifest, as `scripts/copy_fonts.ts` writes it. */
export interface ManifestFont {
  /** The npm package the files were copied from, with its version. */
  readonly source: string;
  readonly family: string;
  readonly weight: 400 | 700;
  /** Subset key, CSS unicode-range, file name in the fallback folder. */
  readonly subsets: readonly { readonly key: string; readonly unicodeRange: string; readonly file: string }[];
}

/** The manifest of the fallback fonts. */
export interface FallbackManifest {
  readonly note: string;
  /** Font id (`noto-sans-jp`) to its files. */
  readonly fonts: Readonly<Record<string, ManifestFont>>;
}

/**
 * Parses a CSS `unicode-range` value (`U+0000-00FF,U+0131,U+4??`) into
 * inclusive code point ranges.
 */
export function parseUnicodeRange(
  value: string,
): [number, number][] {
  const ranges: [number, number][] = [];
  for (const raw of value.split(",")) {
    const part = raw.trim().replace(/^U\+/i, "");
    if (!part) continue;
    let start: number;
    let end: number;
    if (part.includes("?")) {
      start = parseInt(part.replaceAll("?", "0"), 16);
      end = parseInt(part.replaceAll("?", "f"), 16);
    } else if (part.includes("-")) {
      const [a, b] = part.split("-");
      start = parseInt(a, 16);
      end = parseInt(b, 16);
    } else {
      start = end = parseInt(part, 16);
    }
    if (Number.isNaN(start) || Number.isNaN(end)) {
      throw new Error(`Cannot parse unicode-range "${raw.trim()}"`);
    }
    ranges.push([start, end]);
  }
  return ranges;
}

const fontFiles = new Map<string, Promise<ArrayBuffer>>();
const readManifest: () => Promise<FallbackManifest> = memoizeUntilFailure(() =>
  Deno.readTextFile(`${FALLBACK_FONT_DIR}${FALLBACK_MANIFEST}`).then((text) => JSON.parse(text))
);

async function readFontPackage(id: string): Promise<FontPackage> {
  const { fonts } = await readManifest();
  if (!Object.hasOwn(fonts, id)) {
    throw new Error(`Cannot find fallback font "${id}" in static/fonts/noto/${FALLBACK_MANIFEST}`);
  }
  const font = fonts[id];
  return {
    family: font.family,
    weight: font.weight,
    subsets: font.subsets.map((subset) => ({
      key: subset.key,
      ranges: parseUnicodeRange(subset.unicodeRange),
      file: `${FALLBACK_FONT_DIR}${subset.file}`,
    })),
  };
}

/** Reads a fallback font's subsets from the manifest once; failures are retried later. */
export const fontPackage: (id: string) => Promise<FontPackage> = memoizeUntilFailure(readFontPackage);

const fontFile = memoizeUntilFailure(
  (path: string) => Deno.readFile(path).then((bytes) => toArrayBuffer(woffToSfnt(bytes))),
  { cache: fontFiles },
);

function covers(subset: FontSubset, codePoint: number): boolean {
  return subset.ranges.some(([a, b]) => codePoint >= a && codePoint <= b);
}

/** Code points that need no glyph of their own. */
function isIgnorable(codePoint: number): boolean {
  return codePoint <= 0x20 || codePoint === 0x200d ||
    (codePoint >= 0xfe00 && codePoint <= 0xfe0f);
}

/** Whether `codePoint` is in Mathematical Operators (U+2200-22FF) or their Supplemental block (U+2A00-2AFF). */
function isMathOperator(codePoint: number): boolean {
  return (codePoint >= 0x2200 && codePoint <= 0x22ff) || (codePoint >= 0x2a00 && codePoint <= 0x2aff);
}

/** Paths of fallback font files loaded so far (for tests and logs). */
export function loadedFallbackFiles(): string[] {
  return [...fontFiles.keys()];
}

/**
 * The fallback fonts satori needs for `segment`, which it detected as
 * `code` (one or more satori language codes joined by `|`, or `unknown`).
 * The script's own Noto Sans is tried first, then Noto Sans, Symbols and
 * Math for what is left; only subsets covering characters of the segment
 * are loaded. Fonts that cannot be loaded are logged and skipped.
 * `packages` maps language codes to font ids (tests replace it).
 */
export async function loadFallbackFonts(
  code: string,
  segment: string,
  packages: Readonly<Record<string, string>> = FALLBACK_PACKAGES,
): Promise<CardFont[]> {
  const codes = code.split("|");
  const chain: { pkg: string; lang?: string }[] = [];
  for (const c of codes) {
    const pkg = packages[c];
    if (pkg && !chain.some((entry) => entry.pkg === pkg)) {
      chain.push({ pkg, lang: SATORI_LANGS.has(c) ? c : undefined });
    }
  }
  for (const pkg of GENERIC_CHAIN) {
    if (!chain.some((entry) => entry.pkg === pkg)) chain.push({ pkg });
  }
  const remaining = new Set<number>();
  for (const ch of segment) {
    const cp = ch.codePointAt(0)!;
    if (!isIgnorable(cp)) remaining.add(cp);
  }
  const fonts: CardFont[] = [];
  for (const { pkg, lang } of chain) {
    if (remaining.size === 0) break;
    let info: FontPackage;
    try {
      info = await fontPackage(pkg);
    } catch (error) {
      logger.warn(`Failed to load dynamic font ${pkg}`, { error: errorText(error) });
      continue;
    }
    const single = info.subsets.length === 1;
    const wanted = info.subsets.filter((subset) => [...remaining].some((cp) => covers(subset, cp)));
    // A package with one subset (Noto Sans Math) holds more glyphs than
    // its declared range: load it whenever the chain reaches it for its
    // own script, or for a mathematical operator left over (∞, which
    // satori files under no script, is only there).
    const operator = pkg === "noto-sans-math" && [...remaining].some(isMathOperator);
    if (single && wanted.length === 0 && (lang !== undefined || operator)) {
      wanted.push(info.subsets[0]);
    }
    const loaded = await Promise.all(wanted.map(async (subset) => {
      try {
        return { subset, data: await fontFile(subset.file) };
      } catch (error) {
        logger.warn(`Failed to load dynamic font ${subset.file}`, { error: errorText(error) });
        return null;
      }
    }));
    for (const entry of loaded) {
      if (!entry) continue;
      fonts.push({
        name: `${info.family} ${entry.subset.key}`,
        data: entry.data,
        weight: info.weight,
        style: "normal",
        ...(lang ? { lang } : {}),
      });
      for (const cp of [...remaining]) {
        if (covers(entry.subset, cp)) remaining.delete(cp);
      }
    }
  }
  return fonts;
}
