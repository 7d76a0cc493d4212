import assert from "node:assert/strict";
import { tokenWarnings } from "../../app/lib/safety.ts";

Deno.test("a verified token without fees has no warnings", () => {
  assert.deepEqual(tokenWarnings({ symbol: "UNI", project: { safetyLevel: "VERIFIED", isSpam: false } }), []);
});

Deno.test("blocked and malicious tokens get danger warnings first", () => {
  const warnings = tokenWarnings({
    symbol: "SCAM",
    project: { safetyLevel: "BLOCKED" },
    protectionInfo: { result: "MALICIOUS", attackTypes: ["IMPERSONATOR", "HONEYPOT", null] },
    feeData: { sellFeeBps: "500" },
  });
  assert.deepEqual(warnings.map((w) => [w.level, w.title]), [
    ["danger", "Blocked token"],
    ["danger", "Malicious token detected"],
    ["warning", "Fee on transfer"],
  ]);
  assert.equal(
    warnings[1].text,
    "SCAM was flagged as malicious: it impersonates another token, it may be a honeypot (you may be unable to sell).",
  );
  assert.equal(warnings[2].text, "SCAM takes a fee: 5.00% when you sell. You receive less than the amount sent.");
});

Deno.test("spam, unverified and strong warnings read plainly", () => {
  assert.equal(tokenWarnings({ symbol: "X", project: { isSpam: true } })[0].title, "Likely spam");
  assert.equal(tokenWarnings({ symbol: "X", protectionInfo: { result: "SPAM" } })[0].title, "Likely spam");
  assert.equal(tokenWarnings({ symbol: "X", project: { safetyLevel: "MEDIUM_WARNING" } })[0].title, "Not verified");
  assert.equal(tokenWarnings({ symbol: "X", project: { safetyLevel: "STRONG_WARNING" } })[0].title, "Warning");
});

Deno.test("fee data from feeData (bps) and Blockaid (fractions), and failing sells", () => {
  const [fee, sell] = tokenWarnings({
    symbol: "FOT",
    protectionInfo: { blockaidFees: { buy: 0.01, sell: 0, transfer: 0.02 } },
    feeData: { buyFeeBps: "100", sellFeeBps: null, sellReverted: true, feeTakenOnTransfer: true },
  }).sort((a, b) => a.title.localeCompare(b.title));
  assert.equal(
    fee.text,
    "FOT takes a fee: 1.00% when you buy, 2.00% on every transfer. You receive less than the amount sent.",
  );
  assert.deepEqual(sell, {
    level: "danger",
    title: "Selling may fail",
    text: "Test sales of FOT failed. You may be unable to sell it.",
  });
});

Deno.test("isFlagged: spam, strong warning, blocked, malicious or spam screening; flaggedAddresses reads TokenProjects", async () => {
  const { flaggedAddresses, isFlagged } = await import("../../app/lib/safety.ts");
  assert.equal(isFlagged({ project: { safetyLevel: "VERIFIED", isSpam: false } }), false);
  assert.equal(isFlagged({ project: { safetyLevel: "MEDIUM_WARNING" } }), false);
  assert.equal(isFlagged({ project: { isSpam: true } }), true);
  assert.equal(isFlagged({ project: { safetyLevel: "STRONG_WARNING" } }), true);
  assert.equal(isFlagged({ project: { safetyLevel: "BLOCKED" } }), true);
  assert.equal(isFlagged({ protectionInfo: { result: "MALICIOUS" } }), true);
  assert.equal(isFlagged({ protectionInfo: { result: "SPAM" } }), true);
  assert.equal(isFlagged({ protectionInfo: { result: "WARNING" } }), false);
  const data = {
    tokenProjects: [
      { isSpam: true, tokens: [{ address: "0xAAAA" }, { address: "0xCCCC" }] },
      { safetyLevel: "VERIFIED", tokens: [{ address: "0xbbbb", protectionInfo: { result: "MALICIOUS" } }] },
      null,
    ],
  };
  assert.deepEqual([...flaggedAddresses(data, ["0xaaaa", "0xBBBB", "0xdddd"])].sort(), ["0xaaaa", "0xbbbb"]);
  assert.deepEqual([...flaggedAddresses(null, ["0xaaaa"])], []);
});
