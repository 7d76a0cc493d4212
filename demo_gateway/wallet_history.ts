/**
 * The activity of the two demo wallets: the first one has every kind of
 * activity and asset change (swaps, sends, approvals, mints, ramps, orders,
 * bridging, a failed and a pending transaction, edge-case tokens) and 130
 * seeded ordinary swaps and receives so that paging has pages; the second a
 * handful. Each list is newest first.
 *
 * @module
 */
import {
  CJK_NAME_TOKEN,
  DEMO_WALLET,
  EMOJI_NAME_TOKEN,
  ETHEREUM_TOKENS,
  NFT_COLLECTIONS,
  RED_PNG_LOGO_TOKEN,
  SCRIPT_SYMBOL_TOKEN,
  SECOND_DEMO_WALLET,
} from "./fixtures.ts";
import type { TokenRecord } from "./catalog.ts";
import { addressFor, between, intBetween, pick, seeded } from "./prng.ts";
import { round } from "./market.ts";
import { type Activity, tokenOf, UNIVERSAL_ROUTER, type WalletContext } from "./wallet_context.ts";
import { nftTransfer, rampTransfer, tokenTransfer } from "./wallet_transfers.ts";
import { onChain, rampActivity, swapOrder } from "./wallet_activity_kinds.ts";
import { nftAsset } from "./wallet_nfts.ts";

/** Counts back from a start time: each call goes `minutes` further into the past and returns that time. */
type Clock = (minutes: number) => number;

function clockFrom(start: number): Clock {
  let t = start;
  return (minutes) => (t -= minutes * 60);
}

/** The first demo wallet's tokens its activity names. */
interface FirstWalletTokens {
  readonly usdc: TokenRecord;
  readonly eth: TokenRecord;
  readonly uni: TokenRecord;
  readonly wbtc: TokenRecord;
  readonly baseEth: TokenRecord;
}

/** The activities of `wallet`, newest first: the demo wallets' lists, built once per context, else none. */
export function walletActivities(ctx: WalletContext, wallet: string): Activity[] {
  const cached = ctx.activities.get(wallet);
  if (cached) return cached;
  const list = wallet === DEMO_WALLET
    ? firstWalletActivities(ctx)
    : wallet === SECOND_DEMO_WALLET
    ? secondWalletActivities(ctx)
    : [];
  ctx.activities.set(wallet, list);
  return list;
}

function firstWalletActivities(ctx: WalletContext): Activity[] {
  const tokens: FirstWalletTokens = {
    usdc: tokenOf(ctx, "ETHEREUM", ETHEREUM_TOKENS.USDC),
    eth: tokenOf(ctx, "ETHEREUM", null),
    uni: tokenOf(ctx, "ETHEREUM", ETHEREUM_TOKENS.UNI),
    wbtc: tokenOf(ctx, "ETHEREUM", ETHEREUM_TOKENS.WBTC),
    baseEth: tokenOf(ctx, "BASE", null),
  };
  const at = clockFrom(ctx.model.ctx.now - 95);
  const a = [
    ...transfersAndApprovals(ctx, tokens, at),
    ...rampsOrdersAndEdges(ctx, tokens, at),
    ...ordinaryHistory(ctx, tokens, at),
  ];
  return a.sort((x, y) => (y.object.timestamp as number) - (x.object.timestamp as number));
}

