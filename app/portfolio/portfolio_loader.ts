/**
 * Loaders of the portfolio pages. Each reads the wallet from `?address=`;
 * without one the page shows only the address form, with an invalid one the
 * form says why.
 *
 * @module
 */
import type { LoaderFunctionArgs } from "react-router";
import { checkAddress } from "../../lib/address.ts";
import { load, type Loaded } from "../lib/load.ts";
import {
  type ActivityPage,
  type Balances,
  fetchActivity,
  fetchBalances,
  fetchNfts,
  type NftPage,
} from "../lib/portfolio_data.ts";

/** The wallet of a portfolio page. */
export interface PortfolioWallet {
  /** The checked address (lower case), or `null` without a valid one. */
  readonly address: string | null;
  /** What the URL gave, for the form. */
  readonly input: string;
  /** Why the given address is not valid. */
  readonly error: string | null;
}

/** What every portfolio page renders. */
export interface PortfolioPageData {
  readonly wallet: PortfolioWallet;
  readonly balances: Loaded<Balances> | null;
  readonly activity: Loaded<ActivityPage> | null;
  readonly nfts: Loaded<NftPage> | null;
  /** Gateway WebSocket endpoint for live activity, if it has one. */
  readonly graphqlWsUrl: string | null;
  readonly now: number;
}

/** Reads and checks `?address=`. */
export function walletOf(request: Request): PortfolioWallet {
  const input = new URL(request.url).searchParams.get("address")?.trim() ?? "";
  if (input === "") return { address: null, input, error: null };
  const check = checkAddress(input);
  return check.ok ? { address: check.address, input, error: null } : { address: null, input, error: check.error };
}

/** What a portfolio page needs. */
export type PortfolioNeeds = {
  balances?: boolean;
  activity?: number;
  nfts?: boolean;
};

/** Loads a portfolio page with what it needs. */
export async function loadPortfolio(
  { request, context }: LoaderFunctionArgs,
  needs: PortfolioNeeds,
): Promise<PortfolioPageData> {
  const wallet = walletOf(request);
  const base = { wallet, graphqlWsUrl: context.graphqlWsUrl ?? null, now: Date.now() };
  const address = wallet.address;
  if (!address) return { ...base, balances: null, activity: null, nfts: null };
  const client = context.gatewayClient();
  const [balances, activity, nfts] = await Promise.all([
    needs.balances ? load(context, () => fetchBalances(client, address)) : null,
    needs.activity ? load(context, () => fetchActivity(client, address, 1, needs.activity)) : null,
    needs.nfts ? load(context, () => fetchNfts(client, address)) : null,
  ]);
  return { ...base, balances, activity, nfts };
}
