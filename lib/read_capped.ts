/**
 * The one capped reader of untrusted bodies: gateway and RPC answers, and the
 * `/graphql` and `/rpc` proxies' request bodies. Web streams only, so the
 * GraphQL client (`queries/`) and the server share it.
 *
 * @module
 */

/** Options of {@linkcode readTextCapped}. */
export interface ReadTextCappedOptions {
  /**
   * Leave a body that is too long unread instead of cancelling it. For a
   * request body of `Deno.serve`: cancelling one that is still arriving
   * (chunked) makes the server drop the connection without sending the
   * answer; left unread, the answer goes out and the connection then closes.
   */
  readonly leaveRest?: boolean;
}

/**
 * Reads a body as text, at most `maxBytes` of it: `null` as soon as it is
 * longer (the rest is not read, and the stream is cancelled unless
 * `leaveRest`). The one capped reader of gateway and RPC answers and of the
 * `/graphql` and `/rpc` proxies' request bodies.
 */
export async function readTextCapped(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  options: ReadTextCappedOptions = {},
): Promise<string | null> {
  if (body === null) return "";
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let total = 0;
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        if (options.leaveRest) reader.releaseLock();
        else reader.cancel().catch(() => {});
        return null;
      }
      parts.push(decoder.decode(value, { stream: true }));
    }
  } catch (error) {
    reader.cancel().catch(() => {});
    throw error;
  }
  parts.push(decoder.decode());
  return parts.join("");
}
