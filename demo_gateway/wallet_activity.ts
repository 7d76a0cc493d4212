/**
 * The activity the gateway serves for a wallet: pages of
 * `Portfolio.assetActivities` and the live activities of the
 * `onAssetActivity` subscription.
 *
 * @module
 */
import { ETHEREUM_TOKENS } from "./fixtures.ts";
import { tokenOf, UNIVERSAL_ROUTER, type WalletContext } from "./wallet_context.ts";
import { tokenTransfer } from "./wallet_transfers.ts";
import { onChain } from "./wallet_activity_kinds.ts";
import { walletActivities } from "./wallet_history.ts";

/** Arguments of `Portfolio.assetActivities`. */
export interface ActivityArgs {
  readonly page?: number | null;
  readonly pageSize?: number | null;
  readonly includeOffChain?: boolean | null;
  readonly includeBridging?: boolean | null;
  readonly chains?: readonly string[] | null;
  readonly onRampTransactionIDs?: readonly string[] | null;
}

/**
 * One page of a wallet's activity, newest first: off-chain activity only if
 * asked, bridging unless refused, on `chains` if given; pages of `pageSize`
 * (default 100, at most 500) from page 1.
 */
export function activityPage(ctx: WalletContext, owner: string, args: ActivityArgs): Record<string, unknown>[] {
  const pageSize = Math.min(Math.max(args.pageSize ?? 100, 0), 500);
  const page = Math.max(args.page ?? 1, 1);
  return walletActivities(ctx, owner)
    .filter((a) => args.includeOffChain || !a.offChain)
    .filter((a) => args.includeBridging !== false || !a.bridging)
    .filter((a) => !args.chains?.length || args.chains.includes(a.chain))
    .slice((page - 1) * pageSize, page * pageSize)
    .map((a) => a.object);
}

/**
 * The `n`th live activity of a subscription at `timestamp`: a swap of
 * `owner`'s USDC for ETH through the Universal Router, of $100 to $250.
 */
export function liveActivity(
  ctx: WalletContext,
  owner: string,
  subscriptionId: string,
  n: number,
  timestamp: number,
): Record<string, unknown> {
  const usdc = tokenOf(ctx, "ETHEREUM", ETHEREUM_TOKENS.USDC);
  const eth = tokenOf(ctx, "ETHEREUM", null);
  const key = `live:${subscriptionId}:${n}`;
  const usd = 100 + (n % 7) * 25;
  return onChain(ctx, key, owner, "ETHEREUM", timestamp, "SWAP", [
    tokenTransfer(ctx, key + ":0", usdc, usd / usdc.priceUsd, owner, UNIVERSAL_ROUTER, "OUT"),
    tokenTransfer(ctx, key + ":1", eth, usd / eth.priceUsd, UNIVERSAL_ROUTER, owner, "IN"),
  ]).object;
}