/** A swap, an open order, a send and a receive, token and NFT approvals, a mint and an NFT receive. */
function transfersAndApprovals(ctx: WalletContext, tokens: FirstWalletTokens, at: Clock): Activity[] {
  const owner = DEMO_WALLET;
  const { usdc, eth, uni } = tokens;
  const friend = addressFor("demo:friend");
  return [
    onChain(ctx, "swap-1", owner, "ETHEREUM", at(0), "SWAP", [
      tokenTransfer(ctx, "swap-1:0", usdc, 1500, owner, UNIVERSAL_ROUTER, "OUT"),
      tokenTransfer(ctx, "swap-1:1", eth, 1500 / eth.priceUsd, UNIVERSAL_ROUTER, owner, "IN"),
    ]),
    swapOrder(ctx, owner, {
      key: "order-open",
      timestamp: at(12),
      status: "OPEN",
      orderType: "LIMIT",
      input: uni,
      inputQuantity: 100,
      output: usdc,
      outputQuantity: 1100,
    }),
    onChain(ctx, "send-1", owner, "ETHEREUM", at(40), "SEND", [
      tokenTransfer(ctx, "send-1:0", uni, 25, owner, friend, "OUT"),
    ]),
    onChain(ctx, "receive-1", owner, "ETHEREUM", at(65), "RECEIVE", [
      tokenTransfer(ctx, "receive-1:0", usdc, 320.5, friend, owner, "IN"),
    ]),
    onChain(ctx, "approve-1", owner, "ETHEREUM", at(90), "APPROVE", [{
      __typename: "TokenApproval",
      id: "TokenApproval:approve-1",
      tokenStandard: "ERC20",
      asset: ctx.model.token(usdc),
      approvedAddress: UNIVERSAL_ROUTER,
      quantity: "115792089237316195423570985008687907853269984665640564039457.584007913129639935",
    }]),
    onChain(ctx, "mint-1", owner, "ETHEREUM", at(180), "MINT", [
      nftTransfer(
        "mint-1:0",
        nftAsset(ctx, NFT_COLLECTIONS[0], 1),
        "0x0000000000000000000000000000000000000000",
        owner,
        "IN",
      ),
    ]),
    onChain(ctx, "nft-receive", owner, "ETHEREUM", at(240), "RECEIVE", [
      nftTransfer("nft-receive:0", nftAsset(ctx, NFT_COLLECTIONS[0], 2), friend, owner, "IN"),
    ]),
    onChain(ctx, "nft-approve", owner, "ETHEREUM", at(300), "APPROVE", [{
      __typename: "NftApproval",
      id: "NftApproval:nft-approve",
      nftStandard: "ERC721",
      asset: nftAsset(ctx, NFT_COLLECTIONS[1], 7),
      approvedAddress: addressFor("demo:marketplace"),
    }]),
    onChain(ctx, "nft-approve-all", owner, "ETHEREUM", at(320), "APPROVE", [{
      __typename: "NftApproveForAll",
      id: "NftApproveForAll:nft-approve-all",
      nftStandard: "ERC1155",
      asset: nftAsset(ctx, NFT_COLLECTIONS[2], 3),
      operatorAddress: addressFor("demo:marketplace"),
      approved: true,
    }]),
  ];
}

/**
 * On- and off-ramps (on chain and off), bridging, a filled and an expired
 * order, a failed swap, edge-case tokens and a pending send.
 */
function rampsOrdersAndEdges(ctx: WalletContext, tokens: FirstWalletTokens, at: Clock): Activity[] {
  const owner = DEMO_WALLET;
  const { usdc, eth, wbtc, baseEth } = tokens;
  const friend = addressFor("demo:friend");
  const red = tokenOf(ctx, "ETHEREUM", RED_PNG_LOGO_TOKEN.address);
  const cjk = tokenOf(ctx, "ETHEREUM", CJK_NAME_TOKEN.address);
  const script = tokenOf(ctx, "ETHEREUM", SCRIPT_SYMBOL_TOKEN.address);
  return [
    onChain(ctx, "onramp-tx", owner, "BASE", at(400), "ON_RAMP", [
      rampTransfer(ctx, "on", { key: "onramp-tx:0", token: baseEth, quantity: 0.1 }),
    ]),
    rampActivity(ctx, "on", owner, {
      key: "onramp-1",
      timestamp: at(420),
      status: "CONFIRMED",
      token: eth,
      quantity: 0.2,
    }),
    onChain(ctx, "offramp-tx", owner, "ETHEREUM", at(500), "OFF_RAMP", [
      rampTransfer(ctx, "off", { key: "offramp-tx:0", token: usdc, quantity: 250 }),
    ]),
    rampActivity(ctx, "off", owner, {
      key: "offramp-1",
      timestamp: at(520),
      status: "PENDING",
      token: usdc,
      quantity: 400,
    }),
    onChain(ctx, "bridge-1", owner, "ETHEREUM", at(600), "BRIDGING", [
      tokenTransfer(ctx, "bridge-1:0", eth, 0.5, owner, addressFor("demo:bridge"), "OUT"),
    ], { bridging: true }),
    swapOrder(ctx, owner, {
      key: "order-filled",
      timestamp: at(700),
      status: "FILLED",
      orderType: "DUTCH_V2",
      input: usdc,
      inputQuantity: 2000,
      output: wbtc,
      outputQuantity: 2000 / wbtc.priceUsd,
    }),
    swapOrder(ctx, owner, {
      key: "order-expired",
      timestamp: at(760),
      status: "EXPIRED",
      orderType: "PRIORITY",
      input: eth,
      inputQuantity: 0.3,
      output: usdc,
      outputQuantity: 950,
    }),
    onChain(ctx, "swap-failed", owner, "ETHEREUM", at(800), "SWAP", [
      tokenTransfer(ctx, "swap-failed:0", eth, 0.1, owner, UNIVERSAL_ROUTER, "OUT"),
    ], { status: "FAILED" }),
    onChain(ctx, "swap-edge", owner, "ETHEREUM", at(900), "SWAP", [
      tokenTransfer(ctx, "swap-edge:0", red, 1000, owner, UNIVERSAL_ROUTER, "OUT"),
      tokenTransfer(ctx, "swap-edge:1", cjk, 8888, UNIVERSAL_ROUTER, owner, "IN"),
    ]),
    onChain(ctx, "receive-script", owner, "ETHEREUM", at(950), "RECEIVE", [
      tokenTransfer(ctx, "receive-script:0", script, 1, friend, owner, "IN"),
    ]),
    onChain(ctx, "pending-send", owner, "BASE", at(1), "SEND", [
      tokenTransfer(ctx, "pending-send:0", baseEth, 0.01, owner, friend, "OUT"),
    ], { status: "PENDING" }),
  ];
}

