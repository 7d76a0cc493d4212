import assert from "node:assert/strict";
import { checkRegions, checkTotals, expandedTotals, type Totals } from "./svg_cost.ts";
import { markSheetLayers } from "./svg_css.ts";
import { SVG_LIMITS, SvgRefusedError } from "./svg_limits.ts";
import { readTree } from "./svg_tree.ts";

const NS = 'xmlns="http://www.w3.org/2000/svg"';

function refused(run: () => unknown, pattern: RegExp): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof SvgRefusedError, String(error));
    assert.match(error.message, pattern);
    return true;
  });
}

/** The expanded totals of a document. */
function totalsOf(text: string): Totals {
  const { elements, ids, sheets } = readTree(text);
  markSheetLayers(elements, sheets.layerSelectors);
  return expandedTotals(elements, ids).root;
}

/** Reads a document and bounds its regions. */
function regions(text: string): void {
  const { elements, ids, root } = readTree(text);
  checkRegions(elements, ids, expandedTotals(elements, ids).order, root.box);
}

Deno.test("a reference costs the whole subtree it draws again; symbols, filters and gradients cost nothing where they stand", () => {
  const totals = totalsOf(
    `<svg ${NS}><symbol id="a"><rect/><rect opacity=".5"/></symbol><use href="#a"/><use href="#a"/></svg>`,
  );
  // svg, then 2 x (use, symbol, 2 rects): 9 drawn elements, two translucent rects, svg > use > symbol > rect.
  assert.deepEqual(totals, { elements: 9, primitives: 0, blurs: 0, layers: 2, images: 0, imagePixels: 0, depth: 4 });
  // What <defs> holds is counted where it stands too (an upper bound): one more g and its 2 rects.
  const defs = totalsOf(
    `<svg ${NS}><defs><g id="a"><rect/><rect opacity=".5"/></g></defs><use href="#a"/><use href="#a"/></svg>`,
  );
  assert.deepEqual([defs.elements, defs.layers], [13, 3]);
  // A filter costs its primitives once per element that uses it; a gradient costs 1, not its stops.
  const filtered = totalsOf(
    `<svg ${NS}><filter id="f"><feGaussianBlur/><feOffset/></filter><linearGradient id="g"><stop/><stop/>` +
      `</linearGradient><rect filter="url(#f)" fill="url(#g)"/><rect filter="url(#f)"/></svg>`,
  );
  assert.equal(filtered.primitives, 4);
  assert.equal(filtered.blurs, 2);
  assert.equal(filtered.elements, 1 + 2 * 4 + 1);
  assert.equal(filtered.layers, 2);
});

Deno.test("totals are capped at limit + 1, so a reference bomb is summed in linear time", () => {
  const bomb = `<svg ${NS}><rect id="a0"/>` +
    Array.from({ length: 30 }, (_, i) => `<g id="a${i + 1}">${`<use href="#a${i}"/>`.repeat(10)}</g>`).join("") +
    "</svg>";
  const totals = totalsOf(bomb);
  assert.equal(totals.elements, SVG_LIMITS.maxRenderedElements + 1);
  refused(() => checkTotals(totals), /more than 6000 elements once references are expanded/);
});

Deno.test("each cap is checked, and cycles are refused", () => {
  const ok: Totals = { elements: 1, primitives: 0, blurs: 0, layers: 0, images: 0, imagePixels: 0, depth: 1 };
  checkTotals(ok);
  const over: [keyof Totals, number, RegExp][] = [
    ["primitives", 25, /more than 24 filter primitives/],
    ["blurs", 7, /more than 6 blurs/],
    ["layers", 257, /more than 256 layers/],
    ["images", 9, /more than 8 embedded images/],
    ["imagePixels", SVG_LIMITS.maxImagePixels + 1, /embedded image pixels/],
    ["depth", 65, /more than 64 levels of nesting/],
  ];
  for (const [key, value, pattern] of over) refused(() => checkTotals({ ...ok, [key]: value }), pattern);
  refused(() => totalsOf(`<svg ${NS}><g id="a"><g><use href="#a"/></g></g></svg>`), /reference cycle/);
  refused(() => totalsOf(`<svg ${NS}><mask id="m"><rect mask="url(#m)"/></mask><rect mask="url(#m)"/></svg>`), /cycle/);
});

Deno.test("regions: a filter or pattern is bounded by the shapes and scales that can reach it", () => {
  const flood = (filter: string, shape: string) =>
    `<svg ${NS} viewBox="0 0 100 100"><filter id="f"${filter}><feFlood/></filter>${shape}</svg>`;
  const rect = '<rect width="80" height="80" filter="url(#f)"/>';
  regions(flood("", rect));
  regions(flood(' filterUnits="userSpaceOnUse" width="300" height="300"', rect));
  refused(() => regions(flood(' filterUnits="userSpaceOnUse" width="301" height="1"', rect)), /up to 3.01 times/);
  refused(() => regions(flood("", `<g transform="scale(5)">${rect}</g>`)), /<filter> region up to/);
  refused(() => regions(flood("", `<circle cx="50" r="500" filter="url(#f)"/>`)), /<filter> region/);
  refused(() => regions(flood("", `<polygon points="0,0 900,900"/>${rect}`)), /<filter> region/);
  refused(
    () => regions(flood("", `<symbol id="s" viewBox="0 0 1 1"><rect filter="url(#f)"/></symbol><use href="#s"/>`)),
    /<filter> region/,
  );
  // A filter defined but used by nothing is bounded all the same.
  refused(() => regions(flood(' filterUnits="userSpaceOnUse" width="99999" height="9"', "<rect/>")), /<filter>/);
  refused(
    () =>
      regions(
        `<svg ${NS} viewBox="0 0 100 100"><pattern id="p" width="400" height="1" patternUnits="userSpaceOnUse"/>` +
          `<rect fill="url(#p)"/></svg>`,
      ),
    /<pattern> region up to 4 times/,
  );
});
