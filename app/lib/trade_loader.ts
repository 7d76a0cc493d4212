/**
 * The loader of the screens that show a token picker or a pair (swap, send,
 * buy, sell, limit, add/remove liquidity, positions...): real tokens of the
 * chosen chain from the gateway, and the tokens the URL preselects.
 *
 * @module
 */
import type { LoaderFunctionArgs } from "react-router";
import { tokenKey } from "../../lib/address.ts";
import { type Chain, chainFromUrl, chainLabel, chainUrlName, DEFAULT_CHAIN } from "../../lib/chains.ts";
import { fetchTopTokens } from "./explore_data.ts";
import { load, type Loaded } from "./load.ts";
import type { TokenRow } from "./rows.ts";

/** A token a picker offers. */
export interface TokenOption {
  /** `NATIVE` for the chain's native token, else the address (lower case). */
  readonly key: string;
  readonly symbol: string;
  readonly name: string;
  readonly logoUrl: string | null;
  readonly price: number | null;
  readonly href: string;
}

/** The key of a token in the pickers: `NATIVE` or the lower-case address. */
export function tokenOptionKey(address: string | null): string {
  return address === null || address.toUpperCase() === "NATIVE" ? "NATIVE" : address.toLowerCase();
}

/** A top-token row as the pickers offer it (its key is the last segment of its page's URL). */
export function topTokenOption(row: TokenRow): TokenOption {
  return {
    key: tokenOptionKey(row.href.split("/").pop() ?? ""),
    symbol: row.symbol,
    name: row.name,
    logoUrl: row.logoUrl,
    price: row.price,
    href: row.href,
  };
}

/** What a trade-like screen renders. */
export interface TradeData {
  readonly chain: Chain;
  readonly chainName: string;
  readonly chainLabel: string;
  readonly tokens: Loaded<TokenOption[]>;
  /** Preselected keys from the URL (`inputCurrency`, `outputCurrency`, path ids). */
  readonly input: string | null;
  readonly output: string | null;
  /** Route parameters, for the screen's title (position id, pair...). */
  readonly params: Readonly<Record<string, string | undefined>>;
}

/** Loads the token picker data; path ids (`currencyIdA`/`B`) preselect the pair. */
export async function loadTrade({ request, params, context }: LoaderFunctionArgs): Promise<TradeData> {
  const url = new URL(request.url);
  const chain = chainFromUrl(params.chainName ?? url.searchParams.get("chain")) ?? DEFAULT_CHAIN;
  const client = context.gatewayClient();
  const tokens = await load(context, async () => (await fetchTopTokens(client, chain)).map(topTokenOption));
  return {
    chain,
    chainName: chainUrlName(chain),
    chainLabel: chainLabel(chain),
    tokens,
    input: tokenKey(url.searchParams.get("inputCurrency") ?? params.currencyIdA),
    output: tokenKey(url.searchParams.get("outputCurrency") ?? params.currencyIdB),
    params: { ...params },
  };
}
