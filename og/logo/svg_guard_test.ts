import assert from "node:assert/strict";
import { rasterizeSvg } from "../raster/resvg.ts";
import { guardSvg, SVG_LIMITS, SvgRefusedError } from "./svg_guard.ts";

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const bytes = (text: string) => new TextEncoder().encode(text);

function assertRefused(svg: string, pattern: RegExp, what: string): void {
  assert.throws(() => guardSvg(bytes(svg)), (error: unknown) => {
    assert.ok(error instanceof SvgRefusedError, `${what}: ${error}`);
    assert.match(error.message, pattern, what);
    return true;
  }, what);
}

Deno.test("the root size handed to resvg is capped at 512 px, aspect kept", async () => {
  // The 141-byte logo that grew the server to 6.6 GB at a 64 px wide raster.
  const tall = `<svg ${NS} width="1" height="100000"><rect width="1" height="100000" fill="#f00"/></svg>`;
  assert.ok(tall.length < 150, `${tall.length} bytes`);
  assertRefused(tall, /over 32:1/, "1 x 100000");
  const huge = guardSvg(bytes(`<svg ${NS} width="100000" height="50000"><rect width="100000" height="50000"/></svg>`));
  assert.equal(huge.width, 512);
  assert.equal(huge.height, 256);
  assert.match(huge.text, /^<svg xmlns="[^"]+" width="512" height="256" viewBox="0 0 100000 50000">/);
  // Tall within the aspect cap: 512 high, and drawn to fit 64 it stays small.
  const narrow = guardSvg(bytes(`<svg ${NS} width="1000" height="20000" viewBox="0 0 10 200"><rect/></svg>`));
  assert.deepEqual([narrow.width, narrow.height], [25.6, 512]);
  const image = await rasterizeSvg(narrow.text, Math.round((64 * narrow.width) / narrow.height));
  assert.ok(image.width <= 64 && image.height <= 64, `${image.width}x${image.height}`);
  // Units, percentages and a missing size resolve as resvg does.
  assert.deepEqual(pick(guardSvg(bytes(`<svg ${NS} width="2in" height="96pt"/>`))), [192, 128]);
  assert.deepEqual(pick(guardSvg(bytes(`<svg ${NS} viewBox="0 0 40 20" width="50%"/>`))), [20, 20]);
  assert.deepEqual(pick(guardSvg(bytes(`<svg ${NS}/>`))), [100, 100]);
  for (const bad of ['width="0"', 'width="-5"', 'width="10em"', 'width="1e999"', 'width="abc"']) {
    assertRefused(`<svg ${NS} ${bad} height="10"/>`, /root size/, bad);
  }
});

function pick(svg: { width: number; height: number }): number[] {
  return [svg.width, svg.height];
}

