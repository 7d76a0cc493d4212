import "global-jsdom/register";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import assert from "node:assert/strict";
import { TokensTable } from "../../app/components/tokens_table.tsx";
import { renderInRouter } from "./render_stub.tsx";
import type { TokenRow } from "../../app/lib/rows.ts";

function token(symbol: string, values: Partial<TokenRow>): TokenRow {
  return {
    id: symbol,
    href: `/explore/tokens/ethereum/${symbol}`,
    name: `${symbol} Token`,
    symbol,
    logoUrl: null,
    price: null,
    change1d: null,
    fdv: null,
    marketCap: null,
    tvl: null,
    volume1d: null,
    ...values,
  };
}

const TOKENS = [
  token("AAA", { price: 2, change1d: 1.5, tvl: 300, volume1d: 10, fdv: 5e9 }),
  token("BBB", { price: 3000, change1d: -2.25, tvl: 100, volume1d: 30 }),
  token("CCC", { price: 0.5, change1d: 0, tvl: null, volume1d: 20 }),
];

function symbolsInOrder(): string[] {
  const rows = screen.getAllByRole("row").slice(1);
  return rows.map((r) => within(r).getByRole("link").textContent ?? "")
    .map((t) => t.match(/(AAA|BBB|CCC)/)![1]);
}

Deno.test("tokens table shows formatted values in gateway order", async () => {
  renderInRouter(<TokensTable tokens={TOKENS} />);
  await screen.findByRole("table");
  assert.deepEqual(symbolsInOrder(), ["AAA", "BBB", "CCC"]);
  const first = screen.getAllByRole("row")[1];
  assert.ok(first.textContent.includes("$2.00"));
  assert.ok(first.textContent.includes("+1.50%"));
  assert.ok(first.textContent.includes("$5B"));
  const link = within(first).getByRole("link");
  assert.equal(link.getAttribute("href"), "/explore/tokens/ethereum/AAA");
  assert.ok(screen.getByRole("img", { name: "AAA logo" }));
  assert.ok(screen.getAllByRole("row")[2].textContent.includes("-2.25%"));
  cleanup();
});

Deno.test("tokens table sorts by a column, descending then ascending", async () => {
  renderInRouter(<TokensTable tokens={TOKENS} />);
  await screen.findByRole("table");
  const price = screen.getByRole("button", { name: /^Price/ });
  fireEvent.click(price);
  assert.deepEqual(symbolsInOrder(), ["BBB", "AAA", "CCC"]);
  assert.equal(price.closest("th")?.getAttribute("aria-sort"), "descending");
  fireEvent.click(price);
  assert.deepEqual(symbolsInOrder(), ["CCC", "AAA", "BBB"]);
  assert.equal(price.closest("th")?.getAttribute("aria-sort"), "ascending");
  // Missing values go last in both directions.
  const tvl = screen.getByRole("button", { name: /^TVL/ });
  fireEvent.click(tvl);
  assert.deepEqual(symbolsInOrder(), ["AAA", "BBB", "CCC"]);
  fireEvent.click(tvl);
  assert.deepEqual(symbolsInOrder(), ["BBB", "AAA", "CCC"]);
  assert.equal(price.closest("th")?.getAttribute("aria-sort"), "none");
  cleanup();
});

Deno.test("tokens table without tokens says so", async () => {
  renderInRouter(<TokensTable tokens={[]} />);
  assert.ok(await screen.findByText("No tokens to show."));
  assert.equal(screen.queryByRole("table"), null);
  cleanup();
});

Deno.test("a long tokens table shows a page of rows and more on request", async () => {
  const many = Array.from({ length: 30 }, (_, i) => token(`T${i}`, { price: i }));
  renderInRouter(<TokensTable tokens={many} />);
  await screen.findByRole("table");
  assert.equal(screen.getAllByRole("row").length - 1, 25);
  fireEvent.click(screen.getByRole("button", { name: "Show more tokens (5 more)" }));
  assert.equal(screen.getAllByRole("row").length - 1, 30);
  assert.equal(screen.queryByRole("button", { name: /Show more/ }), null);
  cleanup();
});

Deno.test("secondary columns carry col-more so phones hide them", async () => {
  renderInRouter(<TokensTable tokens={TOKENS} />);
  await screen.findByRole("table");
  const headers = screen.getAllByRole("columnheader");
  const kept = headers.filter((h) => !h.classList.contains("col-more")).map((h) => h.textContent);
  assert.deepEqual(kept, ["Token name", "Price", "1 day"]);
  cleanup();
});

Deno.test("a table sent with its first rows fetches the rest for Show more, once", async () => {
  const all = Array.from({ length: 60 }, (_, i) => token(`T${i}`, { price: i }));
  let loads = 0;
  const more = { total: all.length, load: () => (loads++, Promise.resolve(all)) };
  renderInRouter(<TokensTable tokens={all.slice(0, 10)} more={more} />);
  await screen.findByRole("table");
  assert.equal(screen.getAllByRole("row").length - 1, 10);
  assert.equal(loads, 0, "the rest was fetched before anything asked for it");
  fireEvent.click(screen.getByRole("button", { name: "Show more tokens (50 more)" }));
  await screen.findByText("T34 Token");
  assert.equal(screen.getAllByRole("row").length - 1, 35);
  fireEvent.click(screen.getByRole("button", { name: "Price" }));
  assert.match(screen.getAllByRole("row")[1].textContent ?? "", /T59/, "the sort did not cover the fetched rows");
  assert.equal(loads, 1, "the whole list was fetched twice");
  cleanup();
});

Deno.test("a sort of a table sent with its first rows sorts the whole list", async () => {
  const all = Array.from({ length: 60 }, (_, i) => token(`T${i}`, { price: i }));
  renderInRouter(<TokensTable tokens={all.slice(0, 10)} more={{ total: 60, load: () => Promise.resolve(all) }} />);
  await screen.findByRole("table");
  fireEvent.click(screen.getByRole("button", { name: "Price" }));
  await screen.findByText("T59 Token");
  assert.match(screen.getAllByRole("row")[1].textContent ?? "", /T59/);
  assert.equal(screen.getAllByRole("row").length - 1, 25);
  cleanup();
});

Deno.test("a failed fetch of the rest says why and keeps the first rows", async () => {
  const first = Array.from({ length: 10 }, (_, i) => token(`T${i}`, { price: i }));
  renderInRouter(
    <TokensTable tokens={first} more={{ total: 30, load: () => Promise.reject(new Error("offline")) }} />,
  );
  await screen.findByRole("table");
  fireEvent.click(screen.getByRole("button", { name: "Show more tokens (20 more)" }));
  assert.match((await screen.findByRole("alert")).textContent ?? "", /went wrong/);
  assert.equal(screen.getAllByRole("row").length - 1, 10);
  cleanup();
});
