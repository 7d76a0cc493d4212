/**
 * Who still waits for a piece of shared work (one card's lookup and render,
 * shared by every request for it): its signal aborts once every request
 * that joined it has gone (each request's own signal aborted: its client
 * disconnected), so work nobody waits for anymore is dropped.
 *
 * @module
 */

/** One request's part in a piece of shared work. */
export interface Interest {
  /** Aborts once every request that joined the work has gone. */
  readonly signal: AbortSignal;
  /** The request got its answer (or stopped waiting for another reason): it no longer counts. */
  end(): void;
}

/** The interests in each piece of shared work, by key. */
export interface Interests {
  /** Counts `signal`'s request in the work of `key` until it ends or its signal aborts. */
  join(key: string, signal: AbortSignal): Interest;
  /** Pieces of work someone waits for (tests). */
  readonly size: number;
}

interface Entry {
  readonly controller: AbortController;
  count: number;
}

/** Creates the interests. */
export function createInterests(): Interests {
  const entries = new Map<string, Entry>();

  function join(key: string, signal: AbortSignal): Interest {
    let entry = entries.get(key);
    if (!entry) {
      entry = { controller: new AbortController(), count: 0 };
      entries.set(key, entry);
    }
    const mine = entry;
    mine.count++;
    let counted = true;
    const leave = (gone: boolean) => {
      if (!counted) return;
      counted = false;
      signal.removeEventListener("abort", onAbort);
      if (--mine.count > 0) return;
      if (entries.get(key) === mine) entries.delete(key);
      if (gone) mine.controller.abort();
    };
    const onAbort = () => leave(true);
    if (signal.aborted) leave(true);
    else signal.addEventListener("abort", onAbort, { once: true });
    return { signal: mine.controller.signal, end: () => leave(false) };
  }

  return {
    join,
    get size() {
      return entries.size;
    },
  };
}
