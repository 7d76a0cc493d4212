/**
 * The send panel with a wallet: native or ERC-20 transfer (`actions/send.ts`)
 * to a valid address, within the balance, with the amount's and balance's
 * USD worth; simulated before the wallet is asked and followed to its
 * receipt. One send per intent: afterwards a summary names the amount and
 * recipient, a toast says it, and the amount resets.
 *
 * @module
 */
import { useId, useMemo, useReducer } from "react";
import { formatUnits, getAddress, type PublicClient } from "viem";
import type { Address } from "../../lib/address.ts";
import type { TradeData } from "../lib/trade_loader.ts";
import { formatUsd } from "../lib/format.ts";
import { formatUnitsGrouped, parseAmount, usdValue } from "../lib/trade_math.ts";
import { publicClient, useWallet } from "../wallet/wallet_store.ts";
import { balanceQuery, decimalsQuery } from "../lib/query/chain_reads.ts";
import { useAppQuery } from "../lib/query/query_client.ts";
import { sendFlagsQuery, transferFeeQuery } from "./send_queries.ts";
import { TokenPicker } from "../components/token_picker.tsx";
import { txBusy, TxStatusView, TxSummary } from "../wallet/tx_status.tsx";
import { AmountBox, BalanceNote, FlaggedConfirm, maxAmount, WalletGate } from "../components/form_rows.tsx";
import { optionAddress, useTokenOptions } from "../wallet/token_options.ts";
import { recipientProblem, transferTx } from "./actions/send.ts";
import { transferReview } from "./send_review.tsx";
import { Button } from "../components/controls/button.tsx";
import { DetailRows } from "../components/controls/detail_rows.tsx";
import { TextInput } from "../components/controls/fields.tsx";
import { ActionReviewSheet } from "../review/action_review.tsx";
import { initialSend, sendReducer } from "./send_form_state.ts";

/** The token's decimals, the account's balance of it and whether the gateway flags it (queries, `send_queries.ts`). */
function useSendToken(
  client: PublicClient | null,
  address: Address | "native" | null,
  gatewayChain: string,
  account: Address | null,
) {
  const decimals = useAppQuery(decimalsQuery(client, address));
  const balance = useAppQuery(balanceQuery(client, address, account));
  const flags = useAppQuery(sendFlagsQuery(gatewayChain, address));
  return { decimals: decimals.data ?? null, balance: account ? balance.data ?? null : null, flagged: !!flags.data };
}

/** The network fee of a transfer: its gas estimate at the current gas price, once it can be sent. */
function useTransferFee(
  client: PublicClient | null,
  account: Address | null,
  token: { address: Address | "native"; symbol: string } | null,
  what: { amount: bigint | null; recipient: string | null },
): bigint | null {
  const { amount, recipient } = what;
  const tx = token && amount !== null && amount > 0n && recipient
    ? transferTx(token, getAddress(recipient), amount)
    : null;
  return useAppQuery(transferFeeQuery(client, account, tx)).data ?? null;
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
  // The form's one state (`send_form_state.ts`); the component renders it.
  const [state, dispatch] = useReducer(sendReducer, data, (d) => {
    const listed = d.tokens.ok ? d.tokens.data : [];
    return initialSend(d.input ?? (listed.some((t) => t.key === "NATIVE") ? "NATIVE" : listed[0]?.key) ?? "");
  });
  const { key, amountText, recipient, confirmFlagged, status, done, review } = state;
  const chain = wallet.chains.find((c) => c.chain === data.chain) ?? null;
  const client = useMemo(() => (chain ? publicClient(chain) : null), [chain]);
  const { tokens, list } = useTokenOptions(data, client);
  const option = tokens.find((t) => t.key === key);
  const address = optionAddress(option);

  const { decimals, balance, flagged } = useSendToken(client, address, data.chain, wallet.address);

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

  /** Opens the review of this transfer; nothing is sent until the holder confirms in it. */
  function onSend() {
    if (review || !chain || !client || !wallet.address || wallet.chainId === null || !address || !option) return;
    if (amount === null || amount <= 0n || decimals === null || recipientProblem(recipient)) return;
    dispatch({
      type: "review",
      review: {
        ...transferReview({
          context: { chain, client, from: wallet.address, walletChainId: wallet.chainId },
          token: { address, symbol: option.symbol, decimals },
          amount,
          recipient,
          fee: { wei: feeWei, nativePrice },
          usd,
          flagged,
          confirmFlagged,
          onMined: (mined) => dispatch({ type: "mined", done: mined }),
        }),
        // One send per intent: the amount resets.
        onDone: () => dispatch({ type: "sent" }),
      },
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
        onAmount={(text) => dispatch({ type: "amount", text })}
        picker={
          <TokenPicker
            tokens={tokens}
            list={list}
            value={key}
            onSelect={(next) => dispatch({ type: "token", key: next })}
            label="Token to send"
          />
        }
      >
        <div className="trade-under">
          <span className="muted trade-note" data-testid="usd-send">{usd(amount) ?? "\u00a0"}</span>
          <BalanceNote
            amount={balance}
            decimals={decimals}
            testId="send-balance"
            usd={usd(balance)}
            onMax={balance !== null && decimals !== null
              ? () => dispatch({ type: "max", text: formatUnits(maxAmount(balance, address === "native"), decimals) })
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
          onChange={(e) => dispatch({ type: "recipient", text: e.currentTarget.value })}
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
            onChange={(yes) => dispatch({ type: "confirmFlagged", yes })}
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
            onStatus={(next) => dispatch({ type: "status", status: next })}
            onClose={() => dispatch({ type: "review", review: null })}
          />
        )
        : null}
      <TxStatusView status={status} />
    </div>
  );
}
