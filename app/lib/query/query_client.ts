/**
 * The one TanStack Query client of the browser: every chain read of the app
 * (balances, decimals, allowances, pool state, quotes, positions) is a query
 * in it, so caching, staleness, refetching on focus, retries and errors are
 * written once, here and in the option factories beside it.
 *
 * The client is a module singleton handed to `useQuery(options, client)`
 * rather than a provider at the root: the wallet code loads with the swap and
 * liquidity islands, so the first visit's scripts carry no query code. On the
 * server (no `document`) every call gets a new, empty client: a render never
 * shares cached reads between visitors, and chain reads do not run there.
 *
 * @module
 */
import { QueryClient, useQuery, type UseQueryOptions, type UseQueryResult } from "@tanstack/react-query";

/** Chain reads are fresh this long; a new block every 12 s on Ethereum. */
export const CHAIN_STALE_MS = 12_000;

/** Whether an error is a rate limit (`429`), which a retry only makes worse. */
export function isRateLimited(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${(error as { details?: string }).details ?? ""}` : "";
  return /\b429\b|rate limit|too many requests/i.test(text);
}

function makeClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: CHAIN_STALE_MS,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: true,
        // Once more on a network hiccup, never on a rate limit.
        retry: (failures, error) => failures < 1 && !isRateLimited(error),
      },
    },
  });
}

let browserClient: QueryClient | undefined;

/** The app's query client (a fresh one per call on the server). */
export function queryClient(): QueryClient {
  if (typeof document === "undefined") return makeClient();
  return browserClient ??= makeClient();
}

/** `useQuery` on the app's client. */
export function useAppQuery<T, K extends readonly unknown[]>(
  options: UseQueryOptions<T, Error, T, K>,
): UseQueryResult<T, Error> {
  return useQuery(options, queryClient());
}

/**
 * Marks every chain read stale and refetches the ones on screen: after a
 * mined transaction, balances, allowances and positions change at once.
 */
export function refreshChainReads(): Promise<void> {
  return queryClient().invalidateQueries({ queryKey: ["chain"] });
}
