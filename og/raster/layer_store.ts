/**
 * Drawn layers kept on disk (`build/og_layers/`), so a fresh render worker
 * loads what every card of a kind shares instead of drawing it: a layered
 * card's base (`render.ts`: satori, resvg and the scan into parts, 40-60 ms
 * in a fresh process) and the watermark at each opacity (`backdrop.ts`,
 * {@linkcode storedSprites}). The build draws them once
 * (`scripts/draw_layers.ts`).
 * The render workers may not write (`render_process.ts`): one that draws a
 * base the store lacks keeps it in memory only.
 *
 * A file is named by a SHA-256 of everything its pixels depend on (the
 * element tree with its components called, as satori gets it; the size;
 * the fonts; the satori and resvg packages and versions), so a change of
 * layout code, fonts or versions names another file and the layer is drawn
 * again: a stale file is never read. A file that is short, corrupt
 * (sizes, or the SHA-256 of its pixels, disagree) or holds another key is
 * ignored, as is a write that fails (a read-only disk: Deno Deploy).
 *
 * Format: `OGL1`, the 32-byte key, the 32-byte SHA-256 of the rest, the
 * sprite count (u32), then per sprite x, y (i32), width, height (u32),
 * then each sprite's pixels in order (premultiplied RGBA).
 *
 * @module
 */

import type { ReactNode } from "react";
import type { CardFont } from "../assets/fonts.ts";
import { packageVersion } from "../paths.ts";
import { sha256, toHex } from "../../lib/bytes.ts";
import { ROOT_DIR } from "../paths.ts";
import { selectRenderer } from "./resvg.ts";
import type { Sprite } from "./sprites.ts";

/** Where the layers live: `build/og_layers/` of the repository (generated output). */
export const DEFAULT_LAYER_DIR: string = `${ROOT_DIR}build/og_layers/`;

const MAGIC = [0x4f, 0x47, 0x4c, 0x31]; // "OGL1"
const HEAD = 4 + 32 + 32 + 4;
const SPRITE_HEAD = 16;
/** Largest side of a stored sprite (a card is 1200 px wide). */
const MAX_SIDE = 8192;

/**
 * The element tree `node` as satori gets it: components called with their
 * props (satori calls them the same way), elements as `[type, props,
 * children]`. Throws on what it cannot write down (a function prop, a class
 * component): such a tree gets no key.
 */
export function expandTree(node: unknown): unknown {
  if (node === null || node === undefined || typeof node === "boolean") return null;
  if (typeof node === "string" || typeof node === "number") return node;
  if (Array.isArray(node)) return node.map(expandTree);
  if (typeof node !== "object") throw new TypeError(`Cannot key a ${typeof node} in an element tree`);
  const { type, props } = node as { type?: unknown; props?: Record<string, unknown> };
  if (props === undefined || typeof props !== "object" || props === null) {
    throw new TypeError("Cannot key an object that is not an element");
  }
  if (typeof type === "function") {
    if ((type as { prototype?: { render?: unknown } }).prototype?.render) {
      throw new TypeError("Cannot key a class component");
    }
    return expandTree((type as (p: unknown) => unknown)(props));
  }
  const name = typeof type === "string" ? type : typeof type === "symbol" ? String(type) : null;
  if (name === null) throw new TypeError("Cannot key an element of this type");
  const { children, ...rest } = props;
  return [name, plain(rest), expandTree(children)];
}

/** `value` (props) as JSON can hold it; throws on functions and other objects JSON would drop or mangle. */
function plain(value: unknown): unknown {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value);
  if (value === undefined) return null;
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = plain(v);
    return out;
  }
  if (typeof value === "object" && "type" in value! && "props" in value) return expandTree(value);
  throw new TypeError(`Cannot key a prop of type ${typeof value}`);
}

const fontDigests = new WeakMap<readonly CardFont[], Promise<string>>();

/** The fonts' identity: names, weights, styles and a digest of their bytes (computed once per list). */
function fontsDigest(fonts: readonly CardFont[]): Promise<string> {
  let digest = fontDigests.get(fonts);
  if (!digest) {
    digest = (async () => {
      const parts = await Promise.all(fonts.map(async (f) => {
        const style = (f as { style?: string }).style ?? "normal";
        return `${f.name}/${f.weight}/${style}/${f.data.byteLength}/${toHex(await sha256(new Uint8Array(f.data)))}`;
      }));
      return parts.join(",");
    })();
    fontDigests.set(fonts, digest);
  }
  return digest;
}

