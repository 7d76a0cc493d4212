/**
 * Dates and times in the visitor's time zone without a hydration mismatch:
 * the server renders UTC, hydration reuses that text, and the browser then
 * re-renders in the visitor's zone (`useSyncExternalStore` with a server
 * snapshot).
 */
import { useSyncExternalStore } from "react";
import { DEFAULT_TIME_ZONE, formatDateTime, formatTimeAgo } from "../lib/format.ts";

function subscribe(): () => void {
  return () => {};
}

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
}

function serverTimeZone(): string {
  return DEFAULT_TIME_ZONE;
}

/** The zone dates print in: UTC on the server and while hydrating, the visitor's zone after. */
export function useTimeZone(): string {
  return useSyncExternalStore(subscribe, browserTimeZone, serverTimeZone);
}

/** False on the server and while hydrating, true once the browser renders on its own. */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, () => true, () => false);
}

/**
 * A `<time>` element: the date and time (`Nov 14, 2023, 10:13 PM EST`), or
 * with `relative` how long ago it was (`3h ago`, relative to `now` in
 * milliseconds, or to the browser's clock once hydrated) with the full date
 * and time as its title.
 */
export function Time(
  { timestamp, relative = false, now, className }: {
    /** UNIX seconds. */
    timestamp: number;
    relative?: boolean;
    now?: number;
    className?: string;
  },
) {
  const timeZone = useTimeZone();
  const hydrated = useHydrated();
  const full = formatDateTime(timestamp, { timeZone });
  // Without a reference time from the loader, "ago" waits for the browser's clock.
  const ago = relative && (now !== undefined || hydrated);
  const valid = Number.isFinite(timestamp) && Math.abs(timestamp) < 8.64e12;
  return (
    <time
      className={className}
      dateTime={valid ? new Date(timestamp * 1000).toISOString() : undefined}
      title={ago ? full : undefined}
    >
      {ago ? formatTimeAgo(timestamp, now, { timeZone }) : full}
    </time>
  );
}
