/**
 * Caps on SVG logos, checked by a small XML tokenizer before resvg parses or
 * draws anything.
 *
 * An SVG logo is untrusted code for a renderer: a 141-byte document that
 * declares `height="100000"` asks for a 6.4-million-row raster, 30 blur
 * filters or 25,000 shapes keep resvg busy for seconds to minutes, `<use>`
 * chains grow exponentially (the billion-laughs attack without entities),
 * and references to files or URLs would make a native renderer read them.
 * {@linkcode guardSvg} refuses all of that and hands back the document with
 * its root size rewritten so that nothing drawn from it exceeds
 * {@linkcode SVG_LIMITS}`.maxSide` pixels on a side (aspect kept).
 *
 * What is refused (each is {@linkcode SvgRefusedError}):
 * - more than `maxBytes` bytes, bytes that are not UTF-8, malformed markup;
 * - a DOCTYPE with an internal subset or any entity other than XML's five and
 *   character references (the entity billion-laughs), processing
 *   instructions other than the XML declaration;
 * - more than `maxElements` elements or nesting deeper than `maxDepth`;
 * - counted with every `<use>` and `url(#id)` reference expanded (a reference
 *   costs the whole subtree it draws again): more than `maxRenderedElements`
 *   elements, more than `maxFilterPrimitives` filter primitives (including CSS
 *   filter functions such as `blur()`) or `maxBlurs` blurs, more than
 *   `maxLayers` layers (opacity, mask, clip path, filter or blend mode, each
 *   an extra pixmap; style sheet rules count for every element they can
 *   match), reference chains deeper than
 *   `maxDepth`, reference cycles, more than `maxImages` embedded images or
 *   `maxImagePixels` pixels in them;
 * - filters and patterns whose region could be large: resvg 0.34 allocates a
 *   filter's intermediate images at the size of the filter region and a
 *   pattern's tile at the tile's size, neither clipped to the canvas (a
 *   10,000 px flood region took 22 s and 1.3 GB at a 64 px raster). Every
 *   `transform` (its largest stretch), nested viewport, shape and path point
 *   is read to bound the region in pixels, which must stay within
 *   `maxRegionRatio` times the raster's side, whatever size it is drawn at;
 * - filter primitives whose cost grows with a parameter or that fetch input
 *   (`feMorphology`, `feConvolveMatrix`, `feTurbulence`, `feDisplacementMap`,
 *   `feImage`, `feTile`, lighting), and markers (drawn once per vertex);
 * - any reference that is not `#id` in the same document: `href` other than
 *   on `<a>`, `url(...)`, CSS `@import`; an embedded image is allowed only as
 *   a `data:` PNG, JPEG, GIF or WebP within the bitmap caps of
 *   `image_caps.ts` (a `data:` SVG would escape these checks);
 * - style sheets over `maxStyleBytes`, backslash escapes in CSS, and style
 *   sheets that apply filters, masks, clip paths, markers or any reference
 *   other than a gradient (a rule can match every element at once);
 * - a root size that cannot be resolved, or an aspect ratio over `maxAspect`.
 *
 * What the caps leave, measured with `analyzeLogo` (both rasters, 64 and 160
 * px) on this 2-core machine under a load average of 12: the worst documents
 * found at the caps took 1.4 s (24 primitives, 6 huge blurs, region 3x), 1.4 s
 * (250 full-size masked shapes) and 4.3 s (5,800 full-size translucent
 * shapes), all under 100 MB of RSS; a render Worker's deadline bounds the
 * rest. 20,388 real icons (cryptocurrency-icons, token-branded, noto,
 * openmoji, twemoji, fluent-emoji-flat) pass but 2 (filter-heavy ones).
 *
 * Pure and synchronous: no DOM, no wasm, no module state (safe in a Worker).
 *
 * @module
 */

import { BITMAP_LIMITS, checkBitmap } from "./image_caps.ts";
import {
  type Extent,
  GeometryError,
  include,
  includePath,
  lengthPx,
  numberList,
  transformScale,
} from "./svg_geometry.ts";
import { sniffImageType } from "./sniff.ts";

