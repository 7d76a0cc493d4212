import "global-jsdom/register";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { expect } from "expect";
import { poolApr, type PoolRow, PoolsTable } from "../../app/components/pools_table.tsx";
import { renderInRouter } from "./render_stub.tsx";

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
  expect(rows[0].textContent).toContain("WETH/USDC");
  expect(rows[0].textContent).toContain("v4");
  expect(rows[0].textContent).toContain("0.05%");
  expect(rows[0].textContent).toContain("$2.5M");
  expect(rows[0].textContent).toContain("$1M");
  expect(rows[1].textContent).toContain("Dynamic");
  expect(within(rows[0]).getByRole("link").getAttribute("href")).toBe(
    "/explore/pools/ethereum/p1",
  );
  expect(within(rows[0]).getByRole("img", { name: "USDC logo" }).getAttribute("src"))
    .toBe("https://example.com/usdc.png");
  fireEvent.click(screen.getByRole("button", { name: /^TVL/ }));
  const sorted = screen.getAllByRole("row").slice(1);
  expect(sorted[0].textContent).toContain("$9M");
  expect(sorted[0].textContent?.startsWith("1")).toBe(true);
  cleanup();
});

Deno.test("pool APR is yearly fees over TVL", () => {
  // 1M a day at 0.3% = 3,000 a day = 1.095M a year over 10M TVL = 10.95%.
  expect(poolApr(1_000_000, 3000, 10_000_000)).toBeCloseTo(10.95, 6);
  expect(poolApr(1_000_000, 3000, 0)).toBeNull();
  expect(poolApr(null, 3000, 10)).toBeNull();
});
