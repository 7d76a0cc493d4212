import "global-jsdom/register";
import { cleanup, screen } from "@testing-library/react";
import { expect } from "expect";
import { chainTarget, SiteHeader } from "../../app/components/layout.tsx";
import { marketRate } from "../../app/components/trade_screen.tsx";
import { CHAIN_OPTIONS } from "../../app/lib/chains.ts";
import { renderInRouter } from "./render_stub.tsx";

Deno.test("the chain selector leads to the chain's tokens or explore page", () => {
  expect(chainTarget("/tokens", "base")).toBe("/tokens/base");
  expect(chainTarget("/tokens/ethereum/0xabc", "base")).toBe("/tokens/base");
  expect(chainTarget("/explore/pools/ethereum/0xabc", "base")).toBe("/explore?chain=base&tab=pools");
  expect(chainTarget("/swap", "arbitrum")).toBe("/explore?chain=arbitrum");
});

Deno.test("the header has navigation, token search and the gateway's chains", async () => {
  renderInRouter(<SiteHeader />, "/tokens/base", "/tokens/:chainName");
  expect((await screen.findByRole("navigation", { name: "Main" })).textContent).toContain("Explore");
  expect(screen.getByRole("combobox", { name: "Search tokens" })).toBeTruthy();
  const select = screen.getByRole("combobox", { name: "Chain" }) as HTMLSelectElement;
  expect(select.value).toBe("base");
  expect(select.options.length).toBe(CHAIN_OPTIONS.length);
  expect([...select.options].some((o) => o.value === "unknown_chain")).toBe(false);
  cleanup();
});

Deno.test("market rate is the ratio of USD prices, unknown without both", () => {
  const token = (price: number | null) => ({ key: "k", symbol: "S", name: "N", logoUrl: null, price, href: "/" });
  expect(marketRate(token(3000), token(1))).toBe(3000);
  expect(marketRate(token(3000), token(null))).toBeNull();
  expect(marketRate(undefined, token(1))).toBeNull();
});
