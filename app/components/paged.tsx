/** "Load more" paging over the shared urql client. */
import { useEffect, useState } from "react";
import { useClient } from "urql";
import type { Client } from "@urql/core";
import { gatewayMessage } from "../lib/load.ts";

/** A list page with the cursor of the next one. */
export interface PageOf<Row, C> {
  readonly rows: readonly Row[];
  readonly cursors: C;
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
) {
  const client = useClient();
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
      const next = await fetchMore(client, current.cursors);
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
