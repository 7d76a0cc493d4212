/**
 * The owner's actions on a V3 position (`v3_position_detail.tsx`): increase
 * (a WETH side paid in ether by default, wrapped by the manager in the same
 * transaction, the WETH balance untouched), collect fees, and remove a share
 * (none chosen at first: 25, 50, 75 or Max). An increase types either side
 * (the other follows the range), each with its balance and USD. Every action
 * opens its review first (`app/review/`): nothing is sent by the button that
 * opens it.
 *
 * @module
 */
import { useId } from "react";
import { useQueries } from "@tanstack/react-query";
import { formatUnitsShort, parseSlippage } from "../lib/trade_math.ts";
import { balanceQuery } from "../lib/query/chain_reads.ts";
import { queryClient } from "../lib/query/query_client.ts";
import { Button } from "../components/controls/button.tsx";
import { Toggle } from "../components/controls/fields.tsx";
import { Segmented } from "../components/controls/segmented.tsx";
import type { WalletContext } from "../review/action_steps.ts";
import { deadline, SlippageInput } from "./liquidity_shared.tsx";
import { collectReview, increaseReview, removeReview, type ReviewInput } from "./v3_position_reviews.ts";
import type { V3Row } from "./positions_read.ts";
import { type ActionReview, ActionReviewSheet } from "../review/action_review.tsx";
import { depositAmounts } from "./v3_new_position_math.ts";
import { AmountSide, type DepositSide } from "./v3_amount_box.tsx";
import { V3_SHARES, type V3PositionAction, type V3PositionState } from "./v3_position_state.ts";

/** Props of {@linkcode V3PositionActions}. */
export interface V3PositionActionsProps {
  readonly row: V3Row & { readonly pool: NonNullable<V3Row["pool"]> };
  readonly context: WalletContext;
  /** Which side is the wrapped native token, if any. */
  readonly wethSide: 0 | 1 | null;
  /** The page's state (`app/liquidity/v3_position_state.ts`) and its dispatch. */
  readonly state: V3PositionState;
  readonly dispatch: (action: V3PositionAction) => void;
  /** USD price of each side (pool order), if known. */
  readonly prices: readonly [number | null, number | null];
  /** "1 USDC, 0.5 ETH" of amounts, paid out in ether for the WETH side when `out`. */
  readonly amounts: (a: { amount0: bigint; amount1: bigint } | null, out?: boolean) => string;
}

/** The increase's two sides: typing either computes the other from the price and the position's range. */
function useIncrease(props: V3PositionActionsProps) {
  const { row, context, wethSide, state } = props;
  const { position, token0: t0, token1: t1, pool } = row;
  const ether = context.chain.nativeCurrency.symbol;
  const paysEther = (side: 0 | 1) => wethSide === side && state.payEther;
  const deposit = depositAmounts([t0, t1], pool.sqrtPriceX96, [position.tickLower, position.tickUpper], state.add);
  const held = useQueries({
    queries: ([0, 1] as const).map((i) =>
      balanceQuery(context.client, paysEther(i) ? "native" : [t0, t1][i].address, context.from)
    ),
  }, queryClient());
  const ids = useId();
  const side = (i: 0 | 1): DepositSide => {
    const t = [t0, t1][i];
    const amount = [deposit.amount0, deposit.amount1][i];
    const unused = (i === 0 && deposit.onlyToken1) || (i === 1 && deposit.onlyToken0);
    const typedHere = deposit.typedSide === i && state.add.side === i;
    return {
      id: `${ids}-${i}`,
      symbol: paysEther(i) ? ether : t.symbol,
      decimals: t.decimals,
      price: props.prices[i],
      text: typedHere ? state.add.text : unused ? "0" : amount === null ? "" : formatUnitsShort(amount, t.decimals),
      amount,
      balance: held[i]?.data ?? null,
      native: paysEther(i),
      readOnly: unused,
      onText: (text) => props.dispatch({ type: "add", side: i, text }),
      testId: `increase-${i}`,
      label: `Add ${paysEther(i) ? ether : t.symbol}`,
    };
  };
  return { add0: deposit.amount0, add1: deposit.amount1, sides: [side(0), side(1)] as const };
}

