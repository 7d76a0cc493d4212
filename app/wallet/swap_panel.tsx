/**
 * The swap panel with a wallet: exact input or exact output, quotes from the
 * chain refreshed while open, rate, price impact, minimum received or maximum
 * sold, network fee, route and the exact contract called; slippage and
 * deadline settings; approval (exact by default); simulation before the wallet
 * is asked; the transaction followed to its receipt; balances refreshed.
 *
 * @module
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { formatUnits } from "viem";
import type { Address } from "../../lib/address.ts";
import type { TradeData } from "../lib/trade_loader.ts";
import {
  DEFAULT_DEADLINE_MINUTES,
  formatUnitsShort,
  parseAmount,
  parseDeadline,
  parseSlippage,
  priceImpactBps,
} from "../lib/wallet_math.ts";
import {
  buildSwap,
  type ChainCall,
  describeRoute,
  findBestQuote,
  type Quote,
  quoteRoute,
  type SwapPlan,
  type SwapToken,
  type TradeKind,
} from "../lib/wallet_swap.ts";
import { publicClient, useWallet } from "./wallet_store.ts";
import { ensureApproval, flaggedTokens, runTx, tokenBalance, tokenDecimals, type TxStatus } from "./wallet_tx.ts";
import { txBusy, TxStatusView } from "./tx_status.tsx";
import {
  AmountBox,
  BalanceNote,
  ContractCalled,
  FlaggedConfirm,
  SlippageAlert,
  SlippageField,
  WalletGate,
} from "./form_rows.tsx";
import { optionAddress, pairPicker, useTokenOptions } from "./token_options.ts";
import { TokenPicker } from "../components/token_picker.tsx";

/** How often an open screen refreshes its quote. */
const QUOTE_REFRESH_MS = 12_000;

