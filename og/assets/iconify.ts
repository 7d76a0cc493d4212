/**
 * Reads icon sets in the Iconify JSON format (`@iconify-json/*` packages) and
 * turns one icon into a standalone SVG data URL that satori can draw.
 *
 * Large sets are not parsed whole: {@linkcode indexIconFile} scans the file
 * once (in chunks) for where each icon's JSON sits, and
 * {@linkcode readIndexedIcon} reads one icon from disk when it is asked for.
 * The 104 MB `fluent-emoji` set parsed whole held about 250 MB; its index
 * holds a few hundred KB.
 *
 * @module
 */

import { packageFile } from "../paths.ts";

interface IconifyIcon {
  body: string;
  width?: number;
  height?: number;
  left?: number;
  top?: number;
}

interface IconifyAlias {
  parent: string;
  width?: number;
  height?: number;
}

/** An Iconify icon set as stored in a package's `icons.json`. */
export interface IconSet {
  readonly prefix: string;
  readonly icons: Record<string, IconifyIcon>;
  readonly aliases?: Record<string, IconifyAlias>;
  readonly width?: number;
  readonly height?: number;
  readonly left?: number;
  readonly top?: number;
}

/** Where one icon's or alias's JSON object sits in the file: byte offsets. */
type Span = readonly [start: number, end: number];

/** An Iconify `icons.json` indexed by {@linkcode indexIconFile}. */
export interface IconFileIndex {
  /** Absolute path of the file. */
  readonly path: string;
  readonly icons: ReadonlyMap<string, Span>;
  readonly aliases: ReadonlyMap<string, Span>;
  /** Default size and offset of the set's icons. */
  readonly defaults: { width?: number; height?: number; left?: number; top?: number };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
const DEFAULT_KEYS = new Set(["width", "height", "left", "top"]);

/**
 * Scans an Iconify `icons.json` in 1 MiB chunks and records where the JSON
 * object of each icon and alias sits, and the set's default size. Nothing of
 * the icons' bodies is kept.
 *
 * @throws when the file is not an Iconify JSON object
 */
export async function indexIconFile(path: string): Promise<IconFileIndex> {
  const icons = new Map<string, Span>();
  const aliases = new Map<string, Span>();
  const defaults: IconFileIndex["defaults"] = {};
  const decoder = new TextDecoder();
  let depth = 0; // objects and arrays open
  let inString = false;
  let escaped = false;
  let expectKey = false; // the next string at this depth is a key
  let keyBytes: number[] | null = null; // bytes of a key being read (depth 1 or 2 keys only)
  let topKey = ""; // the depth-1 key whose value is being read
  let entryKey = ""; // the depth-2 key (icon name) whose value is being read
  let entryStart = -1;
  let scalar = ""; // a depth-1 number being read (width, height, ...)
  let offset = 0;
  const file = await Deno.open(path);
  try {
    const chunk = new Uint8Array(1 << 20);
    while (true) {
      const bytesRead = await file.read(chunk);
      if (bytesRead === null) break;
      const view = chunk.subarray(0, bytesRead);
      for (let i = 0; i < bytesRead; i++) {
        if (inString && !keyBytes) {
          // Icon bodies are most of the file: jump to the closing quote.
          const close = closingQuote(view, i, escaped);
          if (close < 0) {
            escaped = trailingBackslashIsOdd(view, i, escaped);
            break;
          }
          escaped = false;
          inString = false;
          i = close;
          continue;
        }
        const byte = view[i];
        if (inString) {
          if (escaped) escaped = false;
          else if (byte === BACKSLASH) escaped = true;
          else if (byte === QUOTE) {
            inString = false;
            if (keyBytes) {
              // Keys may hold JSON escapes: let JSON read them.
              const key = JSON.parse(`"${decoder.decode(new Uint8Array(keyBytes))}"`) as string;
              if (depth === 1) topKey = key;
              else entryKey = key;
              keyBytes = null;
            }
            continue;
          }
          if (keyBytes) {
            if (keyBytes.length > 4096) throw new Error(`Cannot index ${path}: a key longer than 4096 bytes`);
            keyBytes.push(byte);
          }
          continue;
        }
        if (byte === QUOTE) {
          inString = true;
          const wanted = expectKey && (depth === 1 || (depth === 2 && (topKey === "icons" || topKey === "aliases")));
          keyBytes = wanted ? [] : null;
          expectKey = false;
        } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
          depth++;
          expectKey = byte === OPEN_BRACE;
          if (depth === 3 && entryKey && (topKey === "icons" || topKey === "aliases")) entryStart = offset + i;
        } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
          if (depth === 1 && scalar) {
            if (DEFAULT_KEYS.has(topKey)) defaults[topKey as keyof typeof defaults] = Number(scalar);
            scalar = "";
          }
          if (depth === 3 && entryStart >= 0) {
            (topKey === "icons" ? icons : aliases).set(entryKey, [entryStart, offset + i + 1]);
            entryStart = -1;
            entryKey = "";
          }
          depth--;
          expectKey = false;
        } else if (byte === COMMA) {
          if (depth === 1 && scalar) {
            if (DEFAULT_KEYS.has(topKey)) defaults[topKey as keyof typeof defaults] = Number(scalar);
            scalar = "";
          }
          expectKey = depth === 1 || depth === 2 ? true : expectKey;
          // Inside arrays a comma separates values, not keys: only objects matter here.
        } else if (byte === COLON) {
          expectKey = false;
        } else if (depth === 1 && byte > 0x20) {
          scalar += String.fromCharCode(byte);
        }
      }
      offset += bytesRead;
    }
  } finally {
    file.close();
  }
  if (depth !== 0 || inString || icons.size === 0) {
    throw new Error(`Cannot index ${path}: not an Iconify JSON file with icons`);
  }
  return { path, icons, aliases, defaults };
}

