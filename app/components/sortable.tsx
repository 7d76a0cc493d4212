/** Sorting state and header buttons shared by the sortable tables. */
import { useMemo, useState } from "react";

/** Sort direction. */
export type SortDirection = "asc" | "desc";

/** A sortable column header: a button that tells screen readers its state. */
export function SortHeader<K extends string>(
  { label, column, sort, onSort, align = "end", more = false }: {
    label: string;
    column: K;
    sort: { key: K | null; direction: SortDirection };
    onSort: (key: K) => void;
    align?: "start" | "end";
    /** A secondary column, hidden on phones (`col-more`). */
    more?: boolean;
  },
) {
  const active = sort.key === column;
  const classes = [align === "end" ? "num" : "", more ? "col-more" : ""].filter(Boolean).join(" ");
  return (
    <th
      scope="col"
      className={classes || undefined}
      aria-sort={active ? (sort.direction === "asc" ? "ascending" : "descending") : "none"}
    >
      <button
        type="button"
        className="sort-button"
        onClick={() => onSort(column)}
      >
        {label}
        <span aria-hidden="true" className="sort-arrow">
          {active ? (sort.direction === "asc" ? "↑" : "↓") : ""}
        </span>
      </button>
    </th>
  );
}

/**
 * Sorts rows by a numeric column. A first click sorts descending (largest
 * first), a second click on the same column ascending. Rows without a value
 * always go last. With no column chosen, rows keep their given order.
 */
export function useSortedRows<T, K extends string>(
  rows: readonly T[],
  value: (row: T, key: K) => number | null | undefined,
  initial: K | null = null,
) {
  const [sort, setSort] = useState<{ key: K | null; direction: SortDirection }>(
    { key: initial, direction: "desc" },
  );
  const sorted = useMemo(() => {
    if (sort.key === null) return rows.slice();
    const key = sort.key;
    const sign = sort.direction === "asc" ? 1 : -1;
    return rows.slice().sort((a, b) => {
      const va = value(a, key);
      const vb = value(b, key);
      const ma = va == null || !Number.isFinite(va);
      const mb = vb == null || !Number.isFinite(vb);
      if (ma || mb) return ma === mb ? 0 : ma ? 1 : -1;
      return sign * ((va as number) - (vb as number));
    });
  }, [rows, sort, value]);
  function onSort(key: K) {
    setSort((s) =>
      s.key === key ? { key, direction: s.direction === "desc" ? "asc" : "desc" } : { key, direction: "desc" }
    );
  }
  return { sorted, sort, onSort };
}
