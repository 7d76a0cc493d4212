/**
 * The one client of the data gateway, on urql (`@urql/core`).
 *
 * - Every call is a POST whose JSON body carries `operationName`, `variables`
 *   and `query`; the default request policy is `cache-first`.
 * - Every call has a timeout (default {@link DEFAULT_TIMEOUT_MS}); network
 *   failures, timeouts, non-2xx and non-JSON answers become a
 *   {@link GatewayError} whose `kind` says which.
 * - Answers are untrusted: {@link readGatewayAnswer} reads at most
 *   `maxBytes` (default {@link DEFAULT_MAX_ANSWER_BYTES}, counted after
 *   decompression, so a gzip bomb stops at the cap) and refuses JSON nested
 *   deeper than {@link MAX_ANSWER_DEPTH} before urql walks it (urql recurses
 *   over the answer: 8,000 levels overflow the stack). Both are `limit` errors.
 * - {@link runQuery} resolves with partial data when the gateway answers both
 *   data and errors, and rejects with a {@link GatewayError} when there is no
 *   data. It never leaves a rejection unhandled.
 *
 * On the server create one client per request ({@link createGatewayClient});
 * in the browser share one ({@link getBrowserClient}).
 *
 * @module
 */
import { cacheExchange, Client, type CombinedError, fetchExchange, type TypedDocumentNode } from "@urql/core";
import type { QueryCache } from "./query_cache.ts";
import { readTextCapped } from "../lib/read_capped.ts";

/** Timeout of a gateway call when none is configured, in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 5000;

/** Largest gateway answer read when none is configured (`GATEWAY_MAX_BYTES`), decompressed. */
export const DEFAULT_MAX_ANSWER_BYTES = 2 * 1024 * 1024;

/** Deepest nesting of arrays and objects accepted in a gateway answer. */
export const MAX_ANSWER_DEPTH = 64;

/** A GraphQL error as the gateway reported it (message, path, extensions). */
export type GatewayGraphQLError = CombinedError["graphQLErrors"][number];

/** What went wrong talking to the gateway. */
export type GatewayErrorKind =
  | "network"
  | "timeout"
  | "http"
  | "parse"
  | "limit"
  | "graphql";

/** Options of {@link GatewayError}. */
export interface GatewayErrorOptions {
  /** HTTP status of the answer, for `http` (and `parse`) errors. */
  status?: number;
  /** The GraphQL errors of the answer, for `graphql` errors. */
  errors?: readonly GatewayGraphQLError[];
  /** The underlying error. */
  cause?: unknown;
}

/**
 * A failed gateway call: `network` (connection refused, DNS, reset),
 * `timeout` (no full answer within the timeout), `http` (non-2xx status),
 * `parse` (the body is not JSON), `limit` (the answer is larger than the
 * byte cap or nested deeper than {@link MAX_ANSWER_DEPTH}) or `graphql`
 * (GraphQL errors and no data).
 */
export class GatewayError extends Error {
  /** What went wrong. */
  readonly kind: GatewayErrorKind;
  /** HTTP status of the answer, when there was one. */
  readonly status?: number;
  /** GraphQL errors of the answer (empty unless `kind` is `graphql`). */
  readonly errors: readonly GatewayGraphQLError[];

  /** Creates an error of the given kind. */
  constructor(
    kind: GatewayErrorKind,
    message: string,
    options: GatewayErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "GatewayError";
    this.kind = kind;
    if (options.status !== undefined) this.status = options.status;
    this.errors = options.errors ?? [];
  }
}

/** Options of {@link createGatewayClient}. */
export interface GatewayClientOptions {
  /** GraphQL endpoint of the gateway (HTTP). */
  url: string;
  /** Per-call timeout in milliseconds; default {@link DEFAULT_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** The fetch to use; default the global `fetch`. */
  fetch?: typeof fetch;
  /** The server's shared cache of public reads (`query_cache.ts`); none in the browser. */
  queryCache?: QueryCache;
  /** Largest answer read, decompressed, in bytes; default {@link DEFAULT_MAX_ANSWER_BYTES} (`GATEWAY_MAX_BYTES`). */
  maxBytes?: number;
  /**
   * `fetch` already times out, caps, checks and classifies every call as {@link createGatewayFetch} does (a page
   * worker's bridge to the main thread's checked, cached fetch), so its answers are not read and checked again.
   */
  checked?: boolean;
}

