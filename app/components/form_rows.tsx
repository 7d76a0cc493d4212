/**
 * The rows every wallet panel is made of: an amount with its token picker
 * and balance, the slippage field and its alert, the "Contract called" row of
 * a review list, the confirmation a flagged token needs, and the gate that
 * asks to connect a wallet or switch its chain before the panel's button.
 *
 * @module
 */
import type { ReactNode } from "react";
import type { PublicChain } from "../../lib/rpc_directory.ts";
import { formatUnitsGrouped, type SlippageCheck } from "../lib/trade_math.ts";
import type { TxRequest } from "../lib/tx_request.ts";
import type { DetailRow } from "./controls/detail_rows.tsx";
import { switchWalletChain, type WalletState } from "../wallet/wallet_store.ts";

/** What an amount field keeps of the typed text: digits and the decimal point. */
export function amountText(typed: string): string {
  return typed.replace(/[^0-9.]/g, "");
}

/** An amount input: decimal keyboard, keeps only digits and the point. */
export function AmountInput(
  props: {
    id: string;
    value: string;
    onAmount: (text: string) => void;
    readOnly?: boolean;
    autoComplete?: string;
    placeholder?: string;
  },
) {
  return (
    <input
      id={props.id}
      inputMode="decimal"
      autoComplete={props.autoComplete}
      placeholder={props.placeholder}
      readOnly={props.readOnly}
      value={props.value}
      onChange={(e) => props.onAmount(amountText(e.currentTarget.value))}
    />
  );
}

/**
 * A trade box: the label, the amount beside its token picker, and what goes
 * under them (a {@linkcode BalanceNote}).
 */
export function AmountBox(
  props: {
    id: string;
    label: ReactNode;
    value: string;
    onAmount: (text: string) => void;
    readOnly?: boolean;
    picker: ReactNode;
    children?: ReactNode;
  },
) {
  return (
    <div className="trade-box">
      <label htmlFor={props.id}>{props.label}</label>
      <div className="trade-row">
        <AmountInput
          id={props.id}
          autoComplete="off"
          placeholder="0"
          readOnly={props.readOnly}
          value={props.value}
          onAmount={props.onAmount}
        />
        {props.picker}
      </div>
      {props.children}
    </div>
  );
}

/** The ether kept back by "Max" on the native token, for the network fee of the transaction itself. */
export const GAS_RESERVE_WEI = 10_000_000_000_000_000n; // 0.01 ETH

/**
 * What "Max" puts in an amount field: the exact balance of a token; of the
 * native token the balance less {@linkcode GAS_RESERVE_WEI} (never below 0).
 */
export function maxAmount(balance: bigint, native: boolean): bigint {
  if (!native) return balance;
  return balance > GAS_RESERVE_WEI ? balance - GAS_RESERVE_WEI : 0n;
}

/**
 * Fraction digits a balance line shows, cut (never rounded up): cents-like
 * from a thousand ("103,177.81"), four from one ("10.1234"), six significant
 * below. "Max" and the balance button fill the exact amount.
 */
export function balanceDigits(amount: bigint, decimals: number): number {
  const whole = amount / 10n ** BigInt(decimals);
  return whole >= 1000n ? 2 : whole >= 1n ? 4 : 6;
}

/**
 * The balance under an amount, "–" until both it and the token's decimals are
 * read; its USD worth when known. With `onMax`, the balance is a button that
 * fills the field, and so is "Max" beside it.
 */
export function BalanceNote(
  { amount, decimals, testId, usd, onMax }: {
    amount: bigint | null | undefined;
    decimals: number | null | undefined;
    testId?: string;
    /** The balance's USD worth, formatted. */
    usd?: string | null;
    /** Fills the amount field with the balance ("Max"). */
    onMax?: () => void;
  },
) {
  const known = amount !== null && amount !== undefined && decimals !== null && decimals !== undefined;
  const shown = known ? formatUnitsGrouped(amount, decimals, balanceDigits(amount, decimals)) : "–";
  return (
    <p className="muted trade-note" data-testid={testId}>
      {onMax && known && amount > 0n
        ? (
          <>
            <button type="button" className="balance-button" onClick={onMax} aria-label={`Use balance ${shown}`}>
              Balance: {shown}
            </button>
            {usd ? <span className="balance-usd">{` (${usd})`}</span> : null}{" "}
            <button type="button" className="max-button" onClick={onMax} data-testid="max-button">Max</button>
          </>
        )
        : (
          <>
            Balance: {shown}
            {usd ? <span className="balance-usd">{` (${usd})`}</span> : null}
          </>
        )}
    </p>
  );
}

/** The slippage tolerance field (label and input). */
export function SlippageField(
  props: { id: string; value: string; onValue: (text: string) => void; inputMode?: "decimal" },
) {
  return (
    <>
      <label htmlFor={props.id}>Slippage tolerance (%)</label>
      <input
        id={props.id}
        className="field"
        inputMode={props.inputMode}
        value={props.value}
        onChange={(e) => props.onValue(e.currentTarget.value)}
      />
    </>
  );
}

/** Why the slippage cannot be used, or (unless `errorOnly`) the warning for a high one. */
export function SlippageAlert({ slippage, errorOnly }: { slippage: SlippageCheck; errorOnly?: boolean }) {
  if (!slippage.ok) return <p role="alert">{slippage.error}</p>;
  if (!errorOnly && slippage.warning) return <p role="alert">{slippage.warning}</p>;
  return null;
}

/** The "Contract called" row of a {@linkcode DetailRows} list: the exact contract and function. */
export function contractRow(tx: TxRequest): DetailRow {
  return {
    label: "Contract called",
    value: (
      <>
        <code>{tx.to}</code> ({tx.label})
      </>
    ),
    testId: "contract",
  };
}

/** {@linkcode contractRow} as the `<dt>`/`<dd>` pair of a plain review list. */
export function ContractCalled({ tx }: { tx: TxRequest }) {
  const row = contractRow(tx);
  return (
    <>
      <dt>{row.label}</dt>
      <dd data-testid={row.testId}>{row.value}</dd>
    </>
  );
}

/** The alert of a flagged token, with the box the person ticks to go on anyway. */
export function FlaggedConfirm(
  props: {
    message: ReactNode;
    label: string;
    checked: boolean;
    onChange: (checked: boolean) => void;
    className?: string;
  },
) {
  return (
    <p role="alert" className={props.className}>
      {props.message}{" "}
      <label>
        <input type="checkbox" checked={props.checked} onChange={(e) => props.onChange(e.currentTarget.checked)} />{" "}
        {props.label}
      </label>
    </p>
  );
}

/**
 * The panel's action once it can be taken: without a connected wallet a
 * note ("Connect a wallet (top right) to {action}."), on another chain the
 * button that switches the wallet (`switchLabel`, by default naming the
 * chain), else `children`.
 */
export function WalletGate(
  props: {
    wallet: WalletState;
    chain: PublicChain | null;
    action: string;
    switchLabel?: string;
    children: ReactNode;
  },
) {
  const { wallet, chain } = props;
  if (wallet.status === "reconnecting") return <p className="muted">Reconnecting your wallet…</p>;
  if (wallet.status !== "connected") return <p className="muted">Connect a wallet (top right) to {props.action}.</p>;
  if (chain && wallet.chainId !== chain.chainId) {
    return (
      <button type="button" onClick={() => void switchWalletChain(chain.chainId)}>
        {props.switchLabel ?? `Switch wallet to ${chain.label}`}
      </button>
    );
  }
  return <>{props.children}</>;
}
