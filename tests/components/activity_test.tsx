import "global-jsdom/register";
import { cleanup, render, screen } from "@testing-library/react";
import assert from "node:assert/strict";
import { ActivityList } from "../../app/components/activity_list.tsx";
import { type Activity, describeActivity } from "../../app/lib/activity.ts";
import { formatDateTime } from "../../app/lib/format.ts";

const ME = "0x1111111111111111111111111111111111111111";
const OTHER = "0x2222222222222222222222222222222222222222";
const ETH = { symbol: "ETH", name: "Ether" };
const USDC = { symbol: "USDC", name: "USD Coin", project: { logo: { url: "https://x/usdc.png" } } };
const PUNK = { name: null, tokenId: "42", collection: { name: "CryptoPunks" } };

function tx(
  type: string,
  assetChanges: NonNullable<Extract<Activity["details"], { __typename: "TransactionDetails" }>["assetChanges"]>,
  extra: Record<string, unknown> = {},
): Activity {
  return {
    id: `${type}-${assetChanges.length}`,
    timestamp: 1_700_000_000,
    chain: "ETHEREUM",
    details: {
      __typename: "TransactionDetails",
      type,
      transactionStatus: "CONFIRMED",
      from: ME,
      to: OTHER,
      hash: "0xabc",
      assetChanges,
      ...extra,
    },
  };
}

Deno.test("swap: what went out for what came in", () => {
  const d = describeActivity(tx("SWAP", [
    { __typename: "TokenTransfer", asset: ETH, quantity: "1.5", direction: "OUT", sender: ME, recipient: OTHER },
    { __typename: "TokenTransfer", asset: USDC, quantity: "3012.456", direction: "IN", sender: OTHER, recipient: ME },
  ], { application: { name: "Uniswap" } }));
  assert.equal(d.title, "Swapped");
  assert.equal(d.summary, "Swapped 1.5 ETH for 3,012.46 USDC on Uniswap");
  assert.equal(d.imageUrl, "https://x/usdc.png");
  assert.equal(d.status, "confirmed");
});

Deno.test("send and receive name the counterparty", () => {
  const sent = describeActivity(tx("SEND", [
    { __typename: "TokenTransfer", asset: USDC, quantity: "25", direction: "OUT", sender: ME, recipient: OTHER },
  ]));
  assert.equal(sent.title, "Sent");
  assert.equal(sent.summary, "Sent 25 USDC to 0x2222…2222");
  const received = describeActivity(tx("RECEIVE", [
    { __typename: "TokenTransfer", asset: ETH, quantity: "0.00123", direction: "IN", sender: OTHER, recipient: ME },
  ]));
  assert.equal(received.title, "Received");
  assert.equal(received.summary, "Received 0.00123 ETH from 0x2222…2222");
});

Deno.test("approvals: limited, unlimited, revoked, NFT and collection-wide", () => {
  const limited = describeActivity(tx("APPROVE", [
    { __typename: "TokenApproval", asset: USDC, approvedAddress: OTHER, quantity: "100" },
  ]));
  assert.equal(limited.summary, "Approved 0x2222…2222 to spend 100 USDC");
  const unlimited = describeActivity(tx("APPROVE", [
    { __typename: "TokenApproval", asset: USDC, approvedAddress: OTHER, quantity: "1.157920892373162e+59" },
  ], { application: { name: "Uniswap Permit2" } }));
  assert.equal(unlimited.summary, "Approved Uniswap Permit2 to spend an unlimited amount of USDC");
  const revoked = describeActivity(tx("APPROVE", [
    { __typename: "TokenApproval", asset: USDC, approvedAddress: OTHER, quantity: "0" },
  ]));
  assert.equal(revoked.title, "Revoked approval");
  assert.equal(revoked.summary, "Revoked 0x2222…2222's permission to spend USDC");
  const nft = describeActivity(tx("APPROVE", [
    { __typename: "NftApproval", asset: PUNK, approvedAddress: OTHER },
  ]));
  assert.equal(nft.summary, "Approved 0x2222…2222 to transfer CryptoPunks #42");
  const all = describeActivity(tx("APPROVE", [
    { __typename: "NftApproveForAll", asset: PUNK, operatorAddress: OTHER, approved: true },
  ]));
  assert.equal(all.summary, "Approved 0x2222…2222 to transfer all your CryptoPunks NFTs");
  const allOff = describeActivity(tx("APPROVE", [
    { __typename: "NftApproveForAll", asset: PUNK, operatorAddress: OTHER, approved: false },
  ]));
  assert.equal(allOff.title, "Revoked collection approval");
});

