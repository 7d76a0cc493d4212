/**
 * `/positions/create/v4`: a new V4 position. The pair (ether is V4's native
 * currency), the pool among the pair's initialised pools (fee, tick spacing,
 * hook; the deepest preselected) or a new pool at a typed starting price
 * (warned past 2% from the market), full range or a custom one, both
 * amounts editable (typing one computes the other from the pool's price),
 * the balance of each side, then the review: Permit2's approvals, a
 * `PermitBatch` signature and `PositionManager.multicall(permitBatch,
 * modifyLiquidities)` (`v4_steps.ts`). Once mined, a link
 * to the new position, read from the mint's ERC-721 `Transfer`.
 *
 * @module
 */
import { useState } from "react";
import { Link } from "react-router";
import { formatUnits } from "viem";
import type { NewPositionData } from "../lib/wallet_loaders.ts";
import { formatUsd } from "../lib/format.ts";
import { wholeTokens } from "../lib/portfolio_chain.ts";
import { formatUnitsShort } from "../lib/trade_math.ts";
import { formatRangePrice, RANGE_PRESETS, type RangePreset } from "./v3_range.ts";
import { Button } from "../components/controls/button.tsx";
import { DetailRows } from "../components/controls/detail_rows.tsx";
import { Select, TextInput } from "../components/controls/fields.tsx";
import { Segmented } from "../components/controls/segmented.tsx";
import type { V4Review } from "./v4_steps.ts";
import { PairPickers } from "../components/pair_pickers.tsx";
import { SlippageInput, useChain } from "./liquidity_shared.tsx";
import { useTokenOptions } from "../wallet/token_options.ts";
import { BalanceNote, maxAmount, WalletGate } from "../components/form_rows.tsx";
import { txBusy, TxStatusView } from "../wallet/tx_status.tsx";
import { useMintedTokenId } from "./minted_position.ts";
import { useWallet } from "../wallet/wallet_store.ts";
import type { TxStatus } from "../wallet/wallet_tx.ts";
import { refreshChainReads } from "../lib/query/query_client.ts";
import { useV4NewPosition, type V4NewPositionForm } from "./use_v4_new_position.ts";
import { v4MintReview } from "./v4_mint_review.ts";
import { poolName } from "./v4_pool_name.ts";
import { V4_NEW_POOL_FEES } from "./v4_read.ts";
import { V4ReviewSheet } from "./v4_review.tsx";
import { RangeChart } from "./range_chart.tsx";

/** The pool chooser: every initialised pool of the pair (the deepest first), then new pools by fee. */
function PoolSelect({ form }: { form: V4NewPositionForm }) {
  const { pools, math } = form;
  const [s0, s1] = [math.t0?.symbol ?? "…", math.t1?.symbol ?? "…"];
  const existing = pools.data ?? [];
  const fresh = V4_NEW_POOL_FEES.filter((fee) =>
    !existing.some((p) => p.key.fee === fee && BigInt(p.key.hooks) === 0n)
  );
  return (
    <Select
      label="Pool"
      value={form.choice}
      onChange={(e) => form.setChoice(e.currentTarget.value)}
      data-testid="v4-pool"
    >
      {existing.map((p, i) => (
        <option key={p.id} value={p.id}>
          {poolName(p.key, s0, s1, p.lpFee)} · tick spacing {p.key.tickSpacing}
          {i === 0 ? " · deepest pool" : ""}
        </option>
      ))}
      {fresh.map((fee) => <option key={fee} value={`new:${fee}`}>New pool: {s0}/{s1} {fee / 10_000}%</option>)}
    </Select>
  );
}

