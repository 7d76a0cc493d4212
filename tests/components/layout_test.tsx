import "global-jsdom/register";
import { cleanup, screen } from "@testing-library/react";
import { expect } from "expect";
import { chainTarget, SiteHeader } from "../../app/components/layout.tsx";
import { marketRate } from "../../app/components/trade_screen.tsx";
import { CHAINS } from "../../lib/chains.ts";
import { renderInRouter } from "./render_stub.tsx";

Deno.test("the chain selector leads to the chain's tokens or explore page", () => {
  expect(chainTarget("/tokens", "base")).toBe("/tokens/base");
  expect(chainTarget("/tokens/ethereum/0xabc", "base")).toBe("/tokens/base");
  expect(chainTarget("/explore/pools/ethereum/0xabc", "base")).toBe("/explore?chain=base&tab=pools");
  expect(chainTarget("/swap", "arbitrum")).toBe("/explore?chain=arbitrum");
});

Deno.test("the header has navigation, token search and the gateway's chains", async () => {
  renderInRouter(<SiteHeader />, "/tokens/base", "/tokens/:chainName");
  const nav = await screen.findByRole("navigation", { name: "Main" });
  expect([...nav.querySelectorAll("a")].map((a) => a.textContent)).toEqual([
    "Explore",
    "Tokens",
    "Pools",
    "Swap",
    "Portfolio",
    "NFTs",
  ]);
  expect(screen.getByRole("combobox", { name: "Search tokens" })).toBeTruthy();
  expect(screen.getByRole("button", { name: /Network: Base/ }).getAttribute("aria-haspopup")).toBe("dialog");
  const menu = document.querySelector('[role="dialog"][aria-label="Choose a network"]')!;
  expect(menu.getAttribute("popover")).toBe("auto");
  const [mainnets, testnets] = [...menu.querySelectorAll("ul")];
  const names = (list: Element) => [...list.querySelectorAll("a")].map((a) => a.textContent);
  expect(names(mainnets).slice(0, 3)).toEqual(["Ethereum", "Unichain", "Base"]);
  expect(names(mainnets).length + names(testnets).length).toBe(CHAINS.length);
  expect(names(testnets)).toContain("Sepolia");
  expect(names(mainnets)).not.toContain("Sepolia");
  expect(menu.querySelector('a[aria-current="true"]')?.getAttribute("href")).toBe("/tokens/base");
  expect(menu.querySelector(".testnet-toggle")?.textContent).toBe(" Show testnets");
  cleanup();
});

Deno.test("market rate is the ratio of USD prices, unknown without both", () => {
  const token = (price: number | null) => ({ key: "k", symbol: "S", name: "N", logoUrl: null, price, href: "/" });
  expect(marketRate(token(3000), token(1))).toBe(3000);
  expect(marketRate(token(3000), token(null))).toBeNull();
  expect(marketRate(undefined, token(1))).toBeNull();
});
