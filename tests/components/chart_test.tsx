import "global-jsdom/register";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { expect } from "expect";
import {
  BarChart,
  CandleChart,
  DurationSwitch,
  LineChart,
  LiquidityChart,
  StackedBarChart,
} from "../../app/components/chart.tsx";
import {
  barGeometry,
  candleGeometry,
  cleanSeries,
  lineGeometry,
  niceTicks,
  seriesChange,
  timeTicks,
  timeTickStyle,
  zoneOffset,
} from "../../app/lib/chart.ts";

const BOX = { width: 100, height: 50 };

Deno.test("line geometry maps time to x and value to y (top is max)", () => {
  const geo = lineGeometry([
    { timestamp: 300, value: 30 },
    { timestamp: 100, value: 10 },
    { timestamp: 200, value: 20 },
  ], BOX);
  expect(geo.points.map((p) => [p.x, p.y])).toEqual([[0, 50], [50, 25], [100, 0]]);
  expect(geo.path).toBe("M0 50 L50 25 L100 0");
  expect(geo.area).toBe("M0 50 L50 25 L100 0 L100 50 L0 50 Z");
  expect([geo.min, geo.max]).toEqual([10, 30]);
});

Deno.test("line geometry keeps padding, drops bad points, centres flat series", () => {
  const geo = lineGeometry([
    { timestamp: 1, value: 5 },
    { timestamp: 2, value: Number.NaN },
    { timestamp: 3, value: 5 },
  ], { width: 100, height: 50, padding: 10 });
  expect(geo.points.map((p) => [p.x, p.y])).toEqual([[10, 25], [90, 25]]);
  expect(lineGeometry([], BOX).path).toBe("");
  expect(cleanSeries([null, { timestamp: 2, value: 1 }, { timestamp: 2, value: 3 }]))
    .toEqual([{ timestamp: 2, value: 3 }]);
});

Deno.test("candle geometry places bodies and wicks on a shared scale", () => {
  const [a, b] = candleGeometry([
    { timestamp: 2, open: 15, high: 20, low: 10, close: 12 },
    { timestamp: 1, open: 10, high: 15, low: 10, close: 15 },
  ], BOX);
  // Sorted by time: the rising candle first, in the left half.
  expect(a.up).toBe(true);
  expect(a.x).toBe(25);
  expect(a.bodyWidth).toBe(35);
  expect([a.bodyTop, a.bodyHeight, a.wickTop, a.wickBottom]).toEqual([25, 25, 25, 50]);
  expect(b.up).toBe(false);
  expect(b.x).toBe(75);
  expect([b.bodyTop, b.bodyHeight, b.wickTop, b.wickBottom]).toEqual([25, 15, 0, 50]);
});

Deno.test("bar geometry scales heights from zero to the largest value", () => {
  const bars = barGeometry([
    { timestamp: 1, value: 50 },
    { timestamp: 2, value: 100 },
    { timestamp: 3, value: -5 },
    { timestamp: 4, value: 0 },
  ], BOX);
  expect(bars.map((b) => b.height)).toEqual([25, 50, 0, 0]);
  expect(bars.map((b) => b.y)).toEqual([25, 0, 50, 50]);
  expect(bars.map((b) => b.x)).toEqual([2.5, 27.5, 52.5, 77.5]);
  expect(bars[0].width).toBe(20);
});

Deno.test("series change is first to last in percent", () => {
  expect(seriesChange([{ timestamp: 1, value: 100 }, { timestamp: 2, value: 110 }]))
    .toBeCloseTo(10, 9);
  expect(seriesChange([{ timestamp: 1, value: 100 }])).toBeNull();
});

Deno.test("line chart renders the path and the latest value", () => {
  const { container } = render(
    <LineChart
      label="ETH price"
      series={[{ timestamp: 1_700_000_000, value: 2000 }, {
        timestamp: 1_700_003_600,
        value: 2100,
      }]}
    />,
  );
  const svg = screen.getByRole("img");
  expect(svg.getAttribute("aria-label")).toBe("ETH price: from $2,000.00 to $2,100.00");
  expect(container.querySelector(".chart-value")?.textContent).toBe("$2,100.00");
  expect(container.querySelector("path.chart-line")?.getAttribute("d")).toMatch(/^M8 252 L792 8$/);
  expect(container.textContent).toContain("+5.00%");
  cleanup();
});

