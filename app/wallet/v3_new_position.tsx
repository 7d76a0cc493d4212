/**
 * `/positions/create/v3` (and `/positions/create`, `/add`, `/pool/new`): a
 * new V3 position. The pair and fee tier come preselected from the link (a
 * pool page's "Add liquidity"), the range from a preset (full range, ±10%
 * around the current price, or custom prices), prices shown either way round
 * with a toggle; one amount is typed and the other follows the range. The
 * mint approves exactly what it takes first (`actions/mint.ts`).
 *
 * @module
 */
import { useState } from "react";
import { Link } from "react-router";
import { getAddress } from "viem";
import { type Address, isAddress, NATIVE_PLACEHOLDER } from "../../lib/address.ts";
import { V3_FEE_TIERS } from "../../lib/fees.ts";
import type { NewPositionData } from "../lib/wallet_loaders.ts";
import { formatUsd } from "../lib/format.ts";
import { formatUnitsShort, parseSlippage } from "../lib/wallet_math.ts";
import type { V3Pool } from "../lib/wallet_v3.ts";
import { formatRangePrice, isFullRange, RANGE_PRESETS, type RangePreset, shownRange } from "../lib/wallet_v3_range.ts";
import { Button } from "../components/controls/button.tsx";
import { DetailRows } from "../components/controls/detail_rows.tsx";
import { Select, TextInput } from "../components/controls/fields.tsx";
import { PairPickers } from "./pair_pickers.tsx";
import { SlippageInput, useChain } from "./liquidity_shared.tsx";
import { deepestFee, type TierPools, usePairPools } from "./v3_pair_pools.ts";
import { type PositionMath, positionMath } from "./v3_new_position_math.ts";
import { mintReview } from "./v3_mint_review.ts";
import { type ActionReview, ActionReviewSheet } from "../review/action_review.tsx";
import { Segmented } from "../components/controls/segmented.tsx";
import { useTokenOptions } from "./token_options.ts";
import { WalletGate } from "./form_rows.tsx";
import { txBusy, TxStatusView } from "./tx_status.tsx";
import { useMintedTokenId } from "./minted_position.ts";
import { useWallet } from "./wallet_store.ts";
import type { TxStatus } from "./wallet_tx.ts";

/**
 * The price range of a new position: the direction of the prices, the current
 * price (or a new pool's typed starting price, warned past 2% from the
 * market), the range presets or custom prices, and where the range sits.
 */
function PriceRangeBox(
  props: {
    m: PositionMath;
    pool: V3Pool | null | undefined;
    startText: string;
    onStartText: (text: string) => void;
    preset: RangePreset;
    onPreset: (preset: RangePreset) => void;
    typed: { min: string; max: string };
    onTyped: (typed: { min: string; max: string }) => void;
    onDirection: (inverted: boolean) => void;
  },
) {
  const { pool, startText, preset, typed } = props;
  const { t0, t1, s0, s1, side, quote, startError, gap, market, range, full, shown, current, outside } = props.m;
  const { tickLower, tickUpper, spacing } = props.m;
  function choosePreset(next: RangePreset) {
    if (
      next === "custom" && side && tickLower !== null && tickUpper !== null &&
      !isFullRange(tickLower, tickUpper, spacing)
    ) {
      const [low, high] = shownRange(tickLower, tickUpper, side);
      props.onTyped({ min: formatRangePrice(low), max: formatRangePrice(high) });
    }
    props.onPreset(next);
  }

  function chooseDirection(next: boolean) {
    if (side && next !== side.inverted) {
      // Typed prices follow the direction: the new minimum is the inverse of the old maximum.
      const flip = (text: string) => (Number(text) > 0 ? formatRangePrice(1 / Number(text)) : "");
      props.onTyped({ min: flip(typed.max), max: flip(typed.min) });
      props.onStartText(flip(startText));
    }
    props.onDirection(next);
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
            onChange={(e) => props.onStartText(e.currentTarget.value)}
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
              onChange={(e) => props.onTyped({ ...typed, min: e.currentTarget.value })}
            />
            <TextInput
              label={`Maximum price (${quote})`}
              inputMode="decimal"
              value={typed.max}
              onChange={(e) => props.onTyped({ ...typed, max: e.currentTarget.value })}
            />
          </div>
        )
        : null}
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

