/**
 * Read-only frames of the screens that would need a wallet: swap, send,
 * buy, sell, limit orders, liquidity and positions. Token pickers list real
 * tokens from the gateway and show market prices; the action button asks to
 * connect a wallet and never pretends to execute anything.
 */
import { Link } from "react-router";
import type { ReactNode } from "react";
import { useId, useState } from "react";
import { formatAmount, formatPrice, formatUsd } from "../lib/format.ts";
import type { TokenOption, TradeData } from "../lib/trade_loader.ts";
import { ConnectWalletState, ErrorState } from "./status.tsx";

function TokenSelect(
  { tokens, value, onChange, label }: {
    tokens: readonly TokenOption[];
    value: string;
    onChange: (key: string) => void;
    label: string;
  },
) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="visually-hidden">{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {tokens.map((t) => <option key={t.key} value={t.key}>{t.symbol}</option>)}
      </select>
    </>
  );
}

function pick(tokens: readonly TokenOption[], key: string | null, fallback: number): string {
  if (key && tokens.some((t) => t.key === key)) return key;
  return tokens[Math.min(fallback, tokens.length - 1)]?.key ?? "";
}

/** How many `to` one `from` is worth at market prices, if both are known. */
export function marketRate(from: TokenOption | undefined, to: TokenOption | undefined): number | null {
  if (!from?.price || !to?.price) return null;
  return from.price / to.price;
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

/**
 * A trade panel: one or two token pickers with an amount. For two tokens it
 * shows the market-price equivalent, labelled as an estimate, not a quote.
 */
export function TradePanel({ data, mode }: { data: TradeData; mode: TradeMode }) {
  const amountId = useId();
  const tokens = data.tokens.ok ? data.tokens.data : [];
  const [a, setA] = useState(() => pick(tokens, data.input, 0));
  const [b, setB] = useState(() => pick(tokens, data.output, 1));
  const [amount, setAmount] = useState("1");
  if (!data.tokens.ok) return <ErrorState message={data.tokens.error} />;
  if (tokens.length === 0) return <p className="empty">No tokens available on {data.chainLabel}.</p>;
  const from = tokens.find((t) => t.key === a);
  const to = tokens.find((t) => t.key === b);
  const n = Number(amount);
  const rate = marketRate(from, to);
  const single = mode === "send" || mode === "buy" || mode === "sell";
  const fiat = mode === "buy" || mode === "sell";
  return (
    <div className="trade-panel">
      <div className="trade-box">
        <label htmlFor={amountId}>
          {mode === "send"
            ? "You're sending"
            : mode === "buy"
            ? "You're buying (USD)"
            : mode === "sell"
            ? "You're selling"
            : mode === "liquidity"
            ? "Token A"
            : "You pay"}
        </label>
        <div className="trade-row">
          <input
            id={amountId}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value.replace(/[^0-9.]/g, ""))}
          />
          <TokenSelect tokens={tokens} value={a} onChange={setA} label="First token" />
        </div>
        <p className="muted trade-note">
          {fiat && mode === "buy"
            ? `≈ ${from?.price ? formatAmount(n / from.price) : "–"} ${from?.symbol ?? ""} at ${
              formatPrice(from?.price)
            }`
            : `≈ ${formatUsd(from?.price != null && Number.isFinite(n) ? from.price * n : null, { compact: false })}`}
        </p>
      </div>
      {single ? null : (
        <div className="trade-box">
          <span className="trade-label">
            {mode === "liquidity" ? "Token B" : mode === "limit" ? "You receive at the limit price" : "You receive"}
          </span>
          <div className="trade-row">
            <output className="chart-value" aria-live="polite">
              {rate !== null && Number.isFinite(n) ? formatAmount(n * rate) : "–"}
            </output>
            <TokenSelect tokens={tokens} value={b} onChange={setB} label="Second token" />
          </div>
          <p className="muted trade-note">
            {rate !== null
              ? `1 ${from?.symbol} ≈ ${formatAmount(rate)} ${to?.symbol} at market prices (an estimate, not a quote)`
              : "No market price for this pair."}
          </p>
        </div>
      )}
      {mode === "send"
        ? (
          <div className="trade-box">
            <label htmlFor={`${amountId}-to`}>To</label>
            <input
              id={`${amountId}-to`}
              className="field"
              style={{ width: "100%" }}
              placeholder="Wallet address or ENS name"
            />
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
