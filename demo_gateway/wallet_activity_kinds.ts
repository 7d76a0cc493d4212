/**
 * The kinds of activity of the demo wallets, each as an `AssetActivity`:
 * on-chain transactions (swaps, sends, receives, approvals, mints, ramps,
 * bridging), off-chain fiat ramps and UniswapX swap orders.
 *
 * @module
 */
import type { TokenRecord } from "./catalog.ts";
import { addressFor, between, hexFor, intBetween, seeded } from "./prng.ts";
import { round } from "./market.ts";
import { type Activity, UNIVERSAL_ROUTER, type WalletContext } from "./wallet_context.ts";
import { type Ramp, rampTransfer } from "./wallet_transfers.ts";

/** What sets an activity apart among its wallet's and where it happened. */
export interface ActivityFrame {
  readonly key: string;
  readonly chain: string;
  readonly timestamp: number;
  readonly offChain: boolean;
  /** Default `false`. */
  readonly bridging?: boolean;
  readonly details: Record<string, unknown>;
}

/**
 * The `AssetActivity` of `owner` around `activity.details`; `activity.key`
 * tells it apart among the wallet's activities. Not bridging unless said.
 */
export function assetActivity(owner: string, activity: ActivityFrame): Activity {
  return {
    chain: activity.chain,
    offChain: activity.offChain,
    bridging: activity.bridging ?? false,
    object: {
      __typename: "AssetActivity",
      id: `AssetActivity:${owner.toLowerCase()}:${activity.key}`,
      timestamp: activity.timestamp,
      chain: activity.chain,
      addresses: [owner],
      details: activity.details,
    },
  };
}

/** Options of {@linkcode onChain}: transaction status (default `CONFIRMED`), bridging (default `false`). */
export interface OnChainOptions {
  readonly status?: string;
  readonly bridging?: boolean;
}

/** The Uniswap app that demo swaps go through, on `chain`. */
function uniswapApplication(ctx: WalletContext, chain: string): Record<string, unknown> {
  return {
    id: `ApplicationContract:${chain}:${UNIVERSAL_ROUTER}`,
    chain,
    address: UNIVERSAL_ROUTER,
    name: "Uniswap",
    icon: { id: "Image:uniswap", url: ctx.model.url("/logos/cc/svg/uni.svg"), dimensions: null },
  };
}

/**
 * An on-chain transaction of `owner` of a `type` (`SWAP`, `SEND`, …) with its
 * asset changes; swaps go to the Universal Router, the rest to a seeded address.
 */
export function onChain(
  ctx: WalletContext,
  key: string,
  owner: string,
  chain: string,
  timestamp: number,
  type: string,
  assetChanges: unknown[],
  options: OnChainOptions = {},
): Activity {
  const random = seeded(`onchain:${key}`);
  const hash = hexFor(`activity:${owner}:${key}`, 64);
  const isSwap = type === "SWAP";
  const nativeSymbol = chain === "POLYGON" ? "POL" : chain === "CELO" ? "CELO" : "ETH";
  return assetActivity(owner, {
    key,
    chain,
    timestamp,
    offChain: false,
    bridging: options.bridging ?? false,
    details: {
      __typename: "TransactionDetails",
      id: `TransactionDetails:${hash}`,
      type,
      hash,
      from: owner,
      to: isSwap ? UNIVERSAL_ROUTER : addressFor(`to:${key}`),
      nonce: intBetween(random, 1, 900),
      transactionStatus: options.status ?? "CONFIRMED",
      application: isSwap ? uniswapApplication(ctx, chain) : null,
      networkFee: {
        quantity: String(round(between(random, 0.0002, 0.004))),
        tokenSymbol: nativeSymbol,
        tokenAddress: null,
        tokenChain: chain,
      },
      assetChanges,
    },
  });
}

/** A fiat ramp of a wallet: when and in what state, besides what it moves. */
export interface RampActivity extends Ramp {
  readonly timestamp: number;
  readonly status: string;
}

/** The off-chain activity of `owner`'s fiat ramp (see `rampTransfer`). */
export function rampActivity(
  ctx: WalletContext,
  kind: "on" | "off",
  owner: string,
  ramp: RampActivity,
): Activity {
  const transfer = rampTransfer(ctx, kind, ramp);
  const name = kind === "on" ? "OnRampTransactionDetails" : "OffRampTransactionDetails";
  return assetActivity(owner, {
    key: ramp.key,
    chain: ramp.token.chain,
    timestamp: ramp.timestamp,
    offChain: true,
    details: {
      __typename: name,
      id: `${name}:${ramp.key}`,
      status: ramp.status,
      ...(kind === "on"
        ? { receiverAddress: owner, onRampTransfer: transfer }
        : { senderAddress: owner, offRampTransfer: transfer }),
    },
  });
}

/** A UniswapX order of a wallet: its state, its type and what it trades. */
export interface SwapOrder {
  readonly key: string;
  readonly timestamp: number;
  readonly status: string;
  readonly orderType: string;
  readonly input: TokenRecord;
  readonly inputQuantity: number;
  readonly output: TokenRecord;
  readonly outputQuantity: number;
}

/** The off-chain activity of `owner`'s swap order, expiring a week after it was placed. */
export function swapOrder(ctx: WalletContext, owner: string, order: SwapOrder): Activity {
  const { key, timestamp, input, output } = order;
  const hash = hexFor(`order:${owner}:${key}`, 64);
  return assetActivity(owner, {
    key,
    chain: input.chain,
    timestamp,
    offChain: true,
    details: {
      __typename: "SwapOrderDetails",
      id: `SwapOrderDetails:${hash}`,
      offerer: owner,
      hash,
      swapOrderStatus: order.status,
      swapOrderType: order.orderType,
      inputToken: ctx.model.token(input),
      inputTokenQuantity: String(Number(order.inputQuantity.toPrecision(8))),
      outputToken: ctx.model.token(output),
      outputTokenQuantity: String(Number(order.outputQuantity.toPrecision(8))),
      expiry: timestamp + 7 * 86_400,
      encodedOrder: hexFor(`encoded:${key}`, 128),
    },
  });
}
