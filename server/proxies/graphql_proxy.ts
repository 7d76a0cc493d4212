/**
 * `/graphql` (`BROWSER_GRAPHQL_PATH`): the same-origin proxy the browser's urql client posts to. It
 * is not a general gateway:
 *
 * - each client (by address) may make {@link RATE_PER_SECOND} calls a second
 *   (bursts of {@link RATE_BURST}); beyond that 429 with `Retry-After`;
 * - only `Content-Type: application/json` (415 otherwise);
 * - bodies over {@link MAX_BODY_BYTES} are refused with 413 from their
 *   `Content-Length`, or while reading, without reading the rest;
 * - only the product's own operations pass (`queries/allow_list.ts`: by
 *   operation name and hash of the normalised text; introspection and any
 *   other query answer 400);
 * - their variables only, each of its declared type and within the bounds of
 *   `queries/limits.ts` (page sizes and counts at most the product's own,
 *   strings short, numbers finite; 400 naming the variable, e.g.
 *   `Variable "pageSize" is 1000000: at most 100`), checked before anything
 *   is forwarded;
 * - the gateway's answer is read and classified by `postToGateway` of
 *   `queries/client.ts` (size cap, depth cap, JSON): 504 on timeout, 502 for
 *   every other failure, with a plain message (the detail goes to the log).
 *
 * Other methods answer 405 with `Allow: POST`. WebSocket upgrades on the same
 * path (subscriptions) are relayed by `server/service.ts`, not here.
 *
 * @module
 */
import { checkRequest } from "../../queries/allow_list.ts";
import { GatewayError, postToGateway } from "../../queries/client.ts";
import { readTextCapped } from "../../lib/read_capped.ts";
import { createRateLimiter } from "../http/rate_limit.ts";
import { errorText, logger } from "../log.ts";

/** Largest request body forwarded, in bytes. */
export const MAX_BODY_BYTES = 64 * 1024;

/** Sustained calls per second per client. */
export const RATE_PER_SECOND = 20;

/** Calls a client may make at once (a screen loads several queries together). */
export const RATE_BURST = 60;

function jsonError(status: number, message: string, headers?: HeadersInit) {
  return new Response(JSON.stringify({ errors: [{ message }] }), {
    status,
    headers: {
      "content-type": "application/json",
      "cache-control": "no-store",
      ...headers,
    },
  });
}

/** Options of {@linkcode createGraphqlProxy}. */
export interface GraphqlProxyOptions {
  /** GraphQL endpoint of the data gateway (HTTP). */
  readonly graphqlUrl: string;
  /** Gateway call timeout in milliseconds. */
  readonly timeoutMs: number;
  /** Largest gateway answer read, decompressed, in bytes (`GATEWAY_MAX_BYTES`). */
  readonly maxBytes: number;
  /** The client a request comes from, for the rate limit (default: one client for all). */
  readonly clientAddress?: (request: Request) => string;
}

/**
 * Creates the `/graphql` proxy: forwards one GraphQL POST of the product's own
 * operations to the gateway, with its own per-client rate limit.
 *
 * @example
 * ```ts
 * const graphql = createGraphqlProxy({ graphqlUrl, timeoutMs: 5000, maxBytes: 4 << 20 });
 * if (new URL(request.url).pathname === BROWSER_GRAPHQL_PATH) return await graphql(request);
 * ```
 */
export function createGraphqlProxy(options: GraphqlProxyOptions): (request: Request) => Promise<Response> {
  const { graphqlUrl, timeoutMs, maxBytes } = options;
  const limiter = createRateLimiter({ ratePerSecond: RATE_PER_SECOND, burst: RATE_BURST });
  // A refused request's body is left unread, never cancelled: cancelling a body that is still arriving makes Deno's
  // server drop the connection without the answer; left unread, the answer goes out and the connection closes.
  return async function graphqlProxy(request: Request): Promise<Response> {
    if (request.method !== "POST") {
      return jsonError(405, "Use POST with a JSON body", { allow: "POST" });
    }
    const rate = limiter.take(options.clientAddress?.(request) ?? "unknown");
    if (!rate.ok) {
      return jsonError(429, "Too many requests: slow down", { "retry-after": String(rate.retryAfterSeconds) });
    }
    const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
    if (type !== "application/json") {
      return jsonError(415, "Use Content-Type: application/json");
    }
    const declared = Number(request.headers.get("content-length"));
    if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
      return jsonError(413, `Request body is larger than ${MAX_BODY_BYTES} bytes`);
    }
    let text: string | null;
    try {
      text = await readTextCapped(request.body, MAX_BODY_BYTES, { leaveRest: true });
    } catch {
      return jsonError(400, "Cannot read the request body");
    }
    if (text === null) return jsonError(413, `Request body is larger than ${MAX_BODY_BYTES} bytes`);
    let body: { operationName?: unknown; query?: unknown; variables?: unknown };
    try {
      body = JSON.parse(text);
    } catch {
      return jsonError(400, "Cannot parse request body: expected JSON");
    }
    if (body === null || typeof body !== "object" || Array.isArray(body)) {
      return jsonError(400, "Cannot parse request body: expected a JSON object");
    }
    const variables = body.variables ?? {};
    if (variables === null || typeof variables !== "object" || Array.isArray(variables)) {
      return jsonError(400, "Cannot parse request body: variables must be an object");
    }
    const refused = checkRequest(body.operationName, body.query, variables, "http");
    if (refused) return jsonError(400, refused);

    try {
      const { text: answer } = await postToGateway(graphqlUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/graphql-response+json, application/json",
        },
        body: JSON.stringify({ operationName: body.operationName, query: body.query, variables }),
      }, { timeoutMs, maxBytes, signal: request.signal });
      return new Response(answer, {
        status: 200,
        headers: {
          "content-type": "application/json",
          "cache-control": "no-store",
        },
      });
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      logger.warn("Gateway call of the /graphql proxy failed", { kind: error.kind, error: errorText(error) });
      switch (error.kind) {
        case "timeout":
          return jsonError(504, `Gateway did not answer within ${timeoutMs} ms`);
        case "network":
          return jsonError(502, "Cannot reach the data gateway");
        case "limit":
          return jsonError(502, "The data gateway's answer is too large or too deeply nested");
        case "http":
          return jsonError(502, `Data gateway answered HTTP ${error.status}`);
        default:
          return jsonError(502, "Data gateway answered without a JSON body");
      }
    }
  };
}
