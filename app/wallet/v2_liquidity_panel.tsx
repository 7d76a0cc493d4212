/**
 * V2 liquidity with a wallet: add to a pair (the second amount follows the
 * pair's ratio; a new pair takes both amounts as typed) and remove a share of
 * the connected account's pair tokens. Approvals are exact, minimums come
 * from the slippage, and every call is simulated before the wallet is asked.
 *
 * @module
 */
import { useEffect, useId, useMemo, useState } from "react";
import type { TokenOption, TradeData } from "../lib/trade_loader.ts";
import {
  deadlineAfter,
  DEFAULT_DEADLINE_MINUTES,
  formatUnitsShort,
  parseAmount,
  parseSlippage,
} from "../lib/wallet_math.ts";
import type { SwapToken, TxRequest } from "../lib/wallet_swap.ts";
import { chainCall } from "./chain_call.ts";
import {
  buildAddLiquidity,
  buildRemoveLiquidity,
  matchingAmount,
  readPair,
  removalAmounts,
  type V2CallOptions,
  type V2Pair,
} from "../lib/wallet_v2.ts";
import { publicClient, useWallet, type WalletState } from "./wallet_store.ts";
import { tokenBalance, tokenDecimals, type TxStatus } from "./wallet_tx.ts";
import { addV2Liquidity, type LiquidityJob } from "./actions/add_liquidity.ts";
import { removeV2Liquidity } from "./actions/remove_liquidity.ts";
import { Button } from "../components/controls/button.tsx";
import { TokenPicker } from "../components/token_picker.tsx";
import { optionAddress, pairPicker, useTokenOptions } from "./token_options.ts";
import { txBusy, TxStatusView } from "./tx_status.tsx";
import { AmountBox, ContractCalled, SlippageAlert, SlippageField, WalletGate } from "./form_rows.tsx";

/** The two tokens of a V2 screen with their decimals, the pair and the account's pair tokens. */
function usePair(data: TradeData, wallet: WalletState, keys: { a: string; b: string }, refresh: number) {
  const chain = wallet.chains.find((c) => c.chain === data.chain) ?? null;
  const client = useMemo(() => (chain ? publicClient(chain) : null), [chain]);
  const { tokens, list } = useTokenOptions(data, client);
  const optionA = tokens.find((t) => t.key === keys.a);
  const optionB = tokens.find((t) => t.key === keys.b);
  const addressA = optionAddress(optionA);
  const addressB = optionAddress(optionB);
  const [tokenA, setTokenA] = useState<SwapToken | null>(null);
  const [tokenB, setTokenB] = useState<SwapToken | null>(null);
  const [pair, setPair] = useState<V2Pair | null | undefined>(undefined);
  const [lpBalance, setLpBalance] = useState<bigint | null>(null);

  useEffect(() => {
    setTokenA(null);
    setTokenB(null);
    if (!client || !addressA || !addressB || !optionA || !optionB) return;
    void Promise.all([tokenDecimals(client, addressA), tokenDecimals(client, addressB)]).then(([da, db]) => {
      setTokenA({ address: addressA, symbol: optionA.symbol, decimals: da });
      setTokenB({ address: addressB, symbol: optionB.symbol, decimals: db });
    }, () => {});
  }, [client, addressA, addressB]);

  useEffect(() => {
    setPair(undefined);
    if (!client || !chain || !tokenA || !tokenB) return;
    const call = chainCall(client);
    void readPair(call, chain.contracts, tokenA, tokenB).then(setPair, () => setPair(null));
  }, [client, chain, tokenA, tokenB, refresh]);

  useEffect(() => {
    setLpBalance(null);
    if (!client || !pair || !wallet.address) return;
    void tokenBalance(client, pair.address, wallet.address).then(setLpBalance, () => {});
  }, [client, pair, wallet.address]);

  return { chain, client, tokens, list, tokenA, tokenB, pair, lpBalance };
}

/**
 * What both V2 screens keep: the pair's keys and pickers (the second token
 * defaults to `secondKey` of the listed tokens), the slippage, the
 * transaction's status, the pair's reads, the router call's options once the
 * wallet and slippage allow one, and `send`, which runs approvals, then the
 * call, then reads the pair again.
 */
