import assert from "node:assert/strict";
import { candles, downsample, DURATIONS, percentChange, priceLine, tvlLine, volumeBars } from "./market.ts";

const NOW = 1_790_000_000;

Deno.test("price lines end at the price, at now, for every duration", () => {
  for (const duration of DURATIONS) {
    const line = priceLine("k", 123.456, duration, NOW, { volatility: 0.9 });
    assert.ok(line.length >= 6, duration);
    assert.equal(line.at(-1)!.value, 123.456);
    assert.ok(line.at(-1)!.timestamp <= NOW && line.at(-1)!.timestamp > NOW - 86_400);
    for (let i = 1; i < line.length; i++) {
      assert.ok(line[i].timestamp > line[i - 1].timestamp, `${duration} sorted`);
      assert.ok(line[i].value > 0);
    }
    // same key, same line; another key, another line
    assert.deepEqual(priceLine("k", 123.456, duration, NOW, { volatility: 0.9 }), line);
    assert.notDeepEqual(priceLine("j", 123.456, duration, NOW, { volatility: 0.9 }), line);
  }
});

Deno.test("pegged lines stay near the peg", () => {
  const line = priceLine("usdc", 1, "YEAR", NOW, { volatility: 0.02, pegged: true });
  assert.ok(line.every((p) => Math.abs(p.value - 1) < 0.02));
});

Deno.test("candles bracket their open and close", () => {
  const line = priceLine("c", 50, "DAY", NOW, { volatility: 1 });
  const out = candles("c", line, "DAY");
  assert.equal(out.length, 24);
  for (const c of out) {
    assert.ok(c.high >= Math.max(c.open, c.close));
    assert.ok(c.low <= Math.min(c.open, c.close));
  }
  assert.equal(out.at(-1)!.close, 50);
});

Deno.test("volume bars, TVL lines, downsampling and change", () => {
  const bars = volumeBars("v", 24_000, "DAY", NOW);
  assert.equal(bars.length, 24);
  const total = bars.reduce((s, p) => s + p.value, 0);
  assert.ok(total > 12_000 && total < 48_000, `daily total ${total}`);
  assert.equal(tvlLine("t", 1e6, "MONTH", NOW).at(-1)!.value, 1e6);
  const line = priceLine("d", 10, "MAX", NOW, { volatility: 1 });
  const small = downsample(line, 100);
  assert.equal(small.length, 100);
  assert.deepEqual(small.at(-1), line.at(-1));
  assert.equal(downsample(line, null).length, line.length);
  assert.equal(
    percentChange([{ timestamp: 1, value: 2 }, { timestamp: 2, value: 3 }]),
    50,
  );
});
