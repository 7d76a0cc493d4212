/**
 * What every part of the demo wallets' data shares: the model it is built
 * from, the wallets' activity lists (built once per wallet), the demo
 * wallets' canonical addresses and the router demo swaps go through.
 *
 * @module
 */
import { DEMO_WALLET, SECOND_DEMO_WALLET } from "./fixtures.ts";
import type { TokenRecord } from "./catalog.ts";
import type { Model } from "./model.ts";

/** Address of the Universal Router that demo swaps go through. */
export const UNIVERSAL_ROUTER = "0x66a9893cC07D91D95644AEDD05D03f95e1dBA8Af";

/** One wallet activity with what `Portfolio.assetActivities` filters on. */
export interface Activity {
  /** The `AssetActivity` object. */
  readonly object: Record<string, unknown>;
  readonly chain: string;
  readonly offChain: boolean;
  readonly bridging: boolean;
}

/** The state the wallet functions share, passed to each of them. */
export interface WalletContext {
  /** The model that makes the GraphQL objects of tokens and URLs. */
  readonly model: Model;
  /** Activity lists by canonical wallet address, filled on first use. */
  readonly activities: Map<string, Activity[]>;
}

/** A fresh {@linkcode WalletContext} over a model. */
export function createWalletContext(model: Model): WalletContext {
  return { model, activities: new Map() };
}

/** The catalog's token on `chain` at `address` (`null`: the native token); throws if the catalog has none. */
export function tokenOf(ctx: WalletContext, chain: string, address: string | null): TokenRecord {
  const record = ctx.model.ctx.catalog.token(chain, address);
  if (!record) throw new Error(`Demo token ${chain}:${address} is missing`);
  return record;
}

/** The demo wallet an address names (case-insensitive), else the address. */
export function canonicalWallet(address: string): string {
  const lower = address.toLowerCase();
  for (const wallet of [DEMO_WALLET, SECOND_DEMO_WALLET]) {
    if (wallet.toLowerCase() === lower) return wallet;
  }
  return address;
}
