/**
 * V3 positions with a wallet: the connected account's positions from the
 * position manager (`/positions`), one position with its range, in-range
 * status, liquidity and uncollected fees, and increase, remove and collect
 * (`/positions/v3/{chain}/{tokenId}`), and a new position with fee tier, price
 * range around the marked current price, and amounts (`/positions/create/v3`).
 *
 * @module
 */
import { useEffect, useId, useMemo, useState } from "react";
import { Link } from "react-router";
import { erc20Abi, getAddress, type Hex, type PublicClient } from "viem";
import { type Address, isAddress, NATIVE_PLACEHOLDER } from "../../lib/address.ts";
import { V3_FEE_TIERS } from "../../lib/fees.ts";
import type { TradeData } from "../lib/trade_loader.ts";
import {
  deadlineAfter,
  DEFAULT_DEADLINE_MINUTES,
  formatUnitsShort,
  parseAmount,
  parseSlippage,
} from "../lib/wallet_math.ts";
import type { ChainCall } from "../lib/wallet_swap.ts";
import {
  amount0ForAmount1,
  amount1ForAmount0,
  amountsForLiquidity,
  buildCollect,
  buildIncrease,
  buildMint,
  buildRemove,
  nearestUsableTick,
  priceToTick,
  readPool,
  readPosition,
  readPositions,
  sortTokens,
  sqrtRatioAtTick,
  tickSpacingOf,
  tickToPrice,
  uncollectedFees,
  type V3Pool,
  type V3Position,
  wrappedNativeSide,
} from "../lib/wallet_v3.ts";
import { publicClient, useWallet, type WalletState } from "./wallet_store.ts";
import { ensureApproval, runTx, type TxStatus } from "./wallet_tx.ts";
import { TokenPicker } from "../components/token_picker.tsx";
import { pairPicker } from "./token_options.ts";
import { txBusy, TxStatusView } from "./tx_status.tsx";
import { AmountInput, SlippageAlert, SlippageField, WalletGate } from "./form_rows.tsx";

interface TokenMeta {
  readonly address: Address;
  readonly symbol: string;
  readonly decimals: number;
}

function chainCall(client: PublicClient): ChainCall {
  return async ({ to, data }) => (await client.call({ to, data })).data ?? "0x";
}

async function tokenMeta(client: PublicClient, address: Address): Promise<TokenMeta> {
  const [symbol, decimals] = await Promise.all([
    client.readContract({ address, abi: erc20Abi, functionName: "symbol" }),
    client.readContract({ address, abi: erc20Abi, functionName: "decimals" }),
  ]);
  return { address, symbol, decimals };
}

function useChain(wallet: WalletState, chainName: string) {
  const chain = wallet.chains.find((c) => c.chain === chainName || c.urlName === chainName.toLowerCase()) ?? null;
  const client = useMemo(() => (chain ? publicClient(chain) : null), [chain]);
  return { chain, client };
}

function deadline(): bigint {
  return deadlineAfter(DEFAULT_DEADLINE_MINUTES);
}

function fmtPrice(n: number): string {
  return Number.isFinite(n) ? Number(n.toPrecision(6)).toString() : "∞";
}

