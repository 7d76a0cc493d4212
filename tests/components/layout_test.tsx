import "global-jsdom/register";
import { act, cleanup, screen } from "@testing-library/react";
import assert from "node:assert/strict";
import { SiteHeader } from "../../app/components/layout.tsx";
import { chainTarget } from "../../app/components/header_tools.tsx";
import { marketRate } from "../../app/swap/trade_screen.tsx";
import { CHAINS } from "../../lib/chains.ts";
import { renderInRouter } from "./render_stub.tsx";

Deno.test("the chain selector leads to the chain's tokens or explore page", () => {
  assert.equal(chainTarget("/tokens", "base"), "/tokens/base");
  assert.equal(chainTarget("/tokens/ethereum/0xabc", "base"), "/tokens/base");
  assert.equal(chainTarget("/explore/pools/ethereum/0xabc", "base"), "/explore?chain=base&tab=pools");
  assert.equal(chainTarget("/swap", "arbitrum"), "/explore?chain=arbitrum");
});

Deno.test("the header has navigation, token search and the gateway's chains", async () => {
  // The header's tools are an island (app/components/island.tsx): their code loads after the first render, which
  // React's act must await.
  await act(() => {
    renderInRouter(<SiteHeader />, "/tokens/base", "/tokens/:chainName");
  });
  const nav = await screen.findByRole("navigation", { name: "Main" });
  assert.deepEqual([...nav.querySelectorAll("a")].map((a) => a.textContent), [
    "Explore",
    "Tokens",
    "Pools",
    "Swap",
    "Portfolio",
    "NFTs",
  ]);
  assert.ok(await screen.findByRole("combobox", { name: "Search tokens" }));
  assert.equal(screen.getByRole("button", { name: /Network: Base/ }).getAttribute("aria-haspopup"), "dialog");
  const menu = document.querySelector('[role="dialog"][aria-label="Choose a network"]')!;
  assert.equal(menu.getAttribute("popover"), "auto");
  const [mainnets, testnets] = [...menu.querySelectorAll("ul")];
  const names = (list: Element) => [...list.querySelectorAll("a")].map((a) => a.textContent);
  assert.deepEqual(names(mainnets).slice(0, 3), ["Ethereum", "Unichain", "Base"]);
  assert.equal(names(mainnets).length + names(testnets).length, CHAINS.length);
  assert.ok(names(testnets).includes("Sepolia"));
  assert.ok(!names(mainnets).includes("Sepolia"));
  assert.equal(menu.querySelector('a[aria-current="true"]')?.getAttribute("href"), "/tokens/base");
  assert.equal(menu.querySelector(".testnet-toggle")?.textContent, " Show testnets");
  cleanup();
});

Deno.test("market rate is the ratio of USD prices, unknown without both", () => {
  const token = (price: number | null) => ({ key: "k", symbol: "S", name: "N", logoUrl: null, price, href: "/" });
  assert.equal(marketRate(token(3000), token(1)), 3000);
  assert.equal(marketRate(token(3000), token(null)), null);
  assert.equal(marketRate(undefined, token(1)), null);
});
