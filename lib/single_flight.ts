/**
 * Single-flight: concurrent calls for the same key share one run of the work.
 *
 * @module
 */

/**
 * Runs `fn` for `key` unless a run for `key` is already under way, in which
 * case the caller gets that run's result. Both a value and a failure are
 * shared by everyone waiting on the run; neither is remembered once the run
 * settles, so the next call after it starts a fresh run.
 */
export type SingleFlight<T> = (
  key: string,
  fn: () => Promise<T>,
) => Promise<T>;

/**
 * Creates a single-flight group. Keys are independent; each group has its own
 * set of runs under way.
 *
 * @example
 * ```ts
 * const flight = createSingleFlight<string>();
 * const [a, b] = await Promise.all([
 *   flight("k", () => fetchSomething()),
 *   flight("k", () => fetchSomething()), // not called: shares the first run
 * ]);
 * ```
 */
export function createSingleFlight<T>(): SingleFlight<T> {
  const running = new Map<string, Promise<T>>();
  return function singleFlight(key, fn) {
    const current = running.get(key);
    if (current !== undefined) return current;
    let run: Promise<T>;
    try {
      run = Promise.resolve(fn());
    } catch (error) {
      run = Promise.reject(error);
    }
    const settled = run.finally(() => {
      if (running.get(key) === settled) running.delete(key);
    });
    running.set(key, settled);
    return settled;
  };
}
