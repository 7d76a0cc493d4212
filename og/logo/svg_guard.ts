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
 * The stages, each a module beside this one: `svg_tokens.ts` (the XML
 * tokenizer), `svg_tree.ts` (elements, ids, style sheets, the root rewritten),
 * `svg_css.ts` (the CSS scanner), `svg_cost.ts` (counts with references
 * expanded, filter and pattern regions), `svg_geometry.ts` (lengths,
 * transforms, path extents) and `svg_limits.ts` (the caps and the error).
 *
 * Pure and synchronous: no DOM, no wasm, no module state (safe in a Worker).
 *
 * @module
 */

import { checkRegions, checkTotals, expandedTotals } from "./svg_cost.ts";
import { checkSheetRefs, markSheetLayers } from "./svg_css.ts";
import { GeometryError } from "./svg_geometry.ts";
import { refuse, SVG_LIMITS } from "./svg_limits.ts";
import { readTree, type SvgRoot } from "./svg_tree.ts";

export { SVG_LIMITS, SvgRefusedError } from "./svg_limits.ts";

/** An SVG document that passed {@linkcode guardSvg}. */
export interface GuardedSvg {
  /** The document, its root `width`, `height` and `viewBox` rewritten. */
  readonly text: string;
  /** Size of the rewritten root in pixels, at most `maxSide` each. */
  readonly width: number;
  readonly height: number;
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

/** The pipeline: bytes to text, the element tree, style sheets, expanded costs, regions, the root rewritten. */
function guard(bytes: Uint8Array): GuardedSvg {
  const text = decodeText(bytes);
  const { elements, ids, root, sheets } = readTree(text);
  if (sheets.bytes > SVG_LIMITS.maxStyleBytes) refuse(`style sheets over ${SVG_LIMITS.maxStyleBytes} characters`);
  checkSheetRefs(sheets, elements, ids);
  markSheetLayers(elements, sheets.layerSelectors);
  const { root: totals, order } = expandedTotals(elements, ids);
  checkTotals(totals);
  checkRegions(elements, ids, order, root.box);
  return withRoot(text, root);
}

/** The document as text: at most `maxBytes`, UTF-8. */
function decodeText(bytes: Uint8Array): string {
  if (bytes.length > SVG_LIMITS.maxBytes) refuse(`${bytes.length} bytes is over ${SVG_LIMITS.maxBytes}`);
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return refuse("the bytes are not UTF-8");
  }
}

/** `text` with its root start tag replaced by the capped one. */
function withRoot(text: string, root: SvgRoot): GuardedSvg {
  return {
    text: text.slice(0, root.start) + root.tag + text.slice(root.end),
    width: root.width,
    height: root.height,
  };
}
