/**
 * `/positions/create/v3` (and `/positions/create`, `/add`, `/pool/new`): a
 * new V3 position. The pair and fee tier come preselected from the link (a
 * pool page's "Add liquidity"), the range from a preset (full range, ±10%
 * around the current price, or custom prices), prices shown either way round
 * with a toggle and drawn on a range chart with the current price; the fee
 * tier chooser shows each tier's TVL and the most used; either amount is
 * typed and the other follows the range, each side with its balance and USD. The
 * mint approves exactly what it takes first (`actions/mint.ts`).
 *
 * @module
 */
import { useId } from "react";
import { Link } from "react-router";
import type { NewPositionData } from "../lib/wallet_loaders.ts";
import { formatUnitsGrouped, formatUsd } from "../lib/format.ts";
import { formatUnitsShort } from "../lib/trade_math.ts";
import type { V3Pool } from "./v3_position.ts";
import { formatRangePrice, isFullRange, RANGE_PRESETS, type RangePreset, shownRange } from "./v3_range.ts";
import { Button } from "../components/controls/button.tsx";
import { DetailRows } from "../components/controls/detail_rows.tsx";
import { TextInput } from "../components/controls/fields.tsx";
import { Segmented } from "../components/controls/segmented.tsx";
import { PairPickers } from "../components/pair_pickers.tsx";
import { SlippageInput } from "./liquidity_shared.tsx";
import type { PositionMath } from "./v3_new_position_math.ts";
import { ActionReviewSheet } from "../review/action_review.tsx";
import { WalletGate } from "../components/form_rows.tsx";
import { TxStatusView } from "../wallet/tx_status.tsx";
import { useNewPositionForm } from "./v3_new_position_form.ts";
import type { NewPositionAction, NewPositionState } from "./v3_new_position_state.ts";
import { FeeTierChooser } from "./fee_tier_chooser.tsx";
import { RangeChart } from "./range_chart.tsx";
import { AmountSide, type DepositSide } from "./v3_amount_box.tsx";

/**
 * The price range of a new position: the direction of the prices, the current
 * price (or a new pool's typed starting price, warned past 2% from the
 * market), the range presets or custom prices, and where the range sits.
 */
