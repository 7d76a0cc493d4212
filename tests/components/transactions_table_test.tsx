import "global-jsdom/register";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { renderInRouter } from "./render_stub.tsx";
import assert from "node:assert/strict";
import { describeTransaction, TransactionsTable } from "../../app/components/transactions_table.tsx";
import type { TransactionRow } from "../../app/lib/rows.ts";

const NOW = 1_700_000_000_000;

function tx(id: string, type: string, q0: string, q1: string, agoSeconds: number): TransactionRow {
  return {
    id,
    type,
    timestamp: NOW / 1000 - agoSeconds,
    usdValue: 1234.5,
    account: "0x1234567890abcdef1234567890abcdef12345678",
    token0Symbol: "USDC",
    token0Quantity: q0,
    token1Symbol: "WETH",
    token1Quantity: q1,
  };
}

Deno.test("transactions read as swaps, adds and removes in plain words", () => {
  assert.equal(describeTransaction(tx("a", "SWAP", "3000", "-1", 0)), "Swap 3,000 USDC for 1 WETH");
  assert.equal(describeTransaction(tx("b", "SWAP", "-3000", "1", 0)), "Swap 1 WETH for 3,000 USDC");
  assert.equal(describeTransaction(tx("c", "ADD", "10", "0.5", 0)), "Add 10 USDC and 0.5 WETH");
  assert.equal(describeTransaction(tx("d", "REMOVE", "-10", "-0.5", 0)), "Remove 10 USDC and 0.5 WETH");
});

Deno.test("transactions table shows rows and asks for more", async () => {
  const asked: number[] = [];
  renderInRouter(
    <TransactionsTable
      transactions={[tx("a", "SWAP", "3000", "-1", 120), tx("b", "ADD", "10", "0.5", 7200)]}
      now={NOW}
      amountColumns
      hasMore
      onLoadMore={() => asked.push(1)}
    />,
  );
  const rows = await screen.findAllByTestId("tx-row");
  assert.equal(rows.length, 2);
  assert.ok(rows[0].textContent.includes("2m ago"));
  assert.ok(rows[0].textContent.includes("$1,234.50"));
  assert.ok(rows[0].textContent.includes("0x1234…5678"));
  // The wallet's short form links to its portfolio; the whole address is its description.
  const wallet = "0x1234567890abcdef1234567890abcdef12345678";
  const link = screen.getAllByRole("link", { name: "0x1234…5678", description: wallet })[0];
  assert.equal(link.getAttribute("href"), `/portfolio?address=${wallet}`);
  assert.equal(screen.getAllByRole("button", { name: "Copy wallet" }).length, 2);
  assert.ok(rows[1].textContent.includes("2h ago"));
  assert.ok(screen.getByRole("columnheader", { name: "WETH" }));
  fireEvent.click(screen.getByRole("button", { name: "Load more transactions" }));
  assert.deepEqual(asked, [1]);
  cleanup();
  renderInRouter(<TransactionsTable transactions={[tx("a", "SWAP", "1", "-1", 1)]} now={NOW} />);
  await screen.findByTestId("tx-row");
  assert.equal(screen.queryByRole("button", { name: "Load more transactions" }), null);
  assert.equal(screen.queryByRole("columnheader", { name: "WETH" }), null);
  cleanup();
});