Deno.test("NFT transfers: received, sent, minted, bought", () => {
  assert.equal(
    describeActivity(tx("RECEIVE", [
      { __typename: "NftTransfer", asset: PUNK, direction: "IN", sender: OTHER, recipient: ME },
    ])).summary,
    "Received CryptoPunks #42 from 0x2222…2222",
  );
  assert.equal(
    describeActivity(tx("SEND", [
      {
        __typename: "NftTransfer",
        asset: { ...PUNK, name: "Punk 42" },
        direction: "OUT",
        sender: ME,
        recipient: OTHER,
      },
    ])).summary,
    "Sent Punk 42 to 0x2222…2222",
  );
  assert.equal(
    describeActivity(tx("MINT", [
      { __typename: "NftTransfer", asset: PUNK, direction: "IN", sender: `0x${"0".repeat(40)}`, recipient: ME },
    ])).summary,
    "Minted CryptoPunks #42",
  );
  const bought = describeActivity(tx("SWAP", [
    { __typename: "TokenTransfer", asset: ETH, quantity: "60", direction: "OUT", sender: ME, recipient: OTHER },
    { __typename: "NftTransfer", asset: PUNK, direction: "IN", sender: OTHER, recipient: ME },
  ]));
  assert.equal(bought.title, "Bought NFT");
  assert.equal(bought.summary, "Bought CryptoPunks #42 for 60 ETH");
});

Deno.test("swap orders say their kind, amounts and status", () => {
  const d = describeActivity({
    id: "o1",
    timestamp: 1_700_000_000,
    details: {
      __typename: "SwapOrderDetails",
      swapOrderType: "LIMIT",
      swapOrderStatus: "OPEN",
      inputToken: ETH,
      inputTokenQuantity: "2",
      outputToken: USDC,
      outputTokenQuantity: "7000",
      expiry: 1_700_086_400,
    },
  });
  assert.equal(d.title, "Limit order");
  assert.equal(d.summary, "Limit order: swap 2 ETH for 7,000 USDC");
  assert.equal(d.detail, "Open, expires 2023-11-15 22:13 UTC");
  assert.equal(d.status, "open");
  const filled = describeActivity({
    id: "o2",
    timestamp: 1,
    details: {
      __typename: "SwapOrderDetails",
      swapOrderType: "DUTCH_V2",
      swapOrderStatus: "FILLED",
      inputToken: USDC,
      inputTokenQuantity: "10",
      outputToken: ETH,
      outputTokenQuantity: "0.003",
    },
  });
  assert.equal(filled.summary, "UniswapX swap order: swap 10 USDC for 0.003 ETH");
  assert.equal(filled.detail, "Filled");
});