/** What a layer's pixels depend on besides its tree. */
export interface LayerKeyParts {
  readonly width: number;
  readonly height: number;
  readonly fonts: readonly CardFont[];
  /** The resvg package drawing it (`@resvg/resvg-js` or `@resvg/resvg-wasm`: their pixels differ in rounding). */
  readonly resvgPackage: string;
}

/** The store's key of a layer drawn from the element tree `tree` (64 hex digits). */
export async function treeLayerKey(tree: ReactNode, parts: LayerKeyParts): Promise<string> {
  const expanded = expandTree(tree);
  const [fonts, satori, resvg] = await Promise.all([
    fontsDigest(parts.fonts),
    packageVersion("satori"),
    packageVersion(parts.resvgPackage),
  ]);
  return await layerKey(JSON.stringify([
    "tree",
    parts.width,
    parts.height,
    fonts,
    satori,
    resvg,
    expanded,
  ]));
}

/** The store's key of a layer described wholly by `description` (what it was made from, versions included). */
export async function layerKey(description: string): Promise<string> {
  return toHex(await sha256(description));
}

/** The bytes of a layer file for `key` holding `sprites`. */
export async function encodeLayer(key: string, sprites: readonly Sprite[]): Promise<Uint8Array> {
  const pixelBytes = sprites.reduce((n, s) => n + s.pixels.length, 0);
  const body = new Uint8Array(4 + sprites.length * SPRITE_HEAD + pixelBytes);
  const view = new DataView(body.buffer);
  view.setUint32(0, sprites.length);
  let at = 4;
  for (const s of sprites) {
    if (s.pixels.length !== s.width * s.height * 4) {
      throw new RangeError(`Cannot store a ${s.width}x${s.height} sprite of ${s.pixels.length} bytes`);
    }
    view.setInt32(at, s.x);
    view.setInt32(at + 4, s.y);
    view.setUint32(at + 8, s.width);
    view.setUint32(at + 12, s.height);
    at += SPRITE_HEAD;
  }
  for (const s of sprites) {
    body.set(s.pixels, at);
    at += s.pixels.length;
  }
  const file = new Uint8Array(HEAD - 4 + body.length);
  file.set(MAGIC, 0);
  file.set(keyBytes(key), 4);
  file.set(await sha256(body), 36);
  file.set(body, 68);
  return file;
}

function keyBytes(key: string): Uint8Array {
  if (!/^[0-9a-f]{64}$/.test(key)) throw new RangeError(`Not a layer key: ${JSON.stringify(key)}`);
  return Uint8Array.from(key.match(/../g)!, (h) => parseInt(h, 16));
}

/**
 * The sprites of the layer file `bytes` when it holds `key` and is whole
 * (magic, key, sizes and the SHA-256 of its body agree); `null` otherwise.
 * The sprites' pixels are views of `bytes`.
 */
export async function decodeLayer(bytes: Uint8Array, key: string): Promise<Sprite[] | null> {
  if (bytes.length < HEAD || MAGIC.some((b, i) => bytes[i] !== b)) return null;
  const expected = keyBytes(key);
  for (let i = 0; i < 32; i++) if (bytes[4 + i] !== expected[i]) return null;
  const body = bytes.subarray(68);
  const digest = await sha256(body);
  for (let i = 0; i < 32; i++) if (bytes[36 + i] !== digest[i]) return null;
  const view = new DataView(body.buffer, body.byteOffset, body.length);
  const count = view.getUint32(0);
  if (4 + count * SPRITE_HEAD > body.length) return null;
  let at = 4 + count * SPRITE_HEAD;
  const sprites: Sprite[] = [];
  for (let i = 0; i < count; i++) {
    const h = 4 + i * SPRITE_HEAD;
    const width = view.getUint32(h + 8);
    const height = view.getUint32(h + 12);
    if (width === 0 || height === 0 || width > MAX_SIDE || height > MAX_SIDE) return null;
    const size = width * height * 4;
    if (at + size > body.length) return null;
    sprites.push({
      x: view.getInt32(h),
      y: view.getInt32(h + 4),
      width,
      height,
      pixels: body.subarray(at, at + size),
    });
    at += size;
  }
  return at === body.length ? sprites : null;
}