function useV2Screen(data: TradeData, secondKey: (listed: readonly TokenOption[]) => string | undefined) {
  const wallet = useWallet();
  const ids = useId();
  const listed = data.tokens.ok ? data.tokens.data : [];
  const [a, setA] = useState(() => data.input ?? listed[0]?.key ?? "");
  const [b, setB] = useState(() => data.output ?? secondKey(listed) ?? "");
  const pickA = pairPicker({ value: a, set: setA }, { value: b, set: setB });
  const pickB = pairPicker({ value: b, set: setB }, { value: a, set: setA });
  const [slippageText, setSlippageText] = useState("0.5");
  const [status, setStatus] = useState<TxStatus>({ step: "idle" });
  const [refresh, setRefresh] = useState(0);
  const reads = usePair(data, wallet, { a, b }, refresh);
  const { chain, client } = reads;
  const slippage = parseSlippage(slippageText);
  const options: V2CallOptions | null = slippage.ok && wallet.address && chain
    ? {
      contracts: chain.contracts,
      recipient: wallet.address,
      slippageBps: slippage.bps,
      deadline: deadlineAfter(DEFAULT_DEADLINE_MINUTES),
    }
    : null;

  /** Runs an action (approvals, then the router call), then reads the pair again; resolves whether it confirmed. */
  async function send(tx: TxRequest | null, action: (job: LiquidityJob) => Promise<boolean>): Promise<boolean> {
    if (!tx || !chain || !client || !wallet.address || wallet.chainId === null) return false;
    const job = { chain, client, from: wallet.address, walletChainId: wallet.chainId };
    let done = false;
    try {
      done = await action(job);
    } catch (e) {
      setStatus({ step: "failed", label: tx.label, reason: (e as Error).message });
    }
    setRefresh((n) => n + 1);
    return done;
  }

  return {
    ...reads,
    wallet,
    ids,
    keys: { a, b, pickA, pickB },
    slippage: { text: slippageText, setText: setSlippageText, check: slippage },
    status,
    setStatus,
    busy: txBusy(status),
    options,
    send,
  };
}

/** The router call `build` makes, or why it cannot be made. */
function callOrError<T>(build: () => T): { tx: T | null; error: string | null } {
  try {
    return { tx: build(), error: null };
  } catch (e) {
    return { tx: null, error: (e as Error).message };
  }
}

/** What a V2 screen shows instead of its panel: the loader's error, or a note when the service has no RPC for the chain. */
function unavailable(data: TradeData, noRpc: boolean) {
  if (!data.tokens.ok) return <p role="alert">{data.tokens.error}</p>;
  if (noRpc) return <p className="muted">V2 liquidity on {data.chainLabel} is not available here.</p>;
  return null;
}

/** `/add/v2`: add liquidity to a V2 pair. */
export function AddV2Panel({ data }: { data: TradeData }) {
  const screen = useV2Screen(data, (listed) => listed.find((t) => t.key !== (data.input ?? listed[0]?.key))?.key);
  const { wallet, ids, chain, tokens, list, tokenA, tokenB, pair, lpBalance, slippage, status, setStatus, busy } =
    screen;
  const { a, b, pickA, pickB } = screen.keys;
  const [amountAText, setAmountAText] = useState("");
  const [amountBText, setAmountBText] = useState("");
  const amountA = tokenA ? parseAmount(amountAText, tokenA.decimals) : null;
  const existing = pair && pair.reserveA > 0n;
  const amountB = existing && amountA !== null
    ? matchingAmount(amountA, pair)
    : tokenB
    ? parseAmount(amountBText, tokenB.decimals)
    : null;
  const options = screen.options;
  const { tx, error } = tokenA && tokenB && amountA && amountB && options
    ? callOrError(() => buildAddLiquidity(tokenA, tokenB, { amountA, amountB }, options))
    : { tx: null, error: null };

  async function onAdd() {
    if (!tokenA || !tokenB || !amountA || !amountB || !options) return;
    const a = { token: tokenA, amount: amountA };
    const b = { token: tokenB, amount: amountB };
    // One deposit per intent: the amounts clear once it confirmed.
    if (await screen.send(tx, (job) => addV2Liquidity(job, { a, b, options }, setStatus))) {
      setAmountAText("");
      setAmountBText("");
    }
  }

  const instead = unavailable(data, wallet.ready && !chain);
  if (instead) return instead;
  return (
    <div className="trade-panel wallet-v2-add" data-testid="v2-add-panel">
      <AmountBox
        id={`${ids}-a`}
        label="Token A"
        value={amountAText}
        onAmount={setAmountAText}
        picker={<TokenPicker tokens={tokens} list={list} value={a} onSelect={pickA} label="First token" />}
      />
      <AmountBox
        id={`${ids}-b`}
        label={<>Token B{existing ? " (at the pair's ratio)" : ""}</>}
        readOnly={!!existing}
        value={existing ? (amountB !== null && tokenB ? formatUnitsShort(amountB, tokenB.decimals) : "") : amountBText}
        onAmount={setAmountBText}
        picker={<TokenPicker tokens={tokens} list={list} value={b} onSelect={pickB} label="Second token" />}
      />
      <SlippageField id={`${ids}-slippage`} value={slippage.text} onValue={slippage.setText} />
      <SlippageAlert slippage={slippage.check} />
      <dl className="trade-details">
        <dt>Pair</dt>
        <dd data-testid="pair">{pair ? pair.address : pair === null ? "New pair: you set its price" : "–"}</dd>
        <dt>Your pair tokens</dt>
        <dd data-testid="lp-balance">{lpBalance === null ? "–" : formatUnitsShort(lpBalance, 18)}</dd>
        {tx && tokenA && tokenB
          ? (
            <>
              <dt>Minimums</dt>
              <dd data-testid="minimums">
                {formatUnitsShort(tx.minimumA, tokenA.decimals)} {tokenA.symbol},{" "}
                {formatUnitsShort(tx.minimumB, tokenB.decimals)} {tokenB.symbol}
              </dd>
              <ContractCalled tx={tx} />
            </>
          )
          : null}
      </dl>
      {error ? <p role="alert">{error}</p> : null}
      <WalletGate wallet={wallet} chain={chain} action="continue" switchLabel="Switch wallet">
        <Button wide pending={busy} pendingLabel="Adding liquidity…" disabled={!tx} onClick={() => void onAdd()}>
          Add liquidity
        </Button>
      </WalletGate>
      <TxStatusView status={status} />
    </div>
  );
}

