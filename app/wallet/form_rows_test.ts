import assert from "node:assert/strict";
import { balanceDigits } from "../components/form_rows.tsx";
import { formatUnitsGrouped } from "../lib/trade_math.ts";

Deno.test("balanceDigits: two digits from a thousand, four from one, six significant below", () => {
  const shown = (text: bigint, decimals: number) => formatUnitsGrouped(text, decimals, balanceDigits(text, decimals));
  assert.equal(shown(103_177_819_615n, 6), "103,177.81");
  assert.equal(shown(10_123_456_789_000_000_000n, 18), "10.1234");
  assert.equal(shown(1_234_567n, 18), "0.00000000000123456");
  assert.equal(shown(999_999_999n, 6), "999.9999");
  assert.equal(shown(0n, 18), "0");
});
