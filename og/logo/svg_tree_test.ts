import assert from "node:assert/strict";
import { SVG_LIMITS, SvgRefusedError } from "./svg_limits.ts";
import { parseAttributes } from "./svg_tokens.ts";
import { readTree, rewriteRoot } from "./svg_tree.ts";

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

function refused(run: () => unknown, pattern: RegExp): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof SvgRefusedError, String(error));
    assert.match(error.message, pattern);
    return true;
  });
}

Deno.test("elements are listed in document order with children, ids, references and own costs", () => {
  const text =
    `<svg ${NS} viewBox="0 0 10 10"><defs><filter id="f"><feGaussianBlur/><feMerge><feMergeNode/></feMerge>` +
    `</filter></defs><g id="g" class="a  b" transform="scale(3)" opacity="0.5"><use href="#f" style="fill:url(#p)"/>` +
    `</g><image href="data:image/png;base64,${PNG}"/><a href="https://uniswap.org"/></svg>`;
  const { elements, ids, root } = readTree(text);
  assert.deepEqual(elements.map((e) => e.name), [
    "svg",
    "defs",
    "filter",
    "fegaussianblur",
    "femerge",
    "femergenode",
    "g",
    "use",
    "image",
    "a",
  ]);
  assert.deepEqual(elements[0].children, [1, 6, 8, 9]);
  assert.deepEqual(elements[2].children, [3, 4]);
  assert.deepEqual([...ids], [["f", 2], ["g", 6]]);
  assert.deepEqual(elements.map((e) => e.primitives), [0, 0, 0, 1, 1, 0, 0, 0, 0, 0]);
  assert.equal(elements[3].blurs, 1);
  assert.deepEqual(elements[6].classes, ["a", "b"]);
  assert.equal(elements[6].scale, 3);
  assert.equal(elements[6].layer, 1);
  assert.deepEqual(elements[7].refs, ["f", "p"]);
  assert.equal(elements[8].imagePixels, 1);
  assert.deepEqual(elements[9].refs, []);
  assert.equal(text.slice(root.start, root.end), `<svg ${NS} viewBox="0 0 10 10">`);
});

Deno.test("style sheet text and CDATA are scanned; entities in text are decoded first", () => {
  const { sheets } = readTree(
    `<svg ${NS}><style>.a { opacity: .5 } rect { fill: url(&#x23;g) }</style>` +
      `<style><![CDATA[ #b { mix-blend-mode: screen } ]]></style></svg>`,
  );
  assert.deepEqual(sheets.refs, ["g"]);
  assert.deepEqual(sheets.layerSelectors, [".a", "#b"]);
  refused(() => readTree(`<svg ${NS}><style>rect { filter: url(#f) }</style></svg>`), /sets filter/);
});

Deno.test("structure, counts and references outside the document are refused", () => {
  const cases: [string, RegExp][] = [
    [`text<svg ${NS}/>`, /text outside the root/],
    [`<![CDATA[x]]><svg ${NS}/>`, /CDATA outside the root/],
    [`<svg ${NS}><!DOCTYPE svg></svg>`, /markup declaration/],
    [`<svg ${NS}/><svg ${NS}/>`, /second root/],
    [`<svg ${NS}><g></svg>`, /mismatched end tag <\/svg>/],
    [`<svg ${NS}><g>`, /unclosed element/],
    ["<!-- nothing -->", /no <svg> root/],
    ["<html/>", /root element is <html>/],
    [`<svg ${NS}>${"<g/>".repeat(SVG_LIMITS.maxElements)}</svg>`, /more than 4000 elements/],
    [`<svg ${NS}>${"<g>".repeat(64)}${"</g>".repeat(64)}</svg>`, /nested deeper than 64/],
    [`<svg ${NS}><feTurbulence/></svg>`, /the element <feTurbulence>/],
    [`<svg ${NS}><g id=" a"/><g id="a "/></svg>`, /id "a" used twice/],
    [`<svg ${NS}><use href="http://evil.example/#a"/></svg>`, /reference "http:\/\/evil.example\/#a" on <use>/],
    [`<svg ${NS}><image href="file:///etc/passwd"/></svg>`, /image reference "file:\/\/\/etc\/passwd"/],
    [`<svg ${NS}><image href="data:image/png;base64,@@"/></svg>`, /not base64/],
    [`<svg ${NS}><image href="data:image/png;base64,${btoa(`<svg ${NS}/>`)}"/></svg>`, /embedded svg image/],
    [`<svg ${NS}><image href="data:image/gif;base64,${btoa("not an image")}"/></svg>`, /embedded other image/],
    [`<svg ${NS}><path marker-end="url(#m)"/></svg>`, /markers/],
  ];
  for (const [text, pattern] of cases) refused(() => readTree(text), pattern);
  // Nesting exactly at the cap is fine.
  readTree(`<svg ${NS}>${"<g>".repeat(63)}${"</g>".repeat(63)}</svg>`);
});

Deno.test("the root keeps its other attributes and declares a capped size and a viewBox", () => {
  const root = (attributes: string) => rewriteRoot("svg", parseAttributes(attributes), false);
  assert.deepEqual(root(` ${NS} width="2048" height="1024" fill="none"`), {
    tag: `<svg ${NS} fill="none" width="512" height="256" viewBox="0 0 2048 1024">`,
    width: 512,
    height: 256,
    box: [0, 0, 2048, 1024],
  });
  // Prefixed attributes are not the root's size and are kept as written.
  const kept = rewriteRoot("svg", parseAttributes(` a:width="9" viewBox="1 2 30 10" width="50%"`), true);
  assert.equal(kept.tag, `<svg a:width="9" width="15" height="10" viewBox="1 2 30 10"/>`);
  assert.deepEqual([kept.width, kept.height], [15, 10]);
  refused(() => root(` width="1" height="40"`), /root size 1 x 40 is over 32:1/);
  refused(() => root(` width="0"`), /root size 0 x 100 is empty/);
  refused(() => root(` width="3em"`), /root size 3em x \(none\) cannot be read/);
});