/** Limits of an SVG logo. */
export const SVG_LIMITS = {
  /** Largest document in bytes. */
  maxBytes: 512 * 1024,
  /** Elements in the document. */
  maxElements: 4000,
  /** Element nesting, and chains of references. */
  maxDepth: 64,
  /** Elements drawn once every reference is expanded. */
  maxRenderedElements: 6000,
  /** Filter primitives applied once every reference is expanded. */
  maxFilterPrimitives: 24,
  /** Of those, blurs (`feGaussianBlur`, `feDropShadow`, CSS `blur()` and `drop-shadow()`). */
  maxBlurs: 6,
  /**
   * Layers drawn (elements with opacity, a mask, a clip path, a filter or a
   * blend mode: resvg draws each into its own pixmap and composites it).
   */
  maxLayers: 256,
  /** Largest filter region or pattern tile, as a multiple of the raster's side. */
  maxRegionRatio: 3,
  /** Embedded images drawn once every reference is expanded. */
  maxImages: 8,
  /** Pixels of the embedded images drawn, summed. */
  maxImagePixels: BITMAP_LIMITS.maxPixels,
  /** Characters of `<style>` sheets, summed. */
  maxStyleBytes: 32 * 1024,
  /** Longest side of the size handed to the renderer, in pixels. */
  maxSide: 512,
  /** Longest side over shortest side of the declared size. */
  maxAspect: 32,
} as const;

/** Why an SVG logo was refused; the message says which cap. */
export class SvgRefusedError extends Error {
  override name = "SvgRefusedError";
}

/** An SVG document that passed {@linkcode guardSvg}. */
export interface GuardedSvg {
  /** The document, its root `width`, `height` and `viewBox` rewritten. */
  readonly text: string;
  /** Size of the rewritten root in pixels, at most `maxSide` each. */
  readonly width: number;
  readonly height: number;
}

/** Filter primitives refused outright (see the module notes). */
const REFUSED_ELEMENTS = new Set([
  "femorphology",
  "feconvolvematrix",
  "feturbulence",
  "fedisplacementmap",
  "feimage",
  "fetile",
  "fediffuselighting",
  "fespecularlighting",
  "marker",
]);

const GRADIENTS = new Set(["lineargradient", "radialgradient"]);

/** Elements drawn only where they are referenced, never where they stand. */
const DRAWN_BY_REFERENCE = new Set([...GRADIENTS, "filter", "pattern", "mask", "clippath", "symbol"]);

/** Elements whose `x`, `y`, `width`, `height` are geometry (not a region). */
const BOXES = new Set(["rect", "image", "use", "svg", "foreignobject", "text", "tspan"]);

/** CSS filter functions (each counts as one primitive). */
const FILTER_FUNCTION =
  /\b(blur|drop-shadow|brightness|contrast|grayscale|hue-rotate|invert|opacity|saturate|sepia)\s*\(/gi;

const BLUR_FUNCTION = /\b(blur|drop-shadow)\s*\(/gi;

const NAME = /^[A-Za-z_:][-A-Za-z0-9_:.]*$/;

const XML_ENTITIES: Readonly<Record<string, string>> = {
  lt: "<",
  gt: ">",
  amp: "&",
  quot: '"',
  apos: "'",
};

interface Attribute {
  /** Name as written, e.g. `xlink:href`. */
  readonly name: string;
  /** Local name in lower case, e.g. `href`. */
  readonly local: string;
  /** Value with entity and character references decoded. */
  readonly value: string;
  /** The attribute as written, for copying it unchanged. */
  readonly raw: string;
}

interface Element {
  /** Local name in lower case. */
  readonly name: string;
  readonly children: number[];
  /** Ids referenced with `href="#id"` or `url(#id)`. */
  readonly refs: string[];
  /** Attributes by local name (no namespace prefix), decoded. */
  readonly attributes: ReadonlyMap<string, string>;
  /** Filter primitives of its own: 1 for an `fe*` element, + CSS filter functions. */
  primitives: number;
  /** Blurs among them. */
  blurs: number;
  /** 1 when it is drawn as a layer of its own. */
  layer: number;
  /** Its `class` names. */
  readonly classes: readonly string[];
  /** Pixels of its embedded image, if it is an `<image>`. */
  imagePixels: number;
  /** How much it enlarges what it draws: its transform, or a nested viewport's viewBox scale. */
  scale: number;
}

function refuse(message: string): never {
  throw new SvgRefusedError(`Cannot use SVG logo: ${message}`);
}

/** Decodes XML's five entities and character references; any other entity is refused. */
function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&([^;&\s]{0,32});?/g, (match, body: string) => {
    if (!match.endsWith(";")) refuse("a bare '&' in the markup");
    if (body.startsWith("#")) {
      const code = /^#x[0-9a-f]{1,6}$/i.test(body)
        ? parseInt(body.slice(2), 16)
        : /^#[0-9]{1,7}$/.test(body)
        ? parseInt(body.slice(1), 10)
        : NaN;
      if (!(code > 0 && code <= 0x10ffff)) refuse(`a bad character reference "${match}"`);
      return String.fromCodePoint(code);
    }
    const known = XML_ENTITIES[body];
    if (known === undefined) refuse(`the entity "&${body.slice(0, 20)};" (only XML's own are allowed)`);
    return known;
  });
}

