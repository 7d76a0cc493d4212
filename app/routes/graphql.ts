/**
 * `/graphql`: the same-origin proxy the browser's urql client posts to. The
 * action forwards the JSON body to the gateway (`context.graphqlUrl`) with
 * the gateway timeout and returns the gateway's JSON answer; it answers 400
 * for a body that is not JSON, 502 when the gateway cannot be reached or
 * answers something else than JSON, 504 on timeout. GET answers 405.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { loadContext } from "../lib/context.ts";

/** Largest request body forwarded, in bytes. */
export const MAX_BODY_BYTES = 64 * 1024;

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

/** GET is not a GraphQL transport here: 405 with `Allow: POST`. */
export function loader(_args: LoaderFunctionArgs) {
  return jsonError(405, "Use POST with a JSON body", { allow: "POST" });
}

/** Forwards one GraphQL POST to the gateway. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") {
    return jsonError(405, "Use POST with a JSON body", { allow: "POST" });
  }
  const body = await request.text();
  if (body.length > MAX_BODY_BYTES) {
    return jsonError(413, `Request body is larger than ${MAX_BODY_BYTES} bytes`);
  }
  try {
    JSON.parse(body);
  } catch {
    return jsonError(400, "Cannot parse request body: expected JSON");
  }
  const { graphqlUrl, gatewayTimeoutMs: timeoutMs } = loadContext(context);
  const signal = AbortSignal.any([
    request.signal,
    AbortSignal.timeout(timeoutMs),
  ]);
  let text: string;
  let status: number;
  try {
    const response = await fetch(graphqlUrl, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/graphql-response+json, application/json",
      },
      body,
      signal,
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    if (error instanceof DOMException && error.name === "TimeoutError") {
      return jsonError(504, `Gateway did not answer within ${timeoutMs} ms`);
    }
    return jsonError(502, "Cannot reach the data gateway");
  }
  try {
    JSON.parse(text);
  } catch {
    return jsonError(
      502,
      `Data gateway answered HTTP ${status} without a JSON body`,
    );
  }
  return new Response(text, {
    status: status >= 500 ? 502 : status,
    headers: {
      "content-type": "application/json",
      "cache-control": "no-store",
    },
  });
}
