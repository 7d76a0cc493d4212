/**
 * V2 liquidity with a wallet: add to a pair (the second amount follows the
 * pair's ratio; a new pair takes both amounts as typed) and remove a share of
 * the connected account's pair tokens. Approvals are exact, minimums come
 * from the slippage, and every call is simulated before the wallet is asked.
 *
 * @module
 */
import { useId, useState } from "react";
import type { TokenOption, TradeData } from "../lib/trade_loader.ts";
import {
  deadlineAfter,
  DEFAULT_DEADLINE_MINUTES,
  formatUnitsShort,
  parseAmount,
  parseSlippage,
} from "../lib/wallet_math.ts";
import {
  buildAddLiquidity,
  buildRemoveLiquidity,
  matchingAmount,
  removalAmounts,
  type V2CallOptions,
} from "../lib/wallet_v2.ts";
import { useWallet } from "./wallet_store.ts";
import type { TxStatus } from "./wallet_tx.ts";
import { usePair } from "./v2_pair_reads.ts";
import { addV2Liquidity } from "./actions/add_liquidity.ts";
import { removeV2Liquidity } from "./actions/remove_liquidity.ts";
import { Button } from "../components/controls/button.tsx";
import { TokenPicker } from "../components/token_picker.tsx";
import { pairPicker } from "./token_options.ts";
import { txBusy, TxStatusView } from "./tx_status.tsx";
import { AmountBox, ContractCalled, SlippageAlert, SlippageField, WalletGate } from "./form_rows.tsx";
import { Segmented } from "../components/controls/segmented.tsx";
import { type ActionReview, ActionReviewSheet } from "../review/action_review.tsx";
import type { WalletContext } from "./actions/approve.ts";

/** The shares a removal offers ("100" reads "Max"); none is chosen at first. */
const SHARES = ["25", "50", "75", "100"] as const;
type Share = (typeof SHARES)[number];

/**
 * What both V2 screens keep: the pair's keys and pickers (the second token
 * defaults to `secondKey` of the listed tokens), the slippage, the
 * transaction's status, the pair's reads, the router call's options once the
 * wallet and slippage allow one, and `send`, which runs approvals, then the
 * call, then reads the pair again.
 */
function useV2Screen(data: TradeData, secondKey: (listed: readonly TokenOption[]) => string | undefined) {
  const wallet = useWallet();
  const ids = useId();
  const listed = data.tokens.ok ? data.tokens.data : [];
  const [a, setA] = useState(() => data.input ?? listed[0]?.key ?? "");
  const [b, setB] = useState(() => data.output ?? secondKey(listed) ?? "");
  const pickA = pairPicker({ value: a, set: setA }, { value: b, set: setB });
  const pickB = pairPicker({ value: b, set: setB }, { value: a, set: setA });
  const [slippageText, setSlippageText] = useState("0.5");
  const [status, setStatus] = useState<TxStatus>({ step: "idle" });
  const reads = usePair(data, wallet, { a, b });
  const { chain, client } = reads;
  const slippage = parseSlippage(slippageText);
  const options: V2CallOptions | null = slippage.ok && wallet.address && chain
    ? {
      contracts: chain.contracts,
      recipient: wallet.address,
      slippageBps: slippage.bps,
      deadline: deadlineAfter(DEFAULT_DEADLINE_MINUTES),
    }
    : null;

  const context: WalletContext | null = chain && client && wallet.address && wallet.chainId !== null
    ? { chain, client, from: wallet.address, walletChainId: wallet.chainId }
    : null;
  // The review before signing: opened by the primary button, nothing is sent until the holder confirms in it.
  const [review, setReview] = useState<ActionReview | null>(null);
  const sheet = review && context
    ? (
      <ActionReviewSheet
        review={review}
        context={context}
        onStatus={setStatus}
        onClose={() => setReview(null)}
      />
    )
    : null;

  return {
    ...reads,
    wallet,
    ids,
    keys: { a, b, pickA, pickB },
    slippage: { text: slippageText, setText: setSlippageText, check: slippage },
    status,
    setStatus,
    busy: txBusy(status) || review !== null,
    options,
    context,
    openReview: (next: ActionReview) => {
      setStatus({ step: "idle" });
      setReview(next);
    },
    sheet,
  };
}

/** The router call `build` makes, or why it cannot be made. */
function callOrError<T>(build: () => T): { tx: T | null; error: string | null } {
  try {
    return { tx: build(), error: null };
  } catch (e) {
    return { tx: null, error: (e as Error).message };
  }
}

/** What a V2 screen shows instead of its panel: the loader's error, or a note when the service has no RPC for the chain. */
function unavailable(data: TradeData, noRpc: boolean) {
  if (!data.tokens.ok) return <p role="alert">{data.tokens.error}</p>;
  if (noRpc) return <p className="muted">V2 liquidity on {data.chainLabel} is not available here.</p>;
  return null;
}

