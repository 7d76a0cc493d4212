/**
 * Plain-word descriptions of wallet activity (`Portfolio.assetActivities` and
 * the `onAssetActivity` subscription), one for every activity type the
 * gateway sends: swaps, sends, receives, approvals, NFT transfers and
 * approvals, swap orders, on-ramp and off-ramp with provider and fees.
 *
 * The input types mirror the gateway schema's field names; every field is
 * optional so partial selections still describe.
 *
 * @module
 */
import { isZeroAddress } from "../../lib/address.ts";
import { formatAmount, formatUsd, shortenAddress } from "./format.ts";

/** Token fields an activity needs. */
export interface ActivityToken {
  readonly symbol?: string | null;
  readonly name?: string | null;
  readonly address?: string | null;
  readonly project?:
    | { readonly logo?: { readonly url?: string | null } | null }
    | null;
}

/** NFT fields an activity needs. */
export interface ActivityNft {
  readonly name?: string | null;
  readonly tokenId?: string | null;
  readonly collection?: { readonly name?: string | null } | null;
  readonly image?: { readonly url?: string | null } | null;
  readonly thumbnail?: { readonly url?: string | null } | null;
}

/** A service provider of an on-ramp or off-ramp. */
export interface RampProvider {
  readonly name?: string | null;
  readonly serviceProvider?: string | null;
}

/** One asset change of a transaction (schema union `AssetChange`). */
export type AssetChange =
  | {
    readonly __typename: "TokenTransfer";
    readonly asset?: ActivityToken | null;
    readonly quantity?: string | null;
    readonly direction?: string | null;
    readonly sender?: string | null;
    readonly recipient?: string | null;
    readonly transactedValue?: { readonly value?: number | null } | null;
  }
  | {
    readonly __typename: "NftTransfer";
    readonly asset?: ActivityNft | null;
    readonly direction?: string | null;
    readonly sender?: string | null;
    readonly recipient?: string | null;
  }
  | {
    readonly __typename: "TokenApproval";
    readonly asset?: ActivityToken | null;
    readonly approvedAddress?: string | null;
    readonly quantity?: string | null;
  }
  | {
    readonly __typename: "NftApproval";
    readonly asset?: ActivityNft | null;
    readonly approvedAddress?: string | null;
  }
  | {
    readonly __typename: "NftApproveForAll";
    readonly asset?: ActivityNft | null;
    readonly operatorAddress?: string | null;
    readonly approved?: boolean | null;
  }
  | {
    readonly __typename: "OnRampTransfer" | "OffRampTransfer";
  } & RampTransfer;

/** Fees and provider of an on-ramp or off-ramp transfer. */
export interface RampTransfer {
  readonly token?: ActivityToken | null;
  readonly amount?: number | null;
  readonly sourceCurrency?: string | null;
  readonly sourceAmount?: number | null;
  readonly destinationCurrency?: string | null;
  readonly destinationAmount?: number | null;
  readonly serviceProvider?: RampProvider | null;
  readonly networkFee?: number | null;
  readonly transactionFee?: number | null;
  readonly totalFee?: number | null;
}

/** The details of an activity (schema union `ActivityDetails`). */
export type ActivityDetails =
  | {
    readonly __typename: "TransactionDetails";
    readonly type?: string | null;
    readonly transactionStatus?: string | null;
    readonly status?: string | null;
    readonly from?: string | null;
    readonly to?: string | null;
    readonly hash?: string | null;
    readonly application?: {
      readonly name?: string | null;
      readonly address?: string | null;
    } | null;
    readonly assetChanges?: readonly (AssetChange | null)[] | null;
    readonly networkFee?: {
      readonly quantity?: string | null;
      readonly tokenSymbol?: string | null;
    } | null;
  }
  | {
    readonly __typename: "SwapOrderDetails";
    readonly swapOrderStatus?: string | null;
    readonly swapOrderType?: string | null;
    readonly inputToken?: ActivityToken | null;
    readonly inputTokenQuantity?: string | null;
    readonly outputToken?: ActivityToken | null;
    readonly outputTokenQuantity?: string | null;
    readonly expiry?: number | null;
    readonly hash?: string | null;
  }
  | {
    readonly __typename: "OnRampTransactionDetails";
    readonly status?: string | null;
    readonly onRampTransfer?: RampTransfer | null;
  }
  | {
    readonly __typename: "OffRampTransactionDetails";
    readonly status?: string | null;
    readonly offRampTransfer?: RampTransfer | null;
  };

