/**
 * Prints the preview whitelist as a Markdown table (`deno task routes`). The
 * README's table is this output; `scripts/routes_doc_test.ts` keeps them equal.
 *
 * @module
 */
import { PREVIEW_ROUTES } from "../lib/preview_routes.ts";

/** The whitelist as Markdown table rows. */
export function routesTable(): string {
  const rows = PREVIEW_ROUTES.map((r) => `| \`${r.pattern}\` | ${r.kind} | \`app/routes/${r.module}.tsx\` |`);
  return ["| path | preview | route module |", "| --- | --- | --- |", ...rows].join("\n");
}

if (import.meta.main) console.log(routesTable());
