/**
 * The swap panel's quote (`swap_quote_query.ts`) as the panel reads it: asked
 * once the inputs have held still 250 ms (typing asks nothing), refreshed by
 * the query, a failure said in words (rate limited, network) and no route as
 * "no liquidity".
 *
 * @module
 */
import { useEffect, useMemo, useState } from "react";
import type { PublicClient } from "viem";
import type { PublicChain } from "../../lib/rpc_directory.ts";
import { convertByPrice } from "../lib/trade_math.ts";
import type { SwapToken, TradeKind } from "./swap_routes.ts";
import { queryClient, useAppQuery } from "../lib/query/query_client.ts";
import { chainKey } from "../lib/query/chain_reads.ts";
import { NO_LIQUIDITY, quoteFailureText, swapQuoteKey, swapQuoteQuery } from "./swap_quote_query.ts";

/** How long the inputs hold still before a quote is asked. */
const SETTLE_MS = 250;

/** The inputs of a quote. */
export interface QuoteInputs {
  readonly client: PublicClient | null;
  readonly chain: PublicChain | null;
  readonly tokenIn: SwapToken | null;
  readonly tokenOut: SwapToken | null;
  readonly kind: TradeKind;
  readonly amount: bigint | null;
  /** USD prices of the output and native tokens, to compare routes net of gas. */
  readonly outPrice: number | null;
  readonly nativePrice: number | null;
  /** Hold still (a review shows a snapshot). */
  readonly paused: boolean;
}

/** `value` once it has held still `ms` (the first value at once). */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The quote of the inputs, its error, and `clear` (after a trade). */
export function useSwapQuote(inputs: QuoteInputs) {
  const { client, chain, tokenIn, tokenOut, kind, amount, outPrice, nativePrice, paused } = inputs;
  const outAddress = tokenOut?.address ?? null;
  const outDecimals = tokenOut?.decimals ?? null;
  // Gas in the output token, at the gateway's prices.
  const nativeToOutput = useMemo(() => {
    if (outAddress === "native") return (wei: bigint) => wei;
    if (outDecimals === null) return null;
    return (wei: bigint) =>
      convertByPrice(wei, { decimals: 18, priceUsd: nativePrice }, { decimals: outDecimals, priceUsd: outPrice }) ??
        0n;
  }, [outAddress, outDecimals, nativePrice, outPrice]);
  const request = { client, chain, tokenIn, tokenOut, kind, amount, nativeToOutput };
  const quoteKey = JSON.stringify(swapQuoteKey(request));
  const settled = useSettled(quoteKey, SETTLE_MS) === quoteKey;
  const read = useAppQuery(swapQuoteQuery(request, { paused, enabled: settled }));
  // Only the key's own answer shows: the query of these inputs, never another's.
  const result = read.isError ? null : read.data ?? null;
  const error = read.isError ? quoteFailureText(read.error) : read.data === null ? NO_LIQUIDITY : null;
  return {
    result,
    error,
    quoteKey,
    nativeToOutput,
    /** Forgets every quote of the chain (a mined swap changed the pools). */
    clear: () => queryClient().removeQueries({ queryKey: chainKey(client, "swapQuote") }),
  };
}
