import "global-jsdom/register";
import { cleanup, screen, within } from "@testing-library/react";
import assert from "node:assert/strict";
import { BalancesSection } from "../../app/portfolio/balances_section.tsx";
import { type BalanceRow, balancesOf } from "../../app/lib/portfolio_data.ts";
import { renderInRouter } from "./render_stub.tsx";

function row(symbol: string, value: number, flags: Partial<BalanceRow> = {}): BalanceRow {
  return {
    id: symbol,
    href: `/explore/tokens/ethereum/${symbol}`,
    name: `${symbol} Token`,
    symbol,
    logoUrl: null,
    chain: "ETHEREUM",
    quantity: 2,
    value,
    change24h: 1,
    hidden: false,
    spam: false,
    ...flags,
  };
}

Deno.test("balances: visible tokens in the table, hidden and spam folded away", async () => {
  renderInRouter(
    <BalancesSection
      rows={[row("ETH", 3000), row("DUST", 0.01, { hidden: true }), row("SCAM", 5, { spam: true }), row("USDC", 10)]}
    />,
  );
  const [visible, folded] = await screen.findAllByRole("table");
  const symbols = (table: HTMLElement) =>
    within(table).getAllByRole("row").slice(1).map((r) =>
      `${r.querySelector(".token-name")?.textContent} (${r.querySelector(".token-cell-text .muted")?.textContent})`
    );
  assert.deepEqual(symbols(visible), ["ETH Token (ETH · Ethereum)", "USDC Token (USDC · Ethereum)"]);
  assert.deepEqual(symbols(folded), ["DUST Token (DUST · Ethereum)", "SCAM Token (SCAM · Ethereum · spam)"]);
  assert.equal(screen.getByText("Hidden and spam tokens (2)").tagName, "SUMMARY");
  assert.ok(within(visible).getAllByRole("row")[1].textContent.includes("$3,000.00"));
  cleanup();
});

Deno.test("balancesOf sorts by value and reads totals, flags and logos", () => {
  const token = (symbol: string, isSpam = false) => ({
    id: symbol,
    chain: "BASE" as const,
    address: `0x${symbol.length.toString().repeat(40)}`,
    symbol,
    name: null,
    decimals: 18,
    standard: "ERC20" as const,
    project: {
      id: "p",
      name: null,
      logoUrl: "https://x/old.png",
      logo: { id: "l", url: "https://x/new.png" },
      safetyLevel: null,
      isSpam,
      spamCode: null,
    },
  });
  const balances = balancesOf({
    id: "portfolio",
    ownerAddress: "0x1",
    tokensTotalDenominatedValue: { id: "t", value: 150 },
    tokensTotalDenominatedValueChange: {
      id: "c",
      absolute: { id: "a", value: -5 },
      percentage: { id: "p", value: -3.2 },
    },
    tokenBalances: [
      {
        id: "b1",
        quantity: 1,
        isHidden: true,
        denominatedValue: { id: "d1", currency: "USD", value: 50 },
        tokenProjectMarket: null,
        token: token("AB"),
      },
      null,
      {
        id: "b2",
        quantity: 3,
        isHidden: false,
        denominatedValue: { id: "d2", currency: "USD", value: 100 },
        tokenProjectMarket: { id: "m", relativeChange24: { id: "r", value: 2.5 } },
        token: token("ABC", true),
      },
    ],
  });
  assert.equal(balances.total, 150);
  assert.equal(balances.change24hAbsolute, -5);
  assert.equal(balances.change24hPercent, -3.2);
  assert.deepEqual(balances.rows.map((r) => [r.symbol, r.value, r.hidden, r.spam, r.change24h, r.logoUrl, r.name]), [
    ["ABC", 100, false, true, 2.5, "https://x/new.png", "ABC"],
    ["AB", 50, true, false, null, "https://x/new.png", "AB"],
  ]);
  assert.equal(balances.rows[0].href, `/explore/tokens/base/0x${"3".repeat(40)}`);
});
