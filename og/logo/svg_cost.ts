/**
 * The cost model of the SVG guard (`svg_guard.ts`): what a document costs
 * resvg once every `<use>` and `url(#id)` reference is expanded (elements,
 * filter primitives, blurs, layers, embedded images, depth of nesting and of
 * reference chains, cycles), and how large its filter regions and pattern
 * tiles can be in pixels.
 *
 * @module
 */

import { GRADIENTS } from "./svg_css.ts";
import { type Extent, include, includePath, lengthPx, numberList, parseViewBox } from "./svg_geometry.ts";
import { formatNumber, refuse, SVG_LIMITS } from "./svg_limits.ts";
import type { Element } from "./svg_tree.ts";

/** Elements drawn only where they are referenced, never where they stand. */
const DRAWN_BY_REFERENCE = new Set([...GRADIENTS, "filter", "pattern", "mask", "clippath", "symbol"]);

/** Elements whose `x`, `y`, `width`, `height` are geometry (not a region). */
const BOXES = new Set(["rect", "image", "use", "svg", "foreignobject", "text", "tspan"]);

/** The totals of a reference graph, each capped at its limit + 1. */
export interface Totals {
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

/** `own`'s costs plus its children's and its references' (`totals` holds theirs). */
function sumOf(elements: readonly Element[], ids: ReadonlyMap<string, number>, totals: Totals[], i: number): Totals {
  const cap = (n: number, limit: number) => Math.min(n, limit + 1);
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
  return sum;
}

/**
 * Expands every reference from the root: a depth-first walk that sums each
 * element's own cost with its children's and its references' (a gradient
 * reference costs 1: it is a shader, not drawing). A reference back into the
 * current path is a cycle. Also returns the elements in topological order
 * (every element before what it contains or references).
 */
export function expandedTotals(
  elements: readonly Element[],
  ids: ReadonlyMap<string, number>,
): { root: Totals; order: number[] } {
  const state = new Uint8Array(elements.length); // 0 new, 1 on the path, 2 done
  const totals: Totals[] = new Array(elements.length);
  const postOrder: number[] = [];
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
    totals[i] = sumOf(elements, ids, totals, i);
    state[i] = 2;
    postOrder.push(i);
  }
  return { root: totals[0], order: postOrder.reverse() };
}

/** Refuses totals over the caps of {@linkcode SVG_LIMITS}. */
export function checkTotals(totals: Totals): void {
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

/** Largest scale of each element's user space relative to the root's (0: never drawn), and the largest of all. */
function reaches(
  elements: readonly Element[],
  ids: ReadonlyMap<string, number>,
  order: readonly number[],
): { reach: Float64Array; deepest: number } {
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
  return { reach, deepest };
}

/**
 * Bounds every referenced filter region and pattern tile (see `svg_guard.ts`):
 * the coordinates reached by any shape bound an object bounding box, and the
 * product of the scales on the way from the root (through children, `<use>`
 * and `url(#id)` references) bounds how much a user unit grows. `order` is
 * {@linkcode expandedTotals}'s, `box` the root's viewBox. Sets the scale of
 * nested viewports on `elements`.
 */
export function checkRegions(
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
  const { reach, deepest } = reaches(elements, ids, order);
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
