/**
 * The new V3 position form as one hook: its state (`v3_new_position_state.ts`
 * reducer), its chain reads (the pair's pools at every tier with what each
 * holds, the holder's balances of both sides, as queries), its figures
 * (`positionMath`), the fee tier choices with TVL and the most used one,
 * and `create`, which opens the mint's review. The screen only renders.
 *
 * @module
 */
import { useReducer } from "react";
import { useQueries } from "@tanstack/react-query";
import { getAddress } from "viem";
import { type Address, isAddress, NATIVE_PLACEHOLDER } from "../../lib/address.ts";
import type { NewPositionData } from "../lib/wallet_loaders.ts";
import { parseSlippage } from "../lib/trade_math.ts";
import { balanceQuery } from "../lib/query/chain_reads.ts";
import { queryClient } from "../lib/query/query_client.ts";
import { useChain } from "./liquidity_shared.tsx";
import { usePairPools } from "./v3_pair_pools.ts";
import { positionMath } from "./v3_new_position_math.ts";
import { mintReview } from "./v3_mint_review.ts";
import { useTokenOptions } from "../wallet/token_options.ts";
import { useMintedTokenId } from "./minted_position.ts";
import { useWallet } from "../wallet/wallet_store.ts";
import { txBusy } from "../wallet/tx_status.tsx";
import type { TokenMeta } from "./liquidity_shared.tsx";
import { mostUsedFee, tierChoices } from "./fee_tiers.ts";
import { initialNewPosition, newPositionReducer } from "./v3_new_position_state.ts";

/** The pair the link names, else the native token and a stablecoin, as people usually start. */
function firstPair(data: NewPositionData) {
  const listed = data.tokens.ok ? data.tokens.data : [];
  const a = data.input ?? NATIVE_PLACEHOLDER;
  const b = data.output ??
    (listed.find((t) => t.symbol === "USDC") ?? listed.find((t) => t.key !== a))?.key ?? "";
  return { a, b, fee: data.fee ?? null };
}

/** Everything the new position screen renders and does. */
export function useNewPositionForm(data: NewPositionData) {
  const wallet = useWallet();
  const { chain, client } = useChain(wallet, data.chain);
  const { tokens, list } = useTokenOptions(data, client);
  const [state, dispatch] = useReducer(newPositionReducer, data, (d) => initialNewPosition(firstPair(d)));
  const weth = chain?.contracts.wrappedNative ?? null;
  const toAddress = (key: string): Address | null =>
    key === NATIVE_PLACEHOLDER ? weth : isAddress(key) ? getAddress(key) : null;
  const [addressA, addressB] = [toAddress(state.a), toAddress(state.b)];
  const nativeSide = state.a === NATIVE_PLACEHOLDER ? addressA : state.b === NATIVE_PLACEHOLDER ? addressB : null;
  const { pair, pools, reserves } = usePairPools(client, chain, addressA, addressB);
  const optionOf = (t: TokenMeta) =>
    tokens.find((o) => o.key === (t.address === nativeSide ? NATIVE_PLACEHOLDER : t.address.toLowerCase()));
  const priceOfToken = (t: TokenMeta) => optionOf(t)?.price ?? null;
  const choices = tierChoices(pools, reserves, {
    decimals: [pair?.[0].decimals ?? 18, pair?.[1].decimals ?? 18],
    prices: pair ? [priceOfToken(pair[0]), priceOfToken(pair[1])] : [null, null],
  });
  const deepest = mostUsedFee(choices);
  const fee = state.fee ?? data.fee ?? deepest ?? 3000;
  const pool = pools === undefined ? undefined : pools.get(fee) ?? null;
  const m = positionMath({
    pair,
    pool,
    pools,
    deepest,
    fee,
    inverted: state.inverted,
    startText: state.startText,
    preset: state.preset,
    typed: state.typed,
    amount: state.amount,
    priceOfToken,
    nativeSymbol: chain?.nativeCurrency.symbol ?? "ETH",
    nativeSide,
  });
  const account = wallet.status === "connected" ? wallet.address : null;
  const held = useQueries({
    queries: [m.t0, m.t1].map((t) =>
      balanceQuery(client, t ? (t.address === nativeSide ? "native" : t.address) : null, account)
    ),
  }, queryClient());
  const slippage = parseSlippage(state.slippageText);
  const minted = useMintedTokenId(client, state.status, chain?.contracts.v3PositionManager);
  const context = chain && client && wallet.address && wallet.chainId !== null
    ? { chain, client, from: wallet.address, walletChainId: wallet.chainId }
    : null;

  /** Opens the mint's review; nothing is sent until the holder confirms in it. */
  function create() {
    const { t0, t1, amount0, amount1, tickLower, tickUpper, sqrtPrice } = m;
    if (!context || !t0 || !t1 || !slippage.ok || amount0 === null || amount1 === null) return;
    if (tickLower === null || tickUpper === null || sqrtPrice === null) return;
    const review = mintReview({
      context,
      math: { ...m, t0, t1, amount0, amount1, tickLower, tickUpper, sqrtPrice },
      pool,
      fee,
      nativeSide,
      startText: state.startText,
      slippageBps: slippage.bps,
    });
    dispatch({ type: "review", review: { ...review, onDone: () => dispatch({ type: "done" }) } });
  }

  return {
    wallet,
    chain,
    context,
    tokens,
    list,
    state,
    dispatch,
    nativeSide,
    pools,
    pool,
    fee,
    choices,
    m,
    optionOf,
    balances: [held[0]?.data ?? null, held[1]?.data ?? null] as const,
    slippage,
    minted,
    busy: txBusy(state.status) || state.review !== null,
    create,
  };
}
