import { expect } from "expect";
import { tokenWarnings } from "../../app/lib/safety.ts";

Deno.test("a verified token without fees has no warnings", () => {
  expect(tokenWarnings({ symbol: "UNI", project: { safetyLevel: "VERIFIED", isSpam: false } })).toEqual([]);
});

Deno.test("blocked and malicious tokens get danger warnings first", () => {
  const warnings = tokenWarnings({
    symbol: "SCAM",
    project: { safetyLevel: "BLOCKED" },
    protectionInfo: { result: "MALICIOUS", attackTypes: ["IMPERSONATOR", "HONEYPOT", null] },
    feeData: { sellFeeBps: "500" },
  });
  expect(warnings.map((w) => [w.level, w.title])).toEqual([
    ["danger", "Blocked token"],
    ["danger", "Malicious token detected"],
    ["warning", "Fee on transfer"],
  ]);
  expect(warnings[1].text).toBe(
    "SCAM was flagged as malicious: it impersonates another token, it may be a honeypot (you may be unable to sell).",
  );
  expect(warnings[2].text).toBe("SCAM takes a fee: 5.00% when you sell. You receive less than the amount sent.");
});

Deno.test("spam, unverified and strong warnings read plainly", () => {
  expect(tokenWarnings({ symbol: "X", project: { isSpam: true } })[0].title).toBe("Likely spam");
  expect(tokenWarnings({ symbol: "X", protectionInfo: { result: "SPAM" } })[0].title).toBe("Likely spam");
  expect(tokenWarnings({ symbol: "X", project: { safetyLevel: "MEDIUM_WARNING" } })[0].title).toBe("Not verified");
  expect(tokenWarnings({ symbol: "X", project: { safetyLevel: "STRONG_WARNING" } })[0].title).toBe("Warning");
});

Deno.test("fee data from feeData (bps) and Blockaid (fractions), and failing sells", () => {
  const [fee, sell] = tokenWarnings({
    symbol: "FOT",
    protectionInfo: { blockaidFees: { buy: 0.01, sell: 0, transfer: 0.02 } },
    feeData: { buyFeeBps: "100", sellFeeBps: null, sellReverted: true, feeTakenOnTransfer: true },
  }).sort((a, b) => a.title.localeCompare(b.title));
  expect(fee.text).toBe(
    "FOT takes a fee: 1.00% when you buy, 2.00% on every transfer. You receive less than the amount sent.",
  );
  expect(sell).toEqual({
    level: "danger",
    title: "Selling may fail",
    text: "Test sales of FOT failed. You may be unable to sell it.",
  });
});