/** The swap panel of `/swap` and the token and pool pages. */
export function SwapPanel({ data }: { data: TradeData }) {
  const wallet = useWallet();
  const ids = useId();
  const listed = data.tokens.ok ? data.tokens.data : [];
  // Defaults never pair a token with itself.
  const [inKey, setInKey] = useState(() => data.input ?? listed.find((t) => t.key !== data.output)?.key ?? "");
  const [outKey, setOutKey] = useState(() => data.output ?? listed.find((t) => t.key !== inKey)?.key ?? "");
  const [kind, setKind] = useState<TradeKind>("exactIn");
  const [amountText, setAmountText] = useState("");
  const [slippageText, setSlippageText] = useState("0.5");
  const [deadlineText, setDeadlineText] = useState(String(DEFAULT_DEADLINE_MINUTES));
  const [unlimited, setUnlimited] = useState(false);
  const [confirmFlagged, setConfirmFlagged] = useState(false);
  const [decimals, setDecimals] = useState<Record<string, number>>({});
  const [balances, setBalances] = useState<Record<string, bigint>>({});
  // A quote counts only for the inputs it was asked for: a stale one is never shown nor sent.
  const [quoted, setQuoted] = useState<{ key: string; quote: Quote | null } | null>(null);
  const [impact, setImpact] = useState<number | null>(null);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const [fee, setFee] = useState<bigint | null>(null);
  const [flags, setFlags] = useState<{ flagged: Set<string>; error: string | null }>({
    flagged: new Set(),
    error: null,
  });
  const [status, setStatus] = useState<TxStatus>({ step: "idle" });
  const [refresh, setRefresh] = useState(0);
  const busy = txBusy(status);

  const chain = wallet.chains.find((c) => c.chain === data.chain) ?? null;
  const client = useMemo(() => (chain ? publicClient(chain) : null), [chain]);
  const tokens = useTokenOptions(data, client);
  const inOption = tokens.find((t) => t.key === inKey);
  const outOption = tokens.find((t) => t.key === outKey);
  const inAddress = optionAddress(inOption);
  const outAddress = optionAddress(outOption);
  const tokenIn: SwapToken | null = inAddress && decimals[inAddress] !== undefined
    ? { address: inAddress, symbol: inOption!.symbol, decimals: decimals[inAddress] }
    : null;
  const tokenOut: SwapToken | null = outAddress && decimals[outAddress] !== undefined
    ? { address: outAddress, symbol: outOption!.symbol, decimals: decimals[outAddress] }
    : null;
  const slippage = parseSlippage(slippageText);
  const deadline = parseDeadline(deadlineText);
  const amount = tokenIn && tokenOut
    ? parseAmount(amountText, kind === "exactIn" ? tokenIn.decimals : tokenOut.decimals)
    : null;
  const quoteKey = `${tokenIn?.address}|${tokenOut?.address}|${kind}|${amount}`;
  const quote = quoted?.key === quoteKey ? quoted.quote : null;

  // Decimals of the chosen tokens, from the chain.
  useEffect(() => {
    if (!client) return;
    for (const address of [inAddress, outAddress]) {
      if (!address || decimals[address] !== undefined) continue;
      tokenDecimals(client, address).then(
        (d) => setDecimals((all) => ({ ...all, [address]: d })),
        () => setQuoteError("This token is not on the chain"),
      );
    }
  }, [client, inAddress, outAddress, decimals]);

  // Balances of the connected account.
  useEffect(() => {
    if (!client || !wallet.address) return;
    for (const address of [inAddress, outAddress]) {
      if (!address) continue;
      tokenBalance(client, address, wallet.address).then(
        (b) => setBalances((all) => ({ ...all, [address]: b })),
        () => {},
      );
    }
  }, [client, wallet.address, inAddress, outAddress, refresh]);

  // Spam and malicious flags from the gateway.
  useEffect(() => {
    const contracts = [inAddress, outAddress].filter((a): a is Address => a !== null && a !== "native");
    setConfirmFlagged(false);
    void flaggedTokens(data.chain, contracts).then(setFlags);
  }, [data.chain, inAddress, outAddress]);

  // The quote: on every change, then every QUOTE_REFRESH_MS while open.
  const quoteSeq = useRef(0);
  const runQuote = useCallback(async () => {
    const seq = ++quoteSeq.current;
    if (!client || !chain || !tokenIn || !tokenOut || !amount || amount <= 0n) {
      setQuoted(null);
      setImpact(null);
      return;
    }
    const call: ChainCall = async ({ to, data }) => (await client.call({ to, data })).data ?? "0x";
    const contracts = chain.contracts;
    const best = await findBestQuote(call, contracts, tokenIn, tokenOut, { kind, amount });
    if (seq !== quoteSeq.current) return;
    setQuoted({ key: quoteKey, quote: best });
    setQuoteError(best ? null : "No route between these tokens on this chain");
    if (best) {
      const probeAmount = (kind === "exactIn" ? best.amountIn : best.amountOut) / 1000n;
      const probe = probeAmount > 0n ? await quoteRoute(call, contracts, best.route, kind, probeAmount) : null;
      if (seq !== quoteSeq.current) return;
      setImpact(probe ? priceImpactBps(best.amountIn, best.amountOut, probe.amountIn, probe.amountOut) : null);
      const gasPrice = await client.getGasPrice().catch(() => null);
      if (seq === quoteSeq.current) setFee(gasPrice === null ? null : gasPrice * best.gasEstimate);
    }
  }, [client, chain, quoteKey]);
  useEffect(() => {
    const timer = setTimeout(() => void runQuote(), 250);
    const interval = setInterval(() => {
      if (!busy) void runQuote();
    }, QUOTE_REFRESH_MS);
    return () => {
      clearTimeout(timer);
      clearInterval(interval);
    };
  }, [runQuote, refresh, busy]);

  let plan: SwapPlan | null = null;
  let planError: string | null = null;
  if (quote && tokenIn && tokenOut && slippage.ok && deadline.ok && wallet.address) {
    try {
      plan = buildSwap(quote, {
        contracts: chain!.contracts,
        tokenIn,
        tokenOut,
        recipient: wallet.address,
        slippageBps: slippage.bps,
        deadline: BigInt(Math.floor(Date.now() / 1000) + deadline.minutes * 60),
      });
    } catch (error) {
      planError = (error as Error).message;
    }
  }
  const flaggedList = [inOption, outOption].flatMap((option) => {
    const address = optionAddress(option);
    if (!option || !address || address === "native") return [];
    return flags.flagged.has(address.toLowerCase()) || flags.error
      ? [{ symbol: option.symbol, confirmed: confirmFlagged }]
      : [];
  });
  const balanceIn = inAddress ? balances[inAddress] : undefined;
  // The pickers show the balances read so far (whole tokens), by token key.
  const pickerBalances = new Map<string, string>();
  for (const option of [inOption, outOption]) {
    const address = optionAddress(option);
    if (option && address && balances[address] !== undefined && decimals[address] !== undefined) {
      pickerBalances.set(option.key, formatUnits(balances[address], decimals[address]));
    }
  }
  const insufficient = plan && balanceIn !== undefined && balanceIn < plan.maximumIn;

  async function onSwap() {
    if (!plan || !chain || !client || !wallet.address || !tokenIn || wallet.chainId === null) return;
    const from = wallet.address;
    const walletChainId = wallet.chainId;
    if (plan.spender && tokenIn.address !== "native") {
      const approved = await ensureApproval(
        { chain, client, from, walletChainId, flagged: flaggedList },
        { address: tokenIn.address, symbol: tokenIn.symbol, decimals: tokenIn.decimals },
        plan.spender,
        { amount: plan.maximumIn, unlimited },
        setStatus,
      );
      if (!approved) return;
    }
    await runTx(
      { chain, client, from, walletChainId, tx: plan.tx, minimumOut: plan.minimumOut, flagged: flaggedList },
      setStatus,
    );
    setRefresh((n) => n + 1);
  }

  if (!data.tokens.ok) return <p role="alert">{data.tokens.error}</p>;
  if (wallet.ready && !chain) {
    return (
      <p className="muted">
        Swapping on {data.chainLabel}{" "}
        is not available here: the service has no RPC for it (RPC_URL_{data.chainName.toUpperCase()}).
      </p>
    );
  }
  // The pay and receive boxes: the side being typed shows the text, the other side the quote.
  const sides = [
    {
      kind: "exactIn",
      id: `${ids}-in`,
      label: "You pay",
      bound: " (at most)",
      token: tokenIn,
      quoted: quote?.amountIn,
      address: inAddress,
      own: { value: inKey, set: setInKey },
      other: { value: outKey, set: setOutKey },
      picker: "Token to pay",
      balanceTestId: "balance-in",
    },
    {
      kind: "exactOut",
      id: `${ids}-out`,
      label: "You receive",
      bound: " (estimated)",
      token: tokenOut,
      quoted: quote?.amountOut,
      address: outAddress,
      own: { value: outKey, set: setOutKey },
      other: { value: inKey, set: setInKey },
      picker: "Token to receive",
      balanceTestId: undefined,
    },
  ] as const;
  const [inBox, outBox] = sides.map((side) => (
    <AmountBox
      key={side.kind}
      id={side.id}
      label={<>{side.label}{kind !== side.kind ? side.bound : ""}</>}
      value={kind === side.kind
        ? amountText
        : side.quoted !== undefined && side.token
        ? formatUnitsShort(side.quoted, side.token.decimals)
        : ""}
      onAmount={(text) => {
        setKind(side.kind);
        setAmountText(text);
      }}
      picker={
        <TokenPicker
          tokens={tokens}
          value={side.own.value}
          onSelect={pairPicker(side.own, side.other)}
          label={side.picker}
          balances={pickerBalances}
        />
      }
    >
      <BalanceNote
        amount={side.address ? balances[side.address] : undefined}
        decimals={side.token?.decimals}
        testId={side.balanceTestId}
      />
    </AmountBox>
  ));

  const symbolOf = (address: Address) => {
    const lower = address.toLowerCase();
    if (chain && lower === chain.contracts.wrappedNative.toLowerCase()) return "WETH";
    return tokens.find((t) => t.key === lower)?.symbol ?? `${address.slice(0, 6)}…`;
  };

  return (
    <div className="trade-panel wallet-swap" data-testid="swap-panel">
      {inBox}
      <button
        type="button"
        className="button-secondary"
        aria-label="Switch tokens"
        onClick={() => {
          setInKey(outKey);
          setOutKey(inKey);
          setKind(kind === "exactIn" ? "exactOut" : "exactIn");
        }}
      >
        ↓↑
      </button>
      {outBox}
      <details className="trade-box">
        <summary>
          Settings: slippage {slippage.ok ? `${slippage.bps / 100}%` : "invalid"}, deadline {deadlineText} min
        </summary>
        <SlippageField id={`${ids}-slippage`} inputMode="decimal" value={slippageText} onValue={setSlippageText} />
        <label htmlFor={`${ids}-deadline`}>Deadline (minutes)</label>
        <input
          id={`${ids}-deadline`}
          className="field"
          inputMode="numeric"
          value={deadlineText}
          onChange={(e) => setDeadlineText(e.currentTarget.value)}
        />
        <label>
          <input type="checkbox" checked={unlimited} onChange={(e) => setUnlimited(e.currentTarget.checked)} />{" "}
          Approve an unlimited amount (default: exactly this trade)
        </label>
      </details>
      <SlippageAlert slippage={slippage} />
      {!deadline.ok ? <p role="alert">{deadline.error}</p> : null}
      {quote && tokenIn && tokenOut
        ? (
          <dl className="trade-details" data-testid="quote">
            <dt>Rate</dt>
            <dd>
              1 {tokenIn.symbol} = {(Number(formatUnits(quote.amountOut, tokenOut.decimals)) /
                Number(formatUnits(quote.amountIn, tokenIn.decimals))).toPrecision(6)} {tokenOut.symbol}
            </dd>
            <dt>Price impact</dt>
            <dd data-testid="price-impact">{impact === null ? "–" : `${(impact / 100).toFixed(2)}%`}</dd>
            {plan
              ? kind === "exactIn"
                ? (
                  <>
                    <dt>Minimum received</dt>
                    <dd data-testid="minimum-received">
                      {formatUnitsShort(plan.minimumOut, tokenOut.decimals)} {tokenOut.symbol}
                    </dd>
                  </>
                )
                : (
                  <>
                    <dt>Maximum sold</dt>
                    <dd data-testid="maximum-sold">
                      {formatUnitsShort(plan.maximumIn, tokenIn.decimals)} {tokenIn.symbol}
                    </dd>
                  </>
                )
              : null}
            <dt>Network fee (estimate)</dt>
            <dd>{fee === null ? "–" : `${formatUnitsShort(fee, 18, 4)} ${chain?.nativeCurrency.symbol ?? ""}`}</dd>
            <dt>Route</dt>
            <dd data-testid="route">{describeRoute(quote.route, symbolOf)}</dd>
            {plan ? <ContractCalled tx={plan.tx} /> : null}
          </dl>
        )
        : null}
      {quoteError && amount ? <p className="muted" role="status">{quoteError}</p> : null}
      {planError ? <p role="alert">{planError}</p> : null}
      {flaggedList.length > 0
        ? (
          <FlaggedConfirm
            className="wallet-flagged"
            message={flags.error ??
              `${flaggedList.map((f) => f.symbol).join(" and ")} is flagged as spam or malicious.`}
            label="I understand the risk and want to trade it"
            checked={confirmFlagged}
            onChange={setConfirmFlagged}
          />
        )
        : null}
      <WalletGate wallet={wallet} chain={chain} action="swap">
        <button
          type="button"
          disabled={!plan || busy || !!insufficient || (flaggedList.length > 0 && !confirmFlagged)}
          onClick={() => void onSwap()}
        >
          {insufficient ? `Insufficient ${tokenIn?.symbol} balance` : busy ? "Working…" : "Swap"}
        </button>
      </WalletGate>
      <TxStatusView status={status} />
    </div>
  );
}