/** `/positions`: the connected account's V3 positions. */
export function V3PositionsList({ chainName }: { chainName: string }) {
  const wallet = useWallet();
  const { chain, client } = useChain(wallet, chainName);
  const [rows, setRows] = useState<{ position: V3Position; t0: TokenMeta; t1: TokenMeta; inRange: boolean }[] | null>(
    null,
  );
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setRows(null);
    if (!client || !chain || !wallet.address) return;
    const call = chainCall(client);
    void (async () => {
      const positions = await readPositions(call, chain.contracts, wallet.address!);
      const out = [];
      for (const position of positions) {
        const [t0, t1, pool] = await Promise.all([
          tokenMeta(client, position.token0),
          tokenMeta(client, position.token1),
          readPool(call, chain.contracts, position.token0, position.token1, position.fee),
        ]);
        const inRange = !!pool && pool.tick >= position.tickLower && pool.tick < position.tickUpper;
        out.push({ position, t0, t1, inRange });
      }
      setRows(out);
    })().catch(() => setError("Cannot read the positions from the chain"));
  }, [client, chain, wallet.address]);

  if (wallet.ready && !chain) return null;
  if (wallet.status !== "connected") {
    return <p className="muted" data-testid="v3-positions">Connect a wallet (top right) to see your V3 positions.</p>;
  }
  return (
    <section className="wallet-positions" data-testid="v3-positions">
      <h2>Your V3 positions{chain ? ` on ${chain.label}` : ""}</h2>
      {error ? <p role="alert">{error}</p> : null}
      {rows === null && !error ? <p className="muted">Reading the position manager…</p> : null}
      {rows?.length === 0 ? <p className="muted">No V3 position in this wallet.</p> : null}
      <ul>
        {rows?.map(({ position, t0, t1, inRange }) => (
          <li key={String(position.tokenId)}>
            <Link to={`/positions/v3/${chain!.urlName}/${position.tokenId}`}>
              #{String(position.tokenId)} {t0.symbol}/{t1.symbol} {position.fee / 10_000}%
            </Link>{" "}
            <span>{position.liquidity === 0n ? "Closed" : inRange ? "In range" : "Out of range"}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `/positions/v3/{chain}/{tokenId}`: one position, with increase, remove and collect. */
export function V3PositionDetail({ chainName, tokenId }: { chainName: string; tokenId: string }) {
  const wallet = useWallet();
  const ids = useId();
  const { chain, client } = useChain(wallet, chainName);
  const [position, setPosition] = useState<V3Position | null>(null);
  const [tokens, setTokens] = useState<[TokenMeta, TokenMeta] | null>(null);
  const [pool, setPool] = useState<V3Pool | null>(null);
  const [fees, setFees] = useState<{ amount0: bigint; amount1: bigint } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [percent, setPercent] = useState(100);
  const [addText, setAddText] = useState("");
  const [slippageText, setSlippageText] = useState("0.5");
  const [status, setStatus] = useState<TxStatus>({ step: "idle" });
  const [refresh, setRefresh] = useState(0);
  // A WETH side is paid out as ether unless the holder asks for WETH.
  const [asEther, setAsEther] = useState(true);
  const id = /^\d{1,30}$/.test(tokenId) ? BigInt(tokenId) : null;
  const slippage = parseSlippage(slippageText);

  useEffect(() => {
    if (!client || !chain || id === null) return;
    const call = chainCall(client);
    void (async () => {
      const p = await readPosition(call, chain.contracts, id);
      const [t0, t1, pl] = await Promise.all([
        tokenMeta(client, p.token0),
        tokenMeta(client, p.token1),
        readPool(call, chain.contracts, p.token0, p.token1, p.fee),
      ]);
      setPosition(p);
      setTokens([t0, t1]);
      setPool(pl);
      setError(null);
      if (wallet.address) {
        const owner = await client.readContract({
          address: chain.contracts.v3PositionManager,
          abi: [{
            type: "function",
            name: "ownerOf",
            stateMutability: "view",
            inputs: [{ name: "tokenId", type: "uint256" }],
            outputs: [{ name: "", type: "address" }],
          }] as const,
          functionName: "ownerOf",
          args: [id],
        });
        if (owner.toLowerCase() === wallet.address.toLowerCase()) {
          setFees(
            await uncollectedFees(
              async (c) => (await client.call({ account: c.from, to: c.to, data: c.data })).data ?? ("0x" as Hex),
              chain.contracts,
              id,
              wallet.address,
            ),
          );
        } else setFees(null);
      }
    })().catch(() => setError(`Position #${tokenId} was not found on this chain`));
  }, [client, chain, tokenId, wallet.address, refresh]);

  if (id === null) return <p role="alert">Cannot parse position id "{tokenId}": expected a number</p>;
  if (wallet.ready && !chain) return <p className="muted">V3 positions on this chain are not available here.</p>;
  if (error) return <p role="alert">{error}</p>;
  if (!position || !tokens) return <p className="muted">Reading position #{tokenId}…</p>;
  const [t0, t1] = tokens;
  const inRange = !!pool && pool.tick >= position.tickLower && pool.tick < position.tickUpper;
  const held = pool
    ? amountsForLiquidity(pool.sqrtPriceX96, position.tickLower, position.tickUpper, position.liquidity)
    : null;
  const add0 = parseAmount(addText, t0.decimals);
  const add1 = pool && add0 !== null
    ? amount1ForAmount0(pool.sqrtPriceX96, position.tickLower, position.tickUpper, add0)
    : null;
  const wethSide = chain ? wrappedNativeSide(position, chain.contracts) : null;
  const nativeOut = wethSide !== null && asEther;
  const payout = (side: 0 | 1) => (nativeOut && side === wethSide ? chain!.nativeCurrency.symbol : tokens[side].symbol);

  async function act(kind: "increase" | "remove" | "collect") {
    if (!chain || !client || !wallet.address || wallet.chainId === null || !position || !pool || !slippage.ok) return;
    const job = { chain, client, from: wallet.address, walletChainId: wallet.chainId };
    const options = {
      contracts: chain.contracts,
      recipient: wallet.address,
      slippageBps: slippage.bps,
      deadline: deadline(),
      nativeOut,
    };
    try {
      if (kind === "increase") {
        if (add0 === null || add1 === null) return;
        for (const [token, amount] of [[t0, add0], [t1, add1]] as const) {
          if (amount === 0n) continue;
          if (
            !await ensureApproval(
              job,
              token,
              chain.contracts.v3PositionManager,
              { amount, unlimited: false },
              setStatus,
            )
          ) {
            return;
          }
        }
        await runTx(
          { ...job, tx: buildIncrease(position.tokenId, { amount0: add0, amount1: add1 }, options) },
          setStatus,
        );
      } else if (kind === "remove") {
        const liquidity = position.liquidity * BigInt(percent) / 100n;
        await runTx({ ...job, tx: buildRemove(position, liquidity, pool.sqrtPriceX96, options) }, setStatus);
      } else {
        await runTx({ ...job, tx: buildCollect(position, { ...options, expected: fees ?? undefined }) }, setStatus);
      }
    } catch (e) {
      setStatus({ step: "failed", label: kind, reason: (e as Error).message });
    }
    setRefresh((n) => n + 1);
  }

  const busy = txBusy(status);
  return (
    <div className="trade-panel wallet-v3-position" data-testid="v3-position">
      <dl className="trade-details">
        <dt>Pool</dt>
        <dd>{t0.symbol}/{t1.symbol} {position.fee / 10_000}% {pool ? <code>{pool.address}</code> : null}</dd>
        <dt>Range ({t1.symbol} per {t0.symbol})</dt>
        <dd data-testid="range">
          {fmtPrice(tickToPrice(position.tickLower, t0.decimals, t1.decimals))} –{" "}
          {fmtPrice(tickToPrice(position.tickUpper, t0.decimals, t1.decimals))}
        </dd>
        <dt>Current price</dt>
        <dd>{pool ? fmtPrice(tickToPrice(pool.tick, t0.decimals, t1.decimals)) : "–"}</dd>
        <dt>Status</dt>
        <dd data-testid="in-range">{position.liquidity === 0n ? "Closed" : inRange ? "In range" : "Out of range"}</dd>
        <dt>Liquidity</dt>
        <dd data-testid="liquidity">{String(position.liquidity)}</dd>
        {held
          ? (
            <>
              <dt>Holds about</dt>
              <dd>
                {formatUnitsShort(held.amount0, t0.decimals)} {t0.symbol}, {formatUnitsShort(held.amount1, t1.decimals)}
                {" "}
                {t1.symbol}
              </dd>
            </>
          )
          : null}
        <dt>Uncollected fees</dt>
        <dd data-testid="fees">
          {fees
            ? `${formatUnitsShort(fees.amount0, t0.decimals)} ${t0.symbol}, ${
              formatUnitsShort(fees.amount1, t1.decimals)
            } ${t1.symbol}`
            : "–"}
        </dd>
        <dt>Contract called</dt>
        <dd data-testid="contract">
          <code>{chain?.contracts.v3PositionManager}</code> (NonfungiblePositionManager
          {nativeOut ? ": multicall with unwrapWETH9 and sweepToken" : ""})
        </dd>
        <dt>Paid out in</dt>
        <dd data-testid="payout">{payout(0)} and {payout(1)}</dd>
      </dl>
      {wethSide !== null
        ? (
          <label>
            <input type="checkbox" checked={asEther} onChange={(e) => setAsEther(e.currentTarget.checked)} /> Receive
            {" "}
            {chain!.nativeCurrency.symbol} instead of {tokens[wethSide].symbol} when removing or collecting
          </label>
        )
        : null}
      <SlippageField id={`${ids}-slippage`} value={slippageText} onValue={setSlippageText} />
      <SlippageAlert slippage={slippage} errorOnly />
      <WalletGate wallet={wallet} chain={chain} action="continue">
        <div className="trade-box">
          <label htmlFor={`${ids}-add`}>Add {t0.symbol}</label>
          <AmountInput id={`${ids}-add`} value={addText} onAmount={setAddText} />
          <p className="muted">
            with {add1 === null ? "–" : formatUnitsShort(add1, t1.decimals)} {t1.symbol}
          </p>
          <button type="button" disabled={busy || add0 === null || add1 === null} onClick={() => void act("increase")}>
            Increase liquidity
          </button>
        </div>
        <div className="trade-box">
          <label htmlFor={`${ids}-percent`}>Share to remove</label>
          <select id={`${ids}-percent`} value={percent} onChange={(e) => setPercent(Number(e.currentTarget.value))}>
            {[25, 50, 75, 100].map((p) => <option key={p} value={p}>{p}%</option>)}
          </select>
          <button type="button" disabled={busy || position.liquidity === 0n} onClick={() => void act("remove")}>
            Remove liquidity
          </button>
        </div>
        <button type="button" disabled={busy} onClick={() => void act("collect")}>Collect fees</button>
      </WalletGate>
      <TxStatusView status={status} />
    </div>
  );
}

/** `/positions/create/v3`: a new position. */
export function NewV3Position({ data }: { data: TradeData }) {
  const wallet = useWallet();
  const ids = useId();
  const { chain, client } = useChain(wallet, data.chain);
  const tokens = data.tokens.ok ? data.tokens.data : [];
  const [a, setA] = useState(() => data.input ?? tokens[0]?.key ?? "");
  const [b, setB] = useState(() =>
    data.output ?? tokens.find((t) => t.key !== (data.input ?? tokens[0]?.key))?.key ?? ""
  );
  const [fee, setFee] = useState(3000);
  const [minText, setMinText] = useState("");
  const [maxText, setMaxText] = useState("");
  const [startText, setStartText] = useState("");
  const [amountText, setAmountText] = useState("");
  const [slippageText, setSlippageText] = useState("0.5");
  const [pair, setPair] = useState<[TokenMeta, TokenMeta] | null>(null);
  const [pool, setPool] = useState<V3Pool | null | undefined>(undefined);
  const [status, setStatus] = useState<TxStatus>({ step: "idle" });
  const slippage = parseSlippage(slippageText);

  const weth = chain?.contracts.wrappedNative ?? null;
  const toAddress = (key: string): Address | null =>
    key === NATIVE_PLACEHOLDER ? weth : isAddress(key) ? getAddress(key) : null;
  const addressA = toAddress(a);
  const addressB = toAddress(b);
  const nativeSide = a === "NATIVE" ? addressA : b === "NATIVE" ? addressB : null;

  useEffect(() => {
    setPair(null);
    setPool(undefined);
    if (!client || !chain || !addressA || !addressB || addressA === addressB) return;
    const [x, y] = sortTokens(addressA, addressB);
    void Promise.all([
      tokenMeta(client, x),
      tokenMeta(client, y),
      readPool(chainCall(client), chain.contracts, x, y, fee),
    ])
      .then(([t0, t1, p]) => {
        setPair([t0, t1]);
        setPool(p);
        if (p) {
          const price = tickToPrice(p.tick, t0.decimals, t1.decimals);
          setMinText(fmtPrice(price * 0.9));
          setMaxText(fmtPrice(price * 1.1));
        }
      }, () => setPool(null));
  }, [client, chain, addressA, addressB, fee]);

  if (!data.tokens.ok) return <p role="alert">{data.tokens.error}</p>;
  if (wallet.ready && !chain) return <p className="muted">V3 positions on {data.chainLabel} are not available here.</p>;
  const [t0, t1] = pair ?? [null, null];
  const spacing = tickSpacingOf(fee);
  let tickLower: number | null = null;
  let tickUpper: number | null = null;
  let sqrtPrice: bigint | null = pool?.sqrtPriceX96 ?? null;
  let rangeError: string | null = null;
  if (t0 && t1) {
    try {
      tickLower = nearestUsableTick(priceToTick(Number(minText), t0.decimals, t1.decimals), spacing);
      tickUpper = nearestUsableTick(priceToTick(Number(maxText), t0.decimals, t1.decimals), spacing);
      if (pool === null) sqrtPrice = sqrtRatioAtTick(priceToTick(Number(startText), t0.decimals, t1.decimals));
      if (tickLower >= tickUpper) rangeError = "The minimum price must be below the maximum price";
    } catch (e) {
      rangeError = (e as Error).message;
    }
  }
  // The amount typed is token0's, unless the range sits below the price (token1 only).
  const onlyToken1 = sqrtPrice !== null && tickUpper !== null && sqrtPrice >= sqrtRatioAtTick(tickUpper);
  const typed = t0 && t1 ? parseAmount(amountText, onlyToken1 ? t1.decimals : t0.decimals) : null;
  let amount0: bigint | null = null;
  let amount1: bigint | null = null;
  if (typed !== null && sqrtPrice !== null && tickLower !== null && tickUpper !== null && !rangeError) {
    if (onlyToken1) {
      amount1 = typed;
      amount0 = amount0ForAmount1(sqrtPrice, tickLower, tickUpper, typed) ?? 0n;
    } else {
      amount0 = typed;
      amount1 = amount1ForAmount0(sqrtPrice, tickLower, tickUpper, typed) ?? 0n;
    }
  }
  const busy = txBusy(status);

  async function onCreate() {
    if (!chain || !client || !wallet.address || wallet.chainId === null || !t0 || !t1 || !slippage.ok) return;
    if (amount0 === null || amount1 === null || tickLower === null || tickUpper === null || sqrtPrice === null) return;
    const job = { chain, client, from: wallet.address, walletChainId: wallet.chainId };
    try {
      for (const [token, amount] of [[t0, amount0], [t1, amount1]] as const) {
        if (amount === 0n || token.address === nativeSide) continue;
        if (
          !await ensureApproval(job, token, chain.contracts.v3PositionManager, { amount, unlimited: false }, setStatus)
        ) {
          return;
        }
      }
      const tx = buildMint({
        token0: t0.address,
        token1: t1.address,
        fee,
        tickLower,
        tickUpper,
        amount0,
        amount1,
        initialSqrtPriceX96: pool === null ? sqrtPrice : undefined,
        nativeValue: nativeSide === t0.address ? amount0 : nativeSide === t1.address ? amount1 : undefined,
      }, { contracts: chain.contracts, recipient: wallet.address, slippageBps: slippage.bps, deadline: deadline() });
      await runTx({ ...job, tx }, setStatus);
    } catch (e) {
      setStatus({ step: "failed", label: "mint", reason: (e as Error).message });
    }
  }

  const current = pool && t0 && t1 ? tickToPrice(pool.tick, t0.decimals, t1.decimals) : null;
  return (
    <div className="trade-panel wallet-v3-new" data-testid="v3-new-panel">
      <div className="trade-row">
        <TokenPicker
          tokens={tokens}
          value={a}
          onSelect={pairPicker({ value: a, set: setA }, { value: b, set: setB })}
          label="First token"
        />
        <TokenPicker
          tokens={tokens}
          value={b}
          onSelect={pairPicker({ value: b, set: setB }, { value: a, set: setA })}
          label="Second token"
        />
      </div>
      <label htmlFor={`${ids}-fee`}>Fee tier</label>
      <select id={`${ids}-fee`} value={fee} onChange={(e) => setFee(Number(e.currentTarget.value))}>
        {V3_FEE_TIERS.map((t) => <option key={t.fee} value={t.fee}>{t.fee / 10_000}%</option>)}
      </select>
      {t0 && t1
        ? (
          <p data-testid="current-price">
            {pool
              ? (
                <>
                  Current price: <strong>{fmtPrice(current!)}</strong> {t1.symbol} per {t0.symbol}
                </>
              )
              : pool === null
              ? "No pool for this pair and fee tier yet: you set its starting price."
              : "Reading the pool…"}
          </p>
        )
        : null}
      {pool === null
        ? (
          <>
            <label htmlFor={`${ids}-start`}>Starting price ({t1?.symbol} per {t0?.symbol})</label>
            <input
              id={`${ids}-start`}
              className="field"
              value={startText}
              onChange={(e) => setStartText(e.currentTarget.value)}
            />
          </>
        )
        : null}
      <label htmlFor={`${ids}-min`}>Minimum price ({t1?.symbol} per {t0?.symbol})</label>
      <input id={`${ids}-min`} className="field" value={minText} onChange={(e) => setMinText(e.currentTarget.value)} />
      <label htmlFor={`${ids}-max`}>Maximum price ({t1?.symbol} per {t0?.symbol})</label>
      <input id={`${ids}-max`} className="field" value={maxText} onChange={(e) => setMaxText(e.currentTarget.value)} />
      {current !== null && tickLower !== null && tickUpper !== null && t0 && t1
        ? (
          <p className="muted" data-testid="range-marker">
            {fmtPrice(tickToPrice(tickLower, t0.decimals, t1.decimals))} ◂ current {fmtPrice(current)} ▸{" "}
            {fmtPrice(tickToPrice(tickUpper, t0.decimals, t1.decimals))}
            {current < tickToPrice(tickLower, t0.decimals, t1.decimals) ||
                current >= tickToPrice(tickUpper, t0.decimals, t1.decimals)
              ? " (the current price is outside this range: the position holds one token only)"
              : ""}
          </p>
        )
        : null}
      {rangeError ? <p role="alert">{rangeError}</p> : null}
      <label htmlFor={`${ids}-amount`}>Amount of {onlyToken1 ? t1?.symbol : t0?.symbol}</label>
      <AmountInput id={`${ids}-amount`} value={amountText} onAmount={setAmountText} />
      {amount0 !== null && amount1 !== null && t0 && t1
        ? (
          <p data-testid="amounts">
            Deposits {formatUnitsShort(amount0, t0.decimals)} {t0.symbol} and {formatUnitsShort(amount1, t1.decimals)}
            {" "}
            {t1.symbol}
          </p>
        )
        : null}
      <SlippageField id={`${ids}-slippage`} value={slippageText} onValue={setSlippageText} />
      <SlippageAlert slippage={slippage} errorOnly />
      <p className="muted">
        Contract called: <code data-testid="contract">{chain?.contracts.v3PositionManager}</code>{" "}
        (NonfungiblePositionManager{pool === null ? ".multicall(createAndInitializePoolIfNecessary, mint)" : ".mint"})
      </p>
      <WalletGate wallet={wallet} chain={chain} action="continue">
        <button
          type="button"
          disabled={busy || amount0 === null || amount1 === null || !!rangeError || !slippage.ok}
          onClick={() => void onCreate()}
        >
          {busy ? "Working…" : "Create position"}
        </button>
      </WalletGate>
      <TxStatusView status={status} />
    </div>
  );
}