/** Options of {@link readGatewayAnswer} and {@link postToGateway}. */
export interface GatewayReadOptions {
  /** Largest answer read, decompressed, in bytes; default {@link DEFAULT_MAX_ANSWER_BYTES}. */
  maxBytes?: number;
  /** Per-call timeout in milliseconds; default {@link DEFAULT_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** The fetch to use; default the global `fetch`. */
  fetch?: typeof fetch;
  /** Aborts the call (the caller went away); the abort reason is rethrown as is. */
  signal?: AbortSignal;
}

/**
 * Reads a gateway answer's body as text, at most `maxBytes` of it (counted
 * as decoded, i.e. after `Content-Encoding`).
 * Throws a `limit` {@link GatewayError} past the cap (the rest of the body
 * is not read). Neither the status nor the JSON is checked here
 * ({@link checkGatewayJson} does that).
 */
export async function readGatewayAnswer(
  response: Response,
  options: { maxBytes?: number; url?: string } = {},
): Promise<string> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_ANSWER_BYTES;
  const from = options.url ? ` from ${options.url}` : "";
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new GatewayError("limit", `Gateway answer${from} declares ${declared} bytes, over the ${maxBytes} byte cap`, {
      status: response.status,
    });
  }
  return await readCapped(response, maxBytes, from);
}

async function readCapped(response: Response, maxBytes: number, from: string): Promise<string> {
  const text = await readTextCapped(response.body, maxBytes);
  if (text === null) {
    throw new GatewayError("limit", `Gateway answer${from} exceeds the ${maxBytes} byte cap`, {
      status: response.status,
    });
  }
  return text;
}

/**
 * The deepest nesting of arrays and objects in a JSON text, without parsing
 * it (strings are skipped), stopping as soon as `limit` is passed. For
 * invalid JSON the figure is meaningless; `JSON.parse` judges that.
 */
export function jsonDepth(text: string, limit: number = Infinity): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // a string: skip to its closing quote, past escapes
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return deepest;
}

/**
 * Checks a gateway answer's text: JSON, nested at most
 * {@link MAX_ANSWER_DEPTH} deep. Throws `limit` or `parse` {@link GatewayError}s.
 */
export function checkGatewayJson(text: string, options: { status?: number; url?: string; contentType?: string } = {}) {
  const from = options.url ? ` from ${options.url}` : "";
  if (jsonDepth(text, MAX_ANSWER_DEPTH) > MAX_ANSWER_DEPTH) {
    throw new GatewayError("limit", `Gateway answer${from} is nested deeper than ${MAX_ANSWER_DEPTH} levels`, {
      status: options.status,
    });
  }
  try {
    JSON.parse(text);
  } catch (error) {
    throw new GatewayError(
      "parse",
      `Cannot parse gateway answer${from}: expected JSON, got ` +
        `${JSON.stringify(options.contentType ?? "")} ${JSON.stringify(text.slice(0, 60))}`,
      { status: options.status, cause: error },
    );
  }
}

/**
 * The one classification of a gateway call: POSTs `body` to `url` and
 * resolves with the answer's status and JSON text, or throws a
 * {@link GatewayError}: `timeout`, `network`, `http` (non-2xx), `limit`
 * (too large or too deep) or `parse` (not JSON). An abort through
 * `options.signal` rethrows its reason unchanged.
 */
export async function postToGateway(
  url: string,
  init: RequestInit,
  options: GatewayReadOptions = {},
): Promise<{ response: Response; text: string }> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const baseFetch = options.fetch ?? globalThis.fetch;
  const controller = new AbortController();
  const outer = options.signal;
  const onOuterAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) onOuterAbort();
  outer?.addEventListener("abort", onOuterAbort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException("Gateway timeout", "TimeoutError"));
  }, timeoutMs);
  try {
    let response: Response;
    let text: string;
    try {
      response = await baseFetch(url, { ...init, signal: controller.signal });
      text = await readGatewayAnswer(response, { maxBytes: options.maxBytes, url });
    } catch (error) {
      if (error instanceof GatewayError) throw error;
      if (timedOut) {
        throw new GatewayError("timeout", `Gateway ${url} did not answer within ${timeoutMs} ms`, { cause: error });
      }
      // Aborted by the caller (operation torn down): let it see its own reason.
      if (outer?.aborted) throw error;
      throw new GatewayError("network", `Cannot reach gateway ${url}: ${errorMessage(error)}`, { cause: error });
    }
    if (response.status < 200 || response.status >= 300) {
      throw new GatewayError(
        "http",
        `Gateway ${url} answered HTTP ${response.status}` +
          (response.statusText ? ` ${response.statusText}` : "") +
          describeBody(text),
        { status: response.status },
      );
    }
    checkGatewayJson(text, { status: response.status, url, contentType: response.headers.get("content-type") ?? "" });
    return { response, text };
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener("abort", onOuterAbort);
  }
}

