/**
 * A counting semaphore. Decoding logos and drawing cards are CPU-bound (the
 * wasm and the decoders run on the main thread) and may hold tens of MB each:
 * running more than a couple at once only adds memory, not speed.
 *
 * @module
 */

/** Runs functions with at most `limit` of them under way at once. */
export type Limiter = <T>(fn: () => Promise<T>) => Promise<T>;

/** Creates a {@linkcode Limiter}; waiting calls start in arrival order. */
export function createLimiter(limit: number): Limiter {
  if (!Number.isInteger(limit) || limit < 1) {
    throw new Error(`Cannot create a limiter of ${limit}: expected an integer >= 1`);
  }
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function limited<T>(fn: () => Promise<T>): Promise<T> {
    if (running >= limit) {
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running++;
    }
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
