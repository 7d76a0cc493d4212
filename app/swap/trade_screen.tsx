/**
 * Read-only frames of the screens that would need a wallet: limit orders,
 * buy, sell, liquidity and positions. Token pickers (`token_picker.tsx`)
 * list real tokens from the gateway and show market prices; the action
 * button asks to connect a wallet and never pretends to execute anything.
 */
import { Link } from "react-router";
import type { ReactNode } from "react";
import { useId, useState } from "react";
import { changeDirection, formatAmount, formatPercentChange, formatPrice, formatUsd } from "../lib/format.ts";
import type { TokenOption, TradeData } from "../lib/trade_loader.ts";
import { ConnectWalletState, ErrorState } from "../components/status.tsx";
import { TokenPicker } from "../components/token_picker.tsx";
import { useTokenList } from "../lib/token_list.ts";
import { IconButton } from "../components/controls/button.tsx";
import { TextInput } from "../components/controls/fields.tsx";

function pick(tokens: readonly TokenOption[], key: string | null, fallback: number): string {
  if (key && tokens.some((t) => t.key === key)) return key;
  return tokens[Math.min(fallback, tokens.length - 1)]?.key ?? "";
}

/** How many `to` one `from` is worth at market prices, if both are known. */
export function marketRate(from: TokenOption | undefined, to: TokenOption | undefined): number | null {
  if (!from?.price || !to?.price) return null;
  return from.price / to.price;
}

/**
 * An amount typed by a user: `null` while empty, the number when it is a
 * plain decimal (`1`, `0.5`, `.5`, `1.`), or an error that says why not.
 */
export function parseAmount(text: string): { value: number | null; error: string | null } {
  const t = text.trim();
  if (t === "") return { value: null, error: null };
  if (!/^(\d+\.?\d*|\.\d+)$/.test(t)) {
    return { value: null, error: `"${t}" is not an amount: use digits and one decimal point, like 1.5` };
  }
  return { value: Number(t), error: null };
}

/** What a trade frame does. */
export type TradeMode = "swap" | "limit" | "send" | "buy" | "sell" | "liquidity";

const ACTIONS: Readonly<Record<TradeMode, string>> = {
  swap: "swap",
  limit: "place a limit order",
  send: "send tokens",
  buy: "buy crypto",
  sell: "sell crypto",
  liquidity: "provide liquidity",
};

const FIRST_LABELS: Readonly<Record<TradeMode, string>> = {
  swap: "You pay",
  limit: "You sell",
  send: "You're sending",
  buy: "You're buying (USD)",
  sell: "You're selling",
  liquidity: "You deposit",
};

/** An amount field that takes only decimals and says so inline. */
function AmountField(
  { id, label, value, onChange }: { id: string; label: string; value: string; onChange: (text: string) => void },
) {
  const { error } = parseAmount(value);
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        placeholder="0"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      {error ? <p id={`${id}-error`} className="field-error" role="alert">{error}</p> : null}
    </>
  );
}

/** The limit screen's price: typed, checked, and compared with the market's. */
function LimitPriceBox(
  { id, from, to, text, rate, limitRate, onText }: {
    id: string;
    from: TokenOption | undefined;
    to: TokenOption | undefined;
    text: string;
    rate: number | null;
    limitRate: number | null;
    onText: (text: string) => void;
  },
) {
  return (
    <div className="trade-box">
      <label htmlFor={id}>
        Limit price: 1 {from?.symbol} in {to?.symbol}
      </label>
      <div className="trade-row">
        <div className="trade-amount">
          <input
            id={id}
            inputMode="decimal"
            autoComplete="off"
            value={text}
            aria-invalid={parseAmount(text).error ? true : undefined}
            aria-describedby={`${id}-note`}
            onChange={(e) => onText(e.currentTarget.value)}
          />
        </div>
        <span className="token-button-symbol">{to?.symbol}</span>
      </div>
      <p
        id={`${id}-note`}
        className={parseAmount(text).error ? "field-error" : "muted trade-note"}
      >
        {parseAmount(text).error ??
          (rate !== null && limitRate !== null
            ? `Market: 1 ${from?.symbol} ≈ ${formatAmount(rate)} ${to?.symbol}; ${
              changeDirection(((limitRate - rate) / rate) * 100) === "flat"
                ? "your price is the market price."
                : `your price is ${formatPercentChange(((limitRate - rate) / rate) * 100)} against it.`
            }`
            : "No market price for this pair.")}
      </p>
    </div>
  );
}

/**
 * A trade panel: one or two token pickers with an amount. For two tokens it
 * shows the market-price equivalent, labelled as an estimate, not a quote;
 * picking on one side the token of the other swaps them, and a button flips
 * them. The limit screen adds a limit price and the amount it would give.
 */
