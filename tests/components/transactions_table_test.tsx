import "global-jsdom/register";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { renderInRouter } from "./render_stub.tsx";
import { expect } from "expect";
import {
  describeTransaction,
  type TransactionRow,
  TransactionsTable,
} from "../../app/components/transactions_table.tsx";

const NOW = 1_700_000_000_000;

function tx(id: string, type: string, q0: string, q1: string, agoSeconds: number): TransactionRow {
  return {
    id,
    type,
    timestamp: NOW / 1000 - agoSeconds,
    usdValue: 1234.5,
    account: "0x1234567890abcdef1234567890abcdef12345678",
    hash: `0x${id}`,
    token0Symbol: "USDC",
    token0Quantity: q0,
    token1Symbol: "WETH",
    token1Quantity: q1,
  };
}

Deno.test("transactions read as swaps, adds and removes in plain words", () => {
  expect(describeTransaction(tx("a", "SWAP", "3000", "-1", 0))).toBe("Swap 3,000 USDC for 1 WETH");
  expect(describeTransaction(tx("b", "SWAP", "-3000", "1", 0))).toBe("Swap 1 WETH for 3,000 USDC");
  expect(describeTransaction(tx("c", "ADD", "10", "0.5", 0))).toBe("Add 10 USDC and 0.5 WETH");
  expect(describeTransaction(tx("d", "REMOVE", "-10", "-0.5", 0))).toBe("Remove 10 USDC and 0.5 WETH");
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
  expect(rows.length).toBe(2);
  expect(rows[0].textContent).toContain("2m ago");
  expect(rows[0].textContent).toContain("$1,234.50");
  expect(rows[0].textContent).toContain("0x1234…5678");
  // The wallet's short form links to its portfolio; its accessible name is the whole address.
  const wallet = "0x1234567890abcdef1234567890abcdef12345678";
  expect(screen.getAllByRole("link", { name: wallet })[0].getAttribute("href")).toBe(`/portfolio?address=${wallet}`);
  expect(screen.getAllByRole("button", { name: "Copy wallet" }).length).toBe(2);
  expect(rows[1].textContent).toContain("2h ago");
  expect(screen.getByRole("columnheader", { name: "WETH" })).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Load more transactions" }));
  expect(asked).toEqual([1]);
  cleanup();
  renderInRouter(<TransactionsTable transactions={[tx("a", "SWAP", "1", "-1", 1)]} now={NOW} />);
  await screen.findByTestId("tx-row");
  expect(screen.queryByRole("button", { name: "Load more transactions" })).toBeNull();
  expect(screen.queryByRole("columnheader", { name: "WETH" })).toBeNull();
  cleanup();
});
