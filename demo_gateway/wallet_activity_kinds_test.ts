import assert from "node:assert/strict";
import { Catalog } from "./catalog.ts";
import { Model } from "./model.ts";
import { DEMO_WALLET, ETHEREUM_TOKENS } from "./fixtures.ts";
import { createWalletContext, tokenOf, UNIVERSAL_ROUTER } from "./wallet_context.ts";
import { onChain, rampActivity, swapOrder } from "./wallet_activity_kinds.ts";

const ctx = createWalletContext(
  new Model({ origin: "http://gateway.test", now: 1_790_000_000, catalog: new Catalog() }),
);
type Details = Record<string, unknown>;

Deno.test("on-chain activity: swaps name the Universal Router and the Uniswap app", () => {
  const swap = onChain(ctx, "s", DEMO_WALLET, "ETHEREUM", 1000, "SWAP", []);
  assert.deepEqual([swap.chain, swap.offChain, swap.bridging], ["ETHEREUM", false, false]);
  assert.equal(swap.object.id, `AssetActivity:${DEMO_WALLET.toLowerCase()}:s`);
  assert.deepEqual(swap.object.addresses, [DEMO_WALLET]);
  const details = swap.object.details as Details;
  assert.equal(details.to, UNIVERSAL_ROUTER);
  assert.equal(details.transactionStatus, "CONFIRMED");
  assert.match(String(details.hash), /^0x[0-9a-f]{64}$/);
  assert.equal(details.id, `TransactionDetails:${details.hash}`);
  assert.equal((details.application as Details).name, "Uniswap");
  assert.equal(((details.application as Details).icon as Details).url, "http://gateway.test/logos/cc/svg/uni.svg");
  const fee = details.networkFee as Details;
  assert.equal(fee.tokenSymbol, "ETH");
  assert.ok(Number(fee.quantity) >= 0.0002 && Number(fee.quantity) <= 0.004, String(fee.quantity));
});

Deno.test("on-chain activity: other types go to a seeded address; status, bridging and gas symbol follow", () => {
  const send = onChain(ctx, "p", DEMO_WALLET, "POLYGON", 1000, "SEND", [], { status: "PENDING", bridging: true });
  const details = send.object.details as Details;
  assert.notEqual(details.to, UNIVERSAL_ROUTER);
  assert.match(String(details.to), /^0x[0-9a-fA-F]{40}$/);
  assert.equal(details.application, null);
  assert.equal(details.transactionStatus, "PENDING");
  assert.equal(send.bridging, true);
  assert.equal((details.networkFee as Details).tokenSymbol, "POL");
  const celo = onChain(ctx, "c", DEMO_WALLET, "CELO", 1000, "SEND", []);
  assert.equal(((celo.object.details as Details).networkFee as Details).tokenSymbol, "CELO");
  // the same key gives the same transaction
  assert.deepEqual(onChain(ctx, "p", DEMO_WALLET, "POLYGON", 1000, "SEND", []).object.details, {
    ...details,
    transactionStatus: "CONFIRMED",
  });
});

Deno.test("ramp activity is off-chain on the token's chain, received or sent by the wallet", () => {
  const eth = tokenOf(ctx, "BASE", null);
  const on = rampActivity(ctx, "on", DEMO_WALLET, {
    key: "o",
    timestamp: 5,
    status: "FAILED",
    token: eth,
    quantity: 1,
  });
  assert.deepEqual([on.chain, on.offChain, on.object.timestamp], ["BASE", true, 5]);
  const details = on.object.details as Details;
  assert.equal(details.__typename, "OnRampTransactionDetails");
  assert.equal(details.status, "FAILED");
  assert.equal(details.receiverAddress, DEMO_WALLET);
  assert.equal((details.onRampTransfer as Details).amount, 1);
  const off = rampActivity(ctx, "off", DEMO_WALLET, {
    key: "f",
    timestamp: 5,
    status: "PENDING",
    token: eth,
    quantity: 1,
  });
  const offDetails = off.object.details as Details;
  assert.equal(offDetails.__typename, "OffRampTransactionDetails");
  assert.equal(offDetails.senderAddress, DEMO_WALLET);
  assert.equal((offDetails.offRampTransfer as Details).__typename, "OffRampTransfer");
});

Deno.test("a swap order is off-chain, expires after a week and rounds its quantities", () => {
  const usdc = tokenOf(ctx, "ETHEREUM", ETHEREUM_TOKENS.USDC);
  const wbtc = tokenOf(ctx, "ETHEREUM", ETHEREUM_TOKENS.WBTC);
  const order = swapOrder(ctx, DEMO_WALLET, {
    key: "o",
    timestamp: 1000,
    status: "OPEN",
    orderType: "LIMIT",
    input: usdc,
    inputQuantity: 10,
    output: wbtc,
    outputQuantity: 2 / 3,
  });
  assert.deepEqual([order.chain, order.offChain], ["ETHEREUM", true]);
  const details = order.object.details as Details;
  assert.equal(details.__typename, "SwapOrderDetails");
  assert.equal(details.expiry, 1000 + 7 * 86_400);
  assert.equal(details.inputTokenQuantity, "10");
  assert.equal(details.outputTokenQuantity, "0.66666667");
  assert.equal(details.outputToken, ctx.model.token(wbtc));
  assert.match(String(details.encodedOrder), /^0x[0-9a-f]{128}$/);
});
