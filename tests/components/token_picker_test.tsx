import "global-jsdom/register";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import assert from "node:assert/strict";
import { parseAmount, TradePanel } from "../../app/swap/trade_screen.tsx";
import { searchTokens, TokenPicker } from "../../app/components/token_picker.tsx";
import type { TokenOption, TradeData } from "../../app/lib/trade_loader.ts";
import { renderInRouter } from "./render_stub.tsx";

function option(symbol: string, name: string, price: number | null, key = symbol.toLowerCase()): TokenOption {
  return { key, symbol, name, logoUrl: null, price, href: `/explore/tokens/ethereum/${key}` };
}

const TOKENS = [
  option("ETH", "Ether", 3000, "NATIVE"),
  option("USDC", "USD Coin", 1),
  option("UNI", "Uniswap", 10),
  option("WETH", "Wrapped Ether", 3000),
];

function trade(overrides: Partial<TradeData> = {}): TradeData {
  return {
    chain: "ETHEREUM",
    chainName: "ethereum",
    chainLabel: "Ethereum",
    tokens: { ok: true, data: TOKENS },
    input: "NATIVE",
    output: "usdc",
    params: {},
    ...overrides,
  };
}

Deno.test("token search: symbol prefixes first, then names, then an exact address", () => {
  assert.deepEqual(searchTokens(TOKENS, "u").map((t) => t.symbol), ["USDC", "UNI"]);
  assert.deepEqual(searchTokens(TOKENS, "ether").map((t) => t.symbol), ["ETH", "WETH"]);
  assert.deepEqual(searchTokens(TOKENS, "eth").map((t) => t.symbol), ["ETH", "WETH"]);
  assert.deepEqual(searchTokens(TOKENS, " USD COIN ").map((t) => t.symbol), ["USDC"]);
  assert.equal(searchTokens(TOKENS, "").length, 4);
});

Deno.test("amounts take plain decimals only", () => {
  assert.deepEqual(parseAmount("1.5"), { value: 1.5, error: null });
  assert.equal(parseAmount(".5").value, 0.5);
  assert.deepEqual(parseAmount(""), { value: null, error: null });
  assert.match(parseAmount("abc").error ?? "", /"abc" is not an amount/);
  assert.notEqual(parseAmount("1.2.3").error, null);
  assert.notEqual(parseAmount("-1").error, null);
});

Deno.test("the picker dialog searches, moves with the keyboard and picks with Enter", async () => {
  const picked: string[] = [];
  renderInRouter(
    <TokenPicker
      tokens={TOKENS}
      value="NATIVE"
      onSelect={(k) => picked.push(k)}
      label="Token you pay with"
      balances={new Map([["usdc", "1234.5"]])}
    />,
  );
  fireEvent.click(await screen.findByRole("button", { name: "Token you pay with: ETH, Ether" }));
  const box = screen.getByRole("combobox", { name: "Search by name, symbol or address" });
  const list = screen.getByRole("listbox", { name: "Tokens" });
  assert.equal(within(list).getAllByRole("option").length, 4);
  assert.ok(within(list).getByRole("option", { selected: true }).textContent.includes("Ether"));
  assert.ok(list.textContent.includes("1,234.5"));
  fireEvent.change(box, { target: { value: "u" } });
  const names = () =>
    within(list).getAllByRole("option").map((o) =>
      [...o.querySelectorAll(".token-cell-text > span, .token-balance")].map((s) => s.textContent).join(" ")
    );
  assert.deepEqual(names(), ["USDC USD Coin 1,234.5", "UNI Uniswap"]);
  fireEvent.keyDown(box, { key: "ArrowDown" });
  assert.equal(box.getAttribute("aria-activedescendant"), within(list).getAllByRole("option")[1].id);
  fireEvent.keyDown(box, { key: "Enter" });
  assert.deepEqual(picked, ["uni"]);
  cleanup();
});

