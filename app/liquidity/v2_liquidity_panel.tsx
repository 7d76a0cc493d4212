/**
 * V2 liquidity with a wallet: add to a pair (the second amount follows the
 * pair's ratio; a new pair takes both amounts as typed) and remove a share of
 * the connected account's pair tokens. Approvals are exact, minimums come
 * from the slippage, and every call is simulated before the wallet is asked.
 *
 * @module
 */
import { useId, useReducer } from "react";
import type { TokenOption, TradeData } from "../lib/trade_loader.ts";
import { formatUnitsGrouped } from "../lib/format.ts";
import {
  deadlineAfter,
  DEFAULT_DEADLINE_MINUTES,
  formatUnitsShort,
  parseAmount,
  parseSlippage,
} from "../lib/trade_math.ts";
import type { SwapToken } from "../swap/swap_routes.ts";
import {
  buildAddLiquidity,
  buildRemoveLiquidity,
  type LiquidityTx,
  matchingAmount,
  removalAmounts,
  type V2CallOptions,
} from "./v2_pair.ts";
import { useWallet } from "../wallet/wallet_store.ts";
import { usePair } from "./v2_pair_reads.ts";
import { removeV2Liquidity } from "./actions/remove_liquidity.ts";
import { Button } from "../components/controls/button.tsx";
import { DetailRows } from "../components/controls/detail_rows.tsx";
import { TokenPicker } from "../components/token_picker.tsx";
import { txBusy, TxStatusView } from "../wallet/tx_status.tsx";
import { contractRow, SlippageAlert, SlippageField, WalletGate } from "../components/form_rows.tsx";
import { Segmented } from "../components/controls/segmented.tsx";
import { type ActionReview, ActionReviewSheet } from "../review/action_review.tsx";
import type { WalletContext } from "../review/action_steps.ts";
import { initialV2Form, V2_SHARES, v2FormReducer } from "./v2_form_state.ts";
import { addReview } from "./v2_add_review.ts";
import { requestOf } from "../review/predicted_changes.ts";
import { AmountSide, type DepositSide } from "./v3_amount_box.tsx";

/**
 * What both V2 screens keep: the form's state in one reducer
 * (`app/liquidity/v2_form_state.ts`: keys, amounts, share, slippage, status,
 * review), the pair's reads, the router call's options once the wallet and
 * slippage allow one, and the review sheet.
 */