/** `/remove/v2/{A}/{B}`: remove a share of the account's liquidity of a V2 pair. */
export function RemoveV2Panel({ data }: { data: TradeData }) {
  const screen = useV2Screen(data, (listed) => listed[1]?.key);
  const { wallet, ids, chain, tokens, list, tokenA, tokenB, pair, lpBalance, slippage, status, setStatus, busy } =
    screen;
  const { a, b, pickA, pickB } = screen.keys;
  const [percent, setPercent] = useState(100);
  const liquidity = lpBalance !== null ? lpBalance * BigInt(percent) / 100n : null;
  const share = pair && liquidity ? removalAmounts(liquidity, pair) : null;
  const options = screen.options;
  const { tx, error } = tokenA && tokenB && pair && liquidity && options
    ? callOrError(() => buildRemoveLiquidity(tokenA, tokenB, liquidity, pair, options))
    : { tx: null, error: null };

  async function onRemove() {
    if (!pair || !liquidity || !tokenA || !tokenB || !options) return;
    await screen.send(
      tx,
      (job) => removeV2Liquidity(job, { a: tokenA, b: tokenB, pair, liquidity, options }, setStatus),
    );
  }

  const instead = unavailable(data, wallet.ready && !chain);
  if (instead) return instead;
  return (
    <div className="trade-panel wallet-v2-remove" data-testid="v2-remove-panel">
      <div className="trade-row">
        <TokenPicker tokens={tokens} list={list} value={a} onSelect={pickA} label="First token" />
        <TokenPicker tokens={tokens} list={list} value={b} onSelect={pickB} label="Second token" />
      </div>
      <label htmlFor={`${ids}-percent`}>Share to remove</label>
      <select id={`${ids}-percent`} value={percent} onChange={(e) => setPercent(Number(e.currentTarget.value))}>
        {[25, 50, 75, 100].map((p) => <option key={p} value={p}>{p}%</option>)}
      </select>
      <SlippageField id={`${ids}-slippage`} value={slippage.text} onValue={slippage.setText} />
      <dl className="trade-details">
        <dt>Pair</dt>
        <dd>{pair ? pair.address : pair === null ? "No such pair" : "–"}</dd>
        <dt>Your pair tokens</dt>
        <dd data-testid="lp-balance">{lpBalance === null ? "–" : formatUnitsShort(lpBalance, 18)}</dd>
        {share && tokenA && tokenB
          ? (
            <>
              <dt>You receive about</dt>
              <dd>
                {formatUnitsShort(share.amountA, tokenA.decimals)} {tokenA.symbol},{" "}
                {formatUnitsShort(share.amountB, tokenB.decimals)} {tokenB.symbol}
              </dd>
            </>
          )
          : null}
        {tx ? <ContractCalled tx={tx} /> : null}
      </dl>
      {error ? <p role="alert">{error}</p> : null}
      <WalletGate wallet={wallet} chain={chain} action="continue" switchLabel="Switch wallet">
        <Button
          variant="danger"
          wide
          pending={busy}
          pendingLabel="Removing liquidity…"
          disabled={!tx}
          onClick={() => void onRemove()}
        >
          Remove liquidity
        </Button>
      </WalletGate>
      <TxStatusView status={status} />
    </div>
  );
}
