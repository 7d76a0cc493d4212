/**
 * The swap panel with a wallet: exact input or exact output, the best trade
 * (routes across V2 and V3 and splits, compared net of gas) refreshed while
 * open; rate, price impact coloured by band, minimum received or maximum
 * sold, network fee, each with its USD worth; the route and the exact
 * contract called. A high impact warns from 5 % and needs an explicit
 * acknowledgement from 15 %; slippage is "auto" unless set. The primary
 * button opens the review (`app/review/`): nothing is sent before the holder
 * confirms there. One trade per intent: after a swap the summary names both
 * amounts, a toast says it, and the amount resets.
 *
 * Its state is one reducer (`use_swap_form.ts`), its reads and quote hooks
 * (`use_swap_reads.ts`, `use_swap_quote.ts`), gathered by `use_swap_model.ts`;
 * this module renders.
 *
 * @module
 */
import { useId, useState } from "react";
import type { Address } from "../../lib/address.ts";
import type { TradeData } from "../lib/trade_loader.ts";
import { formatImpact } from "../lib/trade_math.ts";
import { Button, IconButton } from "../components/controls/button.tsx";
import { DetailRows } from "../components/controls/detail_rows.tsx";
import { ContractCalled, FlaggedConfirm, WalletGate } from "../components/form_rows.tsx";
import { type TxDone, TxStatusView, TxSummary } from "../wallet/tx_status.tsx";
import type { TxStatus } from "../wallet/wallet_tx.ts";
import { ImpactWarning, SwapSettings } from "./swap_parts.tsx";
import { type SwapFigures, swapRows } from "./swap_details.tsx";
import { SwapSide } from "./swap_side.tsx";
import { type SwapModel, useSwapModel } from "./use_swap_model.ts";
import type { SwapFormAction } from "./use_swap_form.ts";
import { SwapReviewSheet, type SwapSnapshot, swapSnapshot } from "./swap_review.tsx";

/** The figures of the model's quote, for the rows and the review. */
function figuresOf(m: SwapModel): SwapFigures | null {
  const { trade, sides, chain } = m;
  if (!trade || !sides.tokenIn || !sides.tokenOut) return null;
  const tokenIn = sides.tokenIn;
  const tokenOut = sides.tokenOut;
  const symbolOf = (address: Address) => {
    const lower = address.toLowerCase();
    // A V4 pool's native currency is the zero address.
    if (chain && BigInt(address) === 0n) return chain.nativeCurrency.symbol;
    if (chain && lower === chain.contracts.wrappedNative.toLowerCase()) {
      // Ether in or out trades as the wrapped token; the route names it as the person chose it.
      const nativeSide = tokenIn.address === "native" || tokenOut.address === "native";
      return nativeSide ? chain.nativeCurrency.symbol : "WETH";
    }
    return m.options.tokens.find((t) => t.key === lower)?.symbol ?? `${address.slice(0, 6)}…`;
  };
  return {
    trade,
    plan: m.plan,
    kind: m.form.kind,
    tokenIn,
    tokenOut,
    inPrice: sides.inOption?.price,
    outPrice: sides.outOption?.price,
    nativePrice: sides.nativeOption?.price,
    impact: m.impact,
    slippageText: m.slippage.ok ? `${m.slippage.bps / 100}%${m.form.customSlippage === null ? " (auto)" : ""}` : "–",
    feeWei: m.quote.result?.feeWei ?? null,
    nativeSymbol: chain?.nativeCurrency.symbol ?? "ETH",
    symbolOf,
  };
}

/** The primary button's words. */
function buttonLabel(m: SwapModel): string {
  if (m.insufficient) return `Insufficient ${m.sides.tokenIn?.symbol} balance`;
  if (!m.amount) return "Enter an amount";
  if (m.trade && m.impact === null) return "Price impact unknown";
  if (m.needsAck && !m.impactOk) return "Accept the price impact to swap";
  return m.needsAck ? "Review swap anyway" : "Review swap";
}

