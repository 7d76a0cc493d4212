/**
 * Who must forget cached answers when the service invalidates its caches (a
 * purge, `server/previews/purge.ts`): the connection guard's microcache
 * registers here (`server/start/listen.ts`), the purge calls
 * {@linkcode invalidateCachedAnswers} once it removed what it names.
 *
 * @module
 */

const listeners = new Set<() => Promise<void>>();

/** Calls `listener` on every invalidation until the returned function is called. */
export function onCachedAnswersInvalidated(listener: () => Promise<void>): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells every listener; resolves once each has forgotten (a failing listener is skipped). */
export async function invalidateCachedAnswers(): Promise<void> {
  await Promise.all([...listeners].map((listener) => listener().catch(() => {})));
}
