import assert from "node:assert/strict";
import {
  autoSlippageBps,
  convertByPrice,
  deadlineAfter,
  DEFAULT_SLIPPAGE_BPS,
  formatImpact,
  formatUnitsShort,
  IMPACT_ACK_BPS,
  impactAccepted,
  impactAcknowledgement,
  impactTone,
  maximumSold,
  minimumReceived,
  parseAmount,
  parseDeadline,
  parseSlippage,
  priceImpactBps,
  TradeBoundError,
  usdValue,
} from "./trade_math.ts";

Deno.test("slippage: 0.5 % by default, warning above 5 %, refused above 50 % or unreadable", () => {
  assert.equal(DEFAULT_SLIPPAGE_BPS, 50);
  assert.deepEqual(parseSlippage("0.5"), { ok: true, bps: 50, warning: null });
  assert.deepEqual(parseSlippage("0.05"), { ok: true, bps: 5, warning: null });
  for (const low of ["0", "0.01", "0.04"]) {
    const check = parseSlippage(low);
    assert.ok(check.ok && /very low: the transaction may fail/.test(check.warning ?? ""), low);
  }
  assert.deepEqual(parseSlippage("5"), { ok: true, bps: 500, warning: null });
  const high = parseSlippage("5.01");
  assert.ok(high.ok && high.bps === 501 && high.warning?.includes("high"));
  assert.ok(parseSlippage("50").ok);
  assert.deepEqual(parseSlippage("50.01"), { ok: false, error: "Slippage 50.01% is refused: at most 50%" });
  for (const bad of ["", "-1", "abc", "0.001", "1e2", "1000"]) assert.equal(parseSlippage(bad).ok, false, bad);
});

Deno.test("deadline: whole minutes from 1 to 4320", () => {
  assert.deepEqual(parseDeadline("30"), { ok: true, minutes: 30 });
  for (const bad of ["0", "4321", "1.5", "", "x"]) assert.equal(parseDeadline(bad).ok, false, bad);
  // Unix seconds, the milliseconds of `now` dropped.
  assert.equal(deadlineAfter(30, 1_700_000_000_999), 1_700_001_800n);
});

Deno.test("minimum received: quote less slippage rounded down, never 0", () => {
  assert.equal(minimumReceived(1_000_000n, 50), 995_000n);
  assert.equal(minimumReceived(999n, 50), 994n); // 994.005 rounds down
  assert.equal(minimumReceived(1_000n, 0), 1_000n);
  assert.throws(() => minimumReceived(1n, 50), TradeBoundError); // 0.995 -> 0 is refused
  assert.throws(() => minimumReceived(0n, 0), TradeBoundError);
  assert.throws(() => minimumReceived(1000n, 5001), /expected 0 to 5000/);
  assert.throws(() => minimumReceived(1000n, -1), TradeBoundError);
});

Deno.test("maximum sold: quote plus slippage rounded up", () => {
  assert.equal(maximumSold(1_000_000n, 50), 1_005_000n);
  assert.equal(maximumSold(999n, 50), 1_004n); // 1003.995 rounds up
  assert.equal(maximumSold(7n, 0), 7n);
  assert.throws(() => maximumSold(0n, 50), TradeBoundError);
});

Deno.test("price impact against a probe trade on the same route", () => {
  // probe: 1 in -> 100 out; trade: 1000 in -> 95 000 out: 5 % worse
  assert.equal(priceImpactBps(1000n, 95_000n, 1n, 100n), 500);
  assert.equal(priceImpactBps(1000n, 100_000n, 1n, 100n), 0);
  assert.equal(priceImpactBps(1000n, 100_500n, 1n, 100n), 0); // never negative
  assert.equal(priceImpactBps(0n, 0n, 1n, 100n), 0);
});

