/**
 * A preference kept in `localStorage` without a hydration mismatch: the
 * server and the hydrating browser render with no stored value (the
 * component's default), then the browser re-renders with what is stored.
 * Writes notify every component that reads the same key.
 */
import { useCallback, useSyncExternalStore } from "react";

const CHANGED = "stored-preference-change";

function subscribe(onChange: () => void): () => void {
  globalThis.addEventListener("storage", onChange);
  globalThis.addEventListener(CHANGED, onChange);
  return () => {
    globalThis.removeEventListener("storage", onChange);
    globalThis.removeEventListener(CHANGED, onChange);
  };
}

function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    // Storage disabled (private mode, a sandboxed frame): no stored value.
    return null;
  }
}

/** The stored string under `key` (`null` on the server, while hydrating, or when unset) and a setter. */
export function useStored(key: string): [string | null, (value: string | null) => void] {
  const value = useSyncExternalStore(subscribe, () => read(key), () => null);
  const set = useCallback((next: string | null) => {
    try {
      if (next === null) globalThis.localStorage.removeItem(key);
      else globalThis.localStorage.setItem(key, next);
    } catch {
      // Not kept, but the page still works for this visit.
    }
    globalThis.dispatchEvent(new Event(CHANGED));
  }, [key]);
  return [value, set];
}
