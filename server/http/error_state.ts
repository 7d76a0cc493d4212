/**
 * Whether a document shows an error state (`state-error`: a failed loader, a part that failed to load), learnt from
 * its raw bytes as they stream: the shared document cache (`server/middleware/document_cache.ts`) keeps no such
 * document, and without this it had to decompress every document it kept to look (about 1 ms of a 65 KB page's
 * render). The compression (`compress.ts`) scans an HTML body on its way in and notes the verdict on the compressed
 * body it returns; the page pool notes what its worker scanned. A verdict is `true` (an error state), `false` (none)
 * or `null` (not learnt: the stream failed or was cancelled).
 *
 * @module
 */

/** The marker of an error state in a document's HTML. */
export const ERROR_STATE_MARK = "state-error";

const MARK = new TextEncoder().encode(ERROR_STATE_MARK);

/** Verdicts by body stream; a body nobody notes has none. */
const verdicts = new WeakMap<ReadableStream<Uint8Array>, Promise<boolean | null>>();

/** Notes that `body`'s document shows an error state as `verdict` resolves. */
export function noteErrorState(body: ReadableStream<Uint8Array>, verdict: Promise<boolean | null>): void {
  verdicts.set(body, verdict);
}

/** The verdict noted for `body`, if any. */
export function errorStateOf(body: ReadableStream<Uint8Array> | null): Promise<boolean | null> | undefined {
  return body === null ? undefined : verdicts.get(body);
}

/** Whether `bytes` contains {@linkcode ERROR_STATE_MARK}, starting the search at `from`. */
export function containsMark(bytes: Uint8Array, from = 0): boolean {
  const first = MARK[0];
  outer: for (
    let i = bytes.indexOf(first, from);
    i >= 0 && i <= bytes.length - MARK.length;
    i = bytes.indexOf(first, i + 1)
  ) {
    for (let j = 1; j < MARK.length; j++) if (bytes[i + j] !== MARK[j]) continue outer;
    return true;
  }
  return false;
}

/**
 * A pass-through of the same chunks that looks for {@linkcode ERROR_STATE_MARK} in them (across chunk boundaries);
 * `verdict` resolves when the stream ends, or to `null` when it is cancelled or fails.
 */
export function scanningErrorState(): {
  stream: TransformStream<Uint8Array, Uint8Array>;
  verdict: Promise<boolean | null>;
} {
  const verdict = Promise.withResolvers<boolean | null>();
  let found = false;
  let tail = new Uint8Array(0);
  const stream = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      if (!found) {
        // The last bytes of what came before and the first of this chunk: a mark cut in two.
        const head = chunk.subarray(0, MARK.length - 1);
        const seam = new Uint8Array(tail.length + head.length);
        seam.set(tail);
        seam.set(head, tail.length);
        found = containsMark(seam) || containsMark(chunk);
        const end = chunk.length >= MARK.length - 1 ? chunk : seam;
        tail = end.slice(Math.max(0, end.length - (MARK.length - 1)));
      }
      controller.enqueue(chunk);
    },
    flush() {
      verdict.resolve(found);
    },
    cancel() {
      verdict.resolve(null);
    },
  });
  return { stream, verdict: verdict.promise };
}
