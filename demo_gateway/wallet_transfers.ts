/**
 * The asset changes of the demo wallets' activity: token and NFT transfers,
 * and the transfers of fiat on- and off-ramps with their service providers.
 *
 * @module
 */
import type { TokenRecord } from "./catalog.ts";
import { amount } from "./model.ts";
import { round } from "./market.ts";
import type { WalletContext } from "./wallet_context.ts";

/** Direction of a transfer as seen from the wallet. */
export type Direction = "IN" | "OUT" | "SELF";

/** The `TokenTransfer` of `quantity` of `token` (quantity to 8 significant digits, value in USD). */
export function tokenTransfer(
  ctx: WalletContext,
  key: string,
  token: TokenRecord,
  quantity: number,
  sender: string,
  recipient: string,
  direction: Direction,
): Record<string, unknown> {
  return {
    __typename: "TokenTransfer",
    id: `TokenTransfer:${key}`,
    tokenStandard: token.standard,
    asset: ctx.model.token(token),
    sender,
    recipient,
    quantity: String(Number(quantity.toPrecision(8))),
    direction,
    transactedValue: amount(`TokenTransfer:${key}:usd`, round(quantity * token.priceUsd)),
  };
}

/** The `NftTransfer` of an `NftAsset` object. */
export function nftTransfer(
  key: string,
  asset: Record<string, unknown>,
  sender: string,
  recipient: string,
  direction: "IN" | "OUT",
): Record<string, unknown> {
  return {
    __typename: "NftTransfer",
    id: `NftTransfer:${key}`,
    nftStandard: (asset.nftContract as { standard: string }).standard,
    asset,
    sender,
    recipient,
    direction,
  };
}

/** The service provider of a ramp: `on` buys crypto, `off` sells it. */
export function rampProvider(ctx: WalletContext, kind: "on" | "off"): Record<string, unknown> {
  const slug = kind === "on" ? "loopback-ramp" : "seeded-cashout";
  return {
    __typename: kind === "on" ? "OnRampServiceProvider" : "OffRampServiceProvider",
    id: `ServiceProvider:${slug}`,
    serviceProvider: slug.toUpperCase().replace("-", "_"),
    name: kind === "on" ? "Loopback Ramp" : "Seeded Cashout",
    url: `https://${slug}.example.com`,
    logoLightUrl: ctx.model.url(`/logos/app/${slug}.png`),
    logoDarkUrl: ctx.model.url(`/logos/app/${slug}-dark.png`),
    supportUrl: `https://${slug}.example.com/support`,
  };
}

/** A ramp: what it moves and what tells it apart. */
export interface Ramp {
  readonly key: string;
  readonly token: TokenRecord;
  readonly quantity: number;
}

/**
 * The transfer of a fiat ramp: `on` buys `quantity` of `token` with euros,
 * `off` sells it for dollars, through the provider of that kind.
 */
export function rampTransfer(ctx: WalletContext, kind: "on" | "off", ramp: Ramp): Record<string, unknown> {
  const { key, token, quantity } = ramp;
  const on = kind === "on";
  const usd = round(quantity * token.priceUsd);
  const networkFee = on ? 0.5 : 1;
  return {
    __typename: on ? "OnRampTransfer" : "OffRampTransfer",
    id: `${on ? "OnRampTransfer" : "OffRampTransfer"}:${key}`,
    token: ctx.model.token(token),
    tokenStandard: token.standard,
    amount: quantity,
    ...(on
      ? { sourceCurrency: "EUR", sourceAmount: round(usd / 1.087 + 3.5) }
      : { destinationCurrency: "USD", destinationAmount: round(usd - 4) }),
    serviceProvider: rampProvider(ctx, kind),
    transactionReferenceId: `ref-${key}`,
    externalSessionId: `session-${key}`,
    networkFee,
    transactionFee: 3,
    totalFee: networkFee + 3,
  };
}
