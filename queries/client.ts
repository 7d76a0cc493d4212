/**
 * The one client of the data gateway, on urql (`@urql/core`).
 *
 * - Every call is a POST whose JSON body carries `operationName`, `variables`
 *   and `query`; the default request policy is `cache-first`.
 * - Every call has a timeout (default {@link DEFAULT_TIMEOUT_MS}); network
 *   failures, timeouts, non-2xx and non-JSON answers become a
 *   {@link GatewayError} whose `kind` says which.
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

/** Timeout of a gateway call when none is configured, in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 5000;

/** A GraphQL error as the gateway reported it (message, path, extensions). */
export type GatewayGraphQLError = CombinedError["graphQLErrors"][number];

/** What went wrong talking to the gateway. */
export type GatewayErrorKind =
  | "network"
  | "timeout"
  | "http"
  | "parse"
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
 * `parse` (the body is not JSON) or `graphql` (GraphQL errors and no data).
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
}

/**
 * Wraps `fetch` so that every gateway call has a timeout and every failure is
 * a {@link GatewayError}: the body is read (under the same timeout) and
 * checked to be JSON before urql sees it.
 */
export function createGatewayFetch(
  url: string,
  timeoutMs: number = DEFAULT_TIMEOUT_MS,
  baseFetch: typeof fetch = globalThis.fetch,
): typeof fetch {
  return async function gatewayFetch(input, init) {
    const controller = new AbortController();
    const outer = init?.signal;
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
        response = await baseFetch(input, {
          ...init,
          signal: controller.signal,
        });
        text = await response.text();
      } catch (error) {
        if (timedOut) {
          throw new GatewayError(
            "timeout",
            `Gateway ${url} did not answer within ${timeoutMs} ms`,
            { cause: error },
          );
        }
        // Aborted by urql itself (operation torn down): let urql see it as is.
        if (outer?.aborted) throw error;
        throw new GatewayError(
          "network",
          `Cannot reach gateway ${url}: ${errorMessage(error)}`,
          { cause: error },
        );
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
      try {
        JSON.parse(text);
      } catch (error) {
        throw new GatewayError(
          "parse",
          `Cannot parse gateway answer from ${url}: expected JSON, got ` +
            `${JSON.stringify(response.headers.get("content-type") ?? "")} ${JSON.stringify(text.slice(0, 60))}`,
          { status: response.status, cause: error },
        );
      }
      const headers = new Headers(response.headers);
      headers.set("content-type", "application/json");
      headers.delete("content-length");
      headers.delete("content-encoding");
      return new Response(text, {
        status: response.status,
        statusText: response.statusText,
        headers,
      });
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener("abort", onOuterAbort);
    }
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
    fetch: createGatewayFetch(
      options.url,
      options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      options.fetch,
    ),
  });
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
  if (data === null) {
    throw new GatewayError(
      "graphql",
      errors.length > 0
        ? `Gateway answered errors: ${errors.map((e) => e.message).join("; ")}`
        : "Gateway answered no data",
      { errors },
    );
  }
  return { data, errors };
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