/** The price (or a new pool's starting price, with its gap to the market) and the range. */
function RangeBox({ form }: { form: V4NewPositionForm }) {
  const { math, range, start } = form;
  const { quote, current, shown, full, gap, market } = math;
  function choosePreset(next: RangePreset) {
    if (next === "custom" && shown && !full) {
      range.setTyped({ min: formatRangePrice(shown[0]), max: formatRangePrice(shown[1]) });
    }
    range.setPreset(next);
  }
  return (
    <div className="trade-box">
      <span className="trade-label">Price range</span>
      <p data-testid="current-price">
        {!form.pair
          ? "Pick two different tokens."
          : form.pools.isPending
          ? "Reading the pair's V4 pools…"
          : form.pools.isError
          ? "Cannot read the pair's V4 pools from the chain."
          : form.fresh
          ? "No V4 pool with this fee yet: you set its starting price."
          : current !== null
          ? (
            <>
              Current price: <strong>{formatRangePrice(current)}</strong> {quote}
            </>
          )
          : "Reading the pool…"}
      </p>
      {form.fresh && math.t0
        ? (
          <TextInput
            label={`Starting price (${quote})`}
            inputMode="decimal"
            value={start.text}
            onChange={(e) => start.set(e.currentTarget.value)}
            error={math.startError}
          />
        )
        : null}
      {gap !== null && gap > 0.02
        ? (
          <p role="alert" className="control-error" data-testid="price-gap">
            This starting price is {(gap * 100).toFixed(1)}% away from the market's ({formatRangePrice(market!)}{" "}
            {quote}): arbitrageurs would take the difference from your deposit.
          </p>
        )
        : null}
      <Segmented
        label="Range"
        testId="range-presets"
        value={range.preset}
        options={RANGE_PRESETS.map((p) => ({ value: p.preset, label: p.label }))}
        onChange={choosePreset}
      />
      {range.preset === "custom"
        ? (
          <div className="liquidity-range-inputs">
            <TextInput
              label={`Minimum price (${quote})`}
              inputMode="decimal"
              value={range.typed.min}
              onChange={(e) => range.setTyped({ ...range.typed, min: e.currentTarget.value })}
            />
            <TextInput
              label={`Maximum price (${quote})`}
              inputMode="decimal"
              value={range.typed.max}
              onChange={(e) => range.setTyped({ ...range.typed, max: e.currentTarget.value })}
            />
          </div>
        )
        : null}
      {shown ? <RangeChart low={shown[0]} high={shown[1]} full={full} current={current} quote={quote} /> : null}
      {shown
        ? (
          <p className="muted" data-testid="range-marker">
            {full ? "0" : formatRangePrice(shown[0])} ◂{" "}
            {current !== null ? `current ${formatRangePrice(current)}` : "range"} ▸{" "}
            {full ? "∞" : formatRangePrice(shown[1])} {quote}
            {math.outside ? " (the current price is outside this range: the position holds one token only)" : ""}
          </p>
        )
        : null}
      {math.range.error ? <p role="alert" className="control-error">{math.range.error}</p> : null}
    </div>
  );
}

/** Both amounts, editable: the one typed is kept, the other follows the price and range. */
function AmountsBox({ form, onEdit }: { form: V4NewPositionForm; onEdit: () => void }) {
  const { math, amount, balances, priceOf } = form;
  const sides = [math.t0, math.t1] as const;
  const computed = [math.amount0, math.amount1];
  return (
    <div className="trade-box">
      {sides.map((t, i) => {
        const side = i as 0 | 1;
        const value = amount.side === side
          ? amount.text
          : computed[side] !== null && t
          ? formatUnitsShort(computed[side]!, t.decimals)
          : "";
        const balance = balances[side];
        return (
          <div key={side} className="liquidity-amount-side">
            <TextInput
              label={`Amount of ${t?.symbol ?? "…"}`}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0"
              value={value}
              onChange={(e) => {
                form.setAmount({ side, text: e.currentTarget.value.replace(/[^0-9.]/g, "") });
                onEdit();
              }}
            />
            <BalanceNote
              amount={balance}
              decimals={t?.decimals}
              testId={`balance-${side}`}
              usd={balance !== null && t && priceOf(t) !== null
                ? formatUsd(wholeTokens(balance, t.decimals) * priceOf(t)!, { compact: false })
                : null}
              onMax={() => {
                if (balance === null || !t) return;
                form.setAmount({ side, text: formatUnits(maxAmount(balance, BigInt(t.address) === 0n), t.decimals) });
                onEdit();
              }}
            />
          </div>
        );
      })}
      {math.amountError ? <p role="alert" className="control-error">{math.amountError}</p> : null}
      <SlippageInput value={form.slippage.text} onValue={form.slippage.set} check={form.slippage.check} />
    </div>
  );
}

/** Why the position cannot be opened yet (`null`: it can). */
function blocker(form: V4NewPositionForm): string | null {
  const { math, balances } = form;
  if (!form.key || math.liquidity === null || math.liquidity === 0n || !math.max) return "Enter an amount";
  if (math.range.error || math.startError || !form.slippage.check.ok) return "Check the form";
  const [t0, t1] = [math.t0!, math.t1!];
  if (balances[0] !== null && math.amount0! > balances[0]) return `Not enough ${t0.symbol}`;
  if (balances[1] !== null && math.amount1! > balances[1]) return `Not enough ${t1.symbol}`;
  return null;
}

