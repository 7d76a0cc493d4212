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
import { formatUnits, getAddress, type PublicClient } from "viem";
import type { Address } from "../../lib/address.ts";
import type { TradeData } from "../lib/trade_loader.ts";
import { formatUsd } from "../lib/format.ts";
import { formatUnitsGrouped, parseAmount, usdValue } from "../lib/wallet_math.ts";
import { publicClient, useWallet } from "../wallet/wallet_store.ts";
import { flaggedTokens, tokenBalance, tokenDecimals, type TxStatus } from "../wallet/wallet_tx.ts";
import { TokenPicker } from "../components/token_picker.tsx";
import { txBusy, type TxDone, TxStatusView, TxSummary } from "../wallet/tx_status.tsx";
import { AmountBox, BalanceNote, FlaggedConfirm, maxAmount, WalletGate } from "../wallet/form_rows.tsx";
import { optionAddress, useTokenOptions } from "../wallet/token_options.ts";
import { recipientProblem, transferTx } from "../wallet/actions/send.ts";
import { transferReview } from "./send_review.tsx";
import { Button } from "../components/controls/button.tsx";
import { DetailRows } from "../components/controls/detail_rows.tsx";
import { TextInput } from "../components/controls/fields.tsx";
import { type ActionReview, ActionReviewSheet } from "../review/action_review.tsx";

/** The token's decimals, the account's balance of it and whether the gateway flags it. */
function useSendToken(
  client: PublicClient | null,
  address: Address | "native" | null,
  gatewayChain: string,
  account: Address | null,
  refresh: number,
) {
  const [decimals, setDecimals] = useState<number | null>(null);
  const [balance, setBalance] = useState<bigint | null>(null);
  const [flagged, setFlagged] = useState(false);
  const data = { chain: gatewayChain };
  const wallet = { address: account };
  useEffect(() => {
    setDecimals(null);
    if (!client || !address) return;
    tokenDecimals(client, address).then(setDecimals, () => setDecimals(null));
    if (address !== "native") {
      void flaggedTokens(data.chain, [address]).then((f) => setFlagged(f.flagged.size > 0 || f.error !== null));
    } else setFlagged(false);
  }, [client, address, data.chain]);
  useEffect(() => {
    setBalance(null);
    if (!client || !address || !wallet.address) return;
    tokenBalance(client, address, wallet.address).then(setBalance, () => setBalance(null));
  }, [client, address, wallet.address, refresh]);

  return { decimals, balance, flagged };
}

/** The network fee of a transfer: its gas estimate at the current gas price, once it can be sent. */
function useTransferFee(
  client: PublicClient | null,
  account: Address | null,
  token: { address: Address | "native"; symbol: string } | null,
  what: { amount: bigint | null; recipient: string | null },
): bigint | null {
  const [fee, setFee] = useState<{ key: string; wei: bigint } | null>(null);
  const { amount, recipient } = what;
  const feeKey = `${token?.address}|${amount}|${recipient}|${account}`;
  useEffect(() => {
    if (!client || !account || !token || amount === null || amount <= 0n || !recipient) return;
    const tx = transferTx(token, getAddress(recipient), amount);
    let live = true;
    Promise.all([
      client.estimateGas({ account, to: tx.to, data: tx.data, value: tx.value }),
      client.getGasPrice(),
    ]).then(([gas, price]) => live && setFee({ key: feeKey, wei: gas * price }), () => {});
    return () => {
      live = false;
    };
  }, [client, feeKey]);
  return fee?.key === feeKey ? fee.wei : null;
}

/** The network fee with its USD worth, and the token contract a transfer calls. */
function SendDetails(
  { feeWei, symbol, nativePrice, contract }: {
    feeWei: bigint | null;
    symbol: string;
    nativePrice: number | null | undefined;
    contract: Address | null;
  },
) {
  const feeUsd = feeWei === null ? null : usdValue(feeWei, 18, nativePrice);
  return (
    <>
      {feeWei !== null
        ? (
          <DetailRows
            rows={[{
              label: "Network fee (estimate)",
              value: `${formatUnitsGrouped(feeWei, 18, 4)} ${symbol}`,
              note: feeUsd === null ? null : formatUsd(feeUsd),
              testId: "network-fee",
            }]}
          />
        )
        : null}
      {contract
        ? (
          <p className="muted trade-contract">
            Contract called: <code data-testid="contract">{contract}</code> (transfer)
          </p>
        )
        : null}
    </>
  );
}

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

  const { decimals, balance, flagged } = useSendToken(client, address, data.chain, wallet.address, refresh);
  useEffect(() => setConfirmFlagged(false), [address]);

  const amount = decimals === null ? null : parseAmount(amountText, decimals);
  const problem = recipientProblem(recipient);
  const feeWei = useTransferFee(client, wallet.address, option && address ? { address, symbol: option.symbol } : null, {
    amount,
    recipient: problem ? null : recipient.trim(),
  });
  const nativePrice = tokens.find((t) => t.key === "NATIVE")?.price;
  const tooMuch = amount !== null && balance !== null && amount > balance;
  const busy = txBusy(status) || review !== null;
  const usd = (value: bigint | null) => {
    const worth = value === null || decimals === null ? null : usdValue(value, decimals, option?.price);
    return worth === null ? null : formatUsd(worth);
  };

  // A new intent (an amount, a token or a recipient chosen): the last send's summary and status give way.
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setDone(null);
    setStatus({ step: "idle" });
  };

  /** Opens the review of this transfer; nothing is sent until the holder confirms in it. */
  function onSend() {
    if (review || !chain || !client || !wallet.address || wallet.chainId === null || !address || !option) return;
    if (amount === null || amount <= 0n || decimals === null || recipientProblem(recipient)) return;
    setDone(null);
    setStatus({ step: "idle" });
    setReview({
      ...transferReview({
        context: { chain, client, from: wallet.address, walletChainId: wallet.chainId },
        token: { address, symbol: option.symbol, decimals },
        amount,
        recipient,
        fee: { wei: feeWei, nativePrice },
        usd,
        flagged,
        confirmFlagged,
        onMined: setDone,
      }),
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
        onAmount={edit(setAmountText)}
        picker={<TokenPicker tokens={tokens} list={list} value={key} onSelect={edit(setKey)} label="Token to send" />}
      >
        <div className="trade-under">
          <span className="muted trade-note" data-testid="usd-send">{usd(amount) ?? "\u00a0"}</span>
          <BalanceNote
            amount={balance}
            decimals={decimals}
            testId="send-balance"
            usd={usd(balance)}
            onMax={balance !== null && decimals !== null
              ? () => edit(setAmountText)(formatUnits(maxAmount(balance, address === "native"), decimals))
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
          onChange={(e) => edit(setRecipient)(e.currentTarget.value)}
        />
      </div>
      <SendDetails
        feeWei={feeWei}
        symbol={chain?.nativeCurrency.symbol ?? "ETH"}
        nativePrice={nativePrice}
        contract={address && address !== "native" ? address : null}
      />
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
