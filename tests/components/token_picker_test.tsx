import "global-jsdom/register";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { expect } from "expect";
import { parseAmount, TradePanel } from "../../app/components/trade_screen.tsx";
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
  expect(searchTokens(TOKENS, "u").map((t) => t.symbol)).toEqual(["USDC", "UNI"]);
  expect(searchTokens(TOKENS, "ether").map((t) => t.symbol)).toEqual(["ETH", "WETH"]);
  expect(searchTokens(TOKENS, "eth").map((t) => t.symbol)).toEqual(["ETH", "WETH"]);
  expect(searchTokens(TOKENS, " USD COIN ").map((t) => t.symbol)).toEqual(["USDC"]);
  expect(searchTokens(TOKENS, "").length).toBe(4);
});

Deno.test("amounts take plain decimals only", () => {
  expect(parseAmount("1.5")).toEqual({ value: 1.5, error: null });
  expect(parseAmount(".5").value).toBe(0.5);
  expect(parseAmount("")).toEqual({ value: null, error: null });
  expect(parseAmount("abc").error).toMatch(/"abc" is not an amount/);
  expect(parseAmount("1.2.3").error).not.toBeNull();
  expect(parseAmount("-1").error).not.toBeNull();
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
  expect(within(list).getAllByRole("option").length).toBe(4);
  expect(within(list).getByRole("option", { selected: true }).textContent).toContain("Ether");
  expect(list.textContent).toContain("1,234.5");
  fireEvent.change(box, { target: { value: "u" } });
  const names = () =>
    within(list).getAllByRole("option").map((o) =>
      [...o.querySelectorAll(".token-cell-text > span, .token-balance")].map((s) => s.textContent).join(" ")
    );
  expect(names()).toEqual(["USDC USD Coin 1,234.5", "UNI Uniswap"]);
  fireEvent.keyDown(box, { key: "ArrowDown" });
  expect(box.getAttribute("aria-activedescendant")).toBe(within(list).getAllByRole("option")[1].id);
  fireEvent.keyDown(box, { key: "Enter" });
  expect(picked).toEqual(["uni"]);
  cleanup();
});

Deno.test("picking the other side's token flips the pair, and the flip button swaps", async () => {
  renderInRouter(<TradePanel data={trade()} mode="limit" />);
  const pay = await screen.findByRole("button", { name: /^Token you pay with: ETH/ });
  expect(screen.getByRole("button", { name: /^Token you receive: USDC/ })).toBeTruthy();
  // The limit price starts at the market rate and gives the amount received.
  const limit = screen.getByLabelText(/Limit price: 1 ETH in USDC/) as HTMLInputElement;
  expect(limit.value).toBe("3000");
  fireEvent.change(limit, { target: { value: "3300" } });
  expect(document.querySelector("output")?.textContent).toBe("3,300");
  expect(document.body.textContent).toContain("your price is +10.00% against it");
  // Choose USDC (the other side's token) to pay with: the sides swap.
  fireEvent.click(pay);
  const dialogs = document.querySelectorAll("dialog");
  const usdc = within(dialogs[0] as HTMLElement).getByRole("option", { name: /USDC/ });
  fireEvent.click(usdc);
  expect(screen.getByRole("button", { name: /^Token you pay with: USDC/ })).toBeTruthy();
  expect(screen.getByRole("button", { name: /^Token you receive: ETH/ })).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Switch USDC and ETH" }));
  expect(screen.getByRole("button", { name: /^Token you pay with: ETH/ })).toBeTruthy();
  cleanup();
});

Deno.test("an amount that is not a number says so inline instead of becoming $0.00", async () => {
  renderInRouter(<TradePanel data={trade()} mode="swap" />);
  const amount = await screen.findByLabelText("You pay");
  fireEvent.change(amount, { target: { value: "abc" } });
  expect(amount.getAttribute("aria-invalid")).toBe("true");
  expect(screen.getByRole("alert").textContent).toMatch(/"abc" is not an amount/);
  expect(document.body.textContent).not.toContain("$0.00");
  cleanup();
});

Deno.test("liquidity frames speak of deposits", async () => {
  renderInRouter(<TradePanel data={trade()} mode="liquidity" />);
  expect(await screen.findByLabelText("You deposit")).toBeTruthy();
  expect(screen.getByRole("button", { name: /^Second token to deposit: USDC/ })).toBeTruthy();
  expect(document.body.textContent).toContain("Connect a wallet to provide liquidity");
  expect(document.body.textContent).not.toMatch(/\bswap\b|You receive/i);
  cleanup();
});
