/**
 * The loader of the screens that show a token picker or a pair (swap, send,
 * buy, sell, limit, add/remove liquidity, positions...): the tokens of the
 * chosen chain the first screen shows (the pair the URL preselects or the
 * panels pick by default), and the tokens the URL preselects. The pickers'
 * whole list is `routes/token-list.ts` (`loadTokenList`), fetched by the
 * browser (`app/lib/token_list.ts`).
 *
 * @module
 */
import type { LoaderFunctionArgs } from "react-router";
import { tokenKey } from "../../lib/address.ts";
import { STABLE_SYMBOLS } from "./default_pair.ts";
import { type Chain, chainFromUrl, chainLabel, chainUrlName, DEFAULT_CHAIN, EVM_CHAINS } from "../../lib/chains.ts";
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
  /**
   * The tokens the first screen shows, in the top-token list's order: every
   * token a panel may pick before a picker opens (`firstScreenTokens`).
   */
  readonly tokens: Loaded<TokenOption[]>;
  /** `true` when `tokens` is already the pickers' whole list (the embedded swap): nothing to fetch. */
  readonly complete?: boolean;
  /** Preselected keys from the URL (`inputCurrency`, `outputCurrency`, path ids). */
  readonly input: string | null;
  readonly output: string | null;
  /** Route parameters, for the screen's title (position id, pair...). */
  readonly params: Readonly<Record<string, string | undefined>>;
}

/** The stablecoins a default pair may pick (`default_pair.ts`). */
const DEFAULT_STABLES = new Set(STABLE_SYMBOLS);
/** How many of the list's first tokens the default picks may reach (two picks past native and its wrapper). */
const DEFAULT_HEAD = 4;

/**
 * The tokens of `all` the first screen may show before a picker opens, in
 * `all`'s order: the first few, the native token and its wrapper, the
 * stablecoins a default pair prefers, and the URL's `input` and `output`.
 * Every panel's default pick over these is its pick over `all`.
 */
export function firstScreenTokens(
  all: readonly TokenOption[],
  wrappedNative: string | null,
  input: string | null,
  output: string | null,
): TokenOption[] {
  const wrapped = wrappedNative?.toLowerCase();
  return all.filter((t, i) =>
    i < DEFAULT_HEAD || t.key === "NATIVE" || t.key === wrapped || t.key === input || t.key === output ||
    DEFAULT_STABLES.has(t.symbol)
  );
}

/** The chain of a trade screen's URL: the route's `:chainName`, else `?chain=`, else the default. */
function tradeChain(url: URL, params: LoaderFunctionArgs["params"]): Chain {
  return chainFromUrl(params.chainName ?? url.searchParams.get("chain")) ?? DEFAULT_CHAIN;
}

/** Loads what the first screen shows; path ids (`currencyIdA`/`B`) preselect the pair. */
export async function loadTrade({ request, params, context }: LoaderFunctionArgs): Promise<TradeData> {
  const url = new URL(request.url);
  const chain = tradeChain(url, params);
  const input = tokenKey(url.searchParams.get("inputCurrency") ?? params.currencyIdA);
  const output = tokenKey(url.searchParams.get("outputCurrency") ?? params.currencyIdB);
  const wrapped = EVM_CHAINS[chainUrlName(chain)]?.contracts.wrappedNative ?? null;
  const client = context.gatewayClient();
  const tokens = await load(
    context,
    async () => firstScreenTokens((await fetchTopTokens(client, chain)).map(topTokenOption), wrapped, input, output),
  );
  return {
    chain,
    chainName: chainUrlName(chain),
    chainLabel: chainLabel(chain),
    tokens,
    input,
    output,
    params: { ...params },
  };
}

/** Cache lifetime of the pickers' list: the top tokens' prices move, a minute old is fine. */
const TOKEN_LIST_CACHE = "public, max-age=60";

/**
 * The pickers' whole list of `?chain=` (`routes/token-list.ts`): the chain's
 * top tokens as `TokenOption[]` JSON, publicly cacheable for a minute; a
 * gateway failure is a `502` with the message in plain words, never cached.
 */
export async function loadTokenList({ request, params, context }: LoaderFunctionArgs): Promise<Response> {
  const chain = tradeChain(new URL(request.url), params);
  const tokens = await load(
    context,
    async () => (await fetchTopTokens(context.gatewayClient(), chain)).map(topTokenOption),
  );
  if (!tokens.ok) {
    return Response.json({ error: tokens.error }, { status: 502, headers: { "cache-control": "no-store" } });
  }
  return Response.json(tokens.data, { headers: { "cache-control": TOKEN_LIST_CACHE } });
}