/** The layer `key` from `dir`, or `null` when it is missing, unreadable, corrupt or another key's. */
export async function readLayer(dir: string, key: string): Promise<Sprite[] | null> {
  let bytes: Uint8Array;
  try {
    bytes = await Deno.readFile(`${dir}/${key}.bin`);
  } catch {
    return null;
  }
  return await decodeLayer(bytes, key);
}

/**
 * Writes the layer `key` into `dir` (created when missing) through a
 * temporary file and a rename, so a reader never sees half a file. Resolves
 * `false` when it could not (a read-only disk, no room): never rejects.
 */
export async function writeLayer(dir: string, key: string, sprites: readonly Sprite[]): Promise<boolean> {
  const path = `${dir}/${key}.bin`;
  const temp = `${path}.${Deno.pid}.${crypto.randomUUID().slice(0, 8)}.tmp`;
  try {
    // A process that may not write (a render worker) fails here, before encoding (a SHA-256 of ~700 KB).
    await Deno.mkdir(dir, { recursive: true });
    const bytes = await encodeLayer(key, sprites);
    await Deno.writeFile(temp, bytes);
    await Deno.rename(temp, path);
    return true;
  } catch {
    await Deno.remove(temp).catch(() => {});
    return false;
  }
}

/** Where this process keeps layers (`null`: nowhere, each is drawn). */
let storeDir: string | null = DEFAULT_LAYER_DIR;

/** Points the store at `dir` (`null`: none); returns the one it replaced. Tests and the build use it. */
export function useLayerStore(dir: string | null): string | null {
  const previous = storeDir;
  storeDir = dir;
  return previous;
}

const writes = new Set<Promise<boolean>>();

/** Resolves once every write of a drawn layer begun so far has ended (the build waits for them). */
export async function layerWritesDone(): Promise<void> {
  while (writes.size > 0) await Promise.all(writes);
}

/** The package (`@resvg/resvg-js` or `@resvg/resvg-wasm`) of this thread's renderer: its pixels differ in rounding. */
async function resvgPackage(): Promise<string> {
  return (await selectRenderer()).package.split(" ")[0];
}

/**
 * Sprites read from the store under the key `describe` gives, else drawn by
 * `draw` and written there (not waited for). Without a store, or when
 * `describe` throws (what cannot be keyed), they are drawn.
 */
async function stored(describe: () => Promise<string>, draw: () => Promise<Sprite[]>): Promise<Sprite[]> {
  const dir = storeDir;
  let key: string | null = null;
  if (dir !== null) {
    try {
      key = await describe();
    } catch {
      key = null;
    }
  }
  const sprites = dir !== null && key !== null ? await readLayer(dir, key) : null;
  if (sprites) return sprites;
  const drawn = await draw();
  if (dir !== null && key !== null) {
    const write = writeLayer(dir, key, drawn);
    writes.add(write);
    write.then(() => writes.delete(write));
  }
  return drawn;
}

/**
 * The layer drawn from the element tree `tree`: read from the store when it
 * holds it, else drawn by `draw` and written there (not waited for). A tree
 * that cannot be keyed, or a store that cannot be read, is drawn.
 */
export function storedLayer(
  tree: ReactNode,
  parts: Omit<LayerKeyParts, "resvgPackage">,
  draw: () => Promise<Sprite[]>,
): Promise<Sprite[]> {
  return stored(async () => await treeLayerKey(tree, { ...parts, resvgPackage: await resvgPackage() }), draw);
}

/**
 * Sprites drawn by resvg from what `description` names wholly (a JSON value:
 * the source document, sizes, opacity), read from the store when it holds
 * them, else drawn by `draw` and written there (not waited for). Their key
 * adds the resvg package and version of this thread.
 */
export function storedSprites(description: unknown, draw: () => Promise<Sprite[]>): Promise<Sprite[]> {
  return stored(async () => {
    const resvg = await packageVersion(await resvgPackage());
    return await layerKey(JSON.stringify(["sprites", resvg, description]));
  }, draw);
}
