import "global-jsdom/register";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import assert from "node:assert/strict";
import { DurationSwitch } from "../../app/components/chart.tsx";
import { BarChart } from "../../app/components/charts/bar_chart.tsx";
import { CandleChart } from "../../app/components/charts/candle_chart.tsx";
import { LineChart } from "../../app/components/charts/line_chart.tsx";
import { LiquidityChart } from "../../app/components/charts/liquidity_chart.tsx";
import { StackedBarChart } from "../../app/components/charts/stacked_bar_chart.tsx";
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
  assert.deepEqual(geo.points.map((p) => [p.x, p.y]), [[0, 50], [50, 25], [100, 0]]);
  assert.equal(geo.path, "M0 50 L50 25 L100 0");
  assert.equal(geo.area, "M0 50 L50 25 L100 0 L100 50 L0 50 Z");
  assert.deepEqual([geo.min, geo.max], [10, 30]);
});

Deno.test("line geometry keeps padding, drops bad points, centres flat series", () => {
  const geo = lineGeometry([
    { timestamp: 1, value: 5 },
    { timestamp: 2, value: Number.NaN },
    { timestamp: 3, value: 5 },
  ], { width: 100, height: 50, padding: 10 });
  assert.deepEqual(geo.points.map((p) => [p.x, p.y]), [[10, 25], [90, 25]]);
  assert.equal(lineGeometry([], BOX).path, "");
  assert.deepEqual(cleanSeries([null, { timestamp: 2, value: 1 }, { timestamp: 2, value: 3 }]), [{
    timestamp: 2,
    value: 3,
  }]);
});

Deno.test("candle geometry places bodies and wicks on a shared scale", () => {
  const [a, b] = candleGeometry([
    { timestamp: 2, open: 15, high: 20, low: 10, close: 12 },
    { timestamp: 1, open: 10, high: 15, low: 10, close: 15 },
  ], BOX);
  // Sorted by time: the rising candle first, in the left half.
  assert.equal(a.up, true);
  assert.equal(a.x, 25);
  assert.equal(a.bodyWidth, 35);
  assert.deepEqual([a.bodyTop, a.bodyHeight, a.wickTop, a.wickBottom], [25, 25, 25, 50]);
  assert.equal(b.up, false);
  assert.equal(b.x, 75);
  assert.deepEqual([b.bodyTop, b.bodyHeight, b.wickTop, b.wickBottom], [25, 15, 0, 50]);
});

Deno.test("bar geometry scales heights from zero to the largest value", () => {
  const bars = barGeometry([
    { timestamp: 1, value: 50 },
    { timestamp: 2, value: 100 },
    { timestamp: 3, value: -5 },
    { timestamp: 4, value: 0 },
  ], BOX);
  assert.deepEqual(bars.map((b) => b.height), [25, 50, 0, 0]);
  assert.deepEqual(bars.map((b) => b.y), [25, 0, 50, 50]);
  assert.deepEqual(bars.map((b) => b.x), [2.5, 27.5, 52.5, 77.5]);
  assert.equal(bars[0].width, 20);
});

Deno.test("series change is first to last in percent", () => {
  assert.ok(
    Math.abs(Number(seriesChange([{ timestamp: 1, value: 100 }, { timestamp: 2, value: 110 }])) - 10) < 10 ** -9 / 2,
  );
  assert.equal(seriesChange([{ timestamp: 1, value: 100 }]), null);
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
  assert.equal(svg.getAttribute("aria-label"), "ETH price: from $2,000.00 to $2,100.00");
  assert.equal(container.querySelector(".chart-value")?.textContent, "$2,100.00");
  assert.match(container.querySelector("path.chart-line")?.getAttribute("d") ?? "", /^M8 252 L792 8$/);
  assert.ok(container.textContent.includes("+5.00%"));
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
  assert.equal(container.querySelectorAll(".candle").length, 3);
  assert.equal(container.querySelectorAll(".candle-up").length, 3);
  assert.equal(container.querySelectorAll("rect.bar").length, 2);
  assert.ok(screen.getByRole("img", { name: /Volume: 2 bars, total \$12\.00/ }));
  cleanup();
});

