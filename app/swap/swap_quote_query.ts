/**
 * The swap quote as a query of the app's one client (`app/lib/query/`), keyed
 * by chain, tokens, kind and amount (`["chain", chainId, "swapQuote", …]`):
 * only a quote of the inputs on screen is ever shown (the key, not
 * placeholder data); it refreshes every 12 s while the screen is open and not
 * paused (a review holds a snapshot), and every 3 s after a failure; a
 * network failure is retried once at once, a rate limit never (the next
 * refresh asks again). A mined swap's `refreshChainReads()` refetches it.
 *
 * @module
 */
import { type Query, queryOptions } from "@tanstack/react-query";
import type { PublicClient } from "viem";
import type { PublicChain } from "../../lib/rpc_directory.ts";
import { chainKey } from "../lib/query/chain_reads.ts";
import { quoteFailure, type SwapToken, type TradeKind } from "./swap_routes.ts";
import { quote as quoteTrade, type QuoteResult } from "./actions/quote.ts";

/** How often an open screen refreshes its quote. */
export const QUOTE_REFRESH_MS = 12_000;
/** How soon a failed quote (rate limit, network) is asked again. */
export const QUOTE_AFTER_FAILURE_MS = 3_000;
/** What the screen says when no route can fill the trade. */
export const NO_LIQUIDITY = "No liquidity for this trade: no pool between these tokens can fill it";

/** What the screen says when a quote failed on the way, never "no route" for an error. */
export function quoteFailureText(error: unknown): string {
  const why = quoteFailure(error);
  if (why === "rate limited") return "Quote delayed: the chain's RPC is rate limited right now; retrying…";
  if (why === "network") return "Quote failed: the chain's RPC cannot be reached (network error); retrying…";
  const e = error as { shortMessage?: string; message?: string } | null;
  return `Quote failed: ${(e?.shortMessage ?? e?.message ?? "unknown error").split("\n")[0]}; retrying…`;
}

/** What a quote is asked for. */
export interface QuoteRequest {
  readonly client: PublicClient | null;
  readonly chain: PublicChain | null;
  readonly tokenIn: SwapToken | null;
  readonly tokenOut: SwapToken | null;
  readonly kind: TradeKind;
  /** The exact side's amount in base units; nothing is asked without a positive one. */
  readonly amount: bigint | null;
  /** Gas in the output token, to compare routes net of gas (`null`: on what they return alone). */
  readonly nativeToOutput: ((wei: bigint) => bigint) | null;
}

/** The key of a quote: chain, both tokens, kind and amount (bigints as decimal text). */
export function swapQuoteKey(request: Pick<QuoteRequest, "client" | "tokenIn" | "tokenOut" | "kind" | "amount">) {
  const { client, tokenIn, tokenOut, kind, amount } = request;
  return chainKey(
    client,
    "swapQuote",
    tokenIn?.address.toLowerCase() ?? null,
    tokenOut?.address.toLowerCase() ?? null,
    kind,
    amount?.toString() ?? null,
  );
}

/** Whether a failure is worth one more try at once: a network failure, never a rate limit. */
export function retryQuote(failures: number, error: unknown): boolean {
  return failures < 1 && quoteFailure(error) === "network";
}

/**
 * The quote's options: `data` is the best trade, or `null` when no route can
 * fill it (no liquidity); an error is a failure on the way. `paused` stops the
 * refresh (the review shows a snapshot); `enabled` false holds it (typing).
 */
export function swapQuoteQuery(request: QuoteRequest, options: { paused: boolean; enabled: boolean }) {
  const { client, chain, tokenIn, tokenOut, kind, amount, nativeToOutput } = request;
  const ready = !!client && !!chain && !!tokenIn && !!tokenOut && amount !== null && amount > 0n;
  return queryOptions({
    queryKey: swapQuoteKey(request),
    queryFn: (): Promise<QuoteResult | null> => {
      if (!client || !chain || !tokenIn || !tokenOut || !amount) throw new Error("Nothing to quote");
      return quoteTrade(client, { contracts: chain.contracts, tokenIn, tokenOut, kind, amount, nativeToOutput });
    },
    enabled: ready && options.enabled,
    staleTime: QUOTE_REFRESH_MS,
    refetchInterval: (query: Query<QuoteResult | null, Error, QuoteResult | null, readonly unknown[]>) =>
      options.paused ? false : query.state.status === "error" ? QUOTE_AFTER_FAILURE_MS : QUOTE_REFRESH_MS,
    refetchOnWindowFocus: !options.paused,
    retry: retryQuote,
    retryDelay: 500,
  });
}