/**
 * The index of the quote that closes a string, searching `bytes` from
 * `from` (inside the string; `escaped`: the byte at `from` is escaped), or
 * -1 when the string does not end in `bytes`.
 */
function closingQuote(bytes: Uint8Array, from: number, escaped: boolean): number {
  let search = from;
  while (true) {
    const quote = bytes.indexOf(QUOTE, search);
    if (quote < 0) return -1;
    let backslashes = 0;
    let k = quote - 1;
    while (k >= from && bytes[k] === BACKSLASH) {
      backslashes++;
      k--;
    }
    if (k < from && escaped) backslashes++;
    if (backslashes % 2 === 0) return quote;
    search = quote + 1;
  }
}

/** Whether a string's bytes from `from` to the end leave the next byte escaped. */
function trailingBackslashIsOdd(bytes: Uint8Array, from: number, escaped: boolean): boolean {
  let backslashes = 0;
  let k = bytes.length - 1;
  while (k >= from && bytes[k] === BACKSLASH) {
    backslashes++;
    k--;
  }
  if (k < from && escaped) backslashes++;
  return backslashes % 2 === 1;
}

async function readSpan(path: string, [start, end]: Span): Promise<unknown> {
  const file = await Deno.open(path);
  try {
    await file.seek(start, Deno.SeekMode.Start);
    const bytes = new Uint8Array(end - start);
    let done = 0;
    while (done < bytes.length) {
      const bytesRead = await file.read(bytes.subarray(done));
      if (bytesRead === null) throw new Error(`Cannot read ${path}: it ended at byte ${start + done}`);
      done += bytesRead;
    }
    return JSON.parse(new TextDecoder().decode(bytes));
  } finally {
    file.close();
  }
}

/**
 * The SVG document of icon `name` of an indexed set, read from disk, or
 * `null` when the set has no such icon (aliases are followed, at most a few
 * levels deep).
 */
export async function readIndexedIcon(index: IconFileIndex, name: string): Promise<string | null> {
  const icons: Record<string, IconifyIcon> = {};
  const aliases: Record<string, IconifyAlias> = {};
  let current = name;
  for (let depth = 0; depth < 4; depth++) {
    const icon = index.icons.get(current);
    if (icon) {
      icons[current] = await readSpan(index.path, icon) as IconifyIcon;
      break;
    }
    const alias = index.aliases.get(current);
    if (!alias) return null;
    aliases[current] = await readSpan(index.path, alias) as IconifyAlias;
    current = aliases[current].parent;
  }
  return iconSvg({ prefix: "", icons, aliases, ...index.defaults }, name);
}

/** Reads and parses `icons.json` of the installed package `pkg`. */
export async function readIconSet(pkg: string): Promise<IconSet> {
  const text = await Deno.readTextFile(packageFile(pkg, "icons.json"));
  return JSON.parse(text) as IconSet;
}

/**
 * Reads `chars.json` of an emoji icon set: code points in lower-case hex
 * joined by `-` (`1f984`, `1f468-200d-1f469`) mapped to icon names.
 */
export async function readCharMap(
  pkg: string,
): Promise<Record<string, string>> {
  const text = await Deno.readTextFile(packageFile(pkg, "chars.json"));
  return JSON.parse(text) as Record<string, string>;
}

/**
 * The SVG document of icon `name` in `set`, or `null` when the set has no
 * such icon (aliases are followed, at most a few levels deep).
 */
export function iconSvg(set: IconSet, name: string): string | null {
  let current = name;
  for (let depth = 0; depth < 4; depth++) {
    const icon = set.icons[current];
    if (icon) {
      const width = icon.width ?? set.width ?? 16;
      const height = icon.height ?? set.height ?? 16;
      const left = icon.left ?? set.left ?? 0;
      const top = icon.top ?? set.top ?? 0;
      return `<svg xmlns="http://www.w3.org/2000/svg" ` +
        `xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" ` +
        `height="${height}" viewBox="${left} ${top} ${width} ${height}">` +
        `${icon.body}</svg>`;
    }
    const alias = set.aliases?.[current];
    if (!alias) return null;
    current = alias.parent;
  }
  return null;
}

/** `data:image/svg+xml;base64,...` for an SVG document. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${bytesToBase64(new TextEncoder().encode(svg))}`;
}

/** Standard base64 of `bytes`, in chunks so large inputs do not overflow. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}
