/**
 * Text answers compressed for clients that accept it (brotli or gzip,
 * `Vary: Accept-Encoding`; documents stay streamed): `server/http/compress.ts`.
 * Protocol switches pass untouched.
 *
 * @module
 */
import { compressResponse } from "../http/compress.ts";
import type { Middleware } from "./compose.ts";

/** Compresses what `compressResponse` judges compressible. */
export function compression(): Middleware {
  return (ctx) =>
    ctx.next().then((response) => response.status === 101 ? response : compressResponse(ctx.request, response));
}
