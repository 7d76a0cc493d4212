/**
 * The token picker: a button showing the chosen token that opens a dialog
 * to search the tokens by symbol, name or address, with logos, names and
 * (where a wallet address is known) balances. The list is a listbox driven
 * from the search box: arrow keys, Home and End move, Enter picks, Escape
 * closes. Reusable by every trade screen (the wallet panels included).
 * With a `list` (`token_list.ts`), opening asks for the chain's whole list;
 * until it is in, a loading row follows the tokens known, and a failure is an
 * error row with a retry (the known tokens stay choosable).
 */
import { useEffect, useId, useMemo, useRef, useState } from "react";
import type { KeyboardEvent } from "react";
import { formatAmount } from "../lib/format.ts";
import type { TokenOption } from "../lib/trade_loader.ts";
import type { TokenListControl } from "../lib/token_list.ts";
import { TokenLogo } from "./token_logo.tsx";

/** Tokens matching a search: symbol prefix first, then name or symbol containing it, or the exact address. */
export function searchTokens(tokens: readonly TokenOption[], query: string): TokenOption[] {
  const q = query.trim().toLowerCase();
  if (!q) return tokens.slice();
  const prefix: TokenOption[] = [];
  const rest: TokenOption[] = [];
  for (const t of tokens) {
    const symbol = t.symbol.toLowerCase();
    if (symbol.startsWith(q)) prefix.push(t);
    else if (symbol.includes(q) || t.name.toLowerCase().includes(q) || t.key === q) rest.push(t);
  }
  return [...prefix, ...rest];
}

/** Opens a dialog modally (or just opens it where `showModal` is missing). */
function showDialog(dialog: HTMLDialogElement | null) {
  if (!dialog || dialog.open) return;
  if (typeof dialog.showModal === "function") dialog.showModal();
  else dialog.setAttribute("open", "");
}

function closeDialog(dialog: HTMLDialogElement | null) {
  if (!dialog) return;
  if (typeof dialog.close === "function") dialog.close();
  else dialog.removeAttribute("open");
}

/** Props of {@linkcode TokenPicker}. */
export interface TokenPickerProps {
  /** The tokens to choose from (the trade loader's `TokenOption`s). */
  readonly tokens: readonly TokenOption[];
  /** Key of the chosen token (`NATIVE` or a lower-case address). */
  readonly value: string;
  /** Called with the key of the token picked. */
  readonly onSelect: (key: string) => void;
  /** What the token is for, as the button's and the dialog's name: "Token you pay with". */
  readonly label: string;
  /** Balances by token key, as decimal strings or numbers, when a wallet address is known. */
  readonly balances?: ReadonlyMap<string, string | number>;
  readonly disabled?: boolean;
  /** The whole list's status when `tokens` may be only the first screen's (`useTokenList`). */
  readonly list?: TokenListControl;
}

/** The row under the options while the whole list is not in: loading, or failed with a retry. */
function ListRow({ list }: { list: TokenListControl | undefined }) {
  if (!list || list.status === "ready") return null;
  if (list.status === "loading") return <p className="empty" role="status">Loading the token list…</p>;
  return (
    <p className="empty" role="alert">
      The token list could not be loaded.{" "}
      <button type="button" className="button secondary small" onClick={list.request}>Retry</button>
    </p>
  );
}

/** A token button that opens the searchable token dialog. */
export function TokenPicker({ tokens, value, onSelect, label, balances, disabled = false, list }: TokenPickerProps) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState("");
  // The list renders only while the dialog is open: a closed picker costs a button, not 100 rows.
  const [isOpen, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const chosen = tokens.find((t) => t.key === value);
  const found = useMemo(() => searchTokens(tokens, query), [tokens, query]);
  const activeIndex = Math.min(active, Math.max(0, found.length - 1));

  useEffect(() => {
    document.getElementById(`${id}-option-${activeIndex}`)?.scrollIntoView?.({ block: "nearest" });
  }, [id, activeIndex]);

  function open() {
    list?.request();
    setQuery("");
    // The list opens at its top (its first row whole), as app.uniswap.org's does; the chosen token is marked in it.
    setActive(0);
    setOpen(true);
    showDialog(dialog.current);
    search.current?.focus();
  }
  function close() {
    closeDialog(dialog.current);
    setOpen(false);
  }
  function pick(key: string) {
    close();
    onSelect(key);
  }
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = found.length - 1;
    const next = event.key === "ArrowDown"
      ? Math.min(last, activeIndex + 1)
      : event.key === "ArrowUp"
      ? Math.max(0, activeIndex - 1)
      : event.key === "Home" && event.ctrlKey
      ? 0
      : event.key === "End" && event.ctrlKey
      ? last
      : event.key === "PageDown"
      ? Math.min(last, activeIndex + 8)
      : event.key === "PageUp"
      ? Math.max(0, activeIndex - 8)
      : null;
    if (next !== null) {
      event.preventDefault();
      setActive(next);
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (found[activeIndex]) pick(found[activeIndex].key);
    }
  }

  return (
    <>
      <button
        type="button"
        className="token-button"
        aria-haspopup="dialog"
        aria-label={`${label}: ${chosen ? `${chosen.symbol}, ${chosen.name}` : "none chosen"}`}
        onClick={open}
        disabled={disabled}
      >
        {chosen ? <TokenLogo url={chosen.logoUrl} symbol={chosen.symbol} size={24} /> : null}
        <span className="token-button-symbol">{chosen?.symbol ?? "Select token"}</span>
        <span aria-hidden="true" className="chain-caret">▾</span>
      </button>
      <dialog ref={dialog} className="token-dialog" aria-labelledby={`${id}-title`} onClose={() => setOpen(false)}>
        <div className="token-dialog-head">
          <h2 id={`${id}-title`}>{label}</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={close}>
            <span aria-hidden="true">✕</span>
          </button>
        </div>
        <label htmlFor={`${id}-search`} className="visually-hidden">Search by name, symbol or address</label>
        <input
          ref={search}
          id={`${id}-search`}
          className="field token-search"
          type="search"
          role="combobox"
          aria-expanded="true"
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={found.length ? `${id}-option-${activeIndex}` : undefined}
          placeholder="Search by name, symbol or address"
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(e) => {
            setQuery(e.currentTarget.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <ul id={`${id}-list`} role="listbox" aria-label="Tokens" className="token-options">
          {(isOpen ? found : []).map((t, i) => {
            const balance = balances?.get(t.key);
            return (
              <li
                key={t.key}
                id={`${id}-option-${i}`}
                role="option"
                aria-selected={t.key === value}
                className={i === activeIndex ? "token-option active" : "token-option"}
                onClick={() => pick(t.key)}
                onMouseMove={() => setActive(i)}
              >
                <TokenLogo url={t.logoUrl} symbol={t.symbol} size={32} />
                <span className="token-cell-text">
                  <span className="token-name" dir="auto">{t.symbol}</span>
                  <span className="muted" dir="auto">{t.name}</span>
                </span>
                {balance !== undefined ? <span className="token-balance">{formatAmount(balance)}</span> : null}
              </li>
            );
          })}
        </ul>
        {isOpen && found.length === 0 && (!list || list.status === "ready")
          ? <p className="empty" role="status">No token matches “{query.trim()}”.</p>
          : null}
        {isOpen ? <ListRow list={list} /> : null}
      </dialog>
    </>
  );
}
