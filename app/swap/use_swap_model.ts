/**
 * The swap panel's model: the form (one reducer), the tokens and their reads,
 * the quote, and what follows from them (the plan sent, the slippage, the
 * flagged tokens, the impact acknowledgement, the button's words).
 *
 * @module
 */
import { useMemo, useState } from "react";
import { formatUnits } from "viem";
import type { Address } from "../../lib/address.ts";
import { EVM_CHAINS } from "../../lib/chains.ts";
import type { TradeData } from "../lib/trade_loader.ts";
import { defaultPair } from "../lib/default_pair.ts";
import {
  autoSlippageBps,
  IMPACT_ACK_BPS,
  impactAccepted,
  parseAmount,
  parseDeadline,
  parseSlippage,
  type SlippageCheck,
} from "../lib/trade_math.ts";
import { buildUniversalTrade, type UniversalPlan } from "./universal_router.ts";
import type { SwapToken } from "./swap_routes.ts";
import { optionAddress, useTokenOptions } from "../wallet/token_options.ts";
import { publicClient, useWallet } from "../wallet/wallet_store.ts";
import { useSwapForm } from "./use_swap_form.ts";
import { useSwapReads } from "./use_swap_reads.ts";
import { refreshChainReads } from "../lib/query/query_client.ts";
import { useSwapQuote } from "./use_swap_quote.ts";

/** A token of the pair once its decimals are read. */
function swapToken(address: Address | "native" | null, symbol: string | undefined, decimals: Record<string, number>) {
  return address && symbol !== undefined && decimals[address] !== undefined
    ? { address, symbol, decimals: decimals[address] } as SwapToken
    : null;
}

/** The plan to send, or why there is none. */
function planOf(
  inputs: { trade: ReturnType<typeof useSwapQuote>["result"]; tokenIn: SwapToken | null; tokenOut: SwapToken | null },
  options: {
    slippage: SlippageCheck;
    minutes: number | null;
    recipient: Address | null;
    chain: ReturnType<typeof useChainOf>;
  },
): { plan: UniversalPlan | null; error: string | null } {
  const { trade, tokenIn, tokenOut } = inputs;
  const { slippage, minutes, recipient, chain } = options;
  if (!trade || !tokenIn || !tokenOut || !slippage.ok || minutes === null || !recipient || !chain) {
    return { plan: null, error: null };
  }
  try {
    const deadline = BigInt(Math.floor(Date.now() / 1000) + minutes * 60);
    const plan = buildUniversalTrade(trade.trade, {
      contracts: chain.contracts,
      tokenIn,
      tokenOut,
      recipient,
      slippageBps: slippage.bps,
      deadline,
    });
    return { plan, error: null };
  } catch (error) {
    return { plan: null, error: (error as Error).message };
  }
}

function useChainOf(data: TradeData) {
  const wallet = useWallet();
  return wallet.chains.find((c) => c.chain === data.chain) ?? null;
}

/** Everything the panel shows and sends. */
export function useSwapModel(data: TradeData) {
  const wallet = useWallet();
  const chain = useChainOf(data);
  const listed = data.tokens.ok ? data.tokens.data : [];
  const [form, dispatch] = useSwapForm(
    ...defaultPair(
      listed.map((t) => t.key),
      EVM_CHAINS[data.chainName]?.contracts.wrappedNative ?? null,
      data.input,
      data.output,
      new Map(listed.map((t) => [t.key, t.symbol])),
    ),
  );
  const [paused, setPaused] = useState(false);
  const client = useMemo(() => (chain ? publicClient(chain) : null), [chain]);
  const options = useTokenOptions(data, client);
  const inOption = options.tokens.find((t) => t.key === form.inKey);
  const outOption = options.tokens.find((t) => t.key === form.outKey);
  const nativeOption = options.tokens.find((t) => t.key === "NATIVE");
  const inAddress = optionAddress(inOption);
  const outAddress = optionAddress(outOption);
  const reads = useSwapReads(client, data.chain, { inAddress, outAddress }, wallet.address, options.tokens);
  const batchedBalances = reads.pickerBalances;
  const tokenIn = swapToken(inAddress, inOption?.symbol, reads.decimals);
  const tokenOut = swapToken(outAddress, outOption?.symbol, reads.decimals);
  const amount = tokenIn && tokenOut
    ? parseAmount(form.amountText, form.kind === "exactIn" ? tokenIn.decimals : tokenOut.decimals)
    : null;
  const quote = useSwapQuote({
    client,
    chain,
    tokenIn,
    tokenOut,
    kind: form.kind,
    amount,
    outPrice: outOption?.price ?? null,
    nativePrice: nativeOption?.price ?? null,
    paused,
  });
  const result = quote.result;
  const trade = result?.trade ?? null;
  const impact = result?.impactBps ?? null;
  const feeOut = result?.feeWei != null && quote.nativeToOutput ? quote.nativeToOutput(result.feeWei) : null;
  const autoBps = trade ? autoSlippageBps(feeOut, trade.amountOut) : autoSlippageBps(null, 0n);
  const slippage: SlippageCheck = form.customSlippage === null
    ? { ok: true, bps: autoBps, warning: null }
    : parseSlippage(form.customSlippage);
  const deadline = parseDeadline(form.deadlineText);
  const { plan, error: planError } = planOf({ trade: result, tokenIn, tokenOut }, {
    slippage,
    minutes: deadline.ok ? deadline.minutes : null,
    recipient: wallet.address,
    chain,
  });
  const flaggedList = [inOption, outOption].flatMap((option) => {
    const address = optionAddress(option);
    if (!option || !address || address === "native") return [];
    return reads.flags.flagged.has(address.toLowerCase()) || reads.flags.error
      ? [{ symbol: option.symbol, confirmed: form.confirmFlagged }]
      : [];
  });
  // Every offered token's balance (one batched read), the chosen pair's as read with its decimals on top.
  const pickerBalances = new Map<string, string>(batchedBalances);
  for (const option of [inOption, outOption]) {
    const address = optionAddress(option);
    const [balance, decimals] = address ? [reads.balances[address], reads.decimals[address]] : [];
    if (option && balance !== undefined && decimals !== undefined) {
      pickerBalances.set(option.key, formatUnits(balance, decimals));
    }
  }
  const balanceIn = inAddress ? reads.balances[inAddress] : undefined;
  const ackKey = `${quote.quoteKey}|${chain?.chainId}`;
  return {
    wallet,
    chain,
    client,
    form,
    dispatch,
    options,
    sides: { inOption, outOption, nativeOption, inAddress, outAddress, tokenIn, tokenOut },
    reads,
    quote,
    amount,
    trade,
    impact,
    autoBps,
    slippage,
    deadline,
    plan,
    planError,
    flaggedList,
    pickerBalances,
    insufficient: !!plan && balanceIn !== undefined && balanceIn < plan.maximumIn,
    ackKey,
    impactOk: impactAccepted(impact, ackKey, form.ack),
    needsAck: impact !== null && impact >= IMPACT_ACK_BPS,
    /** After a mined swap: balances, allowances and the quote are read again. */
    refreshReads: () => void refreshChainReads(),
    setPaused,
  };
}

/** The model's type. */
export type SwapModel = ReturnType<typeof useSwapModel>;
