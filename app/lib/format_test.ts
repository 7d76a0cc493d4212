import { expect } from "expect";
import {
  changeDirection,
  formatAmount,
  formatDate,
  formatDateTime,
  formatPercentChange,
  formatPoolFee,
  formatPrice,
  formatTimeAgo,
  formatUsd,
  marketplaceName,
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
  expect(formatPoolFee({ feeTier: 3000 })).toBe("0.3%");
  expect(formatPoolFee({ feeTier: null })).toBe(MISSING);
  expect(formatPoolFee({ feeTier: 3000, isDynamicFee: true })).toBe("Dynamic fee");
  expect(formatPoolFee({ feeTier: 3000, isDynamicFee: true }, { short: true })).toBe("Dynamic");
  expect(shortenAddress("0x1234567890abcdef1234567890abcdef12345678")).toBe(
    "0x1234…5678",
  );
  expect(formatDateTime(1_700_000_000)).toBe("Nov 14, 2023, 10:13 PM UTC");
  const now = 1_700_000_000_000;
  expect(formatTimeAgo(1_700_000_000 - 45, now)).toBe("45s ago");
  expect(formatTimeAgo(1_700_000_000 - 3 * 3600, now)).toBe("3h ago");
  expect(formatTimeAgo(1_700_000_000 - 40 * 86_400, now)).toBe("Oct 5, 2023");
});

Deno.test("a change that rounds to zero has no sign and no direction", () => {
  expect(formatPercentChange(-0.001)).toBe("0.00%");
  expect(formatPercentChange(0.004)).toBe("0.00%");
  expect(changeDirection(-0.001)).toBe("flat");
  expect(changeDirection(0.004)).toBe("flat");
  expect(formatPercentChange(-0.005)).toBe("-0.01%");
  expect(changeDirection(-0.006)).toBe("down");
  expect(changeDirection(null)).toBe("flat");
});

Deno.test("dates print in the given time zone in one style", () => {
  expect(formatDateTime(1_700_000_000, { timeZone: "America/New_York" })).toBe("Nov 14, 2023, 5:13 PM EST");
  expect(formatDateTime(1_700_000_000, { timeZone: "Asia/Tokyo" })).toBe("Nov 15, 2023, 7:13 AM GMT+9");
  expect(formatDate(1_700_000_000, { timeZone: "Asia/Tokyo" })).toBe("Nov 15, 2023");
  expect(formatDateTime(1_700_000_000, { timeZone: "Not/AZone" })).toBe("Nov 14, 2023, 10:13 PM UTC");
  // A listing that ends in 30 days is in the future, not in 1970.
  const now = 1_700_000_000_000;
  expect(formatTimeAgo(1_700_000_000 + 3 * 86_400, now)).toBe("in 3d");
  expect(formatDateTime(1_700_000_000 + 30 * 86_400)).toBe("Dec 14, 2023, 10:13 PM UTC");
});

Deno.test("marketplaces keep their own spelling", () => {
  expect(marketplaceName("OPENSEA")).toBe("OpenSea");
  expect(marketplaceName("LOOKSRARE")).toBe("LooksRare");
  expect(marketplaceName("CRYPTOPUNKS")).toBe("CryptoPunks");
  expect(marketplaceName("MAGIC_EDEN")).toBe("Magic Eden");
  expect(marketplaceName(null)).toBe(MISSING);
});
