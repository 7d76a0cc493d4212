/**
 * The owner's actions on a V4 position (`v4_position_detail.tsx`): increase
 * (either amount typed, the other following the range; ether as value in a
 * native pool), collect fees, and decrease a share (none chosen at first:
 * 25, 50, 75 or Max). Each opens its review first: nothing is sent by the
 * button that opens it.
 *
 * @module
 */
import { useState } from "react";
import { formatUnitsShort, parseAmount, parseSlippage } from "../lib/trade_math.ts";
import { amount0ForAmount1, amount1ForAmount0 } from "./v3_position.ts";
import { Button } from "../components/controls/button.tsx";
import { TextInput } from "../components/controls/fields.tsx";
import { Segmented } from "../components/controls/segmented.tsx";
import type { V4Review } from "./v4_steps.ts";
import type { WalletContext } from "../review/action_steps.ts";
import { SlippageInput } from "./liquidity_shared.tsx";
import type { TxStatus } from "../wallet/wallet_tx.ts";
import { type LiveV4Row, v4CollectReview, v4DecreaseReview, v4IncreaseReview } from "./v4_position_reviews.ts";
import { V4ReviewSheet } from "./v4_review.tsx";

const SHARES = ["25", "50", "75", "100"] as const;
type Share = (typeof SHARES)[number];

/** The pair of amounts an increase takes from the one typed; `null` when that side cannot be used. */
function increaseAmounts(row: LiveV4Row, typed: { side: 0 | 1; text: string }) {
  const { pool, tickLower, tickUpper, token0, token1 } = row;
  const amount = parseAmount(typed.text, typed.side === 0 ? token0.decimals : token1.decimals);
  if (amount === null || amount === 0n) return null;
  if (typed.side === 0) {
    const amount1 = amount1ForAmount0(pool.sqrtPriceX96, tickLower, tickUpper, amount);
    return amount1 === null ? null : { amount0: amount, amount1 };
  }
  const amount0 = amount0ForAmount1(pool.sqrtPriceX96, tickLower, tickUpper, amount);
  return amount0 === null ? null : { amount0, amount1: amount };
}

/** Increase, collect and decrease, each through its review. */
export function V4PositionActions(
  props: {
    row: LiveV4Row;
    context: WalletContext;
    onStatus: (status: TxStatus) => void;
    /** After a review closed (read the position again). */
    onChanged: () => void;
  },
) {
  const { row, context } = props;
  const [typed, setTyped] = useState<{ side: 0 | 1; text: string }>({ side: 0, text: "" });
  const [share, setShare] = useState<Share | "">("");
  const [slippageText, setSlippageText] = useState("0.5");
  const [review, setReview] = useState<V4Review | null>(null);
  const slippage = parseSlippage(slippageText);
  const bps = slippage.ok ? slippage.bps : 50;
  const add = increaseAmounts(row, typed);
  const open = (next: V4Review | null) => {
    if (!next) return;
    props.onStatus({ step: "idle" });
    setReview(next);
  };
  const input = { row, context, slippageBps: bps };
  const owed = !!row.fees && (row.fees.amount0 > 0n || row.fees.amount1 > 0n);
  const sides = [row.token0, row.token1] as const;
  return (
    <div className="position-actions" data-testid="v4-actions">
      <SlippageInput value={slippageText} onValue={setSlippageText} check={slippage} />
      <div className="trade-box">
        <span className="trade-label">Add liquidity</span>
        {sides.map((t, i) => (
          <TextInput
            key={i}
            label={`Add ${t.symbol}`}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={typed.side === i
              ? typed.text
              : add
              ? formatUnitsShort(i === 0 ? add.amount0 : add.amount1, t.decimals)
              : ""}
            onChange={(e) => setTyped({ side: i as 0 | 1, text: e.currentTarget.value.replace(/[^0-9.]/g, "") })}
          />
        ))}
        <Button
          variant="secondary"
          wide
          pending={review !== null}
          disabled={add === null || !slippage.ok}
          onClick={() => {
            const next = add ? v4IncreaseReview(input, add) : null;
            open(next && { ...next, onDone: () => setTyped({ side: 0, text: "" }) });
          }}
        >
          Increase liquidity
        </Button>
      </div>
      <div className="trade-box">
        <Button
          variant="primary"
          wide
          pending={review !== null}
          disabled={!owed}
          onClick={() => open(v4CollectReview(input))}
        >
          Collect fees
        </Button>
      </div>
      <div className="trade-box">
        <span className="trade-label">Share to remove</span>
        <Segmented
          label="Share to remove"
          value={share}
          options={SHARES.map((s) => ({ value: s, label: s === "100" ? "Max" : `${s}%` }))}
          onChange={setShare}
        />
        <Button
          variant="danger"
          wide
          pending={review !== null}
          disabled={row.liquidity === 0n || !slippage.ok || share === ""}
          onClick={() =>
            share !== "" && open({ ...v4DecreaseReview(input, Number(share)), onDone: () => setShare("") })}
        >
          {share === "" ? "Choose a share to remove" : "Remove liquidity"}
        </Button>
      </div>
      {review
        ? (
          <V4ReviewSheet
            review={review}
            context={context}
            onStatus={props.onStatus}
            onClose={() => {
              setReview(null);
              props.onChanged();
            }}
          />
        )
        : null}
    </div>
  );
}
