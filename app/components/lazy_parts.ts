/**
 * Parts of the browsing screens that sit below their first screen, as
 * `React.lazy` components: their code loads apart from the page's (after
 * hydration starts, or when the server rendered them, before that part
 * hydrates), so a first visit's scripts leave them out.
 *
 * @module
 */
import { lazy } from "react";

/** `PagedTransactions` of `transactions_table.tsx` (the explore transactions tab, the token page's last section). */
export const LazyPagedTransactions = lazy(() =>
  import("./transactions_table.tsx").then((m) => ({ default: m.PagedTransactions }))
);
