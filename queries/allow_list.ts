/**
 * The operations the product sends, and nothing else: the allow-list of the
 * same-origin `/graphql` proxy and of the subscription relay, so neither is
 * a general gateway (no introspection, no hand-written queries).
 *
 * An operation is allowed when its `operationName` names a document of
 * {@linkcode ALL_DOCUMENTS} and the SHA-256 of its normalised text (comments
 * dropped, insignificant whitespace and commas removed) equals that of the
 * document as urql sends it: printed, with or without the `__typename`
 * fields urql's cache adds. Queries and subscriptions are listed separately:
 * HTTP takes queries (and mutations), the WebSocket subscriptions. Its
 * variables must then be the operation's own, within the bounds of
 * `limits.ts` ({@linkcode checkRequest}).
 *
 * @module
 */
import { createHash } from "node:crypto";
import { formatDocument, stringifyDocument } from "@urql/core";
import type { DocumentNode } from "graphql";
import { ALL_DOCUMENTS } from "./documents.ts";
import { checkVariables } from "./limits.ts";

/** Which transport an operation arrives on. */
export type OperationTransport = "http" | "ws";

/** Why an operation is refused, or `null` when it is allowed. */
export type OperationVerdict = null | string;

function isNameChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/**
 * The canonical text of a GraphQL document: comments dropped, runs of
 * whitespace and commas removed, except one space between two names or
 * numbers; strings kept as written.
 */
export function normaliseDocument(text: string): string {
  let out = "";
  let pendingSpace = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x23) { // # comment to end of line
      while (i < text.length && text.charCodeAt(i) !== 0x0a && text.charCodeAt(i) !== 0x0d) i++;
      pendingSpace = true;
      continue;
    }
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x2c || c === 0xfeff) {
      pendingSpace = true;
      continue;
    }
    if (pendingSpace && out.length > 0 && isNameChar(out.charCodeAt(out.length - 1)) && isNameChar(c)) out += " ";
    pendingSpace = false;
    if (c === 0x22) { // a string: copied verbatim, block strings included
      const block = text.startsWith('"""', i);
      const close = block ? '"""' : '"';
      let j = i + close.length;
      while (j < text.length && !text.startsWith(close, j)) j += text.charCodeAt(j) === 0x5c ? 2 : 1;
      out += text.slice(i, j + close.length);
      i = j + close.length - 1;
      continue;
    }
    out += text[i];
  }
  return out;
}

function hashOf(text: string): string {
  return createHash("sha256").update(normaliseDocument(text)).digest("hex");
}

function kindOf(document: DocumentNode): string {
  for (const definition of document.definitions) {
    if (definition.kind === "OperationDefinition") return definition.operation;
  }
  return "none";
}

/** The name of the first operation written in `query`, or null for an anonymous one. */
function operationNameIn(query: string): string | null {
  return /^(?:\s|,|#[^\n\r]*)*(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(query)?.[1] ?? null;
}

/**
 * Judges one client message of the `graphql-transport-ws` protocol for the
 * subscription relay: connection, ping/pong and complete messages pass; a
 * `subscribe` passes only for an allowed subscription with variables within
 * its bounds; anything else (binary, not JSON, other types) is refused.
 */
export function acceptSubscriptionMessage(data: string | ArrayBuffer): boolean {
  if (typeof data !== "string") return false;
  let message: { type?: unknown; payload?: { operationName?: unknown; query?: unknown; variables?: unknown } };
  try {
    message = JSON.parse(data);
  } catch {
    return false;
  }
  if (message === null || typeof message !== "object") return false;
  switch (message.type) {
    case "connection_init":
    case "ping":
    case "pong":
    case "complete":
      return true;
    case "subscribe":
      return checkRequest(message.payload?.operationName, message.payload?.query, message.payload?.variables, "ws") ===
        null;
    default:
      return false;
  }
}

let allowed: Map<string, { hashes: Set<string>; transport: OperationTransport }> | null = null;

/** The allow-list, built once from {@linkcode ALL_DOCUMENTS}. */
function allowList(): Map<string, { hashes: Set<string>; transport: OperationTransport }> {
  if (allowed) return allowed;
  allowed = new Map();
  for (const [name, document] of Object.entries(ALL_DOCUMENTS)) {
    const node = document as unknown as DocumentNode;
    const hashes = new Set([hashOf(stringifyDocument(node)), hashOf(stringifyDocument(formatDocument(node)))]);
    allowed.set(name, { hashes, transport: kindOf(node) === "subscription" ? "ws" : "http" });
  }
  return allowed;
}

/** Operation names of the allow-list for `transport`. */
export function allowedOperationNames(transport: OperationTransport): string[] {
  return [...allowList()].filter(([, entry]) => entry.transport === transport).map(([name]) => name);
}

/**
 * Judges one operation: `null` when `query` is the text of the product's
 * document named `operationName` for that transport, else the reason in
 * plain words (safe to send to the client).
 */
export function checkOperation(
  operationName: unknown,
  query: unknown,
  transport: OperationTransport,
): OperationVerdict {
  if (typeof query !== "string" || query.length === 0) return "Only the product's own operations are accepted";
  if (/\b__(schema|type)\b/.test(query)) return "Introspection is not available";
  const name = nameOf(operationName, query);
  if (name === null) return "An operationName is required";
  const entry = allowList().get(name);
  if (!entry || entry.transport !== transport || !entry.hashes.has(hashOf(query))) {
    return "Only the product's own operations are accepted";
  }
  return null;
}

/** The operation a request names: its `operationName`, or (graphql-ws clients may leave it out) the document's own. */
function nameOf(operationName: unknown, query: string): string | null {
  return typeof operationName === "string" ? operationName : operationNameIn(query);
}

/**
 * Judges one request: the operation as {@linkcode checkOperation} does,
 * then its `variables` (absent or `null`: none) against the operation's
 * bounds (`limits.ts`). `null` when both pass, else the reason in plain
 * words naming the variable, e.g. `Variable "pageSize" is 1000000: at most 100`.
 */
export function checkRequest(
  operationName: unknown,
  query: unknown,
  variables: unknown,
  transport: OperationTransport,
): OperationVerdict {
  const refused = checkOperation(operationName, query, transport);
  if (refused) return refused;
  const values = variables ?? {};
  if (typeof values !== "object" || Array.isArray(values)) return "Variables must be a JSON object";
  return checkVariables(nameOf(operationName, query as string)!, values as Record<string, unknown>);
}
