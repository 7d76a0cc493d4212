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
import { wholeTokens } from "../lib/portfolio_chain.ts";
import { formatUnitsShort, parseAmount, parseSlippage } from "../lib/wallet_math.ts";
import type { SwapToken } from "../lib/wallet_swap.ts";
import { amount0ForAmount1, amount1ForAmount0, sqrtRatioAtTick, tickSpacingOf, type V3Pool } from "../lib/wallet_v3.ts";
import {
  customRangeTicks,
  formatRangePrice,
  fullRangeTicks,
  isFullRange,
  percentRangeTicks,
  type PriceSide,
  RANGE_PRESETS,
  type RangePreset,
  shownPrice,
  shownPriceToTick,
  shownRange,
} from "../lib/wallet_v3_range.ts";
import { Button } from "../components/controls/button.tsx";
import { DetailRows } from "../components/controls/detail_rows.tsx";
import { Select, TextInput } from "../components/controls/fields.tsx";
import { TokenPicker } from "../components/token_picker.tsx";
import { mintPosition } from "./actions/mint.ts";
import { deadline, SlippageInput, type TokenMeta, useChain } from "./liquidity_shared.tsx";
import { deepestFee, priceGap, usePairPools } from "./v3_pair_pools.ts";
import { type ActionReview, ActionReviewSheet } from "../review/action_review.tsx";
import { Segmented } from "../components/controls/segmented.tsx";
import { pairPicker, useTokenOptions } from "./token_options.ts";
import { WalletGate } from "./form_rows.tsx";
import { txBusy, TxStatusView } from "./tx_status.tsx";
import { useWallet } from "./wallet_store.ts";
import type { TxStatus } from "./wallet_tx.ts";

/** The range as ticks, or why it cannot be used. */
function rangeOf(
  preset: RangePreset,
  typed: { min: string; max: string },
  side: PriceSide,
  currentTick: number | null,
  spacing: number,
): { ticks: [number, number] | null; error: string | null } {
  try {
    if (preset === "full") return { ticks: fullRangeTicks(spacing), error: null };
    if (preset === "10") {
      return currentTick === null
        ? { ticks: null, error: null }
        : { ticks: percentRangeTicks(currentTick, spacing, 10, side.inverted), error: null };
    }
    if (typed.min.trim() === "" || typed.max.trim() === "") return { ticks: null, error: null };
    return { ticks: customRangeTicks(Number(typed.min), Number(typed.max), side, spacing), error: null };
  } catch (e) {
    return { ticks: null, error: (e as Error).message };
  }
}

