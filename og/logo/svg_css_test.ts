import assert from "node:assert/strict";
import {
  addAttributeCost,
  addSheet,
  checkSheetRefs,
  cleanCss,
  makesLayer,
  markSheetLayers,
  type SheetTarget,
  type StyleCost,
  type StyleSheets,
  urlRefs,
} from "./svg_css.ts";
import { SvgRefusedError } from "./svg_limits.ts";

function refused(run: () => unknown, pattern: RegExp): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof SvgRefusedError, String(error));
    assert.match(error.message, pattern);
    return true;
  });
}

const cost = (): StyleCost => ({ refs: [], primitives: 0, blurs: 0, layer: 0 });
const sheets = (): StyleSheets => ({ bytes: 0, refs: [], layerSelectors: [] });

Deno.test("comments are dropped; escapes, @import and transform are refused", () => {
  assert.equal(cleanCss("a/* x */{fill:red}"), "a {fill:red}");
  refused(() => cleanCss("a { fill: \\75 rl(x) }"), /backslash escape/);
  refused(() => cleanCss('@IMPORT "x.css";'), /@import/);
  refused(() => cleanCss("g { transform: scale(9) }"), /transform set in CSS/);
  // A property that merely ends in "transform" is not one.
  assert.equal(cleanCss("g{text-transform:none}"), "g{text-transform:none}");
});

Deno.test("layers: opacity under 1, masks, clip paths, filters, blend modes, isolation", () => {
  for (const [local, value] of [["opacity", "0.5"], ["opacity", "50%"], ["mask", "url(#m)"], ["filter", "blur(1)"]]) {
    assert.ok(makesLayer(local, value), `${local}=${value}`);
  }
  for (const [local, value] of [["opacity", "1"], ["opacity", "100%"], ["mask", "none"], ["fill-opacity", "0.5"]]) {
    assert.ok(!makesLayer(local, value), `${local}=${value}`);
  }
  assert.ok(makesLayer("style", "fill: red; mix-blend-mode: multiply"));
  assert.ok(makesLayer("style", "isolation: isolate"));
  assert.ok(!makesLayer("style", "mix-blend-mode: normal; clip-path: none"));
});

Deno.test("url() may name an element of the document only", () => {
  assert.deepEqual(urlRefs("url(#a) url( '#b' ) url(\"#c\")"), ["a", "b", "c"]);
  assert.deepEqual(urlRefs("red"), []);
  refused(() => urlRefs("url(http://evil.example/x#a)"), /url\(http:\/\/evil.example\/x#a\)/);
  refused(() => urlRefs("url(#a b)"), /only #id/);
  refused(() => urlRefs('url("#a)'), /only #id|malformed url/);
});

Deno.test("an attribute adds its references, CSS filter functions and layer to its element", () => {
  const element = cost();
  addAttributeCost(element, "style", "filter: blur(2) drop-shadow(1px 1px) sepia(1); fill: url(#g)");
  assert.deepEqual(element, { refs: ["g"], primitives: 3, blurs: 2, layer: 1 });
  const plain = cost();
  addAttributeCost(plain, "fill", "url(#g)");
  addAttributeCost(plain, "title", "blur(3)"); // not a filter property
  assert.deepEqual(plain, { refs: ["g"], primitives: 0, blurs: 0, layer: 0 });
  refused(() => addAttributeCost(cost(), "marker-end", "url(#m)"), /markers/);
  refused(() => addAttributeCost(cost(), "style", "marker: url(#m)"), /markers/);
});

Deno.test("style sheets: summed, their references kept, layer rules noted, filters and masks refused", () => {
  const found = sheets();
  addSheet(found, "/* c */ .a, #b { opacity: .5 } rect { fill: url(#g) } g { opacity: 1 }");
  addSheet(found, "circle{mix-blend-mode:screen}");
  assert.equal(found.bytes, 70 + 29);
  assert.deepEqual(found.refs, ["g"]);
  assert.deepEqual(found.layerSelectors, [".a", "#b", "circle"]);
  for (const property of ["filter", "mask", "clip-path", "marker-start"]) {
    refused(() => addSheet(sheets(), `rect { ${property}: url(#x) }`), new RegExp(`sets ${property}`));
  }
  refused(() => addSheet(sheets(), "@import url(x.css);"), /@import/);
});

Deno.test("a style sheet may reference gradients only", () => {
  const found = sheets();
  addSheet(found, "rect { fill: url(#g) } circle { fill: url(#missing) }");
  const elements = [{ name: "svg" }, { name: "lineargradient" }, { name: "pattern" }];
  checkSheetRefs(found, elements, new Map([["g", 1], ["p", 2]]));
  refused(
    () => checkSheetRefs(found, elements, new Map([["g", 2]])),
    /style sheet that references <pattern> \(only gradients\)/,
  );
});

Deno.test("layer rules mark what their selector matches; other selectors match everything", () => {
  const make = (name: string, classes: string[], id?: string): SheetTarget => ({
    name,
    classes,
    attributes: new Map(id ? [["id", id]] : []),
    layer: 0,
  });
  const elements = [make("svg", []), make("rect", ["a", "b"]), make("circle", [], "c"), make("path", ["z"])];
  markSheetLayers(elements, [".a", "#c"]);
  assert.deepEqual(elements.map((e) => e.layer), [0, 1, 1, 0]);
  markSheetLayers(elements, ["PATH"]);
  assert.deepEqual(elements.map((e) => e.layer), [0, 1, 1, 1]);
  const fresh = [make("svg", []), make("rect", [])];
  markSheetLayers(fresh, ["g > rect"]);
  assert.deepEqual(fresh.map((e) => e.layer), [1, 1]);
});