function useV2Screen(data: TradeData, secondKey: (listed: readonly TokenOption[]) => string | undefined) {
  const wallet = useWallet();
  const ids = useId();
  const [state, dispatch] = useReducer(v2FormReducer, data, (d) => {
    const listed = d.tokens.ok ? d.tokens.data : [];
    return initialV2Form(d.input ?? listed[0]?.key ?? "", d.output ?? secondKey(listed) ?? "");
  });
  const pickA = (key: string) => dispatch({ type: "pick", side: "a", key });
  const pickB = (key: string) => dispatch({ type: "pick", side: "b", key });
  const reads = usePair(data, wallet, { a: state.a, b: state.b });
  const { chain, client } = reads;
  const slippage = parseSlippage(state.slippageText);
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
  const sheet = state.review && context
    ? (
      <ActionReviewSheet
        review={state.review}
        context={context}
        onStatus={(status) => dispatch({ type: "status", status })}
        onClose={() => dispatch({ type: "review", review: null })}
      />
    )
    : null;

  return {
    ...reads,
    wallet,
    ids,
    state,
    dispatch,
    keys: { a: state.a, b: state.b, pickA, pickB },
    slippage: {
      text: state.slippageText,
      setText: (text: string) => dispatch({ type: "slippage", text }),
      check: slippage,
    },
    status: state.status,
    busy: txBusy(state.status) || state.review !== null,
    options,
    context,
    openReview: (next: ActionReview) =>
      dispatch({ type: "review", review: { ...next, onDone: () => dispatch({ type: "done" }) } }),
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

/** The two amounts of a deposit: an existing pair's other side follows its ratio; a new pair takes both as typed. */
function depositOf(
  screen: ReturnType<typeof useV2Screen>,
): { amountA: bigint | null; amountB: bigint | null; existing: boolean } {
  const { tokenA, tokenB, pair, state } = screen;
  const parsed = (text: string, t: SwapToken | null) => (t ? parseAmount(text, t.decimals) : null);
  const existing = !!pair && pair.reserveA > 0n;
  if (!existing || !pair) {
    return { amountA: parsed(state.textA, tokenA), amountB: parsed(state.textB, tokenB), existing };
  }
  if (state.typedSide === "a") {
    const amountA = parsed(state.textA, tokenA);
    return { amountA, amountB: amountA === null ? null : matchingAmount(amountA, pair), existing };
  }
  const amountB = parsed(state.textB, tokenB);
  const flipped = { ...pair, reserveA: pair.reserveB, reserveB: pair.reserveA };
  return { amountA: amountB === null ? null : matchingAmount(amountB, flipped), amountB, existing };
}

/** The deposit's details: pair, rate, the holder's pair tokens, minimums and the contract called. */
function AddDetails(
  { screen, tx }: { screen: ReturnType<typeof useV2Screen>; tx: LiquidityTx | null },
) {
  const { pair, lpBalance, tokenA, tokenB } = screen;
  const rate = pair && pair.reserveA > 0n && tokenA && tokenB
    ? `1 ${tokenA.symbol} = ${
      formatUnitsGrouped(matchingAmount(10n ** BigInt(tokenA.decimals), pair), tokenB.decimals)
    } ${tokenB.symbol}`
    : null;
  return (
    <DetailRows
      className="liquidity-details"
      testId="v2-add-details"
      rows={[
        {
          label: "Pair",
          value: pair ? pair.address : pair === null ? "New pair: you set its price" : "–",
          testId: "pair",
        },
        rate ? { label: "Rate", value: rate, testId: "rate" } : null,
        {
          label: "Your pair tokens",
          value: lpBalance === null ? "–" : formatUnitsGrouped(lpBalance, 18),
          testId: "lp-balance",
        },
        tx && tokenA && tokenB
          ? {
            label: "Minimums",
            value: `${formatUnitsGrouped(tx.minimumA, tokenA.decimals)} ${tokenA.symbol}, ${
              formatUnitsGrouped(tx.minimumB, tokenB.decimals)
            } ${tokenB.symbol}`,
            testId: "minimums",
          }
          : null,
        tx ? contractRow(tx) : null,
      ]}
    />
  );
}

/** `/add/v2`: add liquidity to a V2 pair, each side with its balance and USD. */
export function AddV2Panel({ data }: { data: TradeData }) {
  const screen = useV2Screen(data, (listed) => listed.find((t) => t.key !== (data.input ?? listed[0]?.key))?.key);
  const { wallet, ids, chain, tokens, list, tokenA, tokenB, slippage, status, busy, state, dispatch } = screen;
  const { a, b, pickA, pickB } = screen.keys;
  const { amountA, amountB, existing } = depositOf(screen);
  const options = screen.options;
  const { tx, error } = tokenA && tokenB && amountA && amountB && options
    ? callOrError(() => buildAddLiquidity(tokenA, tokenB, { amountA, amountB }, options))
    : { tx: null, error: null };

  function onAdd() {
    const context = screen.context;
    if (!tokenA || !tokenB || !amountA || !amountB || !options || !tx || !context) return;
    screen.openReview(addReview(context, { tokenA, tokenB, amountA, amountB, tx, options, slippage: slippage.check }));
  }

  const side = (i: 0 | 1): DepositSide => {
    const [token, option, amount, key] = [[tokenA, tokenB][i], screen.picked[i], [amountA, amountB][i], [a, b][i]];
    const typedHere = !existing || state.typedSide === (i === 0 ? "a" : "b");
    const text = typedHere
      ? [state.textA, state.textB][i]
      : amount === null || !token
      ? ""
      : formatUnitsShort(amount, token.decimals);
    return {
      id: `${ids}-${i}`,
      symbol: option?.symbol ?? "",
      decimals: token?.decimals ?? null,
      price: option?.price ?? null,
      text,
      amount,
      balance: screen.balances[i],
      native: token?.address === "native",
      onText: (next) => dispatch({ type: "amount", side: i === 0 ? "a" : "b", text: next }),
      testId: i === 0 ? "side-a" : "side-b",
      label: i === 0 ? "Token A" : <>Token B{existing ? " (at the pair's ratio)" : ""}</>,
      picker: (
        <TokenPicker
          tokens={tokens}
          list={list}
          value={key}
          onSelect={i === 0 ? pickA : pickB}
          label={i === 0 ? "First token" : "Second token"}
        />
      ),
    };
  };

  const instead = unavailable(data, wallet.ready && !chain);
  if (instead) return instead;
  return (
    <div className="trade-panel wallet-v2-add" data-testid="v2-add-panel">
      <AmountSide side={side(0)} />
      <AmountSide side={side(1)} />
      <div className="trade-box">
        <SlippageField id={`${ids}-slippage`} value={slippage.text} onValue={slippage.setText} />
        <SlippageAlert slippage={slippage.check} />
      </div>
      <AddDetails screen={screen} tx={tx} />
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
  const percent = screen.state.share;
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
        { label: "Pair tokens", value: formatUnitsGrouped(liquidity, 18) },
      ],
      changes: [
        { symbol: "UNI-V2 pair tokens", amount: `−${formatUnitsGrouped(liquidity, 18)}` },
        { symbol: tokenA.symbol, amount: `+${formatUnitsGrouped(share.amountA, tokenA.decimals)}` },
        { symbol: tokenB.symbol, amount: `+${formatUnitsGrouped(share.amountB, tokenB.decimals)}` },
      ],
      spends: [lp],
      spender: options.contracts.v2Router,
      action: {
        title: `Remove ${tokenA.symbol}/${tokenB.symbol} liquidity`,
        contract: tx.to,
        call: tx.label,
        request: requestOf(context, tx),
        run: (report) => removeV2Liquidity(context, { a: tokenA, b: tokenB, pair, liquidity, options }, report),
      },
      confirm: "Remove liquidity",
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
        options={V2_SHARES.map((s) => ({ value: s, label: s === "100" ? "Max" : `${s}%` }))}
        onChange={(next) => screen.dispatch({ type: "share", share: next })}
      />
      <SlippageField id={`${ids}-slippage`} value={slippage.text} onValue={slippage.setText} />
      <DetailRows
        className="liquidity-details"
        rows={[
          { label: "Pair", value: pair ? pair.address : pair === null ? "No such pair" : "–" },
          {
            label: "Your pair tokens",
            value: lpBalance === null ? "–" : formatUnitsGrouped(lpBalance, 18),
            testId: "lp-balance",
          },
          share && tokenA && tokenB
            ? {
              label: "You receive about",
              value: `${formatUnitsGrouped(share.amountA, tokenA.decimals)} ${tokenA.symbol}, ${
                formatUnitsGrouped(share.amountB, tokenB.decimals)
              } ${tokenB.symbol}`,
            }
            : null,
          tx ? contractRow(tx) : null,
        ]}
      />
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