Deno.test("a small logo keeps its drawing exactly", async () => {
  const original = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<!-- exported -->
<svg ${NS} xmlns:xlink="http://www.w3.org/1999/xlink" width="32" height="32" viewBox="0 0 32 32">
<defs><linearGradient id="g"><stop offset="0" stop-color="#ff007a"/><stop offset="1" stop-color="#7a00ff"/></linearGradient>
<style><![CDATA[ .a { fill: url(#g); } ]]></style></defs>
<circle class="a" cx="16" cy="16" r="16"/><path d="M8 8h16v16H8z" fill="#fff" fill-opacity="0.5"/>
<use xlink:href="#dot" x="2"/><circle id="dot" cx="4" cy="4" r="2" fill="#000"/></svg>`;
  const guarded = guardSvg(bytes(original));
  assert.deepEqual(pick(guarded), [32, 32]);
  const [a, b] = await Promise.all([rasterizeSvg(original, 64), rasterizeSvg(guarded.text, 64)]);
  assert.deepEqual(b.pixels, a.pixels);
});

Deno.test("real token logos pass the guard unchanged in pixels", async () => {
  // The demo gateway's copies of cryptocurrency-icons' colour SVGs.
  const dir = new URL("../../demo_gateway/icons/svg/", import.meta.url);
  for (const name of ["btc", "eth", "uni", "usdc", "link", "matic", "dai"]) {
    const file = await Deno.readFile(new URL(`${name}.svg`, dir));
    const guarded = guardSvg(file);
    const [a, b] = await Promise.all([
      rasterizeSvg(new TextDecoder().decode(file), 64),
      rasterizeSvg(guarded.text, 64),
    ]);
    assert.deepEqual(b.pixels, a.pixels, name);
  }
});

Deno.test("filters: counted with references expanded, regions bounded", () => {
  // 30 blur filters (6 KB): every client froze for 114 s.
  const blurs = `<svg ${NS} width="512" height="512" viewBox="0 0 100 100">` +
    Array.from(
      { length: 30 },
      (_, i) =>
        `<filter id="f${i}"><feGaussianBlur stdDeviation="${20 + i}"/></filter>` +
        `<rect x="${i}" y="${i}" width="60" height="60" fill="#f00" filter="url(#f${i})"/>`,
    ).join("") + "</svg>";
  assertRefused(blurs, /more than 24 filter primitives/, "30 blur filters");
  // One filter used by 7 shapes is 7 blurs.
  const shared = `<svg ${NS} viewBox="0 0 100 100"><filter id="f"><feGaussianBlur stdDeviation="3"/></filter>` +
    `<rect width="9" height="9" filter="url(#f)"/>`.repeat(7) + "</svg>";
  assertRefused(shared, /more than 6 blurs/, "shared blur");
  assertRefused(
    shared.replaceAll("<rect", "<rect style='filter: blur(2)'").replaceAll(' filter="url(#f)"', ""),
    /blurs/,
    "CSS blur()",
  );
  assertRefused(
    `<svg ${NS} viewBox="0 0 100 100"><style>rect { filter: url(#f) }</style><filter id="f"><feOffset/></filter><rect/></svg>`,
    /style sheet that sets filter/,
    "a style sheet applying a filter to every element",
  );
  // Regions that resvg would allocate in full: a 20,000% flood, a shape
  // scaled 200 times, a 16,000-unit shape, a long chain of relative steps.
  const flood = (filter: string, shape: string) =>
    `<svg ${NS} width="512" height="512" viewBox="0 0 100 100"><filter id="f"${filter}><feFlood flood-color="#00f"/></filter>${shape}</svg>`;
  const rect = '<rect width="80" height="80" filter="url(#f)"/>';
  assertRefused(flood(' x="-100" y="-100" width="200" height="200"', rect), /<filter> region/, "huge fraction");
  assertRefused(
    flood(' filterUnits="userSpaceOnUse" width="5000" height="5000"', rect),
    /<filter> region/,
    "user space",
  );
  assertRefused(flood("", `<g transform="scale(200)">${rect}</g>`), /<filter> region/, "scaled group");
  assertRefused(
    flood("", `<g transform="matrix(0 150 -150 0 0 0)">${rect}</g>`),
    /<filter> region/,
    "rotated and scaled",
  );
  assertRefused(flood("", '<rect width="16000" height="16000" filter="url(#f)"/>'), /<filter> region/, "big shape");
  assertRefused(
    flood("", `<path d="M0 0${" l90 90".repeat(200)}z" filter="url(#f)"/>`),
    /<filter> region/,
    "relative path",
  );
  assertRefused(
    flood("", `<svg viewBox="0 0 1 1" width="100" height="100">${rect}</svg>`),
    /<filter> region/,
    "nested viewport scaling 100x",
  );
  // A pattern tile of 20,000 units (700 MB in resvg at a 64 px raster).
  assertRefused(
    `<svg ${NS} viewBox="0 0 100 100"><pattern id="p" width="20000" height="20000" patternUnits="userSpaceOnUse"><rect width="1" height="1"/></pattern><rect width="100" height="100" fill="url(#p)"/></svg>`,
    /<pattern> region/,
    "pattern tile",
  );
  for (
    const primitive of [
      "feMorphology radius='500'",
      "feTurbulence numOctaves='1000'",
      "feConvolveMatrix order='50'",
      "feImage href='#x'",
      "feTile",
    ]
  ) {
    assertRefused(
      `<svg ${NS}><filter id="f"><${primitive}/></filter><rect filter="url(#f)"/></svg>`,
      /the element/,
      primitive,
    );
  }
  // A designer's drop shadow (Figma export: 8 primitives, one blur) passes.
  const figma = `<svg ${NS} width="48" height="48" viewBox="0 0 48 48" fill="none"><g filter="url(#s)">` +
    `<circle cx="24" cy="22" r="20" fill="#FF007A"/></g><defs><filter id="s" x="0" y="0" width="48" height="48" ` +
    `filterUnits="userSpaceOnUse" color-interpolation-filters="sRGB"><feFlood flood-opacity="0" result="bg"/>` +
    `<feColorMatrix in="SourceAlpha" type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 127 0" result="a"/>` +
    `<feOffset dy="2"/><feGaussianBlur stdDeviation="2"/><feComposite in2="a" operator="out"/>` +
    `<feColorMatrix type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0.25 0"/>` +
    `<feBlend in2="bg" result="e"/><feBlend in="SourceGraphic" in2="e"/></filter></defs></svg>`;
  assert.deepEqual(pick(guardSvg(bytes(figma))), [48, 48]);
});

Deno.test("element counts, nesting and <use> expansion are capped", () => {
  // 25k rects, 1.7 MB: froze the server 21 s.
  const rects = (n: number) =>
    `<svg ${NS} width="512" height="512">` +
    Array.from({ length: n }, (_, i) =>
      `<rect x="${i % 500}" y="${(i * 7) % 500}" width="10" height="10" stroke="#000" stroke-width="1" fill="#${
        (i * 97 % 0xffffff).toString(16).padStart(6, "0")
      }"/>`).join("") +
    "</svg>";
  const big = rects(25_000);
  assert.ok(big.length > 1_600_000);
  assertRefused(big, /bytes is over/, "25k rects");
  assertRefused(rects(SVG_LIMITS.maxElements + 1), /more than 4000 elements/, "4001 rects");
  guardSvg(bytes(rects(1000)));
  // Nested <use>, billion-laughs style: 10 uses per level, 9 levels = 10^9 rects.
  const laughs = `<svg ${NS} width="100" height="100"><defs><rect id="a0" width="1" height="1"/>` +
    Array.from({ length: 9 }, (_, i) => `<g id="a${i + 1}">${`<use href="#a${i}"/>`.repeat(10)}</g>`).join("") +
    `</defs><use href="#a9"/></svg>`;
  assert.ok(laughs.length < 2000);
  assertRefused(laughs, /more than 6000 elements once references are expanded/, "use bomb");
  // The same through url(#) references: a mask drawing a 10^6 group.
  assertRefused(
    laughs.replace('<use href="#a9"/>', '<mask id="m"><use href="#a9"/></mask><rect mask="url(#m)"/>'),
    /more than 6000 elements/,
    "mask bomb",
  );
  assertRefused(`<svg ${NS}>${"<g>".repeat(70)}${"</g>".repeat(70)}</svg>`, /nested deeper/, "deep nesting");
  const chain = `<svg ${NS}><rect id="u0"/>` +
    Array.from({ length: 70 }, (_, i) => `<use id="u${i + 1}" href="#u${i}"/>`).join("") + "</svg>";
  assertRefused(chain, /levels of nesting/, "use chain");
  assertRefused(`<svg ${NS}><g id="a"><use href="#a"/></g></svg>`, /cycle/, "self use");
  assertRefused(`<svg ${NS}><g id="a"/><g id="a"/></svg>`, /used twice/, "duplicate id");
  assertRefused(`<svg ${NS}><marker id="m"/><path marker-mid="url(#m)" d="M0 0L1 1"/></svg>`, /marker/, "markers");
});

Deno.test("entities, external references and anything that is not plain SVG are refused", () => {
  const laughs = '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>' +
    `<svg ${NS}><text>&b;</text></svg>`;
  assertRefused(laughs, /internal subset|inside a tag/, "billion laughs");
  assertRefused(`<svg ${NS}><text>&custom;</text></svg>`, /entity/, "undeclared entity");
  const external: [string, string][] = [
    ["image file", `<svg ${NS}><image href="file:///etc/passwd"/></svg>`],
    ["image http", `<svg ${NS}><image href="http://169.254.169.254/x.png"/></svg>`],
    ["image path", `<svg ${NS} xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="/etc/hosts"/></svg>`],
    ["nested svg", `<svg ${NS}><image href="data:image/svg+xml;base64,PHN2Zy8+"/></svg>`],
    ["use http", `<svg ${NS}><use href="http://evil.example/s.svg#a"/></svg>`],
    ["entity-encoded href", `<svg ${NS}><use href="&#x68;ttp://evil.example/#a"/></svg>`],
    ["fill url", `<svg ${NS}><rect fill="url(http://evil.example/p.svg#g)"/></svg>`],
    ["style url", `<svg ${NS}><rect style="fill:url('file:///x')"/></svg>`],
    ["font-face", `<svg ${NS}><style>@font-face { src: url(https://evil.example/f.woff) }</style></svg>`],
    ["import", `<svg ${NS}><style>@import "https://evil.example/s.css";</style></svg>`],
    ["escaped css", `<svg ${NS}><style>rect { fill: \\75 rl(x) }</style></svg>`],
    ["stylesheet PI", `<?xml-stylesheet href="https://evil.example/s.css"?><svg ${NS}/>`],
    ["html", "<html><svg/></html>"],
    ["two roots", `<svg ${NS}/><svg ${NS}/>`],
    ["unclosed", `<svg ${NS}><g>`],
    ["mismatched", `<svg ${NS}><g></svg></g>`],
  ];
  for (const [what, svg] of external) {
    assert.throws(() => guardSvg(bytes(svg)), SvgRefusedError, what);
  }
  assert.throws(
    () => guardSvg(new Uint8Array([0x3c, 0x73, 0x76, 0x67, 0x3e, 0xff, 0x3c, 0x2f, 0x73, 0x76, 0x67, 0x3e])),
    /UTF-8/,
  );
  // A link is not fetched; a same-document reference and a small data: PNG are fine.
  const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
  guardSvg(
    bytes(
      `<svg ${NS}><a href="https://uniswap.org"><rect id="r"/></a><use href="#r"/><image href="data:image/png;base64,${png}"/></svg>`,
    ),
  );
  // A data: PNG whose header claims 30000 x 30000 is refused like a fetched one.
  const bomb = atob(png).split("").map((c) => c.charCodeAt(0));
  bomb.splice(16, 8, 0, 0, 0x75, 0x30, 0, 0, 0x75, 0x30);
  assert.throws(
    () =>
      guardSvg(bytes(`<svg ${NS}><image href="data:image/png;base64,${btoa(String.fromCharCode(...bomb))}"/></svg>`)),
    /over 4194304 pixels/,
  );
});

Deno.test("layers (opacity, masks, clip paths, blend modes) are counted, style sheet rules included", () => {
  // Masked shapes: each is a pixmap of its own (3,900 of them took 28 s at a 160 px raster).
  const masked = `<svg ${NS} viewBox="0 0 100 100"><mask id="m"><rect width="100" height="100" fill="#fff"/></mask>` +
    '<rect width="100" height="100" mask="url(#m)"/>'.repeat(300) + "</svg>";
  assertRefused(masked, /more than 256 layers/, "masks");
  const translucent = (n: number, how: string) =>
    `<svg ${NS} viewBox="0 0 100 100">${`<rect width="100" height="100" ${how}/>`.repeat(n)}</svg>`;
  assertRefused(translucent(300, 'opacity="0.5"'), /layers/, "opacity attribute");
  assertRefused(translucent(300, 'style="opacity:50%"'), /layers/, "opacity in style");
  assertRefused(translucent(300, 'style="mix-blend-mode: multiply"'), /layers/, "blend mode");
  assertRefused(
    `<svg ${NS} viewBox="0 0 100 100"><style>.a { opacity: .5 }</style>${'<rect class="a b"/>'.repeat(300)}</svg>`,
    /layers/,
    "a class rule",
  );
  assertRefused(
    `<svg ${NS} viewBox="0 0 100 100"><style>g > rect { opacity: .5 }</style>${"<rect/>".repeat(300)}</svg>`,
    /layers/,
    "a rule that could match every element",
  );
  // Opaque, fill-opacity and fully opaque shapes are no layers; a rule for another class counts none.
  guardSvg(bytes(translucent(300, 'opacity="1" fill-opacity="0.5"')));
  guardSvg(bytes(`<svg ${NS}><style>.a { opacity: .5 }</style><rect class="a"/>${"<rect/>".repeat(300)}</svg>`));
  // One translucent group around many shapes is one layer.
  guardSvg(bytes(`<svg ${NS}><g opacity="0.5">${"<rect/>".repeat(300)}</g></svg>`));
});
