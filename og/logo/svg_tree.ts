/**
 * The element tree of the SVG guard (`svg_guard.ts`): reads the tokens of
 * `svg_tokens.ts` into a flat list of elements with what each costs on its
 * own (filter primitives, blurs, layer, embedded image pixels, scale) and
 * what it references, its ids, its style sheets, and the root start tag with
 * its size capped. Refuses element counts and nesting over the caps, refused
 * elements, references outside the document, and bad root sizes.
 *
 * @module
 */

import { checkBitmap } from "./image_caps.ts";
import { addAttributeCost, addSheet, type StyleSheets } from "./svg_css.ts";
import { lengthPx, parseViewBox, transformScale } from "./svg_geometry.ts";
import { formatNumber, refuse, SVG_LIMITS } from "./svg_limits.ts";
import {
  type Attribute,
  checkDeclaration,
  decodeEntities,
  parseAttributes,
  type SvgToken,
  tokenize,
} from "./svg_tokens.ts";
import { sniffImageType } from "./sniff.ts";

/** Filter primitives refused outright (see `svg_guard.ts`). */
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

/** One element of the document. */
export interface Element {
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

/** The root start tag, its size capped (see {@linkcode rewriteRoot}). */
export interface SvgRoot {
  /** Where the original start tag is in the document, `end` exclusive. */
  readonly start: number;
  readonly end: number;
  /** The start tag to put in its place. */
  readonly tag: string;
  /** Size of the rewritten root in pixels. */
  readonly width: number;
  readonly height: number;
  /** The root's viewBox (declared, or the declared size). */
  readonly box: number[];
}

/** A document read by {@linkcode readTree}. */
export interface SvgTree {
  /** Every element in document order; the root is 0. */
  readonly elements: Element[];
  /** Element index of each id. */
  readonly ids: ReadonlyMap<string, number>;
  readonly root: SvgRoot;
  readonly sheets: StyleSheets;
}

/** What {@linkcode readTree} holds while it reads. */
interface TreeState {
  readonly elements: Element[];
  readonly ids: Map<string, number>;
  readonly open: { index: number; rawName: string }[];
  readonly sheets: StyleSheets;
  root: SvgRoot | null;
  closedRoot: boolean;
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

/** The root start tag with its size capped at `maxSide` (aspect kept), and its viewBox. */
export function rewriteRoot(
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

/** Whether the innermost open element is a `<style>` (its text is a style sheet). */
function inStyle(state: TreeState): boolean {
  return state.elements[state.open[state.open.length - 1].index].name === "style";
}

/** A new element for the start tag `name`, its own costs from the tag name and class. */
function newElement(name: string, attributes: readonly Attribute[]): Element {
  const isPrimitive = name.startsWith("fe") && !name.startsWith("fefunc") && name !== "femergenode";
  return {
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
}

/** Reads one attribute of the element at `index`: its id, reference, transform and style costs. */
function readAttribute(
  state: TreeState,
  element: Element,
  index: number,
  rawName: string,
  attribute: Attribute,
): void {
  const { local, value } = attribute;
  if (local === "id") {
    if (state.ids.has(value.trim())) refuse(`the id "${value.trim().slice(0, 40)}" used twice`);
    state.ids.set(value.trim(), index);
  }
  if (local === "href") {
    if (element.name === "a") return;
    const target = value.trim();
    if (target.startsWith("#")) element.refs.push(target.slice(1));
    else if (element.name === "image") element.imagePixels = dataImagePixels(target);
    else refuse(`the reference "${target.slice(0, 60)}" on <${rawName}> (only #id is allowed)`);
    return;
  }
  if (local === "transform" || local === "patterntransform") element.scale *= transformScale(value);
  addAttributeCost(element, local, value);
}

/** Opens the element of a start tag: caps on count and nesting, the root rewritten, its attributes read. */
function openElement(state: TreeState, token: SvgToken & { kind: "start" }): void {
  const { rawName, selfClosing } = token;
  if (state.closedRoot) refuse("a second root element");
  const attributes = parseAttributes(token.attributeText);
  const name = rawName.slice(rawName.lastIndexOf(":") + 1).toLowerCase();
  const index = state.elements.length;
  if (index >= SVG_LIMITS.maxElements) refuse(`more than ${SVG_LIMITS.maxElements} elements`);
  if (state.open.length >= SVG_LIMITS.maxDepth) refuse(`elements nested deeper than ${SVG_LIMITS.maxDepth}`);
  if (REFUSED_ELEMENTS.has(name)) refuse(`the element <${rawName}>`);
  const parent = state.open.length > 0 ? state.open[state.open.length - 1].index : -1;
  const element = newElement(name, attributes);
  if (parent === -1) {
    if (name !== "svg") refuse(`the root element is <${rawName.slice(0, 40)}>, not <svg>`);
    state.root = { start: token.start, end: token.end, ...rewriteRoot(rawName, attributes, selfClosing) };
  } else {
    state.elements[parent].children.push(index);
  }
  for (const attribute of attributes) readAttribute(state, element, index, rawName, attribute);
  state.elements.push(element);
  if (!selfClosing) state.open.push({ index, rawName });
  else if (parent === -1) state.closedRoot = true;
}

/** Closes the innermost open element; the end tag must name it. */
function closeElement(state: TreeState, name: string): void {
  const top = state.open.pop();
  if (!top || top.rawName !== name) refuse(`a mismatched end tag </${name.slice(0, 40)}>`);
  if (state.open.length === 0) state.closedRoot = true;
}

/**
 * Reads a document into its elements, ids, root and style sheets; throws
 * `SvgRefusedError` at the first problem, in document order.
 */
export function readTree(text: string): SvgTree {
  const state: TreeState = {
    elements: [],
    ids: new Map(),
    open: [],
    sheets: { bytes: 0, refs: [], layerSelectors: [] },
    root: null,
    closedRoot: false,
  };
  for (const token of tokenize(text)) {
    switch (token.kind) {
      case "text": {
        if (state.open.length === 0) refuse("text outside the root element");
        const content = decodeEntities(token.text);
        if (inStyle(state)) addSheet(state.sheets, content);
        break;
      }
      case "cdata":
        if (state.open.length === 0) refuse("CDATA outside the root element");
        if (inStyle(state)) addSheet(state.sheets, token.text);
        break;
      case "declaration":
        checkDeclaration(token.text, state.root !== null);
        break;
      case "end":
        closeElement(state, token.name);
        break;
      case "start":
        openElement(state, token);
        break;
    }
  }
  const { root } = state;
  if (!root || state.open.length > 0) refuse(root ? "an unclosed element" : "no <svg> root element");
  return { elements: state.elements, ids: state.ids, root, sheets: state.sheets };
}