function PriceRangeBox(
  { m, pool, state, dispatch }: {
    m: PositionMath;
    pool: V3Pool | null | undefined;
    state: NewPositionState;
    dispatch: (action: NewPositionAction) => void;
  },
) {
  const { startText, preset, typed } = state;
  const { t0, t1, s0, s1, side, quote, startError, gap, market, range, full, shown, current, outside } = m;
  const { tickLower, tickUpper, spacing } = m;
  function choosePreset(next: RangePreset) {
    if (
      next === "custom" && side && tickLower !== null && tickUpper !== null &&
      !isFullRange(tickLower, tickUpper, spacing)
    ) {
      const [low, high] = shownRange(tickLower, tickUpper, side);
      dispatch({ type: "preset", preset: next, typed: { min: formatRangePrice(low), max: formatRangePrice(high) } });
      return;
    }
    dispatch({ type: "preset", preset: next });
  }

  function chooseDirection(next: boolean) {
    if (side && next !== side.inverted) {
      // Typed prices follow the direction: the new minimum is the inverse of the old maximum.
      const flip = (text: string) => (Number(text) > 0 ? formatRangePrice(1 / Number(text)) : "");
      dispatch({
        type: "direction",
        inverted: next,
        typed: { min: flip(typed.max), max: flip(typed.min) },
        startText: flip(startText),
      });
      return;
    }
    dispatch({ type: "direction", inverted: next, typed, startText });
  }

  return (
    <div className="trade-box">
      <div className="liquidity-price-head">
        <span className="trade-label">Price range</span>
        {t0 && t1
          ? (
            <Segmented
              label="Show prices as"
              testId="price-direction"
              value={side?.inverted ? "inverted" : "straight"}
              options={[{ value: "straight", label: `${s1} per ${s0}` }, {
                value: "inverted",
                label: `${s0} per ${s1}`,
              }]}
              onChange={(v) => chooseDirection(v === "inverted")}
            />
          )
          : null}
      </div>
      <p data-testid="current-price">
        {!t0 || !t1 ? "Pick two tokens." : pool
          ? (
            <>
              Current price: <strong>{formatRangePrice(current!)}</strong> {quote}
            </>
          )
          : pool === null
          ? "No pool for this pair and fee tier yet: you set its starting price."
          : "Reading the pool…"}
      </p>
      {pool === null && t0 && t1
        ? (
          <TextInput
            label={`Starting price (${quote})`}
            inputMode="decimal"
            value={startText}
            onChange={(e) => dispatch({ type: "start", text: e.currentTarget.value })}
            error={startError}
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
        value={preset}
        options={RANGE_PRESETS.map((p) => ({ value: p.preset, label: p.label }))}
        onChange={choosePreset}
      />
      {preset === "custom"
        ? (
          <div className="liquidity-range-inputs">
            <TextInput
              label={`Minimum price (${quote})`}
              inputMode="decimal"
              value={typed.min}
              onChange={(e) => dispatch({ type: "typed", typed: { ...typed, min: e.currentTarget.value } })}
            />
            <TextInput
              label={`Maximum price (${quote})`}
              inputMode="decimal"
              value={typed.max}
              onChange={(e) => dispatch({ type: "typed", typed: { ...typed, max: e.currentTarget.value } })}
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
            {outside ? " (the current price is outside this range: the position holds one token only)" : ""}
          </p>
        )
        : null}
      {range.error ? <p role="alert" className="control-error">{range.error}</p> : null}
    </div>
  );
}

/** What the deposit takes (with its USD worth) and the contract called. */
function DepositRows(
  { m, pool, manager }: { m: PositionMath; pool: V3Pool | null | undefined; manager: string | null },
) {
  const { amount0, amount1, t0, t1, s0, s1, depositUsd } = m;
  return (
    <DetailRows
      rows={[
        amount0 !== null && amount1 !== null && t0 && t1
          ? {
            label: "Deposits",
            value: `${formatUnitsGrouped(amount0, t0.decimals)} ${s0} and ${
              formatUnitsGrouped(amount1, t1.decimals)
            } ${s1}`,
            testId: "amounts",
            note: depositUsd !== null ? `≈ ${formatUsd(depositUsd, { compact: false })}` : undefined,
          }
          : null,
        {
          label: "Contract called",
          value: (
            <>
              <code>{manager}</code> (NonfungiblePositionManager
              {pool === null ? ".multicall(createAndInitializePoolIfNecessary, mint)" : ".mint"})
            </>
          ),
          testId: "contract",
        },
      ]}
    />
  );
}

/** The line after a mint: a link to the new position once the receipt names it. */
function MintDone({ minted, urlName }: { minted: bigint | null; urlName: string | null }) {
  return (
    <p data-testid="mint-done">
      {minted !== null && urlName
        ? (
          <>
            Position opened:{" "}
            <Link to={`/positions/v3/${urlName}/${minted}`} data-testid="minted-position">
              view position #{minted.toString()}
            </Link>{" "}
            (all in <Link to="/positions">your positions</Link>).
          </>
        )
        : (
          <>
            Position opened: see it in <Link to="/positions">your positions</Link>.
          </>
        )}
    </p>
  );
}

/** The deposit's two sides (pool order): typing either computes the other from the price and the range. */
function DepositSides({ form }: { form: ReturnType<typeof useNewPositionForm> }) {
  const { m, state, dispatch, nativeSide, balances, optionOf } = form;
  const { t0, t1, typedSide, onlyToken0, onlyToken1 } = m;
  const ids = useId();
  if (!t0 || !t1) return null;
  const side = (i: 0 | 1): DepositSide => {
    const t = [t0, t1][i];
    const amount = [m.amount0, m.amount1][i];
    const typedHere = typedSide === i && state.amount.side === i;
    // A side the range does not take reads 0; the side typed keeps its text; the other follows.
    const unused = (i === 0 && onlyToken1) || (i === 1 && onlyToken0);
    return {
      id: `${ids}-${i}`,
      symbol: [m.s0, m.s1][i],
      decimals: t.decimals,
      logoUrl: optionOf(t)?.logoUrl ?? null,
      price: optionOf(t)?.price ?? null,
      text: typedHere ? state.amount.text : unused ? "0" : amount === null ? "" : formatUnitsShort(amount, t.decimals),
      amount,
      balance: balances[i],
      native: t.address === nativeSide,
      readOnly: unused,
      onText: (text) => dispatch({ type: "amount", side: i, text }),
      testId: `deposit-${i}`,
    };
  };
  return (
    <div className="liquidity-deposit" data-testid="deposit-sides">
      <span className="trade-label">Deposit amounts</span>
      <AmountSide side={side(0)} />
      <AmountSide side={side(1)} />
    </div>
  );
}

/** A new V3 position on `loadNewPosition`'s data. */
export function NewV3Position({ data }: { data: NewPositionData }) {
  const form = useNewPositionForm(data);
  const { wallet, chain, context, tokens, list, state, dispatch, pools, pool, fee, choices, m, slippage } = form;
  if (!data.tokens.ok) return <p role="alert">{data.tokens.error}</p>;
  if (wallet.ready && !chain) return <p className="muted">V3 positions on {data.chainLabel} are not available here.</p>;
  const { startError, range, amount0, amount1 } = m;
  const done = state.status.step === "confirmed";
  return (
    <div className="trade-panel liquidity-form" data-testid="v3-new-panel">
      <div className="trade-box">
        <span className="trade-label">Pair</span>
        <PairPickers
          tokens={tokens}
          list={list}
          first={{ value: state.a, set: (key) => dispatch({ type: "pick", side: "a", key }) }}
          second={{ value: state.b, set: (key) => dispatch({ type: "pick", side: "b", key }) }}
        />
        <span className="trade-label">Fee tier</span>
        <FeeTierChooser
          fee={fee}
          choices={choices}
          reading={pools === undefined && m.t0 !== null}
          onFee={(next) => dispatch({ type: "fee", fee: next })}
        />
      </div>
      <PriceRangeBox m={m} pool={pool} state={state} dispatch={dispatch} />
      <DepositSides form={form} />
      <div className="trade-box">
        <SlippageInput
          value={state.slippageText}
          onValue={(text) => dispatch({ type: "slippage", text })}
          check={slippage}
        />
      </div>
      <DepositRows m={m} pool={pool} manager={chain?.contracts.v3PositionManager ?? null} />
      <WalletGate wallet={wallet} chain={chain} action="open a position">
        <Button
          variant="primary"
          wide
          pending={form.busy}
          pendingLabel="Opening the position…"
          disabled={done || amount0 === null || amount1 === null || !!range.error || !!startError || !slippage.ok}
          onClick={form.create}
        >
          Create position
        </Button>
      </WalletGate>
      {state.review && context
        ? (
          <ActionReviewSheet
            review={state.review}
            context={context}
            onStatus={(status) => dispatch({ type: "status", status })}
            onClose={() => dispatch({ type: "review", review: null })}
          />
        )
        : null}
      <TxStatusView status={state.status} />
      {done ? <MintDone minted={form.minted} urlName={chain?.urlName ?? null} /> : null}
    </div>
  );
}