/** 130 older, ordinary swaps (70 %) and receives between USDC, ETH, UNI and WBTC, seeded by the wallet. */
function ordinaryHistory(ctx: WalletContext, tokens: FirstWalletTokens, at: Clock): Activity[] {
  const owner = DEMO_WALLET;
  const friend = addressFor("demo:friend");
  const random = seeded(`activity:${owner}`);
  const common = [tokens.usdc, tokens.eth, tokens.uni, tokens.wbtc];
  const a: Activity[] = [];
  for (let i = 0; i < 130; i++) {
    const key = `history-${i}`;
    const from = pick(random, common);
    const to = pick(random, common.filter((x) => x !== from));
    const usd = round(Math.exp(between(random, 3, 8)));
    a.push(
      random() < 0.7
        ? onChain(ctx, key, owner, "ETHEREUM", at(intBetween(random, 60, 3000)), "SWAP", [
          tokenTransfer(ctx, key + ":0", from, usd / from.priceUsd, owner, UNIVERSAL_ROUTER, "OUT"),
          tokenTransfer(ctx, key + ":1", to, usd / to.priceUsd, UNIVERSAL_ROUTER, owner, "IN"),
        ])
        : onChain(ctx, key, owner, "ETHEREUM", at(intBetween(random, 60, 3000)), "RECEIVE", [
          tokenTransfer(ctx, key + ":0", from, usd / from.priceUsd, friend, owner, "IN"),
        ]),
    );
  }
  return a;
}

function secondWalletActivities(ctx: WalletContext): Activity[] {
  const owner = SECOND_DEMO_WALLET;
  const now = ctx.model.ctx.now;
  const eth = tokenOf(ctx, "ETHEREUM", null);
  const dai = tokenOf(ctx, "ETHEREUM", ETHEREUM_TOKENS.DAI);
  const moon = tokenOf(ctx, "ETHEREUM", EMOJI_NAME_TOKEN.address);
  return [
    onChain(ctx, "b-swap", owner, "ETHEREUM", now - 3600, "SWAP", [
      tokenTransfer(ctx, "b-swap:0", dai, 300, owner, UNIVERSAL_ROUTER, "OUT"),
      tokenTransfer(ctx, "b-swap:1", moon, 300 / moon.priceUsd, UNIVERSAL_ROUTER, owner, "IN"),
    ]),
    onChain(ctx, "b-receive", owner, "ETHEREUM", now - 86_400, "RECEIVE", [
      tokenTransfer(ctx, "b-receive:0", eth, 0.35, DEMO_WALLET, owner, "IN"),
    ]),
    onChain(ctx, "b-nft", owner, "ETHEREUM", now - 2 * 86_400, "RECEIVE", [
      nftTransfer("b-nft:0", nftAsset(ctx, NFT_COLLECTIONS[0], 5), DEMO_WALLET, owner, "IN"),
    ]),
    rampActivity(ctx, "on", owner, {
      key: "b-onramp",
      timestamp: now - 3 * 86_400,
      status: "FAILED",
      token: eth,
      quantity: 0.05,
    }),
  ];
}
