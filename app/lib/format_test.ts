import { expect } from "expect";
import {
  formatAmount,
  formatDateTime,
  formatFeeTier,
  formatPercentChange,
  formatPrice,
  formatTimeAgo,
  formatUsd,
  MISSING,
  shortenAddress,
} from "./format.ts";

Deno.test("USD amounts: compact when large, precise when small", () => {
  expect(formatUsd(1_234_567)).toBe("$1.2M");
  expect(formatUsd(5e9)).toBe("$5B");
  expect(formatUsd(999.5)).toBe("$999.50");
  expect(formatUsd(0.000123456)).toBe("$0.0001235");
  expect(formatUsd(1_234_567, { compact: false })).toBe("$1,234,567.00");
  expect(formatPrice(3012.456)).toBe("$3,012.46");
  expect(formatUsd(null)).toBe(MISSING);
  expect(formatUsd(Number.NaN)).toBe(MISSING);
});

Deno.test("percent changes carry their sign", () => {
  expect(formatPercentChange(1.5)).toBe("+1.50%");
  expect(formatPercentChange(-0.251)).toBe("-0.25%");
  expect(formatPercentChange(0)).toBe("0.00%");
  expect(formatPercentChange(undefined)).toBe(MISSING);
});

Deno.test("token amounts, fee tiers, addresses, dates", () => {
  expect(formatAmount("-1234.5678")).toBe("1,234.57");
  expect(formatAmount(0.000012)).toBe("<0.0001");
  expect(formatAmount(0.012345)).toBe("0.01235");
  expect(formatAmount(12_345_678)).toBe("12.35M");
  expect(formatAmount("abc")).toBe(MISSING);
  expect(formatFeeTier(3000)).toBe("0.3%");
  expect(formatFeeTier(100)).toBe("0.01%");
  expect(formatFeeTier(10000)).toBe("1%");
  expect(shortenAddress("0x1234567890abcdef1234567890abcdef12345678")).toBe(
    "0x1234…5678",
  );
  expect(formatDateTime(1_700_000_000)).toBe("Nov 14, 2023, 10:13 PM UTC");
  const now = 1_700_000_000_000;
  expect(formatTimeAgo(1_700_000_000 - 45, now)).toBe("45s ago");
  expect(formatTimeAgo(1_700_000_000 - 3 * 3600, now)).toBe("3h ago");
  expect(formatTimeAgo(1_700_000_000 - 40 * 86_400, now)).toBe("Oct 5, 2023");
});
