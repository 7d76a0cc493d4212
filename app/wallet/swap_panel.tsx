/**
 * The swap panel with a wallet: exact input or exact output, the best trade
 * (routes across V2 and V3 and splits, compared net of gas) refreshed while
 * open; rate, price impact coloured by band, minimum received or maximum
 * sold, network fee, each with its USD worth; the route and the exact
 * contract called. A high impact warns from 5 % and needs an explicit
 * acknowledgement from 15 %; slippage is "auto" unless set. One trade per
 * intent: after a swap the summary names both amounts, a toast says it, and
 * the amount resets so the button waits for a new one.
 *
 * @module
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { formatUnits } from "viem";
import type { Address } from "../../lib/address.ts";
import { EVM_CHAINS, explorerTxUrl } from "../../lib/chains.ts";
import type { TradeData } from "../lib/trade_loader.ts";
import { formatUsd } from "../lib/format.ts";
import {
  autoSlippageBps,
  convertByPrice,
  DEFAULT_DEADLINE_MINUTES,
  formatImpact,
  formatUnitsShort,
  IMPACT_ACK_BPS,
  impactAccepted,
  type ImpactAck,
  impactTone,
  parseAmount,
  parseDeadline,
  parseSlippage,
  type SlippageCheck,
  usdValue,
} from "../lib/wallet_math.ts";
import { buildTrade, describeTrade } from "../lib/wallet_split.ts";
import { quoteFailure, type SwapPlan, type SwapToken, type TradeKind } from "../lib/wallet_swap.ts";
import { publicClient, useWallet } from "./wallet_store.ts";
import { flaggedTokens, tokenBalance, tokenDecimals, type TxStatus } from "./wallet_tx.ts";
import { type TxDone, TxStatusView, TxSummary } from "./tx_status.tsx";
import { AmountBox, BalanceNote, ContractCalled, FlaggedConfirm, maxAmount, WalletGate } from "./form_rows.tsx";
import { optionAddress, pairPicker, useTokenOptions } from "./token_options.ts";
import { defaultPair } from "../lib/default_pair.ts";
import { ImpactWarning, SwapSettings } from "./swap_parts.tsx";
import { recordTx, trackTx } from "./tx_history.ts";
import { quote as quoteTrade, type QuoteResult } from "./actions/quote.ts";
import { swapSteps } from "./actions/swap.ts";
import { type BalanceChange, ReviewSheet } from "../review/review_sheet.tsx";
import type { ReviewStep } from "../review/review_steps.ts";
import { TokenPicker } from "../components/token_picker.tsx";
import { Button, IconButton } from "../components/controls/button.tsx";
import { type DetailRow, DetailRows } from "../components/controls/detail_rows.tsx";
import { showToast } from "../components/controls/toast.tsx";

/** What the review shows: the quote as it stood when the holder opened it. */
interface SwapReview {
  readonly plan: SwapPlan;
  readonly tokenIn: SwapToken;
  readonly tokenOut: SwapToken;
  readonly rows: readonly (DetailRow | null)[];
  readonly changes: readonly BalanceChange[];
}

/** How soon a quote that failed on the transport (rate limit, network) is tried again. */
const QUOTE_RETRY_MS = 1_500;

/** What the screen says when a quote failed on the way, never "no route" for an error. */
function quoteFailureText(error: unknown): string {
  const why = quoteFailure(error);
  if (why === "rate limited") return "Quote delayed: the chain's RPC is rate limited right now; retrying…";
  if (why === "network") return "Quote failed: the chain's RPC cannot be reached (network error); retrying…";
  const e = error as { shortMessage?: string; message?: string } | null;
  return `Quote failed: ${(e?.shortMessage ?? e?.message ?? "unknown error").split("\n")[0]}; retrying…`;
}

/** How often an open screen refreshes its quote. */
const QUOTE_REFRESH_MS = 12_000;

