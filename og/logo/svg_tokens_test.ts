import assert from "node:assert/strict";
import { SvgRefusedError } from "./svg_limits.ts";
import { checkDeclaration, decodeEntities, parseAttributes, type SvgToken, tokenize } from "./svg_tokens.ts";

function refused(run: () => unknown, pattern: RegExp): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof SvgRefusedError, String(error));
    assert.match(error.message, pattern);
    return true;
  });
}

Deno.test("a document splits into text, CDATA, declarations and tags; comments are skipped", () => {
  const text = `<?xml version="1.0"?><!DOCTYPE svg><svg a='1' b="x > y"><!-- note --><style><![CDATA[.a{}]]></style>` +
    `Hi &amp; bye<g/></svg>\n`;
  const tokens: SvgToken[] = [...tokenize(text)];
  assert.deepEqual(tokens.map((t) => t.kind), [
    "declaration",
    "start",
    "start",
    "cdata",
    "end",
    "text",
    "start",
    "end",
  ]);
  assert.deepEqual(tokens[0], { kind: "declaration", text: "<!DOCTYPE svg>" });
  const svg = tokens[1];
  assert.ok(svg.kind === "start");
  assert.equal(svg.rawName, "svg");
  assert.equal(svg.attributeText, ` a='1' b="x > y"`);
  assert.equal(text.slice(svg.start, svg.end), `<svg a='1' b="x > y">`);
  assert.deepEqual(tokens[3], { kind: "cdata", text: ".a{}" });
  assert.deepEqual(tokens[5], { kind: "text", text: "Hi &amp; bye" });
  const g = tokens[6];
  assert.ok(g.kind === "start" && g.selfClosing && g.rawName === "g" && g.attributeText === "");
  assert.deepEqual(tokens[7], { kind: "end", name: "svg" });
});

Deno.test("tokens come one at a time: a later malformed tag is not read before the caller sees earlier ones", () => {
  const tokens = tokenize("<svg><g>text<1bad/></svg>");
  assert.equal(tokens.next().value?.kind, "start");
  assert.equal(tokens.next().value?.kind, "start");
  assert.deepEqual(tokens.next().value, { kind: "text", text: "text" });
  refused(() => tokens.next(), /malformed element name "1bad"/);
});

Deno.test("malformed markup is refused where it is met", () => {
  const cases: [string, RegExp][] = [
    ["<svg><!-- open", /unterminated comment/],
    ["<svg><![CDATA[ open", /unterminated CDATA section/],
    ["<?xml version='1.0'", /unterminated processing instruction/],
    ["<svg/><?xml version='1.0'?>", /a processing instruction/],
    ['<?xml-stylesheet href="x"?><svg/>', /a processing instruction/],
    ["<svg a='1'", /unterminated tag/],
    ["<svg <g>", /'<' inside a tag/],
  ];
  for (const [text, pattern] of cases) refused(() => [...tokenize(text)], pattern);
});

Deno.test("attributes keep their raw text, decode their value and lower-case their local name", () => {
  assert.deepEqual(parseAttributes(` xlink:HREF="#a&amp;b" fill = 'red'  `), [
    { name: "xlink:HREF", local: "href", value: "#a&b", raw: ` xlink:HREF="#a&amp;b"` },
    { name: "fill", local: "fill", value: "red", raw: ` fill = 'red'` },
  ]);
  refused(() => parseAttributes(" a=1"), /malformed attributes/);
  refused(() => parseAttributes(' 1a="x"'), /malformed attribute name "1a"/);
});

Deno.test("only XML's five entities and character references are decoded", () => {
  assert.equal(decodeEntities("&lt;&gt;&amp;&quot;&apos;&#65;&#x1F600;"), `<>&"'A😀`);
  assert.equal(decodeEntities("plain"), "plain");
  refused(() => decodeEntities("&custom;"), /the entity "&custom;"/);
  refused(() => decodeEntities("a & b"), /bare '&'/);
  refused(() => decodeEntities("&#0;"), /bad character reference/);
  refused(() => decodeEntities("&#x110000;"), /bad character reference/);
});

Deno.test("a DOCTYPE is allowed before the root only, without an internal subset", () => {
  checkDeclaration('<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd">', false);
  refused(() => checkDeclaration("<!DOCTYPE svg>", true), /a markup declaration/);
  refused(() => checkDeclaration("<!ELEMENT svg ANY>", false), /a markup declaration/);
  refused(() => checkDeclaration('<!DOCTYPE svg [<!ENTITY a "x">]>', false), /internal subset/);
});