/**
 * Wraps `fetch` so that every gateway call has a timeout and every failure is
 * a {@link GatewayError}: the body is read (under the same timeout, within
 * the byte cap) and checked to be JSON of bounded depth before urql sees it.
 */
export function createGatewayFetch(
  url: string,
  timeoutMs: number = DEFAULT_TIMEOUT_MS,
  baseFetch: typeof fetch = globalThis.fetch,
  maxBytes: number = DEFAULT_MAX_ANSWER_BYTES,
): typeof fetch {
  return async function gatewayFetch(input, init) {
    const target = input instanceof Request ? input.url : String(input);
    const { response, text } = await postToGateway(target === "" ? url : target, init ?? {}, {
      timeoutMs,
      maxBytes,
      fetch: baseFetch,
      signal: init?.signal ?? undefined,
    });
    const headers = new Headers(response.headers);
    headers.set("content-type", "application/json");
    headers.delete("content-length");
    headers.delete("content-encoding");
    return new Response(text, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}

/**
 * Creates a gateway client. On the server call it once per request, so that
 * no cached data is shared between requests.
 */
export function createGatewayClient(options: GatewayClientOptions): Client {
  return new Client({
    url: options.url,
    exchanges: [cacheExchange, fetchExchange],
    preferGetMethod: false,
    requestPolicy: "cache-first",
    fetch: wrapQueryCache(
      options.queryCache,
      options.checked && options.fetch
        ? options.fetch
        : createGatewayFetch(options.url, options.timeoutMs ?? DEFAULT_TIMEOUT_MS, options.fetch, options.maxBytes),
    ),
  });
}

function wrapQueryCache(cache: QueryCache | undefined, gatewayFetch: typeof fetch): typeof fetch {
  return cache ? cache.wrap(gatewayFetch) : gatewayFetch;
}

let browserClient: { url: string; client: Client } | undefined;

/**
 * The one client the browser shares across components, memoised by URL (in
 * the front end: the same-origin `/graphql` proxy route).
 */
export function getBrowserClient(
  url: string,
  timeoutMs: number = DEFAULT_TIMEOUT_MS,
): Client {
  if (browserClient?.url !== url) {
    browserClient = { url, client: createGatewayClient({ url, timeoutMs }) };
  }
  return browserClient.client;
}

/** The answer of {@link runQuery}: data (maybe partial) and GraphQL errors. */
export interface QueryResult<Data> {
  /** The data; partial when `errors` is not empty. */
  data: Data | null;
  /** GraphQL errors that came with the data. */
  errors: readonly GatewayGraphQLError[];
}

/**
 * Runs a query. Resolves with the data, partial when the gateway answered
 * both data and errors; rejects with a {@link GatewayError} when there is no
 * data (network failure, timeout, non-2xx, non-JSON, or errors only).
 */
export async function runQuery<
  Data,
  Variables extends Record<string, unknown>,
>(
  client: Client,
  document: TypedDocumentNode<Data, Variables>,
  variables: Variables,
): Promise<QueryResult<Data>> {
  let result;
  try {
    result = await client.query(document, variables).toPromise();
  } catch (error) {
    throw toGatewayError(error);
  }
  const error = result.error;
  if (error?.networkError) throw toGatewayError(error.networkError);
  const errors = error?.graphQLErrors ?? [];
  const data = (result.data ?? null) as Data | null;
  if (data === null) throw graphqlFailure(errors);
  return { data, errors };
}

/**
 * The failure of an answer that carries GraphQL errors instead of the data
 * asked for (a `graphql` {@link GatewayError} naming them).
 */
export function graphqlFailure(errors: readonly GatewayGraphQLError[]): GatewayError {
  return new GatewayError(
    "graphql",
    errors.length > 0
      ? `Gateway answered errors: ${errors.map((e) => e.message).join("; ")}`
      : "Gateway answered no data",
    { errors },
  );
}

/** Turns anything thrown by a call into a {@link GatewayError}. */
export function toGatewayError(error: unknown): GatewayError {
  if (error instanceof GatewayError) return error;
  return new GatewayError(
    "network",
    `Gateway call failed: ${errorMessage(error)}`,
    { cause: error },
  );
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function describeBody(text: string): string {
  const trimmed = text.trim();
  if (trimmed === "") return "";
  try {
    const body = JSON.parse(trimmed) as { errors?: { message?: string }[] };
    const messages = body.errors?.map((e) => e.message).filter(Boolean);
    if (messages?.length) return `: ${messages.join("; ")}`;
  } catch {
    // not JSON: quote the start of it
  }
  return `: ${JSON.stringify(trimmed.slice(0, 80))}`;
}