export function TradePanel({ data, mode }: { data: TradeData; mode: TradeMode }) {
  const amountId = useId();
  const list = useTokenList(data);
  const tokens = list.tokens;
  const [a, setA] = useState(() => pick(tokens, data.input, 0));
  const [b, setB] = useState(() => {
    const first = pick(tokens, data.input, 0);
    const second = pick(tokens, data.output, 1);
    return second === first ? pick(tokens, null, tokens[0]?.key === first ? 1 : 0) : second;
  });
  const [amount, setAmount] = useState("1");
  const [limit, setLimit] = useState<string | null>(null);
  if (!data.tokens.ok) return <ErrorState message={data.tokens.error} />;
  if (tokens.length === 0) return <p className="empty">No tokens available on {data.chainLabel}.</p>;
  const from = tokens.find((t) => t.key === a);
  const to = tokens.find((t) => t.key === b);
  const n = parseAmount(amount).value;
  const rate = marketRate(from, to);
  const single = mode === "send" || mode === "buy" || mode === "sell";
  const liquidity = mode === "liquidity";
  const limitText = limit ?? (rate !== null ? String(Number(rate.toPrecision(6))) : "");
  const limitRate = mode === "limit" ? parseAmount(limitText).value : null;
  const shownRate = mode === "limit" ? limitRate : rate;
  const out = n !== null && shownRate !== null ? n * shownRate : null;
  const chooseA = (key: string) => {
    if (key === b) setB(a);
    setA(key);
    setLimit(null);
  };
  const chooseB = (key: string) => {
    if (key === a) setA(b);
    setB(key);
    setLimit(null);
  };
  const flip = () => {
    setA(b);
    setB(a);
    setLimit(null);
  };
  return (
    <div className="trade-panel">
      <div className="trade-box">
        <div className="trade-row">
          <div className="trade-amount">
            <AmountField id={amountId} label={FIRST_LABELS[mode]} value={amount} onChange={setAmount} />
          </div>
          <TokenPicker
            tokens={tokens}
            list={list}
            value={a}
            onSelect={chooseA}
            label={liquidity ? "First token to deposit" : single ? "Token" : "Token you pay with"}
          />
        </div>
        <p className="muted trade-note">
          {mode === "buy"
            ? `≈ ${from?.price && n !== null ? formatAmount(n / from.price) : "–"} ${from?.symbol ?? ""} at ${
              formatPrice(from?.price)
            }`
            : `≈ ${formatUsd(from?.price != null && n !== null ? from.price * n : null, { compact: false })}`}
        </p>
      </div>
      {single ? null : (
        <>
          <div className="trade-flip">
            <IconButton label={`Switch ${from?.symbol ?? "first"} and ${to?.symbol ?? "second"}`} onClick={flip}>
              {liquidity ? "⇄" : "↓"}
            </IconButton>
          </div>
          {mode === "limit"
            ? (
              <LimitPriceBox
                id={`${amountId}-limit`}
                from={from}
                to={to}
                text={limitText}
                rate={rate}
                limitRate={limitRate}
                onText={setLimit}
              />
            )
            : null}
          <div className="trade-box">
            <span className="trade-label">
              {liquidity ? "Paired with" : mode === "limit" ? "You receive at your limit price" : "You receive"}
            </span>
            <div className="trade-row">
              <output className="chart-value" aria-live="polite">
                {out !== null ? formatAmount(out) : "–"}
              </output>
              <TokenPicker
                tokens={tokens}
                list={list}
                value={b}
                onSelect={chooseB}
                label={liquidity ? "Second token to deposit" : "Token you receive"}
              />
            </div>
            <p className="muted trade-note">
              {shownRate !== null
                ? liquidity
                  ? `Deposited in the pool's ratio at market prices: 1 ${from?.symbol} ≈ ${
                    formatAmount(shownRate)
                  } ${to?.symbol} (an estimate)`
                  : mode === "limit"
                  ? `Rate: 1 ${from?.symbol} = ${formatAmount(shownRate)} ${to?.symbol}`
                  : `1 ${from?.symbol} ≈ ${
                    formatAmount(shownRate)
                  } ${to?.symbol} at market prices (an estimate, not a quote)`
                : "No market price for this pair."}
            </p>
          </div>
        </>
      )}
      {mode === "send"
        ? (
          <div className="trade-box">
            <TextInput id={`${amountId}-to`} label="To" autoComplete="off" placeholder="Wallet address or ENS name" />
          </div>
        )
        : null}
      <ConnectWalletState action={ACTIONS[mode]} />
      <p className="muted trade-note">
        Token data on {data.chainLabel}. <Link to={from?.href ?? "/explore"}>About {from?.symbol ?? "this token"}</Link>
        {to && !single
          ? (
            <>
              {" · "}
              <Link to={to.href}>About {to.symbol}</Link>
            </>
          )
          : null}
      </p>
    </div>
  );
}

/** A screen with a heading, an intro and a trade panel. */
export function TradeScreen(
  { data, mode, title, intro, children }: {
    data: TradeData;
    mode: TradeMode;
    title: string;
    intro?: ReactNode;
    children?: ReactNode;
  },
) {
  return (
    <section className="screen trade">
      <h1 style={{ textAlign: "center" }}>{title}</h1>
      {intro ? <p className="muted" style={{ textAlign: "center" }}>{intro}</p> : null}
      <TradePanel data={data} mode={mode} />
      {children}
    </section>
  );
}