/** Splits a start tag's inside (after the name) into attributes. */
function parseAttributes(body: string): Attribute[] {
  const attributes: Attribute[] = [];
  const pattern = /\s+([^\s=/>"']+)\s*=\s*("[^"<]*"|'[^'<]*')/y;
  let offset = 0;
  while (offset < body.length) {
    pattern.lastIndex = offset;
    const match = pattern.exec(body);
    if (!match) {
      if (/^\s*$/.test(body.slice(offset))) break;
      refuse("malformed attributes");
    }
    const [raw, name, quoted] = match;
    if (!NAME.test(name)) refuse(`a malformed attribute name "${name.slice(0, 40)}"`);
    const colon = name.lastIndexOf(":");
    attributes.push({
      name,
      local: name.slice(colon + 1).toLowerCase(),
      value: decodeEntities(quoted.slice(1, -1)),
      raw,
    });
    offset = pattern.lastIndex;
  }
  return attributes;
}

/** Index of the `>` that ends the tag opened at `start`, skipping quoted values. */
function tagEnd(text: string, start: number): number {
  let quote = "";
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = "";
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === ">") {
      return i;
    } else if (c === "<") {
      refuse("'<' inside a tag");
    }
  }
  return refuse("an unterminated tag");
}

function skipPast(text: string, from: number, terminator: string, what: string): number {
  const end = text.indexOf(terminator, from);
  if (end === -1) refuse(`an unterminated ${what}`);
  return end + terminator.length;
}

/** CSS without comments; backslash escapes, `@import` and `transform` are refused. */
function cleanCss(css: string): string {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, " ");
  if (text.includes("\\")) refuse("a backslash escape in CSS");
  if (/@import/i.test(text)) refuse("CSS @import");
  if (/(?:^|[{;\s])transform\s*:/i.test(text)) refuse("a transform set in CSS");
  return text;
}

/** Whether an attribute (or the declarations of a `style` attribute) makes its element a layer. */
function makesLayer(local: string, value: string): boolean {
  const declarations = local === "style"
    ? [...value.matchAll(/([a-z-]+)\s*:\s*([^;]*)/gi)].map((m) => [m[1].toLowerCase(), m[2].trim()])
    : [[local, value.trim()]];
  return declarations.some(([name, v]) =>
    (name === "opacity" && !(Number(v.replace(/%$/, "")) >= (v.endsWith("%") ? 100 : 1))) ||
    ((name === "mask" || name === "clip-path" || name === "filter") && v !== "" && v !== "none") ||
    (name === "mix-blend-mode" && v !== "normal") || (name === "isolation" && v === "isolate")
  );
}

/** Selectors of the style sheet's rules that make what they match a layer. */
function sheetLayerSelectors(css: string): string[] {
  const selectors: string[] = [];
  for (const rule of css.matchAll(/([^{}]*)\{([^}]*)\}/g)) {
    if (makesLayer("style", rule[2])) selectors.push(...rule[1].split(",").map((s) => s.trim()).filter(Boolean));
  }
  return selectors;
}

/**
 * Marks the elements style sheet rules make layers: `.class`, `#id` and
 * element-name selectors match as written; any other selector is assumed to
 * match every element.
 */
