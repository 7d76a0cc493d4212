/**
 * Keep a promise, drop it on failure: the one helper for work done once per
 * process (reading fonts, icon sets, loading a renderer) that must be tried
 * again after it fails. Compare `single_flight.ts`, which shares a run only
 * while it is under way.
 *
 * @module
 */

/** Options of {@linkcode memoizeUntilFailure}. */
export interface MemoizeOptions<K, T> {
  /** The map the promises are kept in, for callers that list or count them; a new one by default. */
  readonly cache?: Map<K, Promise<T>>;
}

/**
 * Wraps `load` so that it runs once per key and every later call shares its
 * promise; a promise that rejects (or a `load` that throws) is dropped once
 * it settles, so the next call runs `load` again. Without a parameter, the
 * wrapped function has one result.
 *
 * @example
 * ```ts
 * const readConfig = memoizeUntilFailure(() => Deno.readTextFile("config.json"));
 * const fontFile = memoizeUntilFailure((path: string) => Deno.readFile(path));
 * ```
 */
export function memoizeUntilFailure<T>(
  load: () => Promise<T>,
  options?: MemoizeOptions<undefined, T>,
): () => Promise<T>;
export function memoizeUntilFailure<K, T>(
  load: (key: K) => Promise<T>,
  options?: MemoizeOptions<K, T>,
): (key: K) => Promise<T>;
export function memoizeUntilFailure<K, T>(
  load: (key: K) => Promise<T>,
  options: MemoizeOptions<K, T> = {},
): (key: K) => Promise<T> {
  const cache = options.cache ?? new Map<K, Promise<T>>();
  return (key: K) => {
    let pending = cache.get(key);
    if (pending === undefined) {
      try {
        pending = Promise.resolve(load(key));
      } catch (error) {
        pending = Promise.reject(error);
      }
      const kept = pending;
      kept.catch(() => {
        if (cache.get(key) === kept) cache.delete(key);
      });
      cache.set(key, kept);
    }
    return pending;
  };
}
