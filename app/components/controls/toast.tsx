/**
 * Toasts: short notes that a transaction confirmed or failed, shown for a
 * few seconds in a corner and announced politely by one live region that is
 * always in the page (`ToastRegion`, in the layout). `showToast` can be
 * called from anywhere in the browser.
 *
 * @module
 */
import { type ReactNode, useSyncExternalStore } from "react";
import type { Tone } from "./detail_rows.tsx";

/** One toast. */
export interface Toast {
  readonly id: number;
  readonly tone: Tone;
  readonly title: string;
  readonly body?: ReactNode;
}

/** How long a toast stays, in milliseconds. */
export const TOAST_MS = 8_000;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const EMPTY: readonly Toast[] = [];

function emit(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Shows a toast for {@linkcode TOAST_MS}; returns its id. */
export function showToast(toast: Omit<Toast, "id">, ms: number = TOAST_MS): number {
  const id = nextId++;
  emit([...toasts.slice(-2), { ...toast, id }]);
  if (ms > 0) setTimeout(() => dismissToast(id), ms);
  return id;
}

/** Removes a toast. */
export function dismissToast(id: number): void {
  if (toasts.some((t) => t.id === id)) emit(toasts.filter((t) => t.id !== id));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toasts shown now. */
export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribe, () => toasts, () => EMPTY);
}

/** The live region the toasts appear in (render it once, in the layout). */
export function ToastRegion() {
  const shown = useToasts();
  return (
    <div className="control-toasts" role="status" aria-live="polite" aria-label="Notifications">
      {shown.map((toast) => (
        <div key={toast.id} className={`control-toast control-tone-${toast.tone}`} data-testid="toast">
          <div className="control-toast-text">
            <strong>{toast.title}</strong>
            {toast.body ? <div>{toast.body}</div> : null}
          </div>
          <button
            type="button"
            className="control-toast-close"
            aria-label="Dismiss"
            onClick={() =>
              dismissToast(toast.id)}
          >
            <span aria-hidden="true">✕</span>
          </button>
        </div>
      ))}
    </div>
  );
}
