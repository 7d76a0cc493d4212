import "global-jsdom/register";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import assert from "node:assert/strict";
import { PoolsTable } from "../../app/components/pools_table.tsx";
import { renderInRouter } from "./render_stub.tsx";
import type { PoolRow } from "../../app/lib/rows.ts";
import { poolApr } from "../../lib/fees.ts";

function pool(id: string, values: Partial<PoolRow>): PoolRow {
  return {
    id,
    href: `/explore/pools/ethereum/${id}`,
    token0Symbol: "WETH",
    token1Symbol: "USDC",
    token0Logo: null,
    token1Logo: "https://example.com/usdc.png",
    protocolVersion: "V3",
    feeTier: 3000,
    tvl: null,
    volume1d: null,
    volume30d: null,
    apr: null,
    ...values,
  };
}

Deno.test("pools table shows pair, version, fee tier and figures", async () => {
  renderInRouter(
    <PoolsTable
      pools={[
        pool("p1", { tvl: 2_500_000, volume1d: 1_000_000, protocolVersion: "V4", feeTier: 500 }),
        pool("p2", { tvl: 9_000_000, feeTier: 10000, isDynamicFee: true }),
      ]}
    />,
  );
  await screen.findByRole("table");
  const rows = screen.getAllByRole("row").slice(1);
  assert.ok(rows[0].textContent.includes("WETH/USDC"));
  assert.ok(rows[0].textContent.includes("v4"));
  assert.ok(rows[0].textContent.includes("0.05%"));
  assert.ok(rows[0].textContent.includes("$2.5M"));
  assert.ok(rows[0].textContent.includes("$1M"));
  assert.ok(rows[1].textContent.includes("Dynamic"));
  assert.equal(within(rows[0]).getByRole("link").getAttribute("href"), "/explore/pools/ethereum/p1");
  assert.equal(
    within(rows[0]).getByRole("img", { name: "USDC logo" }).getAttribute("src"),
    "https://example.com/usdc.png",
  );
  fireEvent.click(screen.getByRole("button", { name: /^TVL/ }));
  const sorted = screen.getAllByRole("row").slice(1);
  assert.ok(sorted[0].textContent.includes("$9M"));
  assert.equal(sorted[0].textContent?.startsWith("1"), true);
  cleanup();
});

Deno.test("pool APR is yearly fees over TVL", () => {
  // 1M a day at 0.3% = 3,000 a day = 1.095M a year over 10M TVL = 10.95%.
  assert.ok(Math.abs(Number(poolApr(1_000_000, 3000, 10_000_000)) - 10.95) < 10 ** -6 / 2);
  assert.equal(poolApr(1_000_000, 3000, 0), null);
  assert.equal(poolApr(null, 3000, 10), null);
});