/** `/add/v2`: add liquidity to a V2 pair. */
export function AddV2Panel({ data }: { data: TradeData }) {
  const screen = useV2Screen(data, (listed) => listed.find((t) => t.key !== (data.input ?? listed[0]?.key))?.key);
  const { wallet, ids, chain, tokens, list, tokenA, tokenB, pair, lpBalance, slippage, status, busy } = screen;
  const { a, b, pickA, pickB } = screen.keys;
  const [amountAText, setAmountAText] = useState("");
  const [amountBText, setAmountBText] = useState("");
  const amountA = tokenA ? parseAmount(amountAText, tokenA.decimals) : null;
  const existing = pair && pair.reserveA > 0n;
  const amountB = existing && amountA !== null
    ? matchingAmount(amountA, pair)
    : tokenB
    ? parseAmount(amountBText, tokenB.decimals)
    : null;
  const options = screen.options;
  const { tx, error } = tokenA && tokenB && amountA && amountB && options
    ? callOrError(() => buildAddLiquidity(tokenA, tokenB, { amountA, amountB }, options))
    : { tx: null, error: null };

  function onAdd() {
    const context = screen.context;
    if (!tokenA || !tokenB || !amountA || !amountB || !options || !tx || !context) return;
    const a = { token: tokenA, amount: amountA };
    const b = { token: tokenB, amount: amountB };
    screen.openReview({
      title: "Review adding liquidity",
      rows: [
        { label: "Pair", value: `${tokenA.symbol}/${tokenB.symbol} (V2)` },
        { label: `${tokenA.symbol} in`, value: formatUnitsShort(amountA, tokenA.decimals), testId: "review-a" },
        { label: `${tokenB.symbol} in`, value: formatUnitsShort(amountB, tokenB.decimals), testId: "review-b" },
        {
          label: "Minimums",
          value: `${formatUnitsShort(tx.minimumA, tokenA.decimals)} ${tokenA.symbol}, ${
            formatUnitsShort(tx.minimumB, tokenB.decimals)
          } ${tokenB.symbol}`,
        },
        { label: "Slippage", value: `${slippage.check.ok ? slippage.check.bps / 100 : "–"}%` },
      ],
      changes: [
        { symbol: tokenA.symbol, amount: `−${formatUnitsShort(amountA, tokenA.decimals)}` },
        { symbol: tokenB.symbol, amount: `−${formatUnitsShort(amountB, tokenB.decimals)}` },
        { symbol: `${tokenA.symbol}/${tokenB.symbol} pair tokens`, amount: "+" },
      ],
      spends: [a, b],
      spender: options.contracts.v2Router,
      action: {
        title: `Add ${tokenA.symbol}/${tokenB.symbol} liquidity`,
        contract: tx.to,
        call: tx.label,
        run: (report) => addV2Liquidity(context, { a, b, options }, report),
      },
      confirm: "Add liquidity",
      // One deposit per intent: the amounts clear once it confirmed.
      onDone: () => {
        setAmountAText("");
        setAmountBText("");
      },
    });
  }

  const instead = unavailable(data, wallet.ready && !chain);
  if (instead) return instead;
  return (
    <div className="trade-panel wallet-v2-add" data-testid="v2-add-panel">
      <AmountBox
        id={`${ids}-a`}
        label="Token A"
        value={amountAText}
        onAmount={setAmountAText}
        picker={<TokenPicker tokens={tokens} list={list} value={a} onSelect={pickA} label="First token" />}
      />
      <AmountBox
        id={`${ids}-b`}
        label={<>Token B{existing ? " (at the pair's ratio)" : ""}</>}
        readOnly={!!existing}
        value={existing ? (amountB !== null && tokenB ? formatUnitsShort(amountB, tokenB.decimals) : "") : amountBText}
        onAmount={setAmountBText}
        picker={<TokenPicker tokens={tokens} list={list} value={b} onSelect={pickB} label="Second token" />}
      />
      <SlippageField id={`${ids}-slippage`} value={slippage.text} onValue={slippage.setText} />
      <SlippageAlert slippage={slippage.check} />
      <dl className="trade-details">
        <dt>Pair</dt>
        <dd data-testid="pair">{pair ? pair.address : pair === null ? "New pair: you set its price" : "–"}</dd>
        <dt>Your pair tokens</dt>
        <dd data-testid="lp-balance">{lpBalance === null ? "–" : formatUnitsShort(lpBalance, 18)}</dd>
        {tx && tokenA && tokenB
          ? (
            <>
              <dt>Minimums</dt>
              <dd data-testid="minimums">
                {formatUnitsShort(tx.minimumA, tokenA.decimals)} {tokenA.symbol},{" "}
                {formatUnitsShort(tx.minimumB, tokenB.decimals)} {tokenB.symbol}
              </dd>
              <ContractCalled tx={tx} />
            </>
          )
          : null}
      </dl>
      {error ? <p role="alert">{error}</p> : null}
      <WalletGate wallet={wallet} chain={chain} action="continue" switchLabel="Switch wallet">
        <Button wide pending={busy} pendingLabel="Adding liquidity…" disabled={!tx} onClick={onAdd}>
          Add liquidity
        </Button>
      </WalletGate>
      {screen.sheet}
      <TxStatusView status={status} />
    </div>
  );
}

