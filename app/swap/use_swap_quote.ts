/**
 * The swap panel's quote: asked 250 ms after the inputs change, then every
 * 12 s while the screen is open and nothing is being reviewed; it counts only
 * for the inputs it was asked for (a stale one is never shown nor sent). A
 * failure says why (rate limited, network, no liquidity) and a transport
 * failure is tried again shortly.
 *
 * @module
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { PublicClient } from "viem";
import type { PublicChain } from "../../lib/rpc_directory.ts";
import { convertByPrice } from "../lib/wallet_math.ts";
import { quoteFailure, type SwapToken, type TradeKind } from "../lib/wallet_swap.ts";
import { quote as quoteTrade, type QuoteResult } from "../wallet/actions/quote.ts";

/** How often an open screen refreshes its quote. */
const QUOTE_REFRESH_MS = 12_000;
/** How soon a quote that failed on the transport (rate limit, network) is tried again. */
const QUOTE_RETRY_MS = 1_500;
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
  readonly refresh: number;
}

/** The quote of the inputs, its error, and `clear` (after a trade). */
export function useSwapQuote(inputs: QuoteInputs) {
  const { client, chain, tokenIn, tokenOut, kind, amount, outPrice, nativePrice, paused, refresh } = inputs;
  const [quoted, setQuoted] = useState<{ key: string; result: QuoteResult | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const quoteKey = `${tokenIn?.address}|${tokenOut?.address}|${kind}|${amount}`;
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

  const seqRef = useRef(0);
  const run = useCallback(async () => {
    const seq = ++seqRef.current;
    if (!client || !chain || !tokenIn || !tokenOut || !amount || amount <= 0n) return setQuoted(null);
    let failure: string | null = null;
    const found = await quoteTrade(client, {
      contracts: chain.contracts,
      tokenIn,
      tokenOut,
      kind,
      amount,
      nativeToOutput,
    })
      .catch((e) => {
        failure = quoteFailureText(e);
        return null;
      });
    if (seq !== seqRef.current) return;
    setQuoted({ key: quoteKey, result: found });
    setError(found ? null : failure ?? NO_LIQUIDITY);
    if (failure) setTimeout(() => seq === seqRef.current && void run(), QUOTE_RETRY_MS);
  }, [client, chain, quoteKey, nativeToOutput]);

  useEffect(() => {
    const timer = setTimeout(() => void run(), 250);
    const interval = setInterval(() => !paused && void run(), QUOTE_REFRESH_MS);
    return () => {
      clearTimeout(timer);
      clearInterval(interval);
    };
  }, [run, refresh, paused]);

  const result = quoted?.key === quoteKey ? quoted.result : null;
  return { result, error, quoteKey, nativeToOutput, clear: () => setQuoted(null) };
}