/** The line after a mint: a link to the new position once the receipt names it. */
function MintDone({ minted, urlName }: { minted: bigint | null; urlName: string | null }) {
  return (
    <p data-testid="mint-done">
      Position opened: {minted !== null && urlName
        ? (
          <Link to={`/positions/v4/${urlName}/${minted}`} data-testid="minted-position">
            view V4 position #{minted.toString()}
          </Link>
        )
        : <Link to="/positions">see your positions</Link>}
    </p>
  );
}

/** A new V4 position on `loadNewPosition`'s data. */
export function NewV4Position({ data }: { data: NewPositionData }) {
  const wallet = useWallet();
  const { chain, client } = useChain(wallet, data.chain);
  const { tokens, list } = useTokenOptions(data, client);
  const form = useV4NewPosition(data, client, chain, wallet.address ?? null, tokens);
  const [review, setReview] = useState<V4Review | null>(null);
  const [status, setStatus] = useState<TxStatus>({ step: "idle" });
  const minted = useMintedTokenId(client, status, chain?.contracts.v4PositionManager);
  if (!data.tokens.ok) return <p role="alert">{data.tokens.error}</p>;
  if (wallet.ready && !chain) return <p className="muted">V4 positions on {data.chainLabel} are not available here.</p>;
  const { math, key } = form;
  const stop = blocker(form);
  const context = chain && client && wallet.address && wallet.chainId !== null
    ? { chain, client, from: wallet.address, walletChainId: wallet.chainId }
    : null;
  function onCreate() {
    const { tickLower, tickUpper, liquidity, max, amount0, amount1, sqrtPrice } = math;
    if (!context || !key || stop || tickLower === null || tickUpper === null || !max || sqrtPrice === null) return;
    setStatus({ step: "idle" });
    setReview(v4MintReview({
      context,
      key,
      initialSqrtPriceX96: form.fresh ? sqrtPrice : null,
      math,
      startText: form.start.text,
      slippageBps: form.slippage.check.ok ? form.slippage.check.bps : 50,
      tickLower,
      tickUpper,
      liquidity: liquidity!,
      amounts: { amount0: amount0!, amount1: amount1! },
      max,
      onDone: () => void refreshChainReads(),
    }));
  }
  return (
    <div className="trade-panel liquidity-form" data-testid="v4-new-panel">
      <div className="trade-box">
        <span className="trade-label">Pair</span>
        <PairPickers
          tokens={tokens}
          list={list}
          first={{ value: form.keys.a, set: form.keys.setA }}
          second={{ value: form.keys.b, set: form.keys.setB }}
        />
        {form.pair ? <PoolSelect form={form} /> : null}
      </div>
      <RangeBox form={form} />
      <AmountsBox
        form={form}
        onEdit={() => status.step === "confirmed" && setStatus({ step: "idle" })}
      />
      <DetailRows
        rows={[
          math.amount0 !== null && math.amount1 !== null && math.t0 && math.t1
            ? {
              label: "Deposits",
              value: `${formatUnitsShort(math.amount0, math.t0.decimals)} ${math.t0.symbol} and ${
                formatUnitsShort(math.amount1, math.t1.decimals)
              } ${math.t1.symbol}`,
              testId: "amounts",
              note: math.depositUsd !== null ? `≈ ${formatUsd(math.depositUsd, { compact: false })}` : undefined,
            }
            : null,
          {
            label: "Contract called",
            value: (
              <>
                <code>{chain?.contracts.v4PositionManager}</code> (PositionManager
                {form.fresh ? ".multicall(initializePool, modifyLiquidities)" : ".modifyLiquidities"}, Permit2)
              </>
            ),
            testId: "contract",
          },
        ]}
      />
      <WalletGate wallet={wallet} chain={chain} action="open a position">
        <Button
          variant="primary"
          wide
          pending={txBusy(status) || review !== null}
          pendingLabel="Opening the position…"
          disabled={stop !== null || status.step === "confirmed"}
          onClick={onCreate}
        >
          {stop && stop !== "Enter an amount" ? stop : "Create position"}
        </Button>
      </WalletGate>
      {review && context
        ? <V4ReviewSheet review={review} context={context} onStatus={setStatus} onClose={() => setReview(null)} />
        : null}
      <TxStatusView status={status} />
      {status.step === "confirmed" ? <MintDone minted={minted} urlName={chain?.urlName ?? null} /> : null}
    </div>
  );
}