/** `/remove/v2/{A}/{B}`: remove a share of the account's liquidity of a V2 pair. */
export function RemoveV2Panel({ data }: { data: TradeData }) {
  const screen = useV2Screen(data, (listed) => listed[1]?.key);
  const { wallet, ids, chain, tokens, list, tokenA, tokenB, pair, lpBalance, slippage, status, busy } = screen;
  const { a, b, pickA, pickB } = screen.keys;
  // A removal starts at no share: the holder picks one (25, 50, 75 or Max) before anything can be reviewed.
  const [percent, setPercent] = useState<Share | "">("");
  const liquidity = lpBalance !== null && percent !== "" ? lpBalance * BigInt(percent) / 100n : null;
  const share = pair && liquidity ? removalAmounts(liquidity, pair) : null;
  const options = screen.options;
  const { tx, error } = tokenA && tokenB && pair && liquidity && options
    ? callOrError(() => buildRemoveLiquidity(tokenA, tokenB, liquidity, pair, options))
    : { tx: null, error: null };

  function onRemove() {
    const context = screen.context;
    if (!pair || !liquidity || !tokenA || !tokenB || !options || !tx || !context || !share) return;
    const lp = { token: { address: pair.address, symbol: "UNI-V2", decimals: 18 }, amount: liquidity };
    screen.openReview({
      title: "Review removing liquidity",
      rows: [
        { label: "Pair", value: `${tokenA.symbol}/${tokenB.symbol} (V2)` },
        { label: "Share removed", value: `${percent}% of your pair tokens`, testId: "review-share" },
        { label: "Pair tokens", value: formatUnitsShort(liquidity, 18) },
      ],
      changes: [
        { symbol: "UNI-V2 pair tokens", amount: `−${formatUnitsShort(liquidity, 18)}` },
        { symbol: tokenA.symbol, amount: `+${formatUnitsShort(share.amountA, tokenA.decimals)}` },
        { symbol: tokenB.symbol, amount: `+${formatUnitsShort(share.amountB, tokenB.decimals)}` },
      ],
      spends: [lp],
      spender: options.contracts.v2Router,
      action: {
        title: `Remove ${tokenA.symbol}/${tokenB.symbol} liquidity`,
        contract: tx.to,
        call: tx.label,
        run: (report) => removeV2Liquidity(context, { a: tokenA, b: tokenB, pair, liquidity, options }, report),
      },
      confirm: "Remove liquidity",
      onDone: () => setPercent(""),
    });
  }

  const instead = unavailable(data, wallet.ready && !chain);
  if (instead) return instead;
  return (
    <div className="trade-panel wallet-v2-remove" data-testid="v2-remove-panel">
      <div className="trade-row">
        <TokenPicker tokens={tokens} list={list} value={a} onSelect={pickA} label="First token" />
        <TokenPicker tokens={tokens} list={list} value={b} onSelect={pickB} label="Second token" />
      </div>
      <span className="trade-label">Share to remove</span>
      <Segmented
        label="Share to remove"
        value={percent}
        options={SHARES.map((s) => ({ value: s, label: s === "100" ? "Max" : `${s}%` }))}
        onChange={setPercent}
      />
      <SlippageField id={`${ids}-slippage`} value={slippage.text} onValue={slippage.setText} />
      <dl className="trade-details">
        <dt>Pair</dt>
        <dd>{pair ? pair.address : pair === null ? "No such pair" : "–"}</dd>
        <dt>Your pair tokens</dt>
        <dd data-testid="lp-balance">{lpBalance === null ? "–" : formatUnitsShort(lpBalance, 18)}</dd>
        {share && tokenA && tokenB
          ? (
            <>
              <dt>You receive about</dt>
              <dd>
                {formatUnitsShort(share.amountA, tokenA.decimals)} {tokenA.symbol},{" "}
                {formatUnitsShort(share.amountB, tokenB.decimals)} {tokenB.symbol}
              </dd>
            </>
          )
          : null}
        {tx ? <ContractCalled tx={tx} /> : null}
      </dl>
      {error ? <p role="alert">{error}</p> : null}
      <WalletGate wallet={wallet} chain={chain} action="continue" switchLabel="Switch wallet">
        <Button
          variant="danger"
          wide
          pending={busy}
          pendingLabel="Removing liquidity…"
          disabled={!tx}
          onClick={onRemove}
        >
          {percent === "" ? "Choose a share to remove" : "Remove liquidity"}
        </Button>
      </WalletGate>
      {screen.sheet}
      <TxStatusView status={status} />
    </div>
  );
}
