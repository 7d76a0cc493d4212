/**
 * The V8 flags the service runs with (`deno task start`:
 * `deno run -A --v8-flags=... server.ts`). Without them it runs the same,
 * with a larger process under image load.
 *
 * - `--max-semi-space-size=4`: a young generation of at most 3 x 4 MiB
 *   instead of 3 x 16. Under uncached images at c=16 the heap reserved 72-78
 *   MiB of which 20-40 were in use; with 4 MiB, 31-34.
 * - `--expose-gc`: lets the render pool ask for a major collection that runs
 *   alongside the work when this process grew under image load
 *   (`collectGarbageSoon` of `og/workers/tree_memory.ts`), before it hands
 *   the freed pages back.
 *
 * Together, at c=16 for 20 s: this process at 212-222 MiB (220-277 with the
 * first alone, 219-254 with the second alone, 231-290 with neither), so a
 * second render worker fits the tree's budget of 480 MiB more often.
 *
 * @module
 */

/** What `--v8-flags=` of the service's start command carries. */
export const SERVICE_V8_FLAGS = "--max-semi-space-size=4,--expose-gc";
