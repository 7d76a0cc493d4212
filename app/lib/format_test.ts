import assert from "node:assert/strict";
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
  assert.equal(formatUsd(1_234_567), "$1.2M");
  assert.equal(formatUsd(5e9), "$5B");
  assert.equal(formatUsd(999.5), "$999.50");
  // Under a million: grouped, with cents (a $3,177 trade never reads "$3.2K").
  assert.equal(formatUsd(3177.42), "$3,177.42");
  assert.equal(formatUsd(999_999.99), "$999,999.99");
  assert.equal(formatUsd(0.000123456), "$0.0001235");
  assert.equal(formatUsd(1_234_567, { compact: false }), "$1,234,567.00");
  assert.equal(formatPrice(3012.456), "$3,012.46");
  assert.equal(formatUsd(null), MISSING);
  assert.equal(formatUsd(Number.NaN), MISSING);
});

Deno.test("percent changes carry their sign", () => {
  assert.equal(formatPercentChange(1.5), "+1.50%");
  assert.equal(formatPercentChange(-0.251), "-0.25%");
  assert.equal(formatPercentChange(0), "0.00%");
  assert.equal(formatPercentChange(undefined), MISSING);
});

Deno.test("token amounts, fee tiers, addresses, dates", () => {
  assert.equal(formatAmount("-1234.5678"), "1,234.57");
  assert.equal(formatAmount(0.000012), "<0.0001");
  assert.equal(formatAmount(0.012345), "0.01235");
  assert.equal(formatAmount(12_345_678), "12.35M");
  assert.equal(formatAmount("abc"), MISSING);
  assert.equal(formatPoolFee({ feeTier: 3000 }), "0.3%");
  assert.equal(formatPoolFee({ feeTier: null }), MISSING);
  assert.equal(formatPoolFee({ feeTier: 3000, isDynamicFee: true }), "Dynamic fee");
  assert.equal(formatPoolFee({ feeTier: 3000, isDynamicFee: true }, { short: true }), "Dynamic");
  assert.equal(shortenAddress("0x1234567890abcdef1234567890abcdef12345678"), "0x1234…5678");
  assert.equal(formatDateTime(1_700_000_000), "Nov 14, 2023, 10:13 PM UTC");
  const now = 1_700_000_000_000;
  assert.equal(formatTimeAgo(1_700_000_000 - 45, now), "45s ago");
  assert.equal(formatTimeAgo(1_700_000_000 - 3 * 3600, now), "3h ago");
  assert.equal(formatTimeAgo(1_700_000_000 - 40 * 86_400, now), "Oct 5, 2023");
});

Deno.test("a change that rounds to zero has no sign and no direction", () => {
  assert.equal(formatPercentChange(-0.001), "0.00%");
  assert.equal(formatPercentChange(0.004), "0.00%");
  assert.equal(changeDirection(-0.001), "flat");
  assert.equal(changeDirection(0.004), "flat");
  assert.equal(formatPercentChange(-0.005), "-0.01%");
  assert.equal(changeDirection(-0.006), "down");
  assert.equal(changeDirection(null), "flat");
});

Deno.test("dates print in the given time zone in one style", () => {
  assert.equal(formatDateTime(1_700_000_000, { timeZone: "America/New_York" }), "Nov 14, 2023, 5:13 PM EST");
  assert.equal(formatDateTime(1_700_000_000, { timeZone: "Asia/Tokyo" }), "Nov 15, 2023, 7:13 AM GMT+9");
  assert.equal(formatDate(1_700_000_000, { timeZone: "Asia/Tokyo" }), "Nov 15, 2023");
  assert.equal(formatDateTime(1_700_000_000, { timeZone: "Not/AZone" }), "Nov 14, 2023, 10:13 PM UTC");
  // A listing that ends in 30 days is in the future, not in 1970.
  const now = 1_700_000_000_000;
  assert.equal(formatTimeAgo(1_700_000_000 + 3 * 86_400, now), "in 3d");
  assert.equal(formatDateTime(1_700_000_000 + 30 * 86_400), "Dec 14, 2023, 10:13 PM UTC");
});

Deno.test("marketplaces keep their own spelling", () => {
  assert.equal(marketplaceName("OPENSEA"), "OpenSea");
  assert.equal(marketplaceName("LOOKSRARE"), "LooksRare");
  assert.equal(marketplaceName("CRYPTOPUNKS"), "CryptoPunks");
  assert.equal(marketplaceName("MAGIC_EDEN"), "Magic Eden");
  assert.equal(marketplaceName(null), MISSING);
});