/** The fee tiers, each saying whether it has a pool and which is the deepest. */
function FeeTierSelect(
  { fee, pools, deepest, onFee }: {
    fee: number;
    pools: TierPools | undefined;
    deepest: number | null;
    onFee: (fee: number) => void;
  },
) {
  return (
    <Select label="Fee tier" value={fee} onChange={(e) => onFee(Number(e.currentTarget.value))}>
      {V3_FEE_TIERS.map((t) => (
        <option key={t.fee} value={t.fee}>
          {t.fee / 10_000}%{pools === undefined
            ? ""
            : t.fee === deepest
            ? " · deepest pool"
            : pools.get(t.fee)
            ? " · pool exists"
            : " · no pool"}
        </option>
      ))}
    </Select>
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
            value: `${formatUnitsShort(amount0, t0.decimals)} ${s0} and ${
              formatUnitsShort(amount1, t1.decimals)
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

/** The pair's picker keys (the link's, else the native token and a stablecoin) and their pool addresses. */
function usePairKeys(data: NewPositionData, weth: Address | null) {
  const listed = data.tokens.ok ? data.tokens.data : [];
  // Without a pair in the link: the native token and a stablecoin, as people usually start.
  const [a, setA] = useState(() => data.input ?? NATIVE_PLACEHOLDER);
  const [b, setB] = useState(() =>
    data.output ??
      (listed.find((t) => t.symbol === "USDC") ?? listed.find((t) => t.key !== (data.input ?? NATIVE_PLACEHOLDER)))
        ?.key ??
      ""
  );
  const toAddress = (key: string): Address | null =>
    key === NATIVE_PLACEHOLDER ? weth : isAddress(key) ? getAddress(key) : null;
  const addressA = toAddress(a);
  const addressB = toAddress(b);
  const nativeSide = a === NATIVE_PLACEHOLDER ? addressA : b === NATIVE_PLACEHOLDER ? addressB : null;

  return { a, setA, b, setB, addressA, addressB, nativeSide };
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

/** A new V3 position on `loadNewPosition`'s data. */
export function NewV3Position({ data }: { data: NewPositionData }) {
  const wallet = useWallet();
  const { chain, client } = useChain(wallet, data.chain);
  const { tokens, list } = useTokenOptions(data, client);
  const { a, setA, b, setB, addressA, addressB, nativeSide } = usePairKeys(
    data,
    chain?.contracts.wrappedNative ?? null,
  );
  // The link's tier, else the deepest existing pool's once read (`usePairPools`).
  const [chosenFee, setFee] = useState<number | null>(() => data.fee ?? null);
  const [preset, setPreset] = useState<RangePreset>("10");
  const [inverted, setInverted] = useState<boolean | null>(null);
  const [typed, setTyped] = useState({ min: "", max: "" });
  const [startText, setStartText] = useState("");
  const [amountText, setAmountText] = useState("");
  const [slippageText, setSlippageText] = useState("0.5");
  const [review, setReview] = useState<ActionReview | null>(null);
  const [status, setStatus] = useState<TxStatus>({ step: "idle" });
  const slippage = parseSlippage(slippageText);

  const { pair, pools } = usePairPools(client, chain, addressA, addressB);
  const deepest = pools ? deepestFee(pools) : null;
  const fee = chosenFee ?? deepest ?? 3000;
  const pool: V3Pool | null | undefined = pools === undefined ? undefined : pools.get(fee) ?? null;

  if (!data.tokens.ok) return <p role="alert">{data.tokens.error}</p>;
  if (wallet.ready && !chain) return <p className="muted">V3 positions on {data.chainLabel} are not available here.</p>;

  const m = positionMath({
    pair,
    pool,
    pools,
    deepest,
    fee,
    inverted,
    startText,
    preset,
    typed,
    amountText,
    priceOfToken: (t) =>
      tokens.find((o) => o.key === (t.address === nativeSide ? NATIVE_PLACEHOLDER : t.address.toLowerCase()))
        ?.price ?? null,
    nativeSymbol: chain?.nativeCurrency.symbol ?? "ETH",
    nativeSide,
  });
  const { t0, t1, s0, s1, startError, sqrtPrice, range, tickLower, tickUpper } = m;
  const { onlyToken1, amount0, amount1 } = m;
  const busy = txBusy(status) || review !== null;
  const done = status.step === "confirmed";
  const minted = useMintedTokenId(client, status, chain?.contracts.v3PositionManager);
  function onCreate() {
    if (!chain || !client || !wallet.address || wallet.chainId === null || !t0 || !t1 || !slippage.ok) return;
    if (amount0 === null || amount1 === null || tickLower === null || tickUpper === null || sqrtPrice === null) return;
    setStatus({ step: "idle" });
    setReview(mintReview({
      context: { chain, client, from: wallet.address, walletChainId: wallet.chainId },
      math: { ...m, t0, t1, amount0, amount1, tickLower, tickUpper, sqrtPrice },
      pool,
      fee,
      nativeSide,
      startText,
      slippageBps: slippage.bps,
    }));
  }

  return (
    <div className="trade-panel liquidity-form" data-testid="v3-new-panel">
      <div className="trade-box">
        <span className="trade-label">Pair</span>
        <PairPickers tokens={tokens} list={list} first={{ value: a, set: setA }} second={{ value: b, set: setB }} />
        <FeeTierSelect fee={fee} pools={pools} deepest={deepest} onFee={setFee} />
      </div>
      <PriceRangeBox
        m={m}
        pool={pool}
        startText={startText}
        onStartText={setStartText}
        preset={preset}
        onPreset={setPreset}
        typed={typed}
        onTyped={setTyped}
        onDirection={setInverted}
      />
      <div className="trade-box">
        <TextInput
          label={`Amount of ${onlyToken1 ? s1 : s0}`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          value={amountText}
          onChange={(e) => {
            setAmountText(e.currentTarget.value.replace(/[^0-9.]/g, ""));
            if (status.step === "confirmed") setStatus({ step: "idle" });
          }}
        />
        <SlippageInput value={slippageText} onValue={setSlippageText} check={slippage} />
      </div>
      <DepositRows m={m} pool={pool} manager={chain?.contracts.v3PositionManager ?? null} />
      <WalletGate wallet={wallet} chain={chain} action="open a position">
        <Button
          variant="primary"
          wide
          pending={busy}
          pendingLabel="Opening the position…"
          disabled={done || amount0 === null || amount1 === null || !!range.error || !!startError || !slippage.ok}
          onClick={onCreate}
        >
          Create position
        </Button>
      </WalletGate>
      {review && chain && client && wallet.address && wallet.chainId !== null
        ? (
          <ActionReviewSheet
            review={review}
            context={{ chain, client, from: wallet.address, walletChainId: wallet.chainId }}
            onStatus={setStatus}
            onClose={() => setReview(null)}
          />
        )
        : null}
      <TxStatusView status={status} />
      {done ? <MintDone minted={minted} urlName={chain?.urlName ?? null} /> : null}
    </div>
  );
}
