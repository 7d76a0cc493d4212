/**
 * The XML tokenizer of the SVG guard (`svg_guard.ts`): splits a document
 * into text, CDATA, DOCTYPE, start and end tags, and refuses what is not
 * plain XML (unterminated markup, processing instructions other than the
 * XML declaration, entities other than XML's five, malformed names and
 * attributes). Comments are skipped.
 *
 * Tokens are produced lazily, so the caller's checks on one token run before
 * the next is read (the first problem in the document is the one reported).
 *
 * @module
 */

import { refuse } from "./svg_limits.ts";

/** An XML name (element or attribute). */
const NAME = /^[A-Za-z_:][-A-Za-z0-9_:.]*$/;

const XML_ENTITIES: Readonly<Record<string, string>> = {
  lt: "<",
  gt: ">",
  amp: "&",
  quot: '"',
  apos: "'",
};

/** An attribute of a start tag. */
export interface Attribute {
  /** Name as written, e.g. `xlink:href`. */
  readonly name: string;
  /** Local name in lower case, e.g. `href`. */
  readonly local: string;
  /** Value with entity and character references decoded. */
  readonly value: string;
  /** The attribute as written, for copying it unchanged. */
  readonly raw: string;
}

/** One piece of a document, in document order. */
export type SvgToken =
  /** Text that is not only white space, entities not yet decoded. */
  | { readonly kind: "text"; readonly text: string }
  /** The inside of a CDATA section. */
  | { readonly kind: "cdata"; readonly text: string }
  /** A `<!...>` declaration, whole (see {@linkcode checkDeclaration}). */
  | { readonly kind: "declaration"; readonly text: string }
  /** An end tag's name, trimmed. */
  | { readonly kind: "end"; readonly name: string }
  /** A start tag from `start` to `end` (exclusive); its attributes are read with {@linkcode parseAttributes}. */
  | {
    readonly kind: "start";
    readonly rawName: string;
    readonly attributeText: string;
    readonly selfClosing: boolean;
    readonly start: number;
    readonly end: number;
  };

/** Decodes XML's five entities and character references; any other entity is refused. */
export function decodeEntities(text: string): string {
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
export function parseAttributes(body: string): Attribute[] {
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

/**
 * Refuses a declaration other than a DOCTYPE without an internal subset, and
 * any declaration once the root element has begun (`afterRoot`).
 */
export function checkDeclaration(declaration: string, afterRoot: boolean): void {
  if (!/^<!DOCTYPE\s/i.test(declaration) || afterRoot) refuse("a markup declaration");
  if (/[[\]]|ENTITY/i.test(declaration)) refuse("a DOCTYPE with an internal subset (entities)");
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

/** The start tag opened at `lt`, its name checked. */
function startTag(text: string, lt: number): SvgToken & { kind: "start" } {
  const end = tagEnd(text, lt);
  const selfClosing = text[end - 1] === "/";
  const inside = text.slice(lt + 1, selfClosing ? end - 1 : end);
  const rawName = /^[^\s/>]*/.exec(inside)![0];
  if (!NAME.test(rawName)) refuse(`a malformed element name "${rawName.slice(0, 40)}"`);
  return { kind: "start", rawName, attributeText: inside.slice(rawName.length), selfClosing, start: lt, end: end + 1 };
}

/** The tokens of `text`, read one at a time; throws `SvgRefusedError` where the markup is malformed. */
export function* tokenize(text: string): Generator<SvgToken> {
  for (let i = 0; i < text.length;) {
    const lt = text.indexOf("<", i);
    const chunk = text.slice(i, lt === -1 ? text.length : lt);
    if (chunk.trim()) yield { kind: "text", text: chunk };
    if (lt === -1) break;
    if (text.startsWith("<!--", lt)) {
      i = skipPast(text, lt + 4, "-->", "comment");
    } else if (text.startsWith("<![CDATA[", lt)) {
      const end = skipPast(text, lt + 9, "]]>", "CDATA section");
      yield { kind: "cdata", text: text.slice(lt + 9, end - 3) };
      i = end;
    } else if (text.startsWith("<?", lt)) {
      const end = skipPast(text, lt + 2, "?>", "processing instruction");
      if (lt !== 0 || !/^<\?xml\s/.test(text.slice(lt, end))) refuse("a processing instruction");
      i = end;
    } else if (text.startsWith("<!", lt)) {
      const end = tagEnd(text, lt);
      yield { kind: "declaration", text: text.slice(lt, end + 1) };
      i = end + 1;
    } else if (text.startsWith("</", lt)) {
      const end = tagEnd(text, lt);
      yield { kind: "end", name: text.slice(lt + 2, end).trim() };
      i = end + 1;
    } else {
      const tag = startTag(text, lt);
      yield tag;
      i = tag.end;
    }
  }
}
