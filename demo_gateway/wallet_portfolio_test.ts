import assert from "node:assert/strict";
import { Catalog, type TokenRecord } from "./catalog.ts";
import { Model } from "./model.ts";
import { round } from "./market.ts";
import { DEMO_WALLET, ETHEREUM_TOKENS, NO_LOGO_TOKEN, SECOND_DEMO_WALLET } from "./fixtures.ts";
import { createWalletContext } from "./wallet_context.ts";
import { balanceRows, HOLDINGS, portfolio } from "./wallet_portfolio.ts";

const ctx = createWalletContext(
  new Model({ origin: "http://gateway.test", now: 1_790_000_000, catalog: new Catalog() }),
);
type Amount = { value: number };
type Balance = { id: string; isHidden: boolean; quantity: number; denominatedValue: Amount };

Deno.test("balance rows: valued at catalog prices, most valuable first, small and logo-less ones hidden", () => {
  const rows = balanceRows(ctx, DEMO_WALLET, null, undefined);
  assert.equal(rows.length, HOLDINGS[DEMO_WALLET].length);
  for (const row of rows) assert.equal(row.value, row.quantity * row.record.priceUsd);
  assert.deepEqual(rows.map((r) => r.value), rows.map((r) => r.value).sort((a, b) => b - a));
  const noLogo = rows.find((r) => r.record.address === NO_LOGO_TOKEN.address);
  assert.ok(noLogo?.hidden, "the logo-less fixture is hidden");
  for (const row of rows) {
    if (row.value < 1) assert.ok(row.hidden, `${row.record.key} is worth under $1`);
  }
  assert.ok(rows.some((r) => !r.hidden));
  assert.deepEqual(
    balanceRows(ctx, DEMO_WALLET, ["BASE", "CELO"], undefined).map((r) => r.record.chain).sort(),
    ["BASE", "BASE", "CELO"],
  );
  assert.deepEqual(balanceRows(ctx, "0x1234567890123456789012345678901234567890", null, undefined), []);
});

Deno.test("the portfolio totals what is not hidden, unless small balances are asked for", () => {
  const rows = balanceRows(ctx, DEMO_WALLET, null, undefined);
  const p = portfolio(ctx, DEMO_WALLET.toLowerCase(), null, undefined);
  assert.equal(p.ownerAddress, DEMO_WALLET, "the address is made canonical");
  assert.equal(p.id, `Portfolio:${DEMO_WALLET.toLowerCase()}`);
  const visible = rows.filter((r) => !r.hidden).reduce((s, r) => s + r.value, 0);
  assert.equal((p.tokensTotalDenominatedValue as Amount).value, round(visible));
  const everything = portfolio(ctx, DEMO_WALLET, null, { ownerAddress: DEMO_WALLET, includeSmallBalances: true });
  assert.equal((everything.tokensTotalDenominatedValue as Amount).value, round(rows.reduce((s, r) => s + r.value, 0)));
  const balances = p.tokenBalances as Balance[];
  assert.equal(balances.length, rows.length);
  assert.deepEqual(balances.map((b) => b.isHidden), rows.map((r) => r.hidden));
  assert.deepEqual(balances.map((b) => b.denominatedValue.value), rows.map((r) => round(r.value)));
  const change = (p.tokensTotalDenominatedValueChange as () => { absolute: Amount; percentage: Amount })();
  const before = rows.filter((r) => !r.hidden).reduce((s, r) => s + r.value / (1 + r.change / 100), 0);
  assert.equal(change.absolute.value, round(visible - before));
  assert.equal(change.percentage.value, round(((visible - before) / before) * 100));
});

Deno.test("value modifiers: a balance limit keeps the most valuable and the total", () => {
  const limited = portfolio(ctx, DEMO_WALLET, null, { ownerAddress: DEMO_WALLET, tokenBalancesLimit: 2 });
  const full = portfolio(ctx, DEMO_WALLET, null, undefined);
  assert.deepEqual(
    (limited.tokenBalances as Balance[]).map((b) => b.id),
    (full.tokenBalances as Balance[]).slice(0, 2).map((b) => b.id),
  );
  assert.deepEqual(
    limited.tokensTotalDenominatedValue,
    full.tokensTotalDenominatedValue,
    "the limit does not change the total",
  );
});

/** The catalog, but with LINK marked as spam (no token the demo wallets hold is). */
class LinkIsSpam extends Catalog {
  override token(chain: string, address: string | null | undefined): TokenRecord | undefined {
    const record = super.token(chain, address);
    return record?.address === ETHEREUM_TOKENS.LINK ? { ...record, isSpam: true } : record;
  }
}

Deno.test("spam tokens: hidden and out of the total, and left out if the modifier says so", () => {
  const spammy = createWalletContext(
    new Model({ origin: "http://gateway.test", now: 1_790_000_000, catalog: new LinkIsSpam() }),
  );
  const rows = balanceRows(spammy, DEMO_WALLET, null, undefined);
  const link = rows.find((r) => r.record.symbol === "LINK");
  assert.ok(link?.record.isSpam && link.hidden && link.value >= 1, "worth more than $1, hidden for being spam");
  assert.equal(rows.length, HOLDINGS[DEMO_WALLET].length);
  const clean = balanceRows(spammy, DEMO_WALLET, null, { ownerAddress: DEMO_WALLET, includeSpamTokens: false });
  assert.deepEqual(clean.map((r) => r.record.key), rows.filter((r) => r !== link).map((r) => r.record.key));
  const p = portfolio(spammy, DEMO_WALLET, null, undefined);
  const visible = rows.filter((r) => !r.hidden).reduce((s, r) => s + r.value, 0);
  assert.equal((p.tokensTotalDenominatedValue as Amount).value, round(visible));
});

Deno.test("an unknown wallet has an empty portfolio; a demo wallet's links its NFTs and activity", () => {
  const empty = portfolio(ctx, "0xabc", ["ETHEREUM"], undefined);
  assert.deepEqual(empty.tokenBalances, []);
  assert.equal((empty.tokensTotalDenominatedValue as Amount).value, 0);
  assert.equal((empty.tokensTotalDenominatedValueChange as () => { percentage: Amount })().percentage.value, 0);
  assert.deepEqual((empty.assetActivities as (a: object) => unknown[])({}), []);
  const second = portfolio(ctx, SECOND_DEMO_WALLET, null, undefined);
  assert.equal((second.nftBalances as () => unknown[])().length, 1);
  assert.equal((second.assetActivities as (a: object) => unknown[])({ includeOffChain: true }).length, 4);
});
