/**
 * The CSS scanner of the SVG guard (`svg_guard.ts`): style sheets and
 * `style` attributes are not parsed as CSS, only scanned for what costs the
 * renderer (layers, filter functions) or reaches outside the document
 * (`url(...)`, `@import`). Escapes are refused, so what is scanned is what
 * resvg reads.
 *
 * @module
 */

import { refuse } from "./svg_limits.ts";

/** The only elements a style sheet may reference (a shader each, not drawing). */
export const GRADIENTS: ReadonlySet<string> = new Set(["lineargradient", "radialgradient"]);

/** CSS filter functions (each counts as one primitive). */
const FILTER_FUNCTION =
  /\b(blur|drop-shadow|brightness|contrast|grayscale|hue-rotate|invert|opacity|saturate|sepia)\s*\(/gi;

const BLUR_FUNCTION = /\b(blur|drop-shadow)\s*\(/gi;

/** What an element's attributes add to its cost (the fields of `svg_tree.ts`'s `Element` this scanner sets). */
export interface StyleCost {
  /** Ids referenced with `url(#id)` (and `href="#id"`). */
  readonly refs: string[];
  /** Filter primitives of its own. */
  primitives: number;
  /** Blurs among them. */
  blurs: number;
  /** 1 when it is drawn as a layer of its own. */
  layer: number;
}

/** What a style sheet rule can match (the fields of `svg_tree.ts`'s `Element` selectors read). */
export interface SheetTarget {
  /** Local name in lower case. */
  readonly name: string;
  /** Attributes by local name, decoded. */
  readonly attributes: ReadonlyMap<string, string>;
  /** Its `class` names. */
  readonly classes: readonly string[];
  /** Set to 1 when a rule makes it a layer. */
  layer: number;
}

/** The `<style>` sheets of a document, summed. */
export interface StyleSheets {
  /** Characters of the sheets as written. */
  bytes: number;
  /** Ids the sheets reference with `url(#id)`. */
  readonly refs: string[];
  /** Selectors of the rules that make what they match a layer. */
  readonly layerSelectors: string[];
}

/** CSS without comments; backslash escapes, `@import` and `transform` are refused. */
export function cleanCss(css: string): string {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, " ");
  if (text.includes("\\")) refuse("a backslash escape in CSS");
  if (/@import/i.test(text)) refuse("CSS @import");
  if (/(?:^|[{;\s])transform\s*:/i.test(text)) refuse("a transform set in CSS");
  return text;
}

/** Whether an attribute (or the declarations of a `style` attribute) makes its element a layer. */
export function makesLayer(local: string, value: string): boolean {
  const declarations = local === "style"
    ? [...value.matchAll(/([a-z-]+)\s*:\s*([^;]*)/gi)].map((m) => [m[1].toLowerCase(), m[2].trim()])
    : [[local, value.trim()]];
  return declarations.some(([name, v]) =>
    (name === "opacity" && !(Number(v.replace(/%$/, "")) >= (v.endsWith("%") ? 100 : 1))) ||
    ((name === "mask" || name === "clip-path" || name === "filter") && v !== "" && v !== "none") ||
    (name === "mix-blend-mode" && v !== "normal") || (name === "isolation" && v === "isolate")
  );
}

/** The ids of every `url(...)` in `value`; anything but `#id` is refused. */
export function urlRefs(value: string): string[] {
  const ids: string[] = [];
  for (const match of value.matchAll(/url\s*\(\s*(['"]?)([^'")]*)\1\s*\)?/gi)) {
    const target = match[2].trim();
    if (!/^#[^\s#]+$/.test(target)) refuse(`the reference url(${target.slice(0, 60)}) (only #id is allowed)`);
    ids.push(target.slice(1));
  }
  if (/url\s*\(/i.test(value) && ids.length === 0) refuse("a malformed url()");
  return ids;
}

/**
 * Adds what the presentation attribute `local` (or a `style` attribute) costs
 * to `element`: its references, CSS filter functions, whether it makes a
 * layer. Markers are refused.
 */
export function addAttributeCost(element: StyleCost, local: string, value: string): void {
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

/** Selectors of the style sheet's rules that make what they match a layer. */
function sheetLayerSelectors(css: string): string[] {
  const selectors: string[] = [];
  for (const rule of css.matchAll(/([^{}]*)\{([^}]*)\}/g)) {
    if (makesLayer("style", rule[2])) selectors.push(...rule[1].split(",").map((s) => s.trim()).filter(Boolean));
  }
  return selectors;
}

/** A style sheet may not apply filters, masks, clip paths or markers. */
function checkSheet(css: string): void {
  const property = /(?:^|[{;\s])(filter|mask|clip-path|marker(?:-start|-mid|-end)?)\s*:/i.exec(css);
  if (property) refuse(`a style sheet that sets ${property[1]}`);
}

/** Scans the `<style>` sheet `css` into `sheets`; refuses what a sheet may not do. */
export function addSheet(sheets: StyleSheets, css: string): void {
  const clean = cleanCss(css);
  sheets.bytes += css.length;
  sheets.refs.push(...urlRefs(clean));
  checkSheet(clean);
  sheets.layerSelectors.push(...sheetLayerSelectors(clean));
}

/** Refuses a style sheet reference to an element of `elements` (by `ids`) other than a gradient. */
export function checkSheetRefs(
  sheets: StyleSheets,
  elements: readonly { readonly name: string }[],
  ids: ReadonlyMap<string, number>,
): void {
  for (const id of sheets.refs) {
    const target = ids.get(id);
    if (target !== undefined && !GRADIENTS.has(elements[target].name)) {
      refuse(`a style sheet that references <${elements[target].name}> (only gradients)`);
    }
  }
}

/**
 * Marks the elements style sheet rules make layers: `.class`, `#id` and
 * element-name selectors match as written; any other selector is assumed to
 * match every element.
 */
export function markSheetLayers(elements: readonly SheetTarget[], selectors: readonly string[]): void {
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