/** The swap panel of `/swap` and the token and pool pages. */
export function SwapPanel({ data }: { data: TradeData }) {
  const wallet = useWallet();
  const ids = useId();
  const chain = wallet.chains.find((c) => c.chain === data.chain) ?? null;
  const listed = data.tokens.ok ? data.tokens.data : [];
  const [initialIn, initialOut] = defaultPair(
    listed.map((t) => t.key),
    EVM_CHAINS[data.chainName]?.contracts.wrappedNative ?? null,
    data.input,
    data.output,
    new Map(listed.map((t) => [t.key, t.symbol])),
  );
  const [inKey, setInKey] = useState(initialIn);
  const [outKey, setOutKey] = useState(initialOut);
  const [kind, setKind] = useState<TradeKind>("exactIn");
  const [amountText, setAmountText] = useState("");
  const [customSlippage, setCustomSlippage] = useState<string | null>(null);
  const [deadlineText, setDeadlineText] = useState(String(DEFAULT_DEADLINE_MINUTES));
  const [unlimited, setUnlimited] = useState(false);
  const [confirmFlagged, setConfirmFlagged] = useState(false);
  const [ack, setAck] = useState<ImpactAck | null>(null);
  const [decimals, setDecimals] = useState<Record<string, number>>({});
  const [balances, setBalances] = useState<Record<string, bigint>>({});
  // A quote counts only for the inputs it was asked for: a stale one is never shown nor sent.
  const [quoted, setQuoted] = useState<{ key: string; result: QuoteResult | null } | null>(null);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const [flags, setFlags] = useState<{ flagged: Set<string>; error: string | null }>({
    flagged: new Set(),
    error: null,
  });
  const [done, setDone] = useState<TxDone | null>(null);
  const [status, setStatus] = useState<TxStatus>({ step: "idle" });
  const [review, setReview] = useState<SwapReview | null>(null);
  const [refresh, setRefresh] = useState(0);
  // While the holder reviews, the quote stands still (the review shows a snapshot).
  const busy = review !== null;

  const client = useMemo(() => (chain ? publicClient(chain) : null), [chain]);
  const { tokens, list } = useTokenOptions(data, client);
  const inOption = tokens.find((t) => t.key === inKey);
  const outOption = tokens.find((t) => t.key === outKey);
  const nativeOption = tokens.find((t) => t.key === "NATIVE");
  const inAddress = optionAddress(inOption);
  const outAddress = optionAddress(outOption);
  const tokenIn: SwapToken | null = inAddress && decimals[inAddress] !== undefined
    ? { address: inAddress, symbol: inOption!.symbol, decimals: decimals[inAddress] }
    : null;
  const tokenOut: SwapToken | null = outAddress && decimals[outAddress] !== undefined
    ? { address: outAddress, symbol: outOption!.symbol, decimals: decimals[outAddress] }
    : null;
  const deadline = parseDeadline(deadlineText);
  const amount = tokenIn && tokenOut
    ? parseAmount(amountText, kind === "exactIn" ? tokenIn.decimals : tokenOut.decimals)
    : null;
  const quoteKey = `${tokenIn?.address}|${tokenOut?.address}|${kind}|${amount}`;
  const result = quoted?.key === quoteKey ? quoted.result : null;
  const trade = result?.trade ?? null;
  const impact = result?.impactBps ?? null;

  // Decimals of the chosen tokens, from the chain.
  useEffect(() => {
    if (!client) return;
    for (const address of [inAddress, outAddress]) {
      if (!address || decimals[address] !== undefined) continue;
      tokenDecimals(client, address).then(
        (d) => setDecimals((all) => ({ ...all, [address]: d })),
        () => setQuoteError("This token is not on the chain"),
      );
    }
  }, [client, inAddress, outAddress, decimals]);

  // Balances of the connected account (none without one: another account's never show).
  useEffect(() => {
    if (!client || !wallet.address) return setBalances({});
    for (const address of [inAddress, outAddress]) {
      if (!address) continue;
      tokenBalance(client, address, wallet.address).then(
        (b) => setBalances((all) => ({ ...all, [address]: b })),
        () => {},
      );
    }
  }, [client, wallet.address, inAddress, outAddress, refresh]);

  // Spam and malicious flags from the gateway.
  useEffect(() => {
    const contracts = [inAddress, outAddress].filter((a): a is Address => a !== null && a !== "native");
    setConfirmFlagged(false);
    void flaggedTokens(data.chain, contracts).then(setFlags);
  }, [data.chain, inAddress, outAddress]);

  // Gas in the output token, at the gateway's prices, to compare routes net of gas.
  const outPrice = outOption?.price ?? null;
  const nativePrice = nativeOption?.price ?? null;
  const outDecimals = tokenOut?.decimals ?? null;
  const nativeToOutput = useMemo(() => {
    if (outAddress === "native") return (wei: bigint) => wei;
    if (outDecimals === null) return null;
    return (wei: bigint) =>
      convertByPrice(wei, { decimals: 18, priceUsd: nativePrice }, { decimals: outDecimals, priceUsd: outPrice }) ??
        0n;
  }, [outAddress, outDecimals, nativePrice, outPrice]);

  // The quote: on every change, then every QUOTE_REFRESH_MS while open.
  const quoteSeq = useRef(0);
  const runQuote = useCallback(async () => {
    const seq = ++quoteSeq.current;
    if (!client || !chain || !tokenIn || !tokenOut || !amount || amount <= 0n) {
      setQuoted(null);
      return;
    }
    let failure: string | null = null;
    const found = await quoteTrade(client, {
      contracts: chain.contracts,
      tokenIn,
      tokenOut,
      kind,
      amount,
      nativeToOutput,
    }).catch((error) => {
      failure = quoteFailureText(error);
      return null;
    });
    if (seq !== quoteSeq.current) return;
    setQuoted({ key: quoteKey, result: found });
    setQuoteError(found ? null : failure ?? "No liquidity for this trade: no pool between these tokens can fill it");
    // Rate limited or offline: the quote tries again shortly, not only at the next refresh.
    if (failure) setTimeout(() => seq === quoteSeq.current && void runQuote(), QUOTE_RETRY_MS);
  }, [client, chain, quoteKey, nativeToOutput]);
  useEffect(() => {
    const timer = setTimeout(() => void runQuote(), 250);
    const interval = setInterval(() => {
      if (!busy) void runQuote();
    }, QUOTE_REFRESH_MS);
    return () => {
      clearTimeout(timer);
      clearInterval(interval);
    };
  }, [runQuote, refresh, busy]);

  const feeOut = result?.feeWei !== null && result?.feeWei !== undefined && nativeToOutput
    ? nativeToOutput(result.feeWei)
    : null;
  const autoBps = trade ? autoSlippageBps(feeOut, trade.amountOut) : autoSlippageBps(null, 0n);
  const slippage: SlippageCheck = customSlippage === null
    ? { ok: true, bps: autoBps, warning: null }
    : parseSlippage(customSlippage);

  let plan: SwapPlan | null = null;
  let planError: string | null = null;
  if (trade && tokenIn && tokenOut && slippage.ok && deadline.ok && wallet.address && chain) {
    try {
      plan = buildTrade(trade, {
        contracts: chain.contracts,
        tokenIn,
        tokenOut,
        recipient: wallet.address,
        slippageBps: slippage.bps,
        deadline: BigInt(Math.floor(Date.now() / 1000) + deadline.minutes * 60),
      });
    } catch (error) {
      planError = (error as Error).message;
    }
  }
  const flaggedList = [inOption, outOption].flatMap((option) => {
    const address = optionAddress(option);
    if (!option || !address || address === "native") return [];
    return flags.flagged.has(address.toLowerCase()) || flags.error
      ? [{ symbol: option.symbol, confirmed: confirmFlagged }]
      : [];
  });
  const balanceIn = inAddress ? balances[inAddress] : undefined;
  // The pickers show the balances read so far (whole tokens), by token key.
  const pickerBalances = new Map<string, string>();
  for (const option of [inOption, outOption]) {
    const address = optionAddress(option);
    if (option && address && balances[address] !== undefined && decimals[address] !== undefined) {
      pickerBalances.set(option.key, formatUnits(balances[address], decimals[address]));
    }
  }
  const insufficient = plan && balanceIn !== undefined && balanceIn < plan.maximumIn;
  const ackKey = `${quoteKey}|${chain?.chainId}`;
  const impactOk = impactAccepted(impact, ackKey, ack);
  const needsAck = impact !== null && impact >= IMPACT_ACK_BPS;

  /** The review of this quote: a snapshot (later quotes do not change what the holder reviews); nothing is sent. */
  function openReview() {
    if (review || !plan || !tokenIn || !tokenOut || !impactOk) return;
    setDone(null);
    setStatus({ step: "idle" });
    setReview({ plan, tokenIn, tokenOut, rows: quoteRows(true), changes: balanceChanges(plan, tokenIn, tokenOut) });
  }

  /** The swap's steps for the review (reads the allowance only). */
  function prepareSwap(snapshot: SwapReview) {
    if (!chain || !client || !wallet.address || wallet.chainId === null) {
      return Promise.reject(new Error("No wallet is connected"));
    }
    const from = wallet.address;
    const { tokenIn, tokenOut } = snapshot;
    const sold = `${formatUnitsShort(snapshot.plan.maximumIn, tokenIn.decimals)} ${tokenIn.symbol}`;
    const what = { account: from, chainId: chain.chainId, summary: `Swap ${sold} for ${tokenOut.symbol}` };
    const track = (step: ReviewStep): ReviewStep => ({ ...step, run: (report) => step.run(trackTx(report, what)) });
    return swapSteps(
      { chain, client, from, walletChainId: wallet.chainId },
      { plan: snapshot.plan, tokenIn, tokenOut, unlimited, flagged: flaggedList },
      (outcome) => {
        const text = `Swapped ${formatUnitsShort(outcome.amounts.amountIn, tokenIn.decimals)} ${tokenIn.symbol} for ${
          formatUnitsShort(outcome.amounts.amountOut, tokenOut.decimals)
        } ${tokenOut.symbol}`;
        const explorer = explorerTxUrl(chain, outcome.hash);
        recordTx({ ...what, summary: text, hash: outcome.hash, explorer, state: "confirmed" });
        setDone({ text, hash: outcome.hash, explorer });
        showToast({ tone: "positive", title: text, body: explorer ? "View it on the explorer" : outcome.hash });
      },
    ).then((steps) => steps.map(track));
  }

  /** Every step confirmed: one trade per intent, the amount resets so the button waits for a new one. */
  function swapDone() {
    setReview(null);
    setAmountText("");
    setKind("exactIn");
    setAck(null);
    setQuoted(null);
    setRefresh((n) => n + 1);
  }

  if (!data.tokens.ok) return <p role="alert">{data.tokens.error}</p>;
  if (wallet.ready && !chain) {
    return (
      <p className="muted">
        Swapping on {data.chainLabel}{" "}
        is not available here: the service has no RPC for it (RPC_URL_{data.chainName.toUpperCase()}).
      </p>
    );
  }
  const usd = (value: bigint | undefined | null, token: SwapToken | null, price: number | null | undefined) => {
    if (value === undefined || value === null || !token) return null;
    const worth = usdValue(value, token.decimals, price);
    return worth === null ? null : formatUsd(worth);
  };
  // The pay and receive boxes: the side being typed shows the text, the other side the quote.
  const sides = [
    {
      kind: "exactIn",
      id: `${ids}-in`,
      label: "You pay",
      bound: " (at most)",
      token: tokenIn,
      option: inOption,
      quoted: trade?.amountIn,
      address: inAddress,
      own: { value: inKey, set: setInKey },
      other: { value: outKey, set: setOutKey },
      picker: "Token to pay",
      testId: "in",
    },
    {
      kind: "exactOut",
      id: `${ids}-out`,
      label: "You receive",
      bound: " (estimated)",
      token: tokenOut,
      option: outOption,
      quoted: trade?.amountOut,
      address: outAddress,
      own: { value: outKey, set: setOutKey },
      other: { value: inKey, set: setInKey },
      picker: "Token to receive",
      testId: "out",
    },
  ] as const;
  const [inBox, outBox] = sides.map((side) => {
    const typed = kind === side.kind;
    const shownAmount = typed && side.token ? parseAmount(amountText, side.token.decimals) : side.quoted;
    const balance = side.address ? balances[side.address] : undefined;
    const balanceUsd = usd(balance, side.token, side.option?.price);
    const amountUsd = usd(shownAmount, side.token, side.option?.price);
    return (
      <AmountBox
        key={side.kind}
        id={side.id}
        label={<>{side.label}{kind !== side.kind ? side.bound : ""}</>}
        value={typed
          ? amountText
          : side.quoted !== undefined && side.token
          ? formatUnitsShort(side.quoted, side.token.decimals)
          : ""}
        onAmount={(text) => {
          setKind(side.kind);
          setAmountText(text);
          // A new intent: the last trade's summary and status give way.
          if (done) setDone(null);
          setStatus({ step: "idle" });
        }}
        picker={
          <TokenPicker
            list={list}
            tokens={tokens}
            value={side.own.value}
            onSelect={pairPicker(side.own, side.other)}
            label={side.picker}
            balances={pickerBalances}
          />
        }
      >
        <div className="trade-under">
          <span className="muted trade-note" data-testid={`usd-${side.testId}`}>{amountUsd ?? "\u00a0"}</span>
          <BalanceNote
            amount={balance}
            decimals={side.token?.decimals}
            testId={side.testId === "in" ? "balance-in" : "balance-out"}
            usd={balanceUsd}
            onMax={side.kind === "exactIn" && balance !== undefined && side.token
              ? () => {
                setKind("exactIn");
                setAmountText(formatUnits(maxAmount(balance, side.address === "native"), side.token!.decimals));
                if (done) setDone(null);
                setStatus({ step: "idle" });
              }
              : undefined}
          />
        </div>
      </AmountBox>
    );
  });

  const symbolOf = (address: Address) => {
    const lower = address.toLowerCase();
    if (chain && lower === chain.contracts.wrappedNative.toLowerCase()) {
      // Ether in or out trades as the wrapped token; the route names it as the person chose it.
      const nativeSide = tokenIn?.address === "native" || tokenOut?.address === "native";
      return nativeSide ? chain.nativeCurrency.symbol : "WETH";
    }
    return tokens.find((t) => t.key === lower)?.symbol ?? `${address.slice(0, 6)}…`;
  };
  const nativeSymbol = chain?.nativeCurrency.symbol ?? "ETH";
  const feeUsd = result?.feeWei !== null && result?.feeWei !== undefined
    ? usdValue(result.feeWei, 18, nativePrice)
    : null;
  const tone = impact === null ? "neutral" : impactTone(impact);
  const label = insufficient
    ? `Insufficient ${tokenIn?.symbol} balance`
    : !amount
    ? "Enter an amount"
    : trade && impact === null
    ? "Price impact unknown"
    : needsAck && !impactOk
    ? "Accept the price impact to swap"
    : needsAck
    ? "Review swap anyway"
    : "Review swap";

  /** The quote's rows (the review adds both amounts with their USD). */
  function quoteRows(withAmounts: boolean): (DetailRow | null)[] {
    if (!trade || !tokenIn || !tokenOut) return [];
    const sides: (DetailRow | null)[] = withAmounts
      ? [
        {
          label: kind === "exactIn" ? "You pay" : "You pay (estimated)",
          value: `${formatUnitsShort(trade.amountIn, tokenIn.decimals)} ${tokenIn.symbol}`,
          note: usd(trade.amountIn, tokenIn, inOption?.price),
          testId: "review-pay",
        },
        {
          label: kind === "exactIn" ? "You receive (estimated)" : "You receive",
          value: `${formatUnitsShort(trade.amountOut, tokenOut.decimals)} ${tokenOut.symbol}`,
          note: usd(trade.amountOut, tokenOut, outOption?.price),
          testId: "review-receive",
        },
      ]
      : [];
    return [
      ...sides,
      {
        label: "Rate",
        value: `1 ${tokenIn.symbol} = ${
          (Number(formatUnits(trade.amountOut, tokenOut.decimals)) /
            Number(formatUnits(trade.amountIn, tokenIn.decimals))).toPrecision(6)
        } ${tokenOut.symbol}`,
      },
      {
        label: "Price impact",
        value: impact === null ? "–" : formatImpact(impact),
        tone,
        testId: withAmounts ? undefined : "price-impact",
      },
      plan
        ? kind === "exactIn"
          ? {
            label: "Minimum received",
            value: `${formatUnitsShort(plan.minimumOut, tokenOut.decimals)} ${tokenOut.symbol}`,
            note: usd(plan.minimumOut, tokenOut, outOption?.price),
            testId: withAmounts ? "review-minimum" : "minimum-received",
          }
          : {
            label: "Maximum sold",
            value: `${formatUnitsShort(plan.maximumIn, tokenIn.decimals)} ${tokenIn.symbol}`,
            note: usd(plan.maximumIn, tokenIn, inOption?.price),
            testId: withAmounts ? "review-maximum" : "maximum-sold",
          }
        : null,
      {
        label: "Slippage",
        value: slippage.ok ? `${slippage.bps / 100}%${customSlippage === null ? " (auto)" : ""}` : "–",
      },
      {
        label: "Network fee (estimate)",
        value: result?.feeWei === null || result?.feeWei === undefined
          ? "–"
          : `${formatUnitsShort(result.feeWei, 18, 4)} ${nativeSymbol}`,
        note: feeUsd === null ? null : formatUsd(feeUsd),
        testId: withAmounts ? undefined : "network-fee",
      },
      {
        label: trade.legs.length > 1 ? "Route (split)" : "Route",
        value: (
          <span className="route-legs">
            {describeTrade(trade, symbolOf).map((leg) => <span key={leg}>{leg}</span>)}
          </span>
        ),
        testId: withAmounts ? undefined : "route",
      },
    ];
  }

  /** What the account's balances do if the swap goes through at the quote (and at worst within the slippage). */
  function balanceChanges(p: SwapPlan, tIn: SwapToken, tOut: SwapToken): BalanceChange[] {
    if (!trade) return [];
    const fee = result?.feeWei ?? null;
    return [
      {
        symbol: tIn.symbol,
        amount: kind === "exactIn"
          ? `−${formatUnitsShort(trade.amountIn, tIn.decimals)}`
          : `−${formatUnitsShort(trade.amountIn, tIn.decimals)} (at most −${
            formatUnitsShort(p.maximumIn, tIn.decimals)
          })`,
        usd: usd(trade.amountIn, tIn, inOption?.price),
      },
      {
        symbol: tOut.symbol,
        amount: kind === "exactIn"
          ? `+${formatUnitsShort(trade.amountOut, tOut.decimals)} (at least +${
            formatUnitsShort(p.minimumOut, tOut.decimals)
          })`
          : `+${formatUnitsShort(trade.amountOut, tOut.decimals)}`,
        usd: usd(trade.amountOut, tOut, outOption?.price),
      },
      ...(fee === null ? [] : [{
        symbol: `${nativeSymbol} (network fee)`,
        amount: `−${formatUnitsShort(fee, 18, 4)}`,
        usd: feeUsd === null ? null : formatUsd(feeUsd),
      }]),
    ];
  }

  return (
    <div className="trade-panel wallet-swap" data-testid="swap-panel">
      {inBox}
      <div className="trade-flip">
        <IconButton
          label="Switch tokens"
          onClick={() => {
            setInKey(outKey);
            setOutKey(inKey);
            setKind(kind === "exactIn" ? "exactOut" : "exactIn");
          }}
        >
          ↓
        </IconButton>
      </div>
      {outBox}
      <SwapSettings
        autoBps={autoBps}
        custom={customSlippage}
        onCustom={setCustomSlippage}
        slippage={slippage}
        deadlineText={deadlineText}
        onDeadline={setDeadlineText}
        deadline={deadline}
        unlimited={unlimited}
        onUnlimited={setUnlimited}
      />
      {trade && tokenIn && tokenOut ? <DetailRows testId="quote" rows={quoteRows(false)} /> : null}
      {plan
        ? (
          <dl className="trade-contract">
            <ContractCalled tx={plan.tx} />
          </dl>
        )
        : null}
      {trade
        ? (
          <ImpactWarning
            impact={impact}
            accepted={impactOk}
            onAccept={(yes) => setAck(yes && impact !== null ? { key: ackKey, bps: impact } : null)}
          />
        )
        : null}
      {quoteError && amount ? <p className="muted" role="status" data-testid="quote-error">{quoteError}</p> : null}
      {planError ? <p role="alert">{planError}</p> : null}
      {flaggedList.length > 0
        ? (
          <FlaggedConfirm
            className="wallet-flagged"
            message={flags.error ??
              `${flaggedList.map((f) => f.symbol).join(" and ")} is flagged as spam or malicious.`}
            label="I understand the risk and want to trade it"
            checked={confirmFlagged}
            onChange={setConfirmFlagged}
          />
        )
        : null}
      <WalletGate wallet={wallet} chain={chain} action="swap">
        <Button
          variant={needsAck && impactOk ? "danger" : "primary"}
          wide
          data-testid="swap-button"
          disabled={!plan || !!insufficient || !impactOk || (flaggedList.length > 0 && !confirmFlagged)}
          onClick={openReview}
        >
          {label}
        </Button>
      </WalletGate>
      <TxSummary done={done} testId="swap-summary" />
      {review
        ? (
          <ReviewSheet
            title="Review swap"
            rows={review.rows}
            changes={review.changes}
            warning={needsAck ? `Price impact ${impact === null ? "" : formatImpact(impact)}: you accepted it.` : null}
            prepare={() => prepareSwap(review)}
            confirmLabel={(steps) => steps.length > 1 ? `Approve ${review.tokenIn.symbol} and swap` : "Confirm swap"}
            onClose={() => setReview(null)}
            onStatus={setStatus}
            onDone={swapDone}
          />
        )
        : null}
      <TxStatusView status={status} />
    </div>
  );
}
