/**
 * The send panel with a wallet: native or ERC-20 transfer (`actions/send.ts`)
 * to a valid address, within the balance, with the amount's and balance's
 * USD worth; simulated before the wallet is asked and followed to its
 * receipt. One send per intent: afterwards a summary names the amount and
 * recipient, a toast says it, and the amount resets.
 *
 * @module
 */
import { useEffect, useId, useMemo, useState } from "react";
import { formatUnits, getAddress } from "viem";
import { explorerTxUrl } from "../../lib/chains.ts";
import type { TradeData } from "../lib/trade_loader.ts";
import { formatUsd, shortenAddress } from "../lib/format.ts";
import { formatUnitsShort, parseAmount, usdValue } from "../lib/wallet_math.ts";
import { publicClient, useWallet } from "./wallet_store.ts";
import { flaggedTokens, tokenBalance, tokenDecimals, type TxStatus } from "./wallet_tx.ts";
import { TokenPicker } from "../components/token_picker.tsx";
import { txBusy, type TxDone, TxStatusView, TxSummary } from "./tx_status.tsx";
import { AmountBox, BalanceNote, FlaggedConfirm, maxAmount, WalletGate } from "./form_rows.tsx";
import { optionAddress, useTokenOptions } from "./token_options.ts";
import { recordTx, trackTx } from "./tx_history.ts";
import { recipientProblem, send, transferTx } from "./actions/send.ts";
import { Button } from "../components/controls/button.tsx";
import { DetailRows } from "../components/controls/detail_rows.tsx";
import { TextInput } from "../components/controls/fields.tsx";
import { showToast } from "../components/controls/toast.tsx";
import { type ActionReview, ActionReviewSheet } from "../review/action_review.tsx";