Deno.test("empty chart says there is no data", () => {
  render(<LineChart label="Price" series={[]} />);
  assert.ok(screen.getByText("No chart data for this period."));
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
  assert.equal(screen.getByRole("button", { name: "1D" }).getAttribute("aria-pressed"), "true");
  assert.equal(screen.getByRole("button", { name: "1W" }).getAttribute("aria-pressed"), "false");
  fireEvent.click(screen.getByRole("button", { name: "1W" }));
  assert.deepEqual(picked, ["WEEK"]);
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
  assert.equal(svg.getAttribute("tabindex"), "0");
  assert.equal(value(), "$3.00");
  fireEvent.keyDown(svg, { key: "ArrowLeft" });
  assert.equal(value(), "$2.00");
  fireEvent.keyDown(svg, { key: "Home" });
  assert.equal(value(), "$1.00");
  assert.notEqual(container.querySelector(".chart-crosshair"), null);
  fireEvent.keyDown(svg, { key: "ArrowRight" });
  assert.equal(value(), "$2.00");
  fireEvent.keyDown(svg, { key: "Escape" });
  assert.equal(value(), "$3.00");
  assert.equal(container.querySelector(".chart-crosshair"), null);
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
  assert.equal(stacks.length, 2);
  const heights = stacks.map((g) => [...g.querySelectorAll("rect")].map((r) => Number(r.getAttribute("height"))));
  // The tallest day fills the inner height (260 - 2 * 8 = 244).
  assert.deepEqual(heights[0], [183, 61]);
  assert.deepEqual(heights[1], [24.4, 97.6]);
  assert.equal(container.querySelector(".chart-value")?.textContent, "$150.00");
  const legend = () => [...container.querySelector(".chart-legend")!.children].map((c) => c.textContent!.trim());
  assert.deepEqual(legend(), ["A $10.00", "B $40.00", "on the last day"]);
  fireEvent.keyDown(screen.getByRole("img"), { key: "Home" });
  assert.deepEqual(legend(), ["A $75.00", "B $25.00", ""]);
  cleanup();
});

Deno.test("value ticks are round numbers inside the range", () => {
  assert.deepEqual(niceTicks(0, 100, 4), [0, 25, 50, 75, 100]);
  assert.deepEqual(niceTicks(3012.4, 3190.2, 4), [3050, 3100, 3150]);
  assert.deepEqual(niceTicks(0.000312, 0.000318, 3), [0.000312, 0.000314, 0.000316, 0.000318]);
  assert.deepEqual(niceTicks(5, 5), [5]);
  assert.deepEqual(niceTicks(Number.NaN, 1), []);
});

Deno.test("time ticks fall on whole hours or days of the visitor's clock", () => {
  const t0 = 1_700_000_000; // Nov 14, 2023, 22:13:20 UTC
  const day = timeTicks(t0, t0 + 86_400, { count: 4 });
  assert.equal(day.every((t) => t % 21_600 === 0), true);
  assert.equal(day.length, 4);
  // Five hours behind UTC (New York in winter): days start at 05:00 UTC.
  const week = timeTicks(t0, t0 + 7 * 86_400, { count: 4, offset: -18_000 });
  assert.equal(week.every((t) => (t - 18_000) % 86_400 === 0), true);
  assert.equal(zoneOffset("America/New_York", t0), -18_000);
  assert.equal(zoneOffset("Asia/Kolkata", t0), 19_800);
  assert.equal(zoneOffset("UTC", t0), 0);
  assert.equal(timeTickStyle(86_400), "hour");
  assert.equal(timeTickStyle(30 * 86_400), "day");
  assert.equal(timeTickStyle(365 * 86_400), "month");
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
  assert.deepEqual(values, ["$2K", "$2.1K", "$2.2K", "$2.3K", "$2.4K"]);
  assert.equal(container.querySelectorAll(".chart-grid line").length, 5);
  const times = container.querySelectorAll(".chart-xaxis span");
  assert.ok(times.length >= 3);
  assert.equal(container.querySelector(".chart-time")?.textContent, "Price, past day");
  fireEvent.keyDown(screen.getByRole("img"), { key: "Home" });
  assert.equal(container.querySelector(".chart-hover-value")?.textContent, "$2K");
  assert.notEqual(container.querySelector(".chart-dot"), null);
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
  assert.ok(container.textContent.includes("Current price: 1 WETH = 3,333.33 USDC"));
  assert.ok(container.textContent.includes("Price (USDC per WETH)"));
  const labels = [...container.querySelectorAll(".chart-xaxis span")].map((s) => s.textContent);
  // Lower prices left: inverted, the highest tick comes first.
  assert.equal(labels[0], "2,754.82");
  assert.equal(labels.at(-1), "4,033.33");
  assert.equal(container.querySelectorAll("line.chart-current").length, 1);
  cleanup();
});
