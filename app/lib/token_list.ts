/**
 * The token pickers' whole list, the one home of every trade screen's
 * pickers: the loaders serialize only the tokens the first screen shows
 * (`app/lib/trade_loader.ts`), and the browser fetches the chain's list from
 * `GET /token-list?chain=` once per chain, at idle after hydration or when a
 * picker opens, whichever comes first. A failed fetch is not kept: a retry
 * (or the next picker opened) asks again.
 *
 * @module
 */
import { useCallback, useEffect, useMemo, useSyncExternalStore } from "react";
import type { TokenOption, TradeData } from "./trade_loader.ts";

/** Where the list stands: not asked for yet or on its way, in, or failed (with a message in plain words). */
export type TokenListStatus = "loading" | "ready" | "error";

/** What a picker needs to know of the list: its status and how to ask for it (again). */
export interface TokenListControl {
  readonly status: TokenListStatus;
  /** Asks for the list unless it is in or on its way (the picker's open, the error row's retry). */
  readonly request: () => void;
}

/** A screen's tokens: the whole list once in, else the first screen's; and the control of the list. */
export interface TokenList extends TokenListControl {
  readonly tokens: readonly TokenOption[];
}

type Entry =
  | { readonly status: "idle" | "loading" }
  | { readonly status: "ready"; readonly tokens: readonly TokenOption[] }
  | { readonly status: "error" };

const IDLE: Entry = { status: "idle" };
const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();

function set(chainName: string, entry: Entry) {
  entries.set(chainName, entry);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The pickers' list of a chain from the server (`routes/token-list.ts`). */
export async function fetchTokenList(chainName: string): Promise<TokenOption[]> {
  const response = await fetch(`/token-list?chain=${encodeURIComponent(chainName)}`, {
    headers: { accept: "application/json" },
  });
  if (!response.ok) throw new Error(`token list: HTTP ${response.status}`);
  const rows: unknown = await response.json();
  if (!Array.isArray(rows)) throw new Error("token list: not a list");
  return rows as TokenOption[];
}

/** Fetches the chain's list unless it is in or on its way. */
export function requestTokenList(chainName: string): void {
  const status = (entries.get(chainName) ?? IDLE).status;
  if (status === "loading" || status === "ready") return;
  set(chainName, { status: "loading" });
  fetchTokenList(chainName).then(
    (tokens) => set(chainName, { status: "ready", tokens }),
    () => set(chainName, { status: "error" }),
  );
}

/** Runs `run` when the browser is idle (or soon, where `requestIdleCallback` is missing); returns a cancel. */
function whenIdle(run: () => void): () => void {
  if (typeof globalThis.requestIdleCallback === "function") {
    const id = globalThis.requestIdleCallback(run, { timeout: 3000 });
    return () => globalThis.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
}

/**
 * The tokens of a trade screen's pickers: `data.tokens` (the first screen's)
 * until the chain's whole list is in, then the list with any first-screen
 * token it lacks. Where `data.complete`, `data.tokens` is the list.
 */
export function useTokenList(data: TradeData): TokenList {
  const shown = useMemo(() => (data.tokens.ok ? data.tokens.data : []), [data.tokens]);
  const chainName = data.chainName;
  const complete = data.complete === true;
  const entry = useSyncExternalStore(subscribe, () => entries.get(chainName) ?? IDLE, () => IDLE);
  const request = useCallback(() => {
    if (!complete) requestTokenList(chainName);
  }, [chainName, complete]);
  useEffect(() => (complete ? undefined : whenIdle(request)), [complete, request]);
  const tokens = useMemo(() => {
    if (complete || entry.status !== "ready") return shown;
    return [...entry.tokens, ...shown.filter((s) => !entry.tokens.some((t) => t.key === s.key))];
  }, [complete, entry, shown]);
  const status: TokenListStatus = complete || entry.status === "ready"
    ? "ready"
    : entry.status === "error"
    ? "error"
    : "loading";
  return { tokens, status, request };
}
