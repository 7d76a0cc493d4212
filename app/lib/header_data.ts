/**
 * What the header fetches in the browser: the chain's top tokens for the
 * search suggestions and which chains have no tokens at all (the chain
 * menu). The header imports this module only when the visitor focuses the
 * search or opens the menu, so pages load the GraphQL client with their
 * screens, not with the header.
 *
 * @module
 */
import { type Chain, CHAINS } from "../../lib/chains.ts";
import { memoizeUntilFailure } from "../../lib/memoize.ts";
import { getBrowserClient, runQuery } from "../../queries/client.ts";
import { TopTokensQuery } from "../../queries/token.ts";
import { BROWSER_GRAPHQL_PATH } from "../../lib/load_context.ts";
import { type TokenRow, topTokenRows } from "./rows.ts";

let emptyChains: Promise<ReadonlySet<string>> | null = null;

/** The top 100 tokens of a chain by volume (fetched once per visit; a failure is retried next time). */
export const topTokenSuggestions: (chain: Chain) => Promise<TokenRow[]> = memoizeUntilFailure((chain: Chain) =>
  runQuery(getBrowserClient(BROWSER_GRAPHQL_PATH), TopTokensQuery, {
    chain,
    page: 1,
    pageSize: 100,
    orderBy: "VOLUME",
  }).then(({ data }) => topTokenRows(data?.topTokens ?? null))
);

/** URL names of the chains whose top tokens list is empty (checked once per visit). */
export function chainsWithoutData(): Promise<ReadonlySet<string>> {
  emptyChains ??= Promise.all(
    CHAINS.map(async (c) => {
      try {
        const { data } = await runQuery(getBrowserClient(BROWSER_GRAPHQL_PATH), TopTokensQuery, {
          chain: c.chain,
          page: 1,
          pageSize: 1,
          orderBy: "VOLUME",
        });
        return (data?.topTokens ?? []).some(Boolean) ? null : c.urlName;
      } catch {
        return null; // Unknown: not marked.
      }
    }),
  ).then((names) => new Set(names.filter((n): n is string => n !== null)));
  return emptyChains;
}