/** Increase, collect and remove, each through its review. */
export function V3PositionActions(props: V3PositionActionsProps) {
  const { row, context, wethSide, state, dispatch } = props;
  const { position, token0: t0, token1: t1 } = row;
  const ether = context.chain.nativeCurrency.symbol;
  const { share, payEther } = state;
  const slippage = parseSlippage(state.slippageText);
  const { add0, add1, sides } = useIncrease(props);
  const options = () => ({
    contracts: context.chain.contracts,
    recipient: context.from,
    slippageBps: slippage.ok ? slippage.bps : 50,
    deadline: deadline(),
    nativeOut: wethSide !== null && state.asEther,
  });
  const payIn = (side: 0 | 1) => (wethSide === side && payEther ? ether : [t0, t1][side].symbol);

  const input: ReviewInput = {
    row,
    context,
    options: options(),
    amounts: props.amounts,
    payIn,
    ether,
    slippageBps: slippage.ok ? slippage.bps : null,
  };
  // A new action: the last one's status line ("Confirmed: …") gives way (the reducer clears it).
  const open = (next: ActionReview) =>
    dispatch({ type: "review", review: { ...next, onDone: () => dispatch({ type: "done" }) } });
  const reviewIncrease = () => {
    if (add0 !== null && add1 !== null && slippage.ok) {
      open(increaseReview(input, { add0, add1, wethSide, payEther }));
    }
  };
  const reviewCollect = () => open(collectReview(input));
  const reviewRemove = () => {
    if (share !== "" && slippage.ok) open(removeReview(input, Number(share)));
  };

  const busy = state.review !== null;
  return (
    <div className="position-actions">
      {wethSide !== null
        ? (
          <>
            <Toggle
              label={`Receive ${ether} instead of ${[t0, t1][wethSide].symbol} when removing or collecting`}
              checked={state.asEther}
              onChange={(yes) => dispatch({ type: "asEther", yes })}
            />
            <Toggle
              label={`Pay with ${ether} instead of ${[t0, t1][wethSide].symbol} when increasing`}
              checked={payEther}
              onChange={(yes) => dispatch({ type: "payEther", yes })}
            />
          </>
        )
        : null}
      <SlippageInput
        value={state.slippageText}
        onValue={(text) => dispatch({ type: "slippage", text })}
        check={slippage}
      />
      <div className="liquidity-deposit" data-testid="increase-sides">
        <span className="trade-label">Increase liquidity</span>
        <AmountSide side={sides[0]} />
        <AmountSide side={sides[1]} />
        <Button
          variant="secondary"
          wide
          pending={busy}
          disabled={add0 === null || add1 === null || (add0 === 0n && add1 === 0n) || !slippage.ok}
          onClick={reviewIncrease}
        >
          Increase liquidity
        </Button>
      </div>
      <div className="trade-box">
        <Button
          variant="primary"
          wide
          pending={busy}
          disabled={!row.fees || (row.fees.amount0 === 0n && row.fees.amount1 === 0n)}
          onClick={reviewCollect}
        >
          Collect fees
        </Button>
      </div>
      <div className="trade-box">
        <span className="trade-label">Share to remove</span>
        <Segmented
          label="Share to remove"
          value={share}
          options={V3_SHARES.map((s) => ({ value: s, label: s === "100" ? "Max" : `${s}%` }))}
          onChange={(next) => dispatch({ type: "share", share: next })}
        />
        <Button
          variant="danger"
          wide
          pending={busy}
          disabled={position.liquidity === 0n || !slippage.ok || share === ""}
          onClick={reviewRemove}
        >
          {share === "" ? "Choose a share to remove" : "Remove liquidity"}
        </Button>
      </div>
      {state.review
        ? (
          <ActionReviewSheet
            review={state.review}
            context={context}
            onStatus={(status) => dispatch({ type: "status", status })}
            onClose={() => dispatch({ type: "review", review: null })}
          />
        )
        : null}
    </div>
  );
}