/** The swap panel of `/swap` and the token and pool pages. */
export function SwapPanel({ data }: { data: TradeData }) {
  const m = useSwapModel(data);
  const ids = useId();
  const { form, dispatch, sides, reads, wallet, chain } = m;
  const [done, setDone] = useState<TxDone | null>(null);
  const [status, setStatus] = useState<TxStatus>({ step: "idle" });
  const [review, setReview] = useState<SwapSnapshot | null>(null);
  if (!data.tokens.ok) return <p role="alert">{data.tokens.error}</p>;
  if (wallet.ready && !chain) {
    return (
      <p className="muted">
        Swapping on {data.chainLabel}{" "}
        is not available here: the service has no RPC for it (RPC_URL_{data.chainName.toUpperCase()}).
      </p>
    );
  }
  const figures = figuresOf(m);
  // A new intent (an amount typed, a token picked, the sides switched): the last trade's summary and status give way.
  const newIntent = (action?: SwapFormAction) => {
    if (action) dispatch(action);
    setDone(null);
    setStatus({ step: "idle" });
  };
  const onAmount = (kind: "exactIn" | "exactOut", text: string) => newIntent({ type: "type", kind, text });
  const side = (which: "in" | "out") => {
    const isIn = which === "in";
    const address = isIn ? sides.inAddress : sides.outAddress;
    return (
      <SwapSide
        side={isIn ? "exactIn" : "exactOut"}
        id={`${ids}-${which}`}
        kind={form.kind}
        amountText={form.amountText}
        token={isIn ? sides.tokenIn : sides.tokenOut}
        option={isIn ? sides.inOption : sides.outOption}
        address={address}
        quoted={isIn ? m.trade?.amountIn : m.trade?.amountOut}
        balance={address ? reads.balances[address] : undefined}
        picker={{
          options: m.options,
          value: isIn ? form.inKey : form.outKey,
          onSelect: (key) => newIntent({ type: "pick", side: which, key }),
        }}
        pickerBalances={m.pickerBalances}
        onAmount={onAmount}
      />
    );
  };
  const openReview = () => {
    if (review || !figures || !m.plan || !m.impactOk) return;
    newIntent();
    m.setPaused(true);
    setReview(swapSnapshot({ ...figures, plan: m.plan }));
  };
  const closeReview = () => {
    setReview(null);
    m.setPaused(false);
  };
  const error = reads.missing ?? m.quote.error;
  return (
    <div className="trade-panel wallet-swap" data-testid="swap-panel">
      {side("in")}
      <div className="trade-flip">
        <IconButton label="Switch tokens" onClick={() => newIntent({ type: "flip" })}>↓</IconButton>
      </div>
      {side("out")}
      <SwapSettings
        autoBps={m.autoBps}
        custom={form.customSlippage}
        onCustom={(text) => dispatch({ type: "slippage", text })}
        slippage={m.slippage}
        deadlineText={form.deadlineText}
        onDeadline={(text) => dispatch({ type: "deadline", text })}
        deadline={m.deadline}
        unlimited={form.unlimited}
        onUnlimited={(on) => dispatch({ type: "unlimited", on })}
      />
      {figures ? <DetailRows testId="quote" rows={swapRows(figures, false)} /> : null}
      {m.plan
        ? (
          <dl className="trade-contract">
            <ContractCalled tx={m.plan.tx} />
          </dl>
        )
        : null}
      {m.trade
        ? (
          <ImpactWarning
            impact={m.impact}
            accepted={m.impactOk}
            onAccept={(yes) =>
              dispatch({ type: "ack", ack: yes && m.impact !== null ? { key: m.ackKey, bps: m.impact } : null })}
          />
        )
        : null}
      {error && m.amount ? <p className="muted" role="status" data-testid="quote-error">{error}</p> : null}
      {m.planError ? <p role="alert">{m.planError}</p> : null}
      {m.flaggedList.length > 0
        ? (
          <FlaggedConfirm
            className="wallet-flagged"
            message={reads.flags.error ??
              `${m.flaggedList.map((f) => f.symbol).join(" and ")} is flagged as spam or malicious.`}
            label="I understand the risk and want to trade it"
            checked={form.confirmFlagged}
            onChange={(on) => dispatch({ type: "confirmFlagged", on })}
          />
        )
        : null}
      <WalletGate wallet={wallet} chain={chain} action="swap">
        <Button
          variant={m.needsAck && m.impactOk ? "danger" : "primary"}
          wide
          data-testid="swap-button"
          disabled={!m.plan || m.insufficient || !m.impactOk || (m.flaggedList.length > 0 && !form.confirmFlagged)}
          onClick={openReview}
        >
          {buttonLabel(m)}
        </Button>
      </WalletGate>
      <TxSummary done={done} testId="swap-summary" />
      {review
        ? (
          <SwapReviewSheet
            model={m}
            snapshot={review}
            warning={m.needsAck && m.impact !== null
              ? `Price impact ${formatImpact(m.impact)}: you accepted it.`
              : null}
            onStatus={setStatus}
            onMined={setDone}
            onClose={closeReview}
            onDone={() => {
              closeReview();
              dispatch({ type: "traded" });
              m.quote.clear();
              m.refreshReads();
            }}
          />
        )
        : null}
      <TxStatusView status={status} />
    </div>
  );
}
