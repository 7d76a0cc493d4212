/**
 * The loader shared by the explore screens (`/`, `/explore`, `/tokens`,
 * `/tokens/:chainName`): chain from the path or `?chain=`, tab, pool
 * version and token filter from the query string.
 *
 * @module
 */
import type { LoaderFunctionArgs } from "react-router";
import { checkAddress } from "../../lib/address.ts";
import { type Chain, chainFromUrl, chainLabel, chainUrlName } from "../../lib/chains.ts";
import {
  type Cursors,
  fetchChainTransactions,
  fetchProtocolVolume,
  fetchTopPools,
  fetchTopTokens,
  type Page,
  type Version,
  VERSIONS,
  type VolumeDay,
} from "../lib/explore_data.ts";
import { load, type Loaded } from "../lib/load.ts";
import type { PoolRow, TokenRow, TransactionRow } from "../lib/rows.ts";

/**
 * Top tokens the document carries: about a first screen of the tokens table;
 * the browser fetches the rest when "Show more" or a sort asks.
 */
export const FIRST_TOKEN_ROWS = 10;

/** Tabs of the explore screen. */
export type ExploreTab = "tokens" | "pools" | "transactions";

/** What the explore screens render. */
export interface ExploreData {
  /** `null` when the chain in the URL is not one the gateway knows. */
  readonly chain: Chain | null;
  readonly chainName: string;
  readonly chainLabel: string;
  readonly tab: ExploreTab;
  /** `all` or one version. */
  readonly version: Version | "all";
  /** Token address the pools are filtered by. */
  readonly tokenFilter: string | null;
  readonly tokenFilterError: string | null;
  /** Search text of `/tokens?q=`. */
  readonly query: string;
  /** The first {@linkcode FIRST_TOKEN_ROWS} top tokens (every match of a search). */
  readonly tokens: Loaded<TokenRow[]> | null;
  /** How many top tokens there are in all (`tokens` may hold the first page only). */
  readonly tokensTotal: number;
  readonly pools: Loaded<Page<PoolRow>> | null;
  readonly transactions: Loaded<Page<TransactionRow>> | null;
  readonly volume: Loaded<VolumeDay[]> | null;
  /** Server time of the render (ms), for "ago" labels. */
  readonly now: number;
}

function matches(row: TokenRow, query: string): boolean {
  const q = query.toLowerCase();
  return row.symbol.toLowerCase().includes(q) ||
    row.name.toLowerCase().includes(q) ||
    row.href.toLowerCase().endsWith(`/${q}`);
}

/** Loads an explore screen (`?tab=` tokens, pools or transactions; tokens without one). */
export async function loadExplore({ request, params, context }: LoaderFunctionArgs): Promise<ExploreData> {
  const url = new URL(request.url);
  const requested = params.chainName ?? url.searchParams.get("chain");
  const chain = chainFromUrl(requested);
  const tabParam = url.searchParams.get("tab");
  const tab: ExploreTab = tabParam === "pools" || tabParam === "transactions" ||
      tabParam === "tokens"
    ? tabParam
    : "tokens";
  const versionParam = url.searchParams.get("version")?.toLowerCase();
  const version: Version | "all" = VERSIONS.find((v) => v === versionParam) ??
    "all";
  const tokenParam = url.searchParams.get("token")?.trim() || null;
  const tokenCheck = tokenParam ? checkAddress(tokenParam) : null;
  const tokenFilter = tokenCheck?.ok ? tokenCheck.address : null;
  const query = url.searchParams.get("q")?.trim() ?? "";
  const base = {
    chain,
    chainName: chain ? chainUrlName(chain) : requested ?? "",
    chainLabel: chain ? chainLabel(chain) : requested ?? "",
    tab,
    version,
    tokenFilter,
    tokenFilterError: tokenCheck && !tokenCheck.ok ? tokenCheck.error : null,
    query,
    now: Date.now(),
  };
  if (!chain) {
    return { ...base, tokens: null, tokensTotal: 0, pools: null, transactions: null, volume: null };
  }
  const client = context.gatewayClient();
  const [allTokens, pools, transactions, volume] = await Promise.all([
    tab === "tokens"
      ? load(context, async () => {
        const rows = await fetchTopTokens(client, chain);
        return query ? rows.filter((r) => matches(r, query)) : rows;
      })
      : null,
    tab === "pools"
      ? load(context, () =>
        fetchTopPools(client, {
          chain,
          versions: version === "all" ? VERSIONS : [version],
          tokenAddress: tokenFilter,
        }))
      : null,
    tab === "transactions" ? load(context, () => fetchChainTransactions(client, { chain })) : null,
    query ? null : load(context, () => fetchProtocolVolume(client, chain)),
  ]);
  // A search shows every match; the top list sends its first page (the rest stays out of the document).
  const tokens = allTokens?.ok && !query
    ? { ok: true as const, data: allTokens.data.slice(0, FIRST_TOKEN_ROWS) }
    : allTokens;
  const tokensTotal = allTokens?.ok ? allTokens.data.length : 0;
  return { ...base, tokens, tokensTotal, pools, transactions, volume };
}

/** Cursor state serialised for the browser's "load more". */
export type { Cursors };