Deno.test("amounts: decimal text to base units and back", () => {
  assert.equal(parseAmount("1.5", 6), 1_500_000n);
  assert.equal(parseAmount(".5", 18), 500_000_000_000_000_000n);
  assert.equal(parseAmount("12", 0), 12n);
  assert.equal(parseAmount("1.1234567", 6), null);
  for (const bad of ["", ".", "1,5", "-1", "1e3"]) assert.equal(parseAmount(bad, 18), null, bad);
  assert.equal(formatUnitsShort(1_500_000n, 6), "1.5");
  assert.equal(formatUnitsShort(1_234_567_891n, 6, 2), "1234.56");
  assert.equal(formatUnitsShort(1_234n, 18, 3), "0.00000000000000123");
  assert.equal(formatUnitsShort(0n, 18), "0");
});

Deno.test("price impact bands: <1% neutral, 1-5% notice, 5-15% warning, 15% and more danger", () => {
  assert.deepEqual([0, 99, 100, 499, 500, 1499, 1500, 4871].map(impactTone), [
    "neutral",
    "neutral",
    "notice",
    "notice",
    "warning",
    "warning",
    "danger",
    "danger",
  ]);
  assert.equal(formatImpact(4871), "48.71%");
  assert.equal(impactAcknowledgement(4871), "I accept losing about 48.7%");
});

Deno.test("impact acknowledgement: needed from 15%, bound to the quote's inputs, lost when the impact worsens", () => {
  assert.equal(impactAccepted(null, "k", null), false, "no impact known yet: not sendable");
  assert.equal(impactAccepted(IMPACT_ACK_BPS - 1, "k", null), true);
  assert.equal(impactAccepted(IMPACT_ACK_BPS, "k", null), false);
  const ack = { key: "ETH|AAVE|3000", bps: 4871 };
  assert.equal(impactAccepted(4871, "ETH|AAVE|3000", ack), true);
  assert.equal(impactAccepted(4800, "ETH|AAVE|3000", ack), true, "a better quote keeps it");
  assert.equal(impactAccepted(4881, "ETH|AAVE|3000", ack), true, "within 0.1 point");
  assert.equal(impactAccepted(4882, "ETH|AAVE|3000", ack), false, "a worse quote needs a new one");
  assert.equal(impactAccepted(4871, "ETH|AAVE|3001", ack), false, "another amount needs a new one");
});

Deno.test("auto slippage: the fee's share of the output, between 0.5% and 5.5%", () => {
  assert.equal(autoSlippageBps(null, 1000n), 50);
  assert.equal(autoSlippageBps(1n, 1_000_000n), 50);
  assert.equal(autoSlippageBps(20n, 1000n), 200);
  assert.equal(autoSlippageBps(21n, 10_000n), 50, "0.21% is under the floor");
  assert.equal(autoSlippageBps(51n, 1000n), 510, "rounded up");
  assert.equal(autoSlippageBps(300n, 1000n), 550);
  assert.equal(autoSlippageBps(5n, 0n), 50);
});

Deno.test("USD worth and conversion by price: estimates, null without a price", () => {
  assert.equal(usdValue(1_500_000n, 6, 1), 1.5);
  assert.equal(usdValue(10n ** 18n, 18, 3000), 3000);
  assert.equal(usdValue(10n ** 18n, 18, null), null);
  // 0.001 ETH of gas at $3000 is 3 USDC (6 decimals).
  assert.equal(convertByPrice(10n ** 15n, { decimals: 18, priceUsd: 3000 }, { decimals: 6, priceUsd: 1 }), 3_000_000n);
  // 2 USDC at $1 is 0.2 UNI at $10.
  assert.equal(
    convertByPrice(2_000_000n, { decimals: 6, priceUsd: 1 }, { decimals: 18, priceUsd: 10 }),
    2n * 10n ** 17n,
  );
  assert.equal(convertByPrice(1n, { decimals: 18, priceUsd: 3000 }, { decimals: 18, priceUsd: null }), null);
});

Deno.test("formatUnitsGrouped: the whole part grouped by thousands, the fraction as formatUnitsShort cuts it", async () => {
  const { formatUnitsGrouped } = await import("./trade_math.ts");
  assert.equal(formatUnitsGrouped(103177819615n, 6), "103,177.819615");
  assert.equal(formatUnitsGrouped(-1234567000000000000000000n, 18), "-1,234,567");
  assert.equal(formatUnitsGrouped(999n, 0), "999");
  assert.equal(formatUnitsGrouped(12n, 6), "0.000012");
});