Deno.test("picking the other side's token flips the pair, and the flip button swaps", async () => {
  renderInRouter(<TradePanel data={trade()} mode="limit" />);
  const pay = await screen.findByRole("button", { name: /^Token you pay with: ETH/ });
  assert.ok(screen.getByRole("button", { name: /^Token you receive: USDC/ }));
  // The limit price starts at the market rate and gives the amount received.
  const limit = screen.getByLabelText(/Limit price: 1 ETH in USDC/) as HTMLInputElement;
  assert.equal(limit.value, "3000");
  fireEvent.change(limit, { target: { value: "3300" } });
  assert.equal(document.querySelector("output")?.textContent, "3,300");
  assert.ok(document.body.textContent.includes("your price is +10.00% against it"));
  // Choose USDC (the other side's token) to pay with: the sides swap.
  fireEvent.click(pay);
  const dialogs = document.querySelectorAll("dialog");
  const usdc = within(dialogs[0] as HTMLElement).getByRole("option", { name: /USDC/ });
  fireEvent.click(usdc);
  assert.ok(screen.getByRole("button", { name: /^Token you pay with: USDC/ }));
  assert.ok(screen.getByRole("button", { name: /^Token you receive: ETH/ }));
  fireEvent.click(screen.getByRole("button", { name: "Switch USDC and ETH" }));
  assert.ok(screen.getByRole("button", { name: /^Token you pay with: ETH/ }));
  cleanup();
});

Deno.test("an amount that is not a number says so inline instead of becoming $0.00", async () => {
  renderInRouter(<TradePanel data={trade()} mode="swap" />);
  const amount = await screen.findByLabelText("You pay");
  fireEvent.change(amount, { target: { value: "abc" } });
  assert.equal(amount.getAttribute("aria-invalid"), "true");
  assert.match(screen.getByRole("alert").textContent, /"abc" is not an amount/);
  assert.ok(!document.body.textContent.includes("$0.00"));
  cleanup();
});

Deno.test("liquidity frames speak of deposits", async () => {
  renderInRouter(<TradePanel data={trade()} mode="liquidity" />);
  assert.ok(await screen.findByLabelText("You deposit"));
  assert.ok(screen.getByRole("button", { name: /^Second token to deposit: USDC/ }));
  assert.ok(document.body.textContent.includes("Connect a wallet to provide liquidity"));
  assert.doesNotMatch(document.body.textContent, /\bswap\b|You receive/i);
  cleanup();
});

Deno.test("a picker asks for the whole list when opened, shows a loading row, then an error row with a retry", async () => {
  const asked: string[] = [];
  const request = () => asked.push("list");
  const props = { tokens: TOKENS.slice(0, 2), value: "NATIVE", onSelect: () => {}, label: "Token you pay with" };
  const view = render(<TokenPicker {...props} list={{ status: "loading", request }} />);
  fireEvent.click(await screen.findByRole("button", { name: "Token you pay with: ETH, Ether" }));
  assert.deepEqual(asked, ["list"]);
  // The first screen's tokens stay choosable while the list is on its way.
  assert.equal(within(screen.getByRole("listbox", { name: "Tokens" })).getAllByRole("option").length, 2);
  assert.equal(screen.getByRole("status").textContent, "Loading the token list…");
  fireEvent.change(screen.getByRole("combobox"), { target: { value: "uni" } });
  assert.ok(!document.body.textContent.includes("No token matches"));
  view.rerender(<TokenPicker {...props} list={{ status: "error", request }} />);
  assert.match(screen.getByRole("alert").textContent, /token list could not be loaded/);
  fireEvent.click(within(screen.getByRole("alert")).getByRole("button", { name: "Retry" }));
  assert.deepEqual(asked, ["list", "list"]);
  view.rerender(<TokenPicker {...props} tokens={TOKENS} list={{ status: "ready", request }} />);
  assert.equal(screen.queryByRole("alert"), null);
  assert.deepEqual(
    within(screen.getByRole("listbox")).getAllByRole("option").map((o) => o.querySelector(".token-name")?.textContent),
    ["UNI"],
  );
  cleanup();
});
