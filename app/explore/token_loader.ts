/**
 * The loader of the token pages (`/explore/tokens/:chainName/:tokenAddress`
 * and `/tokens/:chainName/:tokenAddress`).
 *
 * @module
 */
import type { LoaderFunctionArgs } from "react-router";
import { chainLabel, chainUrlName, parseChain, resolveTokenAddress } from "../../lib/chains.ts";
import { runQuery } from "../../queries/client.ts";
import type { ResultOf } from "../../queries/graphql.ts";
import { TokenDetailsQuery } from "../../queries/token.ts";
import { fetchTopPools, type Page, VERSIONS } from "../lib/explore_data.ts";
import { TOKEN_POOL_ROWS } from "../lib/paging.ts";
import { gatewayMessage, load, type Loaded, type PageFrame, type PageProblem, unknownChain } from "../lib/load.ts";
import {
  type Description,
  fetchDescription,
  fetchTokenChart,
  fetchTokenTransactions,
  type LanguageCode,
  LANGUAGES,
  TOKEN_TX_FIRST_PAGE,
  type TokenChart,
  type TokenRef,
} from "./token_data.ts";
import type { PoolRow, TransactionRow } from "../lib/rows.ts";

/** The token as the details query returns it. */
export type TokenDetails = NonNullable<
  ResultOf<typeof TokenDetailsQuery>["token"]
>;

/** The parts of the token page that stream in after its frame. */
export interface TokenPageParts {
  readonly chart: Loaded<TokenChart | null>;
  readonly transactions: Loaded<Page<TransactionRow>>;
  readonly pools: Loaded<Page<PoolRow>>;
  readonly description: Loaded<Description>;
}

/** The token and its page's frame, known after one gateway round trip. */
export interface TokenPageFrame extends PageFrame<TokenRef> {
  /** The address as the URL gives it (`NATIVE` for the native token). */
  readonly address: string;
  readonly token: TokenDetails;
}

/** What the token page renders: the frame and every part. */
export type TokenPageData = PageProblem | (TokenPageFrame & TokenPageParts);

/** What the token loader returns: the frame, and the parts still on their way (streamed). */
export type TokenPageStream = PageProblem | (TokenPageFrame & { readonly parts: Promise<TokenPageParts> });

/**
 * Loads the token page; unknown chains and tokens give `not-found`. Every
 * gateway call starts at once (chain and address from the URL are all the
 * chart, pools, transactions and description need): the frame waits for the
 * token's details only, the parts stream in after it.
 */
export async function loadTokenPage(
  { request, params, context }: LoaderFunctionArgs,
): Promise<TokenPageStream> {
  const chainName = params.chainName ?? "";
  const address = params.tokenAddress ?? "";
  const chain = parseChain(chainName);
  if (!chain) {
    return unknownChain(chainName);
  }
  let resolved: string | undefined;
  try {
    resolved = resolveTokenAddress(chain, address);
  } catch (error) {
    return { status: "not-found", message: error instanceof Error ? error.message : String(error) };
  }
  const ref: TokenRef = { chain, address: resolved ?? null };
  const langParam = new URL(request.url).searchParams.get("lang")
    ?.toLowerCase();
  const lang: LanguageCode = LANGUAGES.find((l) => l.code === langParam)?.code ??
    "en";
  const client = context.gatewayClient();
  const details = runQuery(client, TokenDetailsQuery, { chain, address: resolved });
  // `load` never rejects: these need no handler if the token turns out unknown.
  const parts = Promise.all([
    load(context, () => fetchTokenChart(client, ref, "price", "DAY")),
    load(context, () => fetchTokenTransactions(client, ref, undefined, TOKEN_TX_FIRST_PAGE)),
    resolved
      ? load(context, async () => {
        const page = await fetchTopPools(client, { chain, versions: VERSIONS, tokenAddress: resolved });
        // The page shows the top few: the rest would only weigh on the document.
        return { ...page, rows: page.rows.slice(0, TOKEN_POOL_ROWS) };
      })
      : Promise.resolve({ ok: true, data: { rows: [], cursors: {} } } as const),
    load(context, () => fetchDescription(client, ref, lang)),
  ]).then(([chart, transactions, pools, description]): TokenPageParts => ({
    chart,
    transactions,
    pools: pools as Loaded<Page<PoolRow>>,
    description,
  }));
  let token: TokenDetails | null;
  try {
    token = (await details).data?.token ?? null;
  } catch (error) {
    return { status: "error", message: gatewayMessage(error) };
  }
  if (!token) {
    return { status: "not-found", message: `No token at ${address} on ${chainLabel(chain)}.` };
  }
  return {
    status: "ok",
    ref,
    chainName: chainUrlName(chain),
    chainLabel: chainLabel(chain),
    address,
    token,
    parts,
    now: Date.now(),
  };
}