function markSheetLayers(elements: Element[], selectors: readonly string[]): void {
  for (const selector of selectors) {
    const simple = /^([.#]?)([-\w]+)$/.exec(selector);
    for (const element of elements) {
      if (
        !simple ||
        (simple[1] === "." && element.classes.includes(simple[2])) ||
        (simple[1] === "#" && element.attributes.get("id") === simple[2]) ||
        (simple[1] === "" && (element.name === simple[2].toLowerCase() || simple[2] === "*"))
      ) {
        element.layer = 1;
      }
    }
  }
}

/** A style sheet may not apply filters, masks, clip paths or markers. */
function checkSheet(css: string): void {
  const property = /(?:^|[{;\s])(filter|mask|clip-path|marker(?:-start|-mid|-end)?)\s*:/i.exec(css);
  if (property) refuse(`a style sheet that sets ${property[1]}`);
}

/** The ids of every `url(...)` in `value`; anything but `#id` is refused. */
function urlRefs(value: string): string[] {
  const ids: string[] = [];
  for (const match of value.matchAll(/url\s*\(\s*(['"]?)([^'")]*)\1\s*\)?/gi)) {
    const target = match[2].trim();
    if (!/^#[^\s#]+$/.test(target)) refuse(`the reference url(${target.slice(0, 60)}) (only #id is allowed)`);
    ids.push(target.slice(1));
  }
  if (/url\s*\(/i.test(value) && ids.length === 0) refuse("a malformed url()");
  return ids;
}

/** Pixels of a `data:` image, checked against the bitmap caps; other hrefs are refused. */
function dataImagePixels(href: string): number {
  const match = /^data:image\/(png|jpeg|jpg|gif|webp)\s*;\s*base64\s*,([\s\S]*)$/i.exec(href.trim());
  if (!match) {
    refuse(`the image reference "${href.slice(0, 60)}" (only data: PNG, JPEG, GIF or WebP)`);
  }
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(match[2].replace(/\s+/g, "")), (c) => c.charCodeAt(0));
  } catch {
    return refuse("an embedded image that is not base64");
  }
  const type = sniffImageType(bytes);
  if (type === "svg" || type === "other") refuse(`an embedded ${type} image`);
  const { width, height } = checkBitmap(bytes, type);
  return width * height;
}

function parseViewBox(value: string | undefined): number[] | null {
  if (value === undefined) return null;
  const numbers = value.trim().split(/[\s,]+/).map(Number);
  if (numbers.length !== 4 || !numbers.every(Number.isFinite)) return null;
  return numbers[2] > 0 && numbers[3] > 0 ? numbers : null;
}

function formatNumber(n: number): string {
  return String(Number(n.toPrecision(8)));
}

/** The root start tag with its size capped, and its viewBox (see {@linkcode guardSvg}). */
function rewriteRoot(
  rawName: string,
  attributes: readonly Attribute[],
  selfClosing: boolean,
): { tag: string; width: number; height: number; box: number[] } {
  const get = (local: string) => attributes.find((a) => a.local === local && !a.name.includes(":"))?.value;
  const viewBox = parseViewBox(get("viewbox"));
  // resvg: a missing or percentage size is the viewBox's (or 100 without one).
  const side = (value: string | undefined, boxSide: number | undefined): number => {
    if (value === undefined) return boxSide ?? 100;
    if (/%\s*$/.test(value)) return lengthPx(value, boxSide ?? 100);
    return lengthPx(value, 0);
  };
  let width: number, height: number;
  try {
    width = side(get("width"), viewBox?.[2]);
    height = side(get("height"), viewBox?.[3]);
  } catch {
    return refuse(`the root size ${get("width") ?? "(none)"} x ${get("height") ?? "(none)"} cannot be read`);
  }
  if (!(width > 0) || !(height > 0)) refuse(`the root size ${width} x ${height} is empty`);
  const aspect = Math.max(width / height, height / width);
  if (!(aspect <= SVG_LIMITS.maxAspect)) {
    refuse(`the root size ${formatNumber(width)} x ${formatNumber(height)} is over ${SVG_LIMITS.maxAspect}:1`);
  }
  const scale = Math.min(1, SVG_LIMITS.maxSide / Math.max(width, height));
  const outWidth = Number((width * scale).toPrecision(8));
  const outHeight = Number((height * scale).toPrecision(8));
  // Without a viewBox, user units are pixels of the declared size: keep that
  // mapping by declaring it, so the content scales with the new size.
  const box = viewBox ?? [0, 0, width, height];
  const kept = attributes.filter((a) => a.name.includes(":") || !["width", "height", "viewbox"].includes(a.local))
    .map((a) => a.raw).join("");
  const tag = `<${rawName}${kept} width="${formatNumber(outWidth)}" height="${formatNumber(outHeight)}" ` +
    `viewBox="${box.map(formatNumber).join(" ")}"${selfClosing ? "/>" : ">"}`;
  return { tag, width: outWidth, height: outHeight, box };
}

/** The totals of a reference graph, each capped at its limit + 1. */
interface Totals {
  elements: number;
  primitives: number;
  blurs: number;
  layers: number;
  images: number;
  imagePixels: number;
  depth: number;
}

/** The ids of `element`'s references that exist, as element indexes. */
function refTargets(elements: readonly Element[], ids: ReadonlyMap<string, number>, i: number): number[] {
  return elements[i].refs.map((id) => ids.get(id)).filter((target) => target !== undefined);
}

/**
 * Expands every reference from the root: a depth-first walk that sums each
 * element's own cost with its children's and its references' (a gradient
 * reference costs 1: it is a shader, not drawing). A reference back into the
 * current path is a cycle. Also returns the elements in topological order
 * (every element before what it contains or references).
 */
function expandedTotals(
  elements: readonly Element[],
  ids: ReadonlyMap<string, number>,
): { root: Totals; order: number[] } {
  const state = new Uint8Array(elements.length); // 0 new, 1 on the path, 2 done
  const totals: Totals[] = new Array(elements.length);
  const postOrder: number[] = [];
  const cap = (n: number, limit: number) => Math.min(n, limit + 1);
  const stack = [0];
  while (stack.length > 0) {
    const i = stack[stack.length - 1];
    if (state[i] === 0) {
      state[i] = 1;
      for (const next of [...elements[i].children, ...refTargets(elements, ids, i)]) {
        if (state[next] === 1) refuse("a reference cycle");
        if (state[next] === 0) stack.push(next);
      }
      continue;
    }
    stack.pop();
    if (state[i] === 2) continue;
    const own = elements[i];
    const sum: Totals = {
      elements: 1,
      primitives: own.primitives,
      blurs: own.blurs,
      layers: own.layer,
      images: own.imagePixels > 0 ? 1 : 0,
      imagePixels: own.imagePixels,
      depth: 1,
    };
    const add = (t: Totals) => {
      sum.elements = cap(sum.elements + t.elements, SVG_LIMITS.maxRenderedElements);
      sum.primitives = cap(sum.primitives + t.primitives, SVG_LIMITS.maxFilterPrimitives);
      sum.blurs = cap(sum.blurs + t.blurs, SVG_LIMITS.maxBlurs);
      sum.layers = cap(sum.layers + t.layers, SVG_LIMITS.maxLayers);
      sum.images = cap(sum.images + t.images, SVG_LIMITS.maxImages);
      sum.imagePixels = cap(sum.imagePixels + t.imagePixels, SVG_LIMITS.maxImagePixels);
      sum.depth = cap(Math.max(sum.depth, t.depth + 1), SVG_LIMITS.maxDepth);
    };
    for (const child of own.children) {
      if (DRAWN_BY_REFERENCE.has(elements[child].name)) {
        sum.depth = cap(Math.max(sum.depth, totals[child].depth + 1), SVG_LIMITS.maxDepth);
      } else add(totals[child]);
    }
    for (const target of refTargets(elements, ids, i)) {
      if (GRADIENTS.has(elements[target].name)) sum.elements = cap(sum.elements + 1, SVG_LIMITS.maxRenderedElements);
      else add(totals[target]);
    }
    totals[i] = sum;
    state[i] = 2;
    postOrder.push(i);
  }
  return { root: totals[0], order: postOrder.reverse() };
}

/** Widens `extent` with the coordinates an element's own geometry reaches. */
function includeGeometry(extent: Extent, element: Element, percentOf: number): void {
  const a = element.attributes;
  const length = (name: string) => a.has(name) ? lengthPx(a.get(name)!, percentOf) : 0;
  if (BOXES.has(element.name)) {
    for (const name of ["x", "y"]) {
      // Text may list one position per character.
      for (const n of a.has(name) ? numberList(a.get(name)!) : [0]) include(extent, n);
    }
    if (element.name !== "text" && element.name !== "tspan") {
      const x = a.has("x") ? length("x") : 0, y = a.has("y") ? length("y") : 0;
      include(extent, x + length("width"), y + length("height"));
    }
  }
  switch (element.name) {
    case "circle":
    case "ellipse": {
      const rx = Math.abs(length(element.name === "circle" ? "r" : "rx"));
      const ry = Math.abs(length(element.name === "circle" ? "r" : "ry"));
      include(extent, length("cx") - rx, length("cx") + rx, length("cy") - ry, length("cy") + ry);
      break;
    }
    case "line":
      include(extent, length("x1"), length("y1"), length("x2"), length("y2"));
      break;
    case "polyline":
    case "polygon":
      include(extent, ...numberList(a.get("points") ?? ""));
      break;
    case "path":
      includePath(extent, a.get("d") ?? "");
      break;
  }
}

/** How much a nested `<svg>` or `<symbol>` enlarges its content; `bound` stands in for an unknown viewport. */
function viewportScale(element: Element, bound: number): number {
  const box = parseViewBox(element.attributes.get("viewbox"));
  if (!box) return 1;
  const side = (name: string) => {
    const value = element.attributes.get(name);
    return value === undefined ? bound : Math.abs(lengthPx(value, bound));
  };
  return Math.max(side("width") / box[2], side("height") / box[3]);
}

/**
 * The largest filter region or pattern tile in user units, as a multiple of
 * the root viewBox's longest side, for an element whose user space is at most
 * `scale` times the root's and whose object bounding box is at most `span`.
 */
function regionRatio(element: Element, scale: number, span: number, boxSide: number): number {
  const a = element.attributes;
  const isFilter = element.name === "filter";
  const units = a.get(isFilter ? "filterunits" : "patternunits")?.trim() ?? "objectBoundingBox";
  const fallback = isFilter ? "120%" : "0";
  const sides = ["width", "height"].map((name) => {
    const value = a.get(name) ?? fallback;
    if (units === "userSpaceOnUse") return Math.abs(lengthPx(value, boxSide));
    // Fractions (or percentages) of the bounding box.
    return Math.abs(lengthPx(value, 1)) * span;
  });
  return (Math.max(...sides) * scale) / boxSide;
}

/**
 * Checks an SVG logo against {@linkcode SVG_LIMITS} and returns it with its
 * root size capped; throws {@linkcode SvgRefusedError} with the cap it broke.
 */
export function guardSvg(bytes: Uint8Array): GuardedSvg {
  try {
    return guard(bytes);
  } catch (error) {
    if (error instanceof GeometryError) refuse(error.message);
    throw error;
  }
}

function guard(bytes: Uint8Array): GuardedSvg {
  if (bytes.length > SVG_LIMITS.maxBytes) refuse(`${bytes.length} bytes is over ${SVG_LIMITS.maxBytes}`);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return refuse("the bytes are not UTF-8");
  }
  const elements: Element[] = [];
  const ids = new Map<string, number>();
  const open: { index: number; rawName: string }[] = [];
  const sheetRefs: string[] = [];
  let styleBytes = 0;
  let root: { start: number; end: number; tag: string; width: number; height: number; box: number[] } | null = null;
  let closedRoot = false;
  const layerSelectors: string[] = [];
  const addSheet = (css: string) => {
    const clean = cleanCss(css);
    styleBytes += css.length;
    sheetRefs.push(...urlRefs(clean));
    checkSheet(clean);
    layerSelectors.push(...sheetLayerSelectors(clean));
  };

  for (let i = 0; i < text.length;) {
    const lt = text.indexOf("<", i);
    const chunk = text.slice(i, lt === -1 ? text.length : lt);
    if (chunk.trim()) {
      if (open.length === 0) refuse("text outside the root element");
      const content = decodeEntities(chunk);
      if (elements[open[open.length - 1].index].name === "style") addSheet(content);
    }
    if (lt === -1) break;
    if (text.startsWith("<!--", lt)) {
      i = skipPast(text, lt + 4, "-->", "comment");
    } else if (text.startsWith("<![CDATA[", lt)) {
      const end = skipPast(text, lt + 9, "]]>", "CDATA section");
      if (open.length === 0) refuse("CDATA outside the root element");
      if (elements[open[open.length - 1].index].name === "style") addSheet(text.slice(lt + 9, end - 3));
      i = end;
    } else if (text.startsWith("<?", lt)) {
      const end = skipPast(text, lt + 2, "?>", "processing instruction");
      if (lt !== 0 || !/^<\?xml\s/.test(text.slice(lt, end))) refuse("a processing instruction");
      i = end;
    } else if (text.startsWith("<!", lt)) {
      const end = tagEnd(text, lt);
      const declaration = text.slice(lt, end + 1);
      if (!/^<!DOCTYPE\s/i.test(declaration) || root) refuse("a markup declaration");
      if (/[[\]]|ENTITY/i.test(declaration)) refuse("a DOCTYPE with an internal subset (entities)");
      i = end + 1;
    } else if (text.startsWith("</", lt)) {
      const end = tagEnd(text, lt);
      const name = text.slice(lt + 2, end).trim();
      const top = open.pop();
      if (!top || top.rawName !== name) refuse(`a mismatched end tag </${name.slice(0, 40)}>`);
      if (open.length === 0) closedRoot = true;
      i = end + 1;
    } else {
      const end = tagEnd(text, lt);
      const selfClosing = text[end - 1] === "/";
      const inside = text.slice(lt + 1, selfClosing ? end - 1 : end);
      const rawName = /^[^\s/>]*/.exec(inside)![0];
      if (!NAME.test(rawName)) refuse(`a malformed element name "${rawName.slice(0, 40)}"`);
      if (closedRoot) refuse("a second root element");
      const attributes = parseAttributes(inside.slice(rawName.length));
      const name = rawName.slice(rawName.lastIndexOf(":") + 1).toLowerCase();
      const index = elements.length;
      if (index >= SVG_LIMITS.maxElements) refuse(`more than ${SVG_LIMITS.maxElements} elements`);
      if (open.length >= SVG_LIMITS.maxDepth) refuse(`elements nested deeper than ${SVG_LIMITS.maxDepth}`);
      if (REFUSED_ELEMENTS.has(name)) refuse(`the element <${rawName}>`);
      const parent = open.length > 0 ? open[open.length - 1].index : -1;
      const isPrimitive = name.startsWith("fe") && !name.startsWith("fefunc") && name !== "femergenode";
      const element: Element = {
        name,
        children: [],
        refs: [],
        attributes: new Map(attributes.filter((a) => !a.name.includes(":")).map((a) => [a.local, a.value])),
        primitives: isPrimitive ? 1 : 0,
        blurs: name === "fegaussianblur" || name === "fedropshadow" ? 1 : 0,
        layer: 0,
        classes: (attributes.find((a) => a.local === "class")?.value ?? "").split(/\s+/).filter(Boolean),
        imagePixels: 0,
        scale: 1,
      };
      if (parent === -1) {
        if (name !== "svg") refuse(`the root element is <${rawName.slice(0, 40)}>, not <svg>`);
        root = { start: lt, end: end + 1, ...rewriteRoot(rawName, attributes, selfClosing) };
      } else {
        elements[parent].children.push(index);
      }
      for (const attribute of attributes) {
        const { local, value } = attribute;
        if (local === "id") {
          if (ids.has(value.trim())) refuse(`the id "${value.trim().slice(0, 40)}" used twice`);
          ids.set(value.trim(), index);
        }
        if (local === "href") {
          if (name === "a") continue;
          const target = value.trim();
          if (target.startsWith("#")) element.refs.push(target.slice(1));
          else if (name === "image") element.imagePixels = dataImagePixels(target);
          else refuse(`the reference "${target.slice(0, 60)}" on <${rawName}> (only #id is allowed)`);
          continue;
        }
        if (local === "transform" || local === "patterntransform") element.scale *= transformScale(value);
        const css = local === "style" ? cleanCss(value) : value;
        element.refs.push(...urlRefs(css));
        if (local === "filter" || local === "style") {
          element.primitives += (css.match(FILTER_FUNCTION) ?? []).length;
          element.blurs += (css.match(BLUR_FUNCTION) ?? []).length;
        }
        if (makesLayer(local, css)) element.layer = 1;
        if (local.startsWith("marker") || (local === "style" && /\bmarker(-start|-mid|-end)?\s*:/i.test(css))) {
          refuse("markers");
        }
      }
      elements.push(element);
      if (!selfClosing) open.push({ index, rawName });
      else if (parent === -1) closedRoot = true;
      i = end + 1;
    }
  }
  if (!root || open.length > 0) refuse(root ? "an unclosed element" : "no <svg> root element");
  if (styleBytes > SVG_LIMITS.maxStyleBytes) refuse(`style sheets over ${SVG_LIMITS.maxStyleBytes} characters`);
  for (const id of sheetRefs) {
    const target = ids.get(id);
    if (target !== undefined && !GRADIENTS.has(elements[target].name)) {
      refuse(`a style sheet that references <${elements[target].name}> (only gradients)`);
    }
  }
  markSheetLayers(elements, layerSelectors);
  const { root: totals, order } = expandedTotals(elements, ids);
  const over = (what: string, value: number, limit: number) => {
    if (value > limit) refuse(`more than ${limit} ${what} once references are expanded`);
  };
  over("elements", totals.elements, SVG_LIMITS.maxRenderedElements);
  over("filter primitives", totals.primitives, SVG_LIMITS.maxFilterPrimitives);
  over("blurs", totals.blurs, SVG_LIMITS.maxBlurs);
  over("layers", totals.layers, SVG_LIMITS.maxLayers);
  over("embedded images", totals.images, SVG_LIMITS.maxImages);
  over("embedded image pixels", totals.imagePixels, SVG_LIMITS.maxImagePixels);
  over("levels of nesting", totals.depth, SVG_LIMITS.maxDepth);
  checkRegions(elements, ids, order, root.box);
  return {
    text: text.slice(0, root.start) + root.tag + text.slice(root.end),
    width: root.width,
    height: root.height,
  };
}

/**
 * Bounds every referenced filter region and pattern tile (see the module
 * notes): the coordinates reached by any shape bound an object bounding box,
 * and the product of the scales on the way from the root (through children,
 * `<use>` and `url(#id)` references) bounds how much a user unit grows.
 */
function checkRegions(
  elements: readonly Element[],
  ids: ReadonlyMap<string, number>,
  order: readonly number[],
  box: readonly number[],
): void {
  const regions = elements.filter((e) => e.name === "filter" || e.name === "pattern");
  if (regions.length === 0) return;
  const boxSide = Math.max(box[2], box[3]);
  const extent: Extent = { min: box[0], max: box[0] + boxSide };
  include(extent, box[1], box[1] + boxSide);
  // The root's width and height are pixels, not user units.
  for (const element of elements.slice(1)) includeGeometry(extent, element, boxSide);
  const span = extent.max - extent.min;
  // The root's own viewBox scale is what the ratio is measured in.
  for (const element of elements.slice(1)) {
    if (element.name === "svg" || element.name === "symbol") element.scale *= viewportScale(element, span);
  }
  // Largest scale of each element's user space relative to the root's.
  const reach = new Float64Array(elements.length);
  reach[0] = elements[0].scale;
  let deepest = reach[0];
  for (const i of order) {
    if (reach[i] === 0) continue; // never drawn
    for (const next of [...elements[i].children, ...refTargets(elements, ids, i)]) {
      const scale = Math.min(1e12, reach[i] * elements[next].scale);
      if (scale > reach[next]) reach[next] = scale;
      if (scale > deepest) deepest = scale;
    }
  }
  for (const [i, element] of elements.entries()) {
    if ((element.name !== "filter" && element.name !== "pattern") || reach[i] === 0) continue;
    // A bounding box can hold content scaled up to `deepest` relative to the root.
    const ratio = regionRatio(element, reach[i], span * deepest / reach[i], boxSide);
    if (!(ratio <= SVG_LIMITS.maxRegionRatio)) {
      refuse(
        `a <${element.name}> region up to ${formatNumber(ratio)} times the image's side ` +
          `(at most ${SVG_LIMITS.maxRegionRatio})`,
      );
    }
  }
}
