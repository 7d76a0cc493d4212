/** "Load more" paging over the browser's shared urql client (loaded on the first "load more"). */
import { useEffect, useState } from "react";
import type { Client } from "@urql/core";
import { gatewayMessage } from "../lib/load.ts";
import { browserClient } from "./browser_client.ts";

/** A list page with the cursor of the next one. */
export interface PageOf<Row, C> {
  readonly rows: readonly Row[];
  readonly cursors: C;
}

/** A list that grows with "load more": its rows so far, and the state of the next page. */
export interface Paged<Row> {
  readonly rows: readonly Row[];
  readonly loading: boolean;
  /** Why the last "load more" failed, in plain words. */
  readonly error: string | null;
  readonly hasMore: boolean;
  loadMore(): Promise<void>;
}

/**
 * Rows of a list that grows with "load more": starts from the loader's first
 * page, fetches the next with `fetchMore(client, cursors)` and appends it.
 * Starts over when `first` changes (a new navigation).
 */
export function usePaged<Row, C>(
  first: PageOf<Row, C>,
  fetchMore: (client: Client, cursors: C) => Promise<PageOf<Row, C>>,
  hasMore: (cursors: C) => boolean,
): Paged<Row> {
  const [state, setState] = useState({
    first,
    rows: first.rows,
    cursors: first.cursors,
  });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setState({ first, rows: first.rows, cursors: first.cursors });
    setError(null);
  }, [first]);
  const current = state.first === first ? state : { first, rows: first.rows, cursors: first.cursors };
  async function loadMore() {
    setLoading(true);
    setError(null);
    try {
      const next = await fetchMore(await browserClient(), current.cursors);
      setState((s) => ({
        first: s.first,
        rows: [...s.rows, ...next.rows],
        cursors: next.cursors,
      }));
    } catch (e) {
      setError(gatewayMessage(e));
    } finally {
      setLoading(false);
    }
  }
  return {
    rows: current.rows,
    loading,
    error,
    hasMore: hasMore(current.cursors),
    loadMore,
  };
}

/** The "load more" button under a list (nothing once there is no more). */
export function LoadMoreButton(
  { hasMore, loading, onClick, label }: { hasMore: boolean; loading: boolean; onClick: () => void; label: string },
) {
  if (!hasMore) return null;
  return (
    <div className="load-more">
      <button type="button" className="button secondary" onClick={onClick} disabled={loading}>
        {loading ? "Loading…" : label}
      </button>
    </div>
  );
}

/** Under a paged list: why the last "load more" failed, then the button for the next page. */
export function LoadMore({ paged, label }: { paged: Paged<unknown>; label: string }) {
  return (
    <>
      {paged.error ? <p className="field-error">{paged.error}</p> : null}
      <LoadMoreButton hasMore={paged.hasMore} loading={paged.loading} onClick={paged.loadMore} label={label} />
    </>
  );
}
