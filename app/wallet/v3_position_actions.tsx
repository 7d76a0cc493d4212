/**
 * The owner's actions on a V3 position (`v3_position_detail.tsx`): increase
 * (a WETH side paid in ether by default, wrapped by the manager in the same
 * transaction, the WETH balance untouched), collect fees, and remove a share
 * (none chosen at first: 25, 50, 75 or Max). Every action opens its review
 * first (`app/review/`): nothing is sent by the button that opens it.
 *
 * @module
 */
import { useState } from "react";
import { formatUnitsShort, parseAmount, parseSlippage } from "../lib/wallet_math.ts";
import { amount1ForAmount0 } from "../lib/wallet_v3.ts";
import { Button } from "../components/controls/button.tsx";
import { TextInput, Toggle } from "../components/controls/fields.tsx";
import { Segmented } from "../components/controls/segmented.tsx";
import type { WalletContext } from "./actions/approve.ts";
import { deadline, SlippageInput } from "./liquidity_shared.tsx";
import { collectReview, increaseReview, removeReview, type ReviewInput } from "./v3_position_reviews.ts";
import type { V3Row } from "./positions_read.ts";
import { type ActionReview, ActionReviewSheet } from "../review/action_review.tsx";
import type { TxStatus } from "./wallet_tx.ts";

const SHARES = ["25", "50", "75", "100"] as const;
type Share = (typeof SHARES)[number];

/** Props of {@linkcode V3PositionActions}. */
export interface V3PositionActionsProps {
  readonly row: V3Row & { readonly pool: NonNullable<V3Row["pool"]> };
  readonly context: WalletContext;
  /** Which side is the wrapped native token, if any. */
  readonly wethSide: 0 | 1 | null;
  readonly asEther: boolean;
  readonly onAsEther: (yes: boolean) => void;
  readonly onStatus: (status: TxStatus) => void;
  /** After a review closed (read the position again). */
  readonly onChanged: () => void;
  /** "1 USDC, 0.5 ETH" of amounts, paid out in ether for the WETH side when `out`. */
  readonly amounts: (a: { amount0: bigint; amount1: bigint } | null, out?: boolean) => string;
}

/** Increase, collect and remove, each through its review. */
export function V3PositionActions(props: V3PositionActionsProps) {
  const { row, context, wethSide, asEther } = props;
  const { position, token0: t0, token1: t1, pool } = row;
  const ether = context.chain.nativeCurrency.symbol;
  const [addText, setAddText] = useState("");
  const [share, setShare] = useState<Share | "">("");
  const [slippageText, setSlippageText] = useState("0.5");
  const [payEther, setPayEther] = useState(true);
  const [review, setReview] = useState<ActionReview | null>(null);
  const slippage = parseSlippage(slippageText);
  const add0 = parseAmount(addText, t0.decimals);
  const add1 = add0 !== null
    ? amount1ForAmount0(pool.sqrtPriceX96, position.tickLower, position.tickUpper, add0)
    : null;
  const options = () => ({
    contracts: context.chain.contracts,
    recipient: context.from,
    slippageBps: slippage.ok ? slippage.bps : 50,
    deadline: deadline(),
    nativeOut: wethSide !== null && asEther,
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
  // A new action: the last one's status line ("Confirmed: …") gives way.
  const open = (next: ActionReview) => {
    props.onStatus({ step: "idle" });
    setReview(next);
  };
  const reviewIncrease = () => {
    const next = add0 !== null && add1 !== null && slippage.ok
      ? increaseReview(input, { add0, add1, wethSide, payEther })
      : null;
    if (next) open({ ...next, onDone: () => setAddText("") });
  };
  const reviewCollect = () => open(collectReview(input));
  const reviewRemove = () => {
    if (share === "" || !slippage.ok) return;
    open({ ...removeReview(input, Number(share)), onDone: () => setShare("") });
  };

  const busy = review !== null;
  return (
    <div className="position-actions">
      {wethSide !== null
        ? (
          <>
            <Toggle
              label={`Receive ${ether} instead of ${[t0, t1][wethSide].symbol} when removing or collecting`}
              checked={asEther}
              onChange={props.onAsEther}
            />
            <Toggle
              label={`Pay with ${ether} instead of ${[t0, t1][wethSide].symbol} when increasing`}
              checked={payEther}
              onChange={setPayEther}
            />
          </>
        )
        : null}
      <SlippageInput value={slippageText} onValue={setSlippageText} check={slippage} />
      <div className="trade-box">
        <TextInput
          label={`Add ${payIn(0)}`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          value={addText}
          onChange={(e) => setAddText(e.currentTarget.value.replace(/[^0-9.]/g, ""))}
          hint={`with ${add1 === null ? "–" : formatUnitsShort(add1, t1.decimals)} ${payIn(1)}`}
        />
        <Button
          variant="secondary"
          wide
          pending={busy}
          disabled={add0 === null || add0 === 0n || add1 === null || !slippage.ok}
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
          options={SHARES.map((s) => ({ value: s, label: s === "100" ? "Max" : `${s}%` }))}
          onChange={setShare}
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
      {review
        ? (
          <ActionReviewSheet
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
