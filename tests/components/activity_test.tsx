import "global-jsdom/register";
import { cleanup, render, screen } from "@testing-library/react";
import { expect } from "expect";
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
  expect(d.title).toBe("Swapped");
  expect(d.summary).toBe("Swapped 1.5 ETH for 3,012.46 USDC on Uniswap");
  expect(d.imageUrl).toBe("https://x/usdc.png");
  expect(d.status).toBe("confirmed");
});

Deno.test("send and receive name the counterparty", () => {
  const sent = describeActivity(tx("SEND", [
    { __typename: "TokenTransfer", asset: USDC, quantity: "25", direction: "OUT", sender: ME, recipient: OTHER },
  ]));
  expect(sent.title).toBe("Sent");
  expect(sent.summary).toBe("Sent 25 USDC to 0x2222…2222");
  const received = describeActivity(tx("RECEIVE", [
    { __typename: "TokenTransfer", asset: ETH, quantity: "0.00123", direction: "IN", sender: OTHER, recipient: ME },
  ]));
  expect(received.title).toBe("Received");
  expect(received.summary).toBe("Received 0.00123 ETH from 0x2222…2222");
});

Deno.test("approvals: limited, unlimited, revoked, NFT and collection-wide", () => {
  const limited = describeActivity(tx("APPROVE", [
    { __typename: "TokenApproval", asset: USDC, approvedAddress: OTHER, quantity: "100" },
  ]));
  expect(limited.summary).toBe("Approved 0x2222…2222 to spend 100 USDC");
  const unlimited = describeActivity(tx("APPROVE", [
    { __typename: "TokenApproval", asset: USDC, approvedAddress: OTHER, quantity: "1.157920892373162e+59" },
  ], { application: { name: "Uniswap Permit2" } }));
  expect(unlimited.summary).toBe("Approved Uniswap Permit2 to spend an unlimited amount of USDC");
  const revoked = describeActivity(tx("APPROVE", [
    { __typename: "TokenApproval", asset: USDC, approvedAddress: OTHER, quantity: "0" },
  ]));
  expect(revoked.title).toBe("Revoked approval");
  expect(revoked.summary).toBe("Revoked 0x2222…2222's permission to spend USDC");
  const nft = describeActivity(tx("APPROVE", [
    { __typename: "NftApproval", asset: PUNK, approvedAddress: OTHER },
  ]));
  expect(nft.summary).toBe("Approved 0x2222…2222 to transfer CryptoPunks #42");
  const all = describeActivity(tx("APPROVE", [
    { __typename: "NftApproveForAll", asset: PUNK, operatorAddress: OTHER, approved: true },
  ]));
  expect(all.summary).toBe("Approved 0x2222…2222 to transfer all your CryptoPunks NFTs");
  const allOff = describeActivity(tx("APPROVE", [
    { __typename: "NftApproveForAll", asset: PUNK, operatorAddress: OTHER, approved: false },
  ]));
  expect(allOff.title).toBe("Revoked collection approval");
});

Deno.test("NFT transfers: received, sent, minted, bought", () => {
  expect(
    describeActivity(tx("RECEIVE", [
      { __typename: "NftTransfer", asset: PUNK, direction: "IN", sender: OTHER, recipient: ME },
    ])).summary,
  ).toBe("Received CryptoPunks #42 from 0x2222…2222");
  expect(
    describeActivity(tx("SEND", [
      {
        __typename: "NftTransfer",
        asset: { ...PUNK, name: "Punk 42" },
        direction: "OUT",
        sender: ME,
        recipient: OTHER,
      },
    ])).summary,
  ).toBe("Sent Punk 42 to 0x2222…2222");
  expect(
    describeActivity(tx("MINT", [
      { __typename: "NftTransfer", asset: PUNK, direction: "IN", sender: `0x${"0".repeat(40)}`, recipient: ME },
    ])).summary,
  ).toBe("Minted CryptoPunks #42");
  const bought = describeActivity(tx("SWAP", [
    { __typename: "TokenTransfer", asset: ETH, quantity: "60", direction: "OUT", sender: ME, recipient: OTHER },
    { __typename: "NftTransfer", asset: PUNK, direction: "IN", sender: OTHER, recipient: ME },
  ]));
  expect(bought.title).toBe("Bought NFT");
  expect(bought.summary).toBe("Bought CryptoPunks #42 for 60 ETH");
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
  expect(d.title).toBe("Limit order");
  expect(d.summary).toBe("Limit order: swap 2 ETH for 7,000 USDC");
  expect(d.detail).toBe("Open, expires 2023-11-15 22:13 UTC");
  expect(d.status).toBe("open");
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
  expect(filled.summary).toBe("UniswapX swap order: swap 10 USDC for 0.003 ETH");
  expect(filled.detail).toBe("Filled");
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
  expect(on.title).toBe("Bought with card");
  expect(on.summary).toBe("Bought 0.5 ETH for $1,000.00 via MoonPay");
  expect(on.detail).toBe(
    "Fees: total fees $5.00, network fee $1.20, provider fee $3.80",
  );
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
  expect(off.title).toBe("Sold for cash");
  expect(off.summary).toBe("Sold 500 USDC for 455.1 EUR via COINBASEPAY");
  expect(off.detail).toBe("Fees: total fees 2.5 EUR");
  expect(off.status).toBe("pending");
});

Deno.test("other transaction types and failures read plainly", () => {
  const failed = describeActivity(tx("SEND", [
    { __typename: "TokenTransfer", asset: ETH, quantity: "1", direction: "OUT", sender: ME, recipient: OTHER },
  ], { transactionStatus: "FAILED" }));
  expect(failed.title).toBe("Failed: sent");
  expect(failed.status).toBe("failed");
  expect(describeActivity(tx("DEPLOYMENT", [])).summary).toBe(
    "Deployed a contract with 0x2222…2222",
  );
  expect(
    describeActivity(tx("STAKE", [
      { __typename: "TokenTransfer", asset: ETH, quantity: "32", direction: "OUT", sender: ME, recipient: OTHER },
    ], { application: { name: "Lido" } })).summary,
  ).toBe("Staked 32 ETH on Lido");
  expect(describeActivity(tx("UNKNOWN", [])).title).toBe("Contract interaction");
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
  expect(screen.getByText("Sent 25 USDC to 0x2222…2222")).toBeTruthy();
  expect(screen.getByRole("img", { name: "Sent logo" }).getAttribute("src")).toBe(
    "https://x/usdc.png",
  );
  const time = screen.getByText("2h ago");
  expect(time.tagName).toBe("TIME");
  expect(time.getAttribute("dateTime")).toBe("2023-11-14T22:13:20.000Z");
  // The full date and time, in the browser's zone, is the title.
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  expect(time.getAttribute("title")).toBe(formatDateTime(1_700_000_000, { timeZone: zone }));
  cleanup();
  render(<ActivityList activities={[]} />);
  expect(screen.getByText("No activity yet.")).toBeTruthy();
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
  expect(on.summary).toBe("Bought 100 USDC for 80 GBP via Stripe");
  expect(on.detail).toBe("Fees: total fees 1.5 GBP");
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
  expect(off.summary).toBe("Sold 1 ETH for $3,000.00 via MoonPay");
  expect(off.detail).toBe(null);
});
