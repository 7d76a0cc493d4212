/**
 * The one capped reader of untrusted bodies: gateway and RPC answers, the
 * `/graphql` and `/rpc` proxies' request bodies, and the pages and images the
 * preview inspector reads. Web streams only, so the GraphQL client
 * (`queries/`) and the server share it.
 *
 * @module
 */

import { concatBytes } from "./bytes.ts";

/** Options of {@linkcode readTextCapped} and {@linkcode readBytesCapped}. */
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
 * Reads a body chunk by chunk, at most `maxBytes` of it: false as soon as it
 * is longer (the rest is not read, and the stream is cancelled unless
 * `leaveRest`), true once it ended. A failed read cancels the stream.
 */
async function readCapped(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  options: ReadTextCappedOptions,
  onChunk: (chunk: Uint8Array) => void,
): Promise<boolean> {
  const reader = body.getReader();
  let total = 0;
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) return true;
      total += value.byteLength;
      if (total > maxBytes) {
        if (options.leaveRest) reader.releaseLock();
        else reader.cancel().catch(() => {});
        return false;
      }
      onChunk(value);
    }
  } catch (error) {
    reader.cancel().catch(() => {});
    throw error;
  }
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
  const decoder = new TextDecoder();
  const parts: string[] = [];
  if (!await readCapped(body, maxBytes, options, (chunk) => parts.push(decoder.decode(chunk, { stream: true })))) {
    return null;
  }
  parts.push(decoder.decode());
  return parts.join("");
}

/**
 * Reads a body as bytes, at most `maxBytes` of it: `null` as soon as it is
 * longer, as {@linkcode readTextCapped} does (the preview inspector's reads
 * of pages and share images).
 */
export async function readBytesCapped(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  options: ReadTextCappedOptions = {},
): Promise<Uint8Array | null> {
  if (body === null) return new Uint8Array(0);
  const parts: Uint8Array[] = [];
  return await readCapped(body, maxBytes, options, (chunk) => parts.push(chunk)) ? concatBytes(parts) : null;
}