/** A new V3 position on `loadNewPosition`'s data. */
export function NewV3Position({ data }: { data: NewPositionData }) {
  const wallet = useWallet();
  const { chain, client } = useChain(wallet, data.chain);
  const { tokens, list } = useTokenOptions(data, client);
  const listed = data.tokens.ok ? data.tokens.data : [];
  // Without a pair in the link: the native token and a stablecoin, as people usually start.
  const [a, setA] = useState(() => data.input ?? NATIVE_PLACEHOLDER);
  const [b, setB] = useState(() =>
    data.output ??
      (listed.find((t) => t.symbol === "USDC") ?? listed.find((t) => t.key !== (data.input ?? NATIVE_PLACEHOLDER)))
        ?.key ??
      ""
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

  const weth = chain?.contracts.wrappedNative ?? null;
  const toAddress = (key: string): Address | null =>
    key === NATIVE_PLACEHOLDER ? weth : isAddress(key) ? getAddress(key) : null;
  const addressA = toAddress(a);
  const addressB = toAddress(b);
  const nativeSide = a === NATIVE_PLACEHOLDER ? addressA : b === NATIVE_PLACEHOLDER ? addressB : null;

  const { pair, pools } = usePairPools(client, chain, addressA, addressB);
  const deepest = pools ? deepestFee(pools) : null;
  const fee = chosenFee ?? deepest ?? 3000;
  const pool: V3Pool | null | undefined = pools === undefined ? undefined : pools.get(fee) ?? null;

  if (!data.tokens.ok) return <p role="alert">{data.tokens.error}</p>;
  if (wallet.ready && !chain) return <p className="muted">V3 positions on {data.chainLabel} are not available here.</p>;

  const [t0, t1] = pair ?? [null, null];
  // A token's USD price at the gateway's prices (the pickers' tokens).
  const priceOfToken = (t: TokenMeta) =>
    tokens.find((o) => o.key === (t.address === nativeSide ? NATIVE_PLACEHOLDER : t.address.toLowerCase()))?.price ??
      null;
  // The symbols people pay with: ether where a side is the native token.
  const symbol = (t: TokenMeta | null) =>
    t ? (t.address === nativeSide ? chain?.nativeCurrency.symbol ?? "ETH" : t.symbol) : "…";
  const s0 = symbol(t0);
  const s1 = symbol(t1);
  const spacing = tickSpacingOf(fee);
  // Prices shown as the larger number by default (3180 USDC per WETH rather than 0.000314 WETH per USDC).
  const defaultInverted = !!(pool && t0 && t1 &&
    shownPrice(pool.tick, { decimals0: t0.decimals, decimals1: t1.decimals, inverted: false }) < 1);
  const side: PriceSide | null = t0 && t1
    ? { decimals0: t0.decimals, decimals1: t1.decimals, inverted: inverted ?? defaultInverted }
    : null;
  const quote = side?.inverted ? `${s0} per ${s1}` : `${s1} per ${s0}`;
  let startError: string | null = null;
  let currentTick: number | null = pool?.tick ?? null;
  if (pool === null && side && startText.trim() !== "") {
    try {
      currentTick = shownPriceToTick(Number(startText), side);
    } catch (e) {
      startError = (e as Error).message;
    }
  }
  // The market's price as shown: the deepest pool's, else the gateway's prices of both tokens.
  const marketPool = deepest !== null ? pools?.get(deepest) ?? null : null;
  const gatewayPrice = t0 && t1 && priceOfToken(t0) && priceOfToken(t1)
    ? (side?.inverted ? priceOfToken(t1)! / priceOfToken(t0)! : priceOfToken(t0)! / priceOfToken(t1)!)
    : null;
  const market = marketPool && side ? shownPrice(marketPool.tick, side) : gatewayPrice;
  const gap = pool === null ? priceGap(Number(startText), market) : null;
  const sqrtPrice = pool ? pool.sqrtPriceX96 : currentTick !== null ? sqrtRatioAtTick(currentTick) : null;
  const range = side ? rangeOf(preset, typed, side, currentTick, spacing) : { ticks: null, error: null };
  const [tickLower, tickUpper] = range.ticks ?? [null, null];
  // The amount typed is token0's, unless the range sits below the price (token1 only).
  const onlyToken1 = sqrtPrice !== null && tickUpper !== null && sqrtPrice >= sqrtRatioAtTick(tickUpper);
  const amount = t0 && t1 ? parseAmount(amountText, onlyToken1 ? t1.decimals : t0.decimals) : null;
  let amount0: bigint | null = null;
  let amount1: bigint | null = null;
  if (amount !== null && amount > 0n && sqrtPrice !== null && tickLower !== null && tickUpper !== null) {
    if (onlyToken1) {
      amount1 = amount;
      amount0 = amount0ForAmount1(sqrtPrice, tickLower, tickUpper, amount) ?? 0n;
    } else {
      amount0 = amount;
      amount1 = amount1ForAmount0(sqrtPrice, tickLower, tickUpper, amount) ?? 0n;
    }
  }
  const busy = txBusy(status) || review !== null;
  const done = status.step === "confirmed";
  const priceOf = priceOfToken;
  const depositUsd = t0 && t1 && amount0 !== null && amount1 !== null && priceOf(t0) !== null &&
      priceOf(t1) !== null
    ? wholeTokens(amount0, t0.decimals) * priceOf(t0)! + wholeTokens(amount1, t1.decimals) * priceOf(t1)!
    : null;

  function choosePreset(next: RangePreset) {
    if (
      next === "custom" && side && tickLower !== null && tickUpper !== null &&
      !isFullRange(tickLower, tickUpper, spacing)
    ) {
      const [low, high] = shownRange(tickLower, tickUpper, side);
      setTyped({ min: formatRangePrice(low), max: formatRangePrice(high) });
    }
    setPreset(next);
  }

  function chooseDirection(next: boolean) {
    if (side && next !== side.inverted) {
      // Typed prices follow the direction: the new minimum is the inverse of the old maximum.
      const flip = (text: string) => (Number(text) > 0 ? formatRangePrice(1 / Number(text)) : "");
      setTyped((t) => ({ min: flip(t.max), max: flip(t.min) }));
      setStartText((s) => flip(s));
    }
    setInverted(next);
  }

  function onCreate() {
    if (!chain || !client || !wallet.address || wallet.chainId === null || !t0 || !t1 || !slippage.ok) return;
    if (amount0 === null || amount1 === null || tickLower === null || tickUpper === null || sqrtPrice === null) return;
    const asSpend = (t: TokenMeta, s: string): SwapToken => ({
      address: t.address === nativeSide ? "native" : t.address,
      symbol: s,
      decimals: t.decimals,
    });
    const context = { chain, client, from: wallet.address, walletChainId: wallet.chainId };
    const params = {
      spend0: { token: asSpend(t0, s0), amount: amount0 },
      spend1: { token: asSpend(t1, s1), amount: amount1 },
      token0: t0.address,
      token1: t1.address,
      fee,
      tickLower,
      tickUpper,
      initialSqrtPriceX96: pool === null ? sqrtPrice : undefined,
      options: {
        contracts: chain.contracts,
        recipient: wallet.address,
        slippageBps: slippage.bps,
        deadline: deadline(),
      },
    };
    const pairName = `${s0}/${s1} ${fee / 10_000}%`;
    setStatus({ step: "idle" });
    setReview({
      title: pool === null ? "Review creating a pool and a position" : "Review the new position",
      rows: [
        { label: "Pool", value: pool === null ? `${pairName} (new: created at your price)` : pairName },
        {
          label: `Range (${quote})`,
          value: shown
            ? `${full ? "0" : formatRangePrice(shown[0])} – ${full ? "∞" : formatRangePrice(shown[1])}`
            : "–",
        },
        pool === null
          ? {
            label: "Starting price",
            value: `${startText} ${quote}`,
            tone: gap !== null && gap > 0.02 ? "warning" : "neutral",
          }
          : null,
        {
          label: "Deposits",
          value: `${formatUnitsShort(amount0, t0.decimals)} ${s0} and ${formatUnitsShort(amount1, t1.decimals)} ${s1}`,
          note: depositUsd !== null ? `≈ ${formatUsd(depositUsd, { compact: false })}` : undefined,
          testId: "review-deposits",
        },
        { label: "Slippage", value: `${slippage.bps / 100}%` },
      ],
      changes: [
        { symbol: s0, amount: `−${formatUnitsShort(amount0, t0.decimals)} (at most)` },
        { symbol: s1, amount: `−${formatUnitsShort(amount1, t1.decimals)} (at most)` },
        { symbol: "position NFT", amount: "+1" },
      ],
      spends: [params.spend0, params.spend1],
      spender: chain.contracts.v3PositionManager,
      action: {
        title: `Open a ${pairName} position`,
        contract: chain.contracts.v3PositionManager,
        call: pool === null ? "multicall(createAndInitializePoolIfNecessary, mint)" : "mint",
        run: (report) => mintPosition(context, params, report),
      },
      confirm: "Create position",
    });
  }

  const full = tickLower !== null && tickUpper !== null && isFullRange(tickLower, tickUpper, spacing);
  const shown = side && tickLower !== null && tickUpper !== null ? shownRange(tickLower, tickUpper, side) : null;
  const current = pool && side ? shownPrice(pool.tick, side) : null;
  const outside = current !== null && shown !== null && (current < shown[0] || current > shown[1]);
  return (
    <div className="trade-panel liquidity-form" data-testid="v3-new-panel">
      <div className="trade-box">
        <span className="trade-label">Pair</span>
        <div className="trade-row">
          <TokenPicker
            list={list}
            tokens={tokens}
            value={a}
            onSelect={pairPicker({ value: a, set: setA }, { value: b, set: setB })}
            label="First token"
          />
          <TokenPicker
            list={list}
            tokens={tokens}
            value={b}
            onSelect={pairPicker({ value: b, set: setB }, { value: a, set: setA })}
            label="Second token"
          />
        </div>
        <Select label="Fee tier" value={fee} onChange={(e) => setFee(Number(e.currentTarget.value))}>
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
      </div>
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
              onChange={(e) => setStartText(e.currentTarget.value)}
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
                onChange={(e) => setTyped({ ...typed, min: e.currentTarget.value })}
              />
              <TextInput
                label={`Maximum price (${quote})`}
                inputMode="decimal"
                value={typed.max}
                onChange={(e) => setTyped({ ...typed, max: e.currentTarget.value })}
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
                <code>{chain?.contracts.v3PositionManager}</code> (NonfungiblePositionManager
                {pool === null ? ".multicall(createAndInitializePoolIfNecessary, mint)" : ".mint"})
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
      {done
        ? (
          <p data-testid="mint-done">
            Position opened: see it in <Link to="/positions">your positions</Link>.
          </p>
        )
        : null}
    </div>
  );
}