/** The panel of `/send`. */
export function SendPanel({ data }: { data: TradeData }) {
  const wallet = useWallet();
  const ids = useId();
  const [key, setKey] = useState(() => {
    const listed = data.tokens.ok ? data.tokens.data : [];
    return data.input ?? (listed.some((t) => t.key === "NATIVE") ? "NATIVE" : listed[0]?.key) ?? "";
  });
  const [amountText, setAmountText] = useState("");
  const [recipient, setRecipient] = useState("");
  const [decimals, setDecimals] = useState<number | null>(null);
  const [balance, setBalance] = useState<bigint | null>(null);
  const [flagged, setFlagged] = useState(false);
  const [confirmFlagged, setConfirmFlagged] = useState(false);
  const [status, setStatus] = useState<TxStatus>({ step: "idle" });
  const [done, setDone] = useState<TxDone | null>(null);
  const [refresh, setRefresh] = useState(0);
  const [review, setReview] = useState<ActionReview | null>(null);
  const chain = wallet.chains.find((c) => c.chain === data.chain) ?? null;
  const client = useMemo(() => (chain ? publicClient(chain) : null), [chain]);
  const { tokens, list } = useTokenOptions(data, client);
  const option = tokens.find((t) => t.key === key);
  const address = optionAddress(option);

  useEffect(() => {
    setDecimals(null);
    if (!client || !address) return;
    tokenDecimals(client, address).then(setDecimals, () => setDecimals(null));
    setConfirmFlagged(false);
    if (address !== "native") {
      void flaggedTokens(data.chain, [address]).then((f) => setFlagged(f.flagged.size > 0 || f.error !== null));
    } else setFlagged(false);
  }, [client, address, data.chain]);
  useEffect(() => {
    setBalance(null);
    if (!client || !address || !wallet.address) return;
    tokenBalance(client, address, wallet.address).then(setBalance, () => setBalance(null));
  }, [client, address, wallet.address, refresh]);

  const amount = decimals === null ? null : parseAmount(amountText, decimals);
  const problem = recipientProblem(recipient);
  // The network fee of this transfer: its gas estimate at the current gas price, once it can be sent.
  const [fee, setFee] = useState<{ key: string; wei: bigint } | null>(null);
  const feeKey = `${address}|${amount}|${recipient.trim()}|${wallet.address}`;
  useEffect(() => {
    if (!client || !wallet.address || !address || !option || amount === null || amount <= 0n || problem) return;
    const tx = transferTx({ address, symbol: option.symbol }, getAddress(recipient.trim()), amount);
    let live = true;
    Promise.all([
      client.estimateGas({ account: wallet.address, to: tx.to, data: tx.data, value: tx.value }),
      client.getGasPrice(),
    ]).then(([gas, price]) => live && setFee({ key: feeKey, wei: gas * price }), () => {});
    return () => {
      live = false;
    };
  }, [client, feeKey]);
  const feeWei = fee?.key === feeKey ? fee.wei : null;
  const nativePrice = tokens.find((t) => t.key === "NATIVE")?.price;
  const tooMuch = amount !== null && balance !== null && amount > balance;
  const busy = txBusy(status) || review !== null;
  const usd = (value: bigint | null) => {
    if (value === null || decimals === null) return null;
    const worth = usdValue(value, decimals, option?.price);
    return worth === null ? null : formatUsd(worth);
  };

  /** Opens the review of this transfer; nothing is sent until the holder confirms in it. */
  function onSend() {
    if (review || !chain || !client || !wallet.address || wallet.chainId === null || !address || !option) return;
    if (amount === null || amount <= 0n || decimals === null || recipientProblem(recipient)) return;
    setDone(null);
    setStatus({ step: "idle" });
    const to = getAddress(recipient.trim());
    const sentText = `${formatUnitsShort(amount, decimals)} ${option.symbol}`;
    const what = { account: wallet.address, chainId: chain.chainId, summary: `Send ${sentText}` };
    const context = { chain, client, from: wallet.address, walletChainId: wallet.chainId };
    const tx = transferTx({ address, symbol: option.symbol }, to, amount);
    const feeText = feeWei === null ? "–" : `${formatUnitsShort(feeWei, 18, 4)} ${chain.nativeCurrency.symbol}`;
    setReview({
      title: "Review send",
      rows: [
        { label: "You send", value: sentText, note: usd(amount), testId: "review-send" },
        { label: "To", value: <code>{to}</code>, testId: "review-to" },
        { label: "Network fee (estimate)", value: feeText },
      ],
      changes: [{ symbol: option.symbol, amount: `−${formatUnitsShort(amount, decimals)}`, usd: usd(amount) }],
      spends: [],
      spender: null,
      action: {
        title: `Send ${sentText} to ${shortenAddress(to)}`,
        contract: tx.to,
        call: tx.label,
        async run(report) {
          const outcome = await send(
            context,
            {
              token: { address, symbol: option.symbol },
              to: recipient,
              amount,
              flagged: flagged ? [{ symbol: option.symbol, confirmed: confirmFlagged }] : [],
            },
            trackTx(report, what),
          );
          if (!outcome.ok) return false;
          const text = `Sent ${sentText} to ${shortenAddress(outcome.to)}`;
          const explorer = explorerTxUrl(chain, outcome.hash);
          recordTx({ ...what, summary: text, hash: outcome.hash, explorer, state: "confirmed" });
          setDone({ text, hash: outcome.hash, explorer });
          showToast({ tone: "positive", title: text, body: explorer ? "View it on the explorer" : outcome.hash });
          return true;
        },
      },
      confirm: "Confirm send",
      // One send per intent: the amount resets.
      onDone: () => setAmountText(""),
    });
  }

  if (!data.tokens.ok) return <p role="alert">{data.tokens.error}</p>;
  if (wallet.ready && !chain) {
    return <p className="muted">Sending on {data.chainLabel} is not available here: the service has no RPC for it.</p>;
  }
  return (
    <div className="trade-panel wallet-send" data-testid="send-panel">
      <AmountBox
        id={`${ids}-amount`}
        label="You're sending"
        value={amountText}
        onAmount={(text) => {
          setAmountText(text);
          // A new intent: the last send's summary and status give way.
          if (done) {
            setDone(null);
            setStatus({ step: "idle" });
          }
        }}
        picker={<TokenPicker tokens={tokens} list={list} value={key} onSelect={setKey} label="Token to send" />}
      >
        <div className="trade-under">
          <span className="muted trade-note" data-testid="usd-send">{usd(amount) ?? "\u00a0"}</span>
          <BalanceNote
            amount={balance}
            decimals={decimals}
            testId="send-balance"
            usd={usd(balance)}
            onMax={balance !== null && decimals !== null
              ? () => setAmountText(formatUnits(maxAmount(balance, address === "native"), decimals))
              : undefined}
          />
        </div>
      </AmountBox>
      <div className="trade-box">
        <TextInput
          label="To"
          autoComplete="off"
          spellCheck={false}
          placeholder="0x… address"
          value={recipient}
          error={recipient && problem ? problem : null}
          onChange={(e) => setRecipient(e.currentTarget.value)}
        />
      </div>
      {feeWei !== null
        ? (
          <DetailRows
            rows={[{
              label: "Network fee (estimate)",
              value: `${formatUnitsShort(feeWei, 18, 4)} ${chain?.nativeCurrency.symbol ?? "ETH"}`,
              note: usdValue(feeWei, 18, nativePrice) === null ? null : formatUsd(usdValue(feeWei, 18, nativePrice)),
              testId: "network-fee",
            }]}
          />
        )
        : null}
      {address && address !== "native"
        ? (
          <p className="muted trade-contract">
            Contract called: <code data-testid="contract">{address}</code> (transfer)
          </p>
        )
        : null}
      {flagged
        ? (
          <FlaggedConfirm
            message={`${option?.symbol ?? ""} is flagged as spam or malicious.`}
            label="Send it anyway"
            checked={confirmFlagged}
            onChange={setConfirmFlagged}
          />
        )
        : null}
      <WalletGate wallet={wallet} chain={chain} action="send">
        <Button
          wide
          data-testid="send-button"
          pending={busy}
          pendingLabel={status.step === "wallet" ? "Confirm in your wallet…" : "Sending…"}
          disabled={!!problem || amount === null || amount <= 0n || tooMuch || (flagged && !confirmFlagged)}
          onClick={onSend}
        >
          {tooMuch ? `Insufficient ${option?.symbol} balance` : amount === null ? "Enter an amount" : "Send"}
        </Button>
      </WalletGate>
      <TxSummary done={done} testId="send-summary" />
      {review && chain && client && wallet.address && wallet.chainId !== null
        ? (
          <ActionReviewSheet
            review={review}
            context={{ chain, client, from: wallet.address, walletChainId: wallet.chainId }}
            onStatus={setStatus}
            onClose={() => {
              setReview(null);
              setRefresh((n) => n + 1);
            }}
          />
        )
        : null}
      <TxStatusView status={status} />
    </div>
  );
}
