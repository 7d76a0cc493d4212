import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { routesTable } from "./routes_doc.ts";

Deno.test("README lists the preview whitelist exactly as lib/preview_routes.ts does", async () => {
  const readme = await readFile(new URL("../README.md", import.meta.url), "utf8");
  const start = readme.indexOf("<!-- routes:start -->");
  const end = readme.indexOf("<!-- routes:end -->");
  assert.ok(start >= 0 && end > start, "README has no routes table markers");
  const table = readme.slice(start + "<!-- routes:start -->".length, end).trim();
  // deno fmt pads the table: compare cell by cell.
  const cells = (markdown: string) =>
    markdown.trim().split("\n").filter((line) => !/^\|[\s|-]+\|$/.test(line))
      .map((line) => line.split("|").map((cell) => cell.trim()).filter(Boolean));
  assert.deepEqual(cells(table), cells(routesTable()), "README's route table is stale: run `deno task routes`");
});