/** One activity (schema type `AssetActivity`). */
export interface Activity {
  readonly id: string;
  readonly timestamp: number;
  readonly chain?: string | null;
  readonly details?: ActivityDetails | null;
}

/** What the activity list shows for one activity. */
export interface ActivityDescription {
  /** Short title: `Swapped`, `Sent`, `Approved`, `Bought with card`... */
  readonly title: string;
  /** The full sentence: `Swapped 1.5 ETH for 3,000 USDC`. */
  readonly summary: string;
  /** Extra line: provider and fees, order status, counterparty app. */
  readonly detail: string | null;
  /** `confirmed`, `pending`, `failed`, or an order status in lower case. */
  readonly status: string;
  /** A logo to show beside it, if any. */
  readonly imageUrl: string | null;
}

function sym(token: ActivityToken | null | undefined): string {
  return token?.symbol || token?.name || "an unknown token";
}

function tokenLogo(token: ActivityToken | null | undefined): string | null {
  return token?.project?.logo?.url ?? null;
}

function nftName(nft: ActivityNft | null | undefined): string {
  if (!nft) return "an NFT";
  if (nft.name) return nft.name;
  const collection = nft.collection?.name ?? "NFT";
  return nft.tokenId ? `${collection} #${nft.tokenId}` : collection;
}

function nftImage(nft: ActivityNft | null | undefined): string | null {
  return nft?.thumbnail?.url ?? nft?.image?.url ?? null;
}

function qty(
  quantity: string | number | null | undefined,
  token?: ActivityToken | null,
): string {
  return `${formatAmount(quantity)} ${sym(token)}`;
}

function money(
  amount: number | null | undefined,
  currency: string | null | undefined,
): string {
  if (amount == null || !Number.isFinite(amount)) return currency ?? "";
  if (!currency || currency.toUpperCase() === "USD") {
    return formatUsd(amount, { compact: false });
  }
  return `${formatAmount(amount)} ${currency.toUpperCase()}`;
}

function fees(
  transfer: RampTransfer,
  currency: string | null | undefined,
): string {
  const parts: string[] = [];
  if (transfer.totalFee != null) {
    parts.push(`total fees ${money(transfer.totalFee, currency)}`);
  }
  if (transfer.networkFee != null) {
    parts.push(`network fee ${money(transfer.networkFee, currency)}`);
  }
  if (transfer.transactionFee != null) {
    parts.push(`provider fee ${money(transfer.transactionFee, currency)}`);
  }
  return parts.join(", ");
}

function providerName(provider: RampProvider | null | undefined): string {
  return provider?.name || provider?.serviceProvider || "an unknown provider";
}

const SIMPLE_TITLES: Readonly<Record<string, string>> = {
  BORROW: "Borrowed",
  BRIDGING: "Bridged",
  CANCEL: "Cancelled a transaction",
  CLAIM: "Claimed",
  DEPLOYMENT: "Deployed a contract",
  EXECUTE: "Executed a contract call",
  LEND: "Lent",
  MINT: "Minted",
  REPAY: "Repaid",
  STAKE: "Staked",
  UNSTAKE: "Unstaked",
  WITHDRAW: "Withdrew",
  UNKNOWN: "Contract interaction",
};

const ORDER_TYPES: Readonly<Record<string, string>> = {
  DUTCH: "UniswapX swap order",
  DUTCH_V2: "UniswapX swap order",
  PRIORITY: "Priority swap order",
  LIMIT: "Limit order",
};

const UNLIMITED = 1e30;

function describeOnRamp(t: RampTransfer): Omit<ActivityDescription, "status"> {
  const feeText = fees(t, t.sourceCurrency);
  return {
    title: "Bought with card",
    summary: `Bought ${qty(t.amount, t.token)} for ${money(t.sourceAmount, t.sourceCurrency)} via ${
      providerName(t.serviceProvider)
    }`,
    detail: feeText ? `Fees: ${feeText}` : null,
    imageUrl: tokenLogo(t.token),
  };
}

function describeOffRamp(t: RampTransfer): Omit<ActivityDescription, "status"> {
  const feeText = fees(t, t.destinationCurrency);
  return {
    title: "Sold for cash",
    summary: `Sold ${qty(t.amount, t.token)} for ${money(t.destinationAmount, t.destinationCurrency)} via ${
      providerName(t.serviceProvider)
    }`,
    detail: feeText ? `Fees: ${feeText}` : null,
    imageUrl: tokenLogo(t.token),
  };
}