Deno.test("candle and bar charts render one shape per data point", () => {
  const { container } = render(
    <div>
      <CandleChart
        label="ETH candles"
        candles={[1, 2, 3].map((i) => ({
          timestamp: i * 3600,
          open: 10 * i,
          high: 12 * i,
          low: 9 * i,
          close: 11 * i,
        }))}
      />
      <BarChart
        label="Volume"
        series={[{ timestamp: 1, value: 5 }, { timestamp: 2, value: 7 }]}
      />
    </div>,
  );
  expect(container.querySelectorAll(".candle").length).toBe(3);
  expect(container.querySelectorAll(".candle-up").length).toBe(3);
  expect(container.querySelectorAll("rect.bar").length).toBe(2);
  expect(screen.getByRole("img", { name: /Volume: 2 bars, total \$12\.00/ })).toBeTruthy();
  cleanup();
});

Deno.test("empty chart says there is no data", () => {
  render(<LineChart label="Price" series={[]} />);
  expect(screen.getByText("No chart data for this period.")).toBeTruthy();
  cleanup();
});

Deno.test("duration switch marks the active duration and reports clicks", () => {
  const picked: string[] = [];
  render(
    <DurationSwitch
      options={[{ value: "DAY", label: "1D" }, { value: "WEEK", label: "1W" }]}
      value="DAY"
      onChange={(v) => picked.push(v)}
    />,
  );
  expect(screen.getByRole("button", { name: "1D" }).getAttribute("aria-pressed")).toBe("true");
  expect(screen.getByRole("button", { name: "1W" }).getAttribute("aria-pressed")).toBe("false");
  fireEvent.click(screen.getByRole("button", { name: "1W" }));
  expect(picked).toEqual(["WEEK"]);
  cleanup();
});

Deno.test("the chart readout follows the arrow keys", () => {
  const { container } = render(
    <LineChart
      label="Price"
      series={[
        { timestamp: 1_700_000_000, value: 1 },
        { timestamp: 1_700_003_600, value: 2 },
        { timestamp: 1_700_007_200, value: 3 },
      ]}
    />,
  );
  const svg = screen.getByRole("img");
  const value = () => container.querySelector(".chart-value")?.textContent;
  expect(svg.getAttribute("tabindex")).toBe("0");
  expect(value()).toBe("$3.00");
  fireEvent.keyDown(svg, { key: "ArrowLeft" });
  expect(value()).toBe("$2.00");
  fireEvent.keyDown(svg, { key: "Home" });
  expect(value()).toBe("$1.00");
  expect(container.querySelector(".chart-crosshair")).not.toBeNull();
  fireEvent.keyDown(svg, { key: "ArrowRight" });
  expect(value()).toBe("$2.00");
  fireEvent.keyDown(svg, { key: "Escape" });
  expect(value()).toBe("$3.00");
  expect(container.querySelector(".chart-crosshair")).toBeNull();
  cleanup();
});

Deno.test("stacked bars split each day by layer and the legend reads the day", () => {
  const { container } = render(
    <StackedBarChart
      label="Volume"
      days={[
        { timestamp: 1_700_000_000, value: 100, a: 75, b: 25 },
        { timestamp: 1_700_086_400, value: 50, a: 10, b: 40 },
      ]}
      layers={[{ key: "a", label: "A" }, { key: "b", label: "B" }]}
    />,
  );
  const stacks = [...container.querySelectorAll("g.stack")];
  expect(stacks.length).toBe(2);
  const heights = stacks.map((g) => [...g.querySelectorAll("rect")].map((r) => Number(r.getAttribute("height"))));
  // The tallest day fills the inner height (260 - 2 * 8 = 244).
  expect(heights[0]).toEqual([183, 61]);
  expect(heights[1]).toEqual([24.4, 97.6]);
  expect(container.querySelector(".chart-value")?.textContent).toBe("$150.00");
  const legend = () => [...container.querySelector(".chart-legend")!.children].map((c) => c.textContent!.trim());
  expect(legend()).toEqual(["A $10.00", "B $40.00", "on the last day"]);
  fireEvent.keyDown(screen.getByRole("img"), { key: "Home" });
  expect(legend()).toEqual(["A $75.00", "B $25.00", ""]);
  cleanup();
});

