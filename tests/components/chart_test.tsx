import "global-jsdom/register";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { expect } from "expect";
import { BarChart, CandleChart, DurationSwitch, LineChart, StackedBarChart } from "../../app/components/chart.tsx";
import { barGeometry, candleGeometry, cleanSeries, lineGeometry, seriesChange } from "../../app/lib/chart.ts";

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
  expect(legend()).toEqual(["A $10.00", "B $40.00", "last day"]);
  fireEvent.keyDown(screen.getByRole("img"), { key: "Home" });
  expect(legend()).toEqual(["A $75.00", "B $25.00", ""]);
  cleanup();
});