function describeTransaction(
  d: Extract<ActivityDetails, { __typename: "TransactionDetails" }>,
): Omit<ActivityDescription, "status"> {
  const changes = (d.assetChanges ?? []).filter((c): c is AssetChange => c != null);
  const tokenOut = changes.find((c) => c.__typename === "TokenTransfer" && c.direction === "OUT");
  const tokenIn = changes.find((c) => c.__typename === "TokenTransfer" && c.direction === "IN");
  const nftOut = changes.find((c) => c.__typename === "NftTransfer" && c.direction === "OUT");
  const nftIn = changes.find((c) => c.__typename === "NftTransfer" && c.direction === "IN");
  const app = d.application?.name ? ` on ${d.application.name}` : "";
  const type = d.type ?? "UNKNOWN";
  const ramp = changes.find((c) => c.__typename === "OnRampTransfer" || c.__typename === "OffRampTransfer");
  if (ramp?.__typename === "OnRampTransfer") return describeOnRamp(ramp);
  if (ramp?.__typename === "OffRampTransfer") return describeOffRamp(ramp);

  if (
    type === "SWAP" || (tokenOut && tokenIn) ||
    ((tokenOut || tokenIn) && (nftIn || nftOut))
  ) {
    const give = tokenOut?.__typename === "TokenTransfer"
      ? qty(tokenOut.quantity, tokenOut.asset)
      : nftOut?.__typename === "NftTransfer"
      ? nftName(nftOut.asset)
      : null;
    const get = tokenIn?.__typename === "TokenTransfer"
      ? qty(tokenIn.quantity, tokenIn.asset)
      : nftIn?.__typename === "NftTransfer"
      ? nftName(nftIn.asset)
      : null;
    if (give && get) {
      const bought = nftIn && !nftOut;
      const sold = nftOut && !nftIn;
      return {
        title: bought ? "Bought NFT" : sold ? "Sold NFT" : "Swapped",
        summary: bought
          ? `Bought ${get} for ${give}${app}`
          : sold
          ? `Sold ${give} for ${get}${app}`
          : `Swapped ${give} for ${get}${app}`,
        detail: null,
        imageUrl: tokenIn?.__typename === "TokenTransfer"
          ? tokenLogo(tokenIn.asset)
          : nftIn?.__typename === "NftTransfer"
          ? nftImage(nftIn.asset)
          : null,
      };
    }
  }

  const approval = changes.find((c) => c.__typename === "TokenApproval");
  if (approval?.__typename === "TokenApproval") {
    const amount = Number(approval.quantity ?? "0");
    const spender = d.application?.name ??
      shortenAddress(approval.approvedAddress);
    if (amount === 0) {
      return {
        title: "Revoked approval",
        summary: `Revoked ${spender}'s permission to spend ${sym(approval.asset)}`,
        detail: null,
        imageUrl: tokenLogo(approval.asset),
      };
    }
    const how = amount >= UNLIMITED ? "an unlimited amount of" : formatAmount(amount);
    return {
      title: "Approved",
      summary: `Approved ${spender} to spend ${how} ${sym(approval.asset)}`,
      detail: null,
      imageUrl: tokenLogo(approval.asset),
    };
  }
  const nftApproval = changes.find((c) => c.__typename === "NftApproval");
  if (nftApproval?.__typename === "NftApproval") {
    return {
      title: "Approved NFT",
      summary: `Approved ${shortenAddress(nftApproval.approvedAddress)} to transfer ${nftName(nftApproval.asset)}`,
      detail: null,
      imageUrl: nftImage(nftApproval.asset),
    };
  }
  const forAll = changes.find((c) => c.__typename === "NftApproveForAll");
  if (forAll?.__typename === "NftApproveForAll") {
    const collection = forAll.asset?.collection?.name ?? "this collection";
    return forAll.approved
      ? {
        title: "Approved collection",
        summary: `Approved ${shortenAddress(forAll.operatorAddress)} to transfer all your ${collection} NFTs`,
        detail: null,
        imageUrl: nftImage(forAll.asset),
      }
      : {
        title: "Revoked collection approval",
        summary: `Revoked ${shortenAddress(forAll.operatorAddress)}'s permission to transfer your ${collection} NFTs`,
        detail: null,
        imageUrl: nftImage(forAll.asset),
      };
  }
  if (nftIn?.__typename === "NftTransfer" && !nftOut) {
    const minted = type === "MINT" || isZeroAddress(nftIn.sender ?? "");
    return minted
      ? {
        title: "Minted NFT",
        summary: `Minted ${nftName(nftIn.asset)}${app}`,
        detail: null,
        imageUrl: nftImage(nftIn.asset),
      }
      : {
        title: "Received NFT",
        summary: `Received ${nftName(nftIn.asset)} from ${shortenAddress(nftIn.sender)}`,
        detail: null,
        imageUrl: nftImage(nftIn.asset),
      };
  }
  if (nftOut?.__typename === "NftTransfer" && !nftIn) {
    return {
      title: "Sent NFT",
      summary: `Sent ${nftName(nftOut.asset)} to ${shortenAddress(nftOut.recipient)}`,
      detail: null,
      imageUrl: nftImage(nftOut.asset),
    };
  }
  if (tokenOut?.__typename === "TokenTransfer" && !tokenIn) {
    return {
      title: SIMPLE_TITLES[type] && type !== "UNKNOWN" ? SIMPLE_TITLES[type] : "Sent",
      summary: type === "SEND" || !SIMPLE_TITLES[type] || type === "UNKNOWN"
        ? `Sent ${qty(tokenOut.quantity, tokenOut.asset)} to ${shortenAddress(tokenOut.recipient)}`
        : `${SIMPLE_TITLES[type]} ${qty(tokenOut.quantity, tokenOut.asset)}${app}`,
      detail: null,
      imageUrl: tokenLogo(tokenOut.asset),
    };
  }
  if (tokenIn?.__typename === "TokenTransfer" && !tokenOut) {
    return {
      title: SIMPLE_TITLES[type] && type !== "UNKNOWN" ? SIMPLE_TITLES[type] : "Received",
      summary: type === "RECEIVE" || !SIMPLE_TITLES[type] || type === "UNKNOWN"
        ? `Received ${qty(tokenIn.quantity, tokenIn.asset)} from ${shortenAddress(tokenIn.sender)}`
        : `${SIMPLE_TITLES[type]} ${qty(tokenIn.quantity, tokenIn.asset)}${app}`,
      detail: null,
      imageUrl: tokenLogo(tokenIn.asset),
    };
  }
  const title = SIMPLE_TITLES[type] ?? "Contract interaction";
  return {
    title,
    summary: `${title}${app || (d.to ? ` with ${shortenAddress(d.to)}` : "")}`,
    detail: null,
    imageUrl: null,
  };
}

