/**
 * The transactions this interface sent, kept in the browser (`localStorage`,
 * one list per account and chain) so the portfolio can list them after a
 * reload. Nothing here sends or invents anything: a panel records the hash
 * its wallet returned, and the status comes from the chain's receipts.
 *
 * ```ts
 * // Any panel: wrap the status callback runTx reports to.
 * await runTx(job, trackTx(setStatus, { account, chainId, summary: "Swapped 1 ETH for 322.14 UNI" }));
 * // Or record by hand once the wallet returned a hash:
 * recordTx({ account, chainId, hash, summary: "Sent 10 USDC", explorer: null });
 * ```
 *
 * Light on purpose (no viem, no wagmi): the portfolio reads it.
 *
 * @module
 */
import type { TxStatus } from "./wallet_tx.ts";

/** Where a recorded transaction stands. */
export type TxState = "pending" | "confirmed" | "reverted";

/** One transaction this interface sent. */
export interface TxRecord {
  /** `0x` and 64 hex digits, lower case. */
  readonly hash: string;
  /** The account that sent it, lower case. */
  readonly account: string;
  readonly chainId: number;
  /** What it did, in plain words ("Swapped 1 ETH for 322.14 UNI", "Added liquidity to ETH/USDC"). */
  readonly summary: string;
  /** The explorer page of the transaction, when the chain has an explorer. */
  readonly explorer: string | null;
  readonly state: TxState;
  /** Unix milliseconds when it was sent. */
  readonly sentAt: number;
}

/** What `recordTx` takes: a record without its state (pending unless said) and time (now unless said). */
export type NewTxRecord = Omit<TxRecord, "state" | "sentAt"> & { readonly state?: TxState; readonly sentAt?: number };

/** The storage this module writes (`localStorage` in the browser; a `Map`-backed fake in tests). */
export interface TxStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Records kept per account and chain; the oldest are dropped past it. */
export const TX_HISTORY_LIMIT = 100;

const HASH = /^0x[0-9a-f]{64}$/;
const ACCOUNT = /^0x[0-9a-f]{40}$/;
const listeners = new Set<() => void>();

/** The storage key of an account's transactions on a chain. */
export function historyKey(account: string, chainId: number): string {
  return `uniswap.txs.${chainId}.${account.toLowerCase()}`;
}

function defaultStorage(): TxStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage disabled (private mode, sandboxed frame)
  }
}

function isRecord(value: unknown): value is TxRecord {
  const r = value as TxRecord;
  return typeof r === "object" && r !== null && typeof r.hash === "string" && HASH.test(r.hash) &&
    typeof r.account === "string" && ACCOUNT.test(r.account) && Number.isSafeInteger(r.chainId) &&
    typeof r.summary === "string" && (r.explorer === null || typeof r.explorer === "string") &&
    (r.state === "pending" || r.state === "confirmed" || r.state === "reverted") && Number.isFinite(r.sentAt);
}

/** The transactions an account sent on a chain through this interface, newest first. */
export function listTxs(account: string, chainId: number, storage = defaultStorage()): TxRecord[] {
  const raw = storage?.getItem(historyKey(account, chainId));
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isRecord).sort((a, b) => b.sentAt - a.sentAt) : [];
  } catch {
    return []; // a damaged entry is dropped at the next write
  }
}

function write(account: string, chainId: number, records: readonly TxRecord[], storage: TxStorage | null): void {
  try {
    storage?.setItem(historyKey(account, chainId), JSON.stringify(records.slice(0, TX_HISTORY_LIMIT)));
  } catch {
    // Storage full or disabled: the history is a convenience, the transaction itself is on chain.
  }
  for (const listener of listeners) listener();
}

/**
 * Records a transaction the wallet returned a hash for (pending unless
 * `state` says otherwise). Recording the same hash again updates it.
 */
export function recordTx(tx: NewTxRecord, storage = defaultStorage()): TxRecord {
  const hash = tx.hash.toLowerCase();
  const account = tx.account.toLowerCase();
  if (!HASH.test(hash)) throw new TypeError(`Cannot record transaction "${tx.hash}": expected 0x and 64 hex digits`);
  if (!ACCOUNT.test(account)) throw new TypeError(`Cannot record account "${tx.account}": expected 40 hex digits`);
  const list = listTxs(account, tx.chainId, storage);
  const earlier = list.find((r) => r.hash === hash);
  const record: TxRecord = {
    hash,
    account,
    chainId: tx.chainId,
    summary: tx.summary,
    explorer: tx.explorer,
    state: tx.state ?? earlier?.state ?? "pending",
    sentAt: tx.sentAt ?? earlier?.sentAt ?? Date.now(),
  };
  write(account, tx.chainId, [record, ...list.filter((r) => r.hash !== hash)], storage);
  return record;
}

/** Sets the state of a recorded transaction (from its receipt); unknown hashes are ignored. */
export function updateTxState(
  account: string,
  chainId: number,
  hash: string,
  state: TxState,
  storage = defaultStorage(),
): void {
  const list = listTxs(account, chainId, storage);
  const i = list.findIndex((r) => r.hash === hash.toLowerCase());
  if (i < 0 || list[i].state === state) return;
  write(account, chainId, list.with(i, { ...list[i], state }), storage);
}

/** Calls `listener` after every write of this page (the portfolio re-reads). Returns the unsubscribe. */
export function onTxHistory(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * Wraps the status callback of `runTx`: when the wallet returns a hash the
 * transaction is recorded as pending under `summary`, and its receipt sets
 * confirmed or reverted. Statuses pass through to `report` unchanged.
 */
export function trackTx(
  report: (status: TxStatus) => void,
  what: { readonly account: string; readonly chainId: number; readonly summary: string },
  storage = defaultStorage(),
): (status: TxStatus) => void {
  return (status) => {
    if (status.step === "pending") {
      recordTx({ ...what, hash: status.hash, explorer: status.explorer }, storage);
    } else if (status.step === "confirmed" || status.step === "reverted") {
      recordTx({ ...what, hash: status.hash, explorer: status.explorer, state: status.step }, storage);
    }
    report(status);
  };
}