Deno.test("value ticks are round numbers inside the range", () => {
  expect(niceTicks(0, 100, 4)).toEqual([0, 25, 50, 75, 100]);
  expect(niceTicks(3012.4, 3190.2, 4)).toEqual([3050, 3100, 3150]);
  expect(niceTicks(0.000312, 0.000318, 3)).toEqual([0.000312, 0.000314, 0.000316, 0.000318]);
  expect(niceTicks(5, 5)).toEqual([5]);
  expect(niceTicks(Number.NaN, 1)).toEqual([]);
});

Deno.test("time ticks fall on whole hours or days of the visitor's clock", () => {
  const t0 = 1_700_000_000; // Nov 14, 2023, 22:13:20 UTC
  const day = timeTicks(t0, t0 + 86_400, { count: 4 });
  expect(day.every((t) => t % 21_600 === 0)).toBe(true);
  expect(day.length).toBe(4);
  // Five hours behind UTC (New York in winter): days start at 05:00 UTC.
  const week = timeTicks(t0, t0 + 7 * 86_400, { count: 4, offset: -18_000 });
  expect(week.every((t) => (t - 18_000) % 86_400 === 0)).toBe(true);
  expect(zoneOffset("America/New_York", t0)).toBe(-18_000);
  expect(zoneOffset("Asia/Kolkata", t0)).toBe(19_800);
  expect(zoneOffset("UTC", t0)).toBe(0);
  expect(timeTickStyle(86_400)).toBe("hour");
  expect(timeTickStyle(30 * 86_400)).toBe("day");
  expect(timeTickStyle(365 * 86_400)).toBe("month");
});

Deno.test("a line chart has a value axis, a time axis and marks the hovered value on them", () => {
  const { container } = render(
    <LineChart
      label="Price"
      note="Price, past day"
      series={[0, 1, 2, 3, 4].map((i) => ({ timestamp: 1_700_006_400 + i * 21_600, value: 2000 + 100 * i }))}
    />,
  );
  const values = [...container.querySelectorAll(".chart-yaxis span")].map((s) => s.textContent);
  expect(values).toEqual(["$2K", "$2.1K", "$2.2K", "$2.3K", "$2.4K"]);
  expect(container.querySelectorAll(".chart-grid line").length).toBe(5);
  const times = container.querySelectorAll(".chart-xaxis span");
  expect(times.length).toBeGreaterThanOrEqual(3);
  expect(container.querySelector(".chart-time")?.textContent).toBe("Price, past day");
  fireEvent.keyDown(screen.getByRole("img"), { key: "Home" });
  expect(container.querySelector(".chart-hover-value")?.textContent).toBe("$2K");
  expect(container.querySelector(".chart-dot")).not.toBeNull();
  cleanup();
});

Deno.test("the liquidity chart labels its price axis and marks the current price", () => {
  // Ticks in smallest units (USDC 6 decimals, WETH 18): 3e8 raw is 0.0003 WETH per USDC.
  const bars = [-2, -1, 0, 1, 2].map((i) => ({ tickIdx: i * 60, price0: 3e8 * 1.1 ** i, liquidity: 10 - Math.abs(i) }));
  const { container } = render(
    <LiquidityChart
      bars={bars}
      label="USDC/WETH liquidity"
      token0="USDC"
      token1="WETH"
      priceScale={1e-12}
      currentPrice={0.0003}
      invert
    />,
  );
  expect(container.textContent).toContain("Current price: 1 WETH = 3,333.33 USDC");
  expect(container.textContent).toContain("Price (USDC per WETH)");
  const labels = [...container.querySelectorAll(".chart-xaxis span")].map((s) => s.textContent);
  // Lower prices left: inverted, the highest tick comes first.
  expect(labels[0]).toBe("2,754.82");
  expect(labels.at(-1)).toBe("4,033.33");
  expect(container.querySelectorAll("line.chart-current").length).toBe(1);
  cleanup();
});
