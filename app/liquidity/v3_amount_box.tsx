/**
 * One side of a liquidity deposit (V2 add, V3 new position, V3 increase): the
 * amount field labelled "Amount of {symbol}" beside the token, its USD worth,
 * and the holder's balance with its USD worth, clickable, and "Max" (ether
 * keeps a reserve for gas), as the swap's sides have.
 *
 * @module
 */
import type { ReactNode } from "react";
import { formatUnits } from "viem";
import { formatUsd } from "../lib/format.ts";
import { usdValue } from "../lib/trade_math.ts";
import { TokenLogo } from "../components/token_logo.tsx";
import { AmountBox, BalanceNote, maxAmount } from "../components/form_rows.tsx";

/** What a side shows and does. */
export interface DepositSide {
  readonly id: string;
  readonly symbol: string;
  readonly decimals: number | null;
  readonly logoUrl?: string | null;
  /** USD price of one whole token, if known. */
  readonly price: number | null;
  /** The field's text (typed, or the amount that follows the other side). */
  readonly text: string;
  /** The amount in the token's smallest unit, once known. */
  readonly amount: bigint | null;
  readonly balance: bigint | null;
  /** The side is the chain's native currency (Max keeps gas). */
  readonly native: boolean;
  readonly onText: (text: string) => void;
  readonly readOnly?: boolean;
  /** `data-testid` prefix of its notes: `{testId}-usd`, `{testId}-balance`. */
  readonly testId: string;
  /** The label, if not "Amount of {symbol}". */
  readonly label?: ReactNode;
  /** Instead of the token chip (a picker). */
  readonly picker?: ReactNode;
}

/** One deposit side. */
export function AmountSide({ side }: { side: DepositSide }) {
  const usd = (amount: bigint | null) => {
    if (amount === null || side.decimals === null) return null;
    const value = usdValue(amount, side.decimals, side.price);
    return value === null ? null : formatUsd(value);
  };
  const max = side.balance !== null && side.decimals !== null && !side.readOnly
    ? () => side.onText(formatUnits(maxAmount(side.balance!, side.native), side.decimals!))
    : undefined;
  return (
    <AmountBox
      id={side.id}
      label={side.label ?? `Amount of ${side.symbol}`}
      value={side.text}
      onAmount={side.onText}
      readOnly={side.readOnly}
      picker={side.picker ?? (
        <span className="token-chip">
          <TokenLogo url={side.logoUrl} symbol={side.symbol} size={24} />
          {side.symbol}
        </span>
      )}
    >
      <p className="muted trade-note" data-testid={`${side.testId}-usd`}>{usd(side.amount) ?? "$0.00"}</p>
      <BalanceNote
        amount={side.balance}
        decimals={side.decimals}
        usd={usd(side.balance)}
        onMax={max}
        testId={`${side.testId}-balance`}
      />
    </AmountBox>
  );
}