/** Describes one activity in plain words. */
export function describeActivity(activity: Activity): ActivityDescription {
  const d = activity.details;
  if (!d) {
    return {
      title: "Activity",
      summary: "Unknown activity",
      detail: null,
      status: "confirmed",
      imageUrl: null,
    };
  }
  switch (d.__typename) {
    case "TransactionDetails": {
      const status = (d.transactionStatus ?? d.status ?? "CONFIRMED")
        .toLowerCase();
      const described = describeTransaction(d);
      const fee = d.networkFee?.quantity
        ? `Network fee ${formatAmount(d.networkFee.quantity)} ${d.networkFee.tokenSymbol ?? ""}`.trim()
        : null;
      return {
        ...described,
        title: status === "failed" ? `Failed: ${described.title.toLowerCase()}` : described.title,
        detail: described.detail ?? fee,
        status,
      };
    }
    case "SwapOrderDetails": {
      const kind = ORDER_TYPES[d.swapOrderType ?? ""] ?? "Swap order";
      const status = (d.swapOrderStatus ?? "OPEN").toLowerCase();
      const words: Record<string, string> = {
        open: "Open",
        filled: "Filled",
        expired: "Expired",
        cancelled: "Cancelled",
        error: "Failed",
        insufficient_funds: "Insufficient funds",
      };
      return {
        title: kind,
        summary: `${kind}: swap ${qty(d.inputTokenQuantity, d.inputToken)} for ${
          qty(d.outputTokenQuantity, d.outputToken)
        }`,
        detail: `${words[status] ?? status}${
          status === "open" && d.expiry
            ? `, expires ${
              new Date(d.expiry * 1000).toISOString().slice(0, 16).replace(
                "T",
                " ",
              )
            } UTC`
            : ""
        }`,
        status,
        imageUrl: tokenLogo(d.outputToken),
      };
    }
    case "OnRampTransactionDetails":
      return {
        ...describeOnRamp(d.onRampTransfer ?? {}),
        status: (d.status ?? "CONFIRMED").toLowerCase(),
      };
    case "OffRampTransactionDetails":
      return {
        ...describeOffRamp(d.offRampTransfer ?? {}),
        status: (d.status ?? "CONFIRMED").toLowerCase(),
      };
  }
}