Deno.test("on-ramp and off-ramp name the provider and the fees", () => {
  const on = describeActivity({
    id: "r1",
    timestamp: 1,
    details: {
      __typename: "OnRampTransactionDetails",
      status: "CONFIRMED",
      onRampTransfer: {
        token: ETH,
        amount: 0.5,
        sourceCurrency: "USD",
        sourceAmount: 1000,
        serviceProvider: { name: "MoonPay", serviceProvider: "MOONPAY" },
        networkFee: 1.2,
        transactionFee: 3.8,
        totalFee: 5,
      },
    },
  });
  assert.equal(on.title, "Bought with card");
  assert.equal(on.summary, "Bought 0.5 ETH for $1,000.00 via MoonPay");
  assert.equal(on.detail, "Fees: total fees $5.00, network fee $1.20, provider fee $3.80");
  const off = describeActivity({
    id: "r2",
    timestamp: 1,
    details: {
      __typename: "OffRampTransactionDetails",
      status: "PENDING",
      offRampTransfer: {
        token: USDC,
        amount: 500,
        destinationCurrency: "EUR",
        destinationAmount: 455.1,
        serviceProvider: { serviceProvider: "COINBASEPAY" },
        totalFee: 2.5,
      },
    },
  });
  assert.equal(off.title, "Sold for cash");
  assert.equal(off.summary, "Sold 500 USDC for 455.1 EUR via COINBASEPAY");
  assert.equal(off.detail, "Fees: total fees 2.5 EUR");
  assert.equal(off.status, "pending");
});

Deno.test("other transaction types and failures read plainly", () => {
  const failed = describeActivity(tx("SEND", [
    { __typename: "TokenTransfer", asset: ETH, quantity: "1", direction: "OUT", sender: ME, recipient: OTHER },
  ], { transactionStatus: "FAILED" }));
  assert.equal(failed.title, "Failed: sent");
  assert.equal(failed.status, "failed");
  assert.equal(describeActivity(tx("DEPLOYMENT", [])).summary, "Deployed a contract with 0x2222…2222");
  assert.equal(
    describeActivity(tx("STAKE", [
      { __typename: "TokenTransfer", asset: ETH, quantity: "32", direction: "OUT", sender: ME, recipient: OTHER },
    ], { application: { name: "Lido" } })).summary,
    "Staked 32 ETH on Lido",
  );
  assert.equal(describeActivity(tx("UNKNOWN", [])).title, "Contract interaction");
});

Deno.test("activity list renders each description with how long ago it was", () => {
  render(
    <ActivityList
      now={(1_700_000_000 + 2 * 3600) * 1000}
      activities={[
        tx("SEND", [
          { __typename: "TokenTransfer", asset: USDC, quantity: "25", direction: "OUT", sender: ME, recipient: OTHER },
        ]),
      ]}
    />,
  );
  assert.ok(screen.getByText("Sent 25 USDC to 0x2222…2222"));
  assert.equal(screen.getByRole("img", { name: "Sent logo" }).getAttribute("src"), "https://x/usdc.png");
  const time = screen.getByText("2h ago");
  assert.equal(time.tagName, "TIME");
  assert.equal(time.getAttribute("dateTime"), "2023-11-14T22:13:20.000Z");
  // The full date and time, in the browser's zone, is the title.
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  assert.equal(time.getAttribute("title"), formatDateTime(1_700_000_000, { timeZone: zone }));
  cleanup();
  render(<ActivityList activities={[]} />);
  assert.ok(screen.getByText("No activity yet."));
  cleanup();
});

Deno.test("on-ramp and off-ramp inside an on-chain transaction read the same", () => {
  const on = describeActivity(tx("ON_RAMP", [
    {
      __typename: "OnRampTransfer",
      token: USDC,
      amount: 100,
      sourceCurrency: "GBP",
      sourceAmount: 80,
      serviceProvider: { name: "Stripe" },
      totalFee: 1.5,
    },
  ]));
  assert.equal(on.summary, "Bought 100 USDC for 80 GBP via Stripe");
  assert.equal(on.detail, "Fees: total fees 1.5 GBP");
  const off = describeActivity(tx("OFF_RAMP", [
    {
      __typename: "OffRampTransfer",
      token: ETH,
      amount: 1,
      destinationCurrency: "USD",
      destinationAmount: 3000,
      serviceProvider: { name: "MoonPay" },
    },
  ]));
  assert.equal(off.summary, "Sold 1 ETH for $3,000.00 via MoonPay");
  assert.equal(off.detail, null);
});
