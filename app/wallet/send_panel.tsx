/**
 * The send panel with a wallet: native or ERC-20 transfer to an address that
 * must be valid (mixed case must match its EIP-55 checksum), within the
 * balance, simulated before the wallet is asked and followed to its receipt.
 *
 * @module
 */
import { useEffect, useId, useMemo, useState } from "react";
import { encodeFunctionData, erc20Abi, getAddress, type Hex, isAddress } from "viem";
import { type Address, isZeroAddress } from "../../lib/address.ts";
import type { TradeData } from "../lib/trade_loader.ts";
import { parseAmount } from "../lib/wallet_math.ts";
import type { TxRequest } from "../lib/wallet_swap.ts";
import { publicClient, useWallet } from "./wallet_store.ts";
import { flaggedTokens, runTx, tokenBalance, tokenDecimals, type TxStatus } from "./wallet_tx.ts";
import { TokenPicker } from "../components/token_picker.tsx";
import { txBusy, TxStatusView } from "./tx_status.tsx";
import { AmountBox, BalanceNote, FlaggedConfirm, WalletGate } from "./form_rows.tsx";
import { optionAddress, useTokenOptions } from "./token_options.ts";

/** Why a recipient cannot be used, or `null` when it can. */
export function recipientProblem(text: string): string | null {
  const value = text.trim();
  if (value === "") return "Enter the recipient's address";
  if (!isAddress(value, { strict: false })) return `Cannot parse address "${value}": expected 0x and 40 hex digits`;
  if (!isAddress(value, { strict: true })) return `Address "${value}" fails its checksum: check for a typo`;
  if (isZeroAddress(value)) return "Sending to the zero address burns the tokens";
  return null;
}

/** The transfer call of a token (native: a plain value transfer). */
export function transferTx(
  token: { address: Address | "native"; symbol: string },
  to: Address,
  amount: bigint,
): TxRequest {
  if (token.address === "native") return { to, data: "0x", value: amount, label: `${token.symbol} transfer` };
  return {
    to: token.address,
    data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, amount] }) as Hex,
    value: 0n,
    label: `${token.symbol}.transfer`,
  };
}

/** The panel of `/send`. */
export function SendPanel({ data }: { data: TradeData }) {
  const wallet = useWallet();
  const ids = useId();
  const [key, setKey] = useState(() => data.input ?? (data.tokens.ok ? data.tokens.data[0]?.key : "") ?? "");
  const [amountText, setAmountText] = useState("");
  const [recipient, setRecipient] = useState("");
  const [decimals, setDecimals] = useState<number | null>(null);
  const [balance, setBalance] = useState<bigint | null>(null);
  const [flagged, setFlagged] = useState(false);
  const [confirmFlagged, setConfirmFlagged] = useState(false);
  const [status, setStatus] = useState<TxStatus>({ step: "idle" });
  const [refresh, setRefresh] = useState(0);
  const chain = wallet.chains.find((c) => c.chain === data.chain) ?? null;
  const client = useMemo(() => (chain ? publicClient(chain) : null), [chain]);
  const tokens = useTokenOptions(data, client);
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
    if (!client || !address || !wallet.address) return;
    tokenBalance(client, address, wallet.address).then(setBalance, () => setBalance(null));
  }, [client, address, wallet.address, refresh]);

  const amount = decimals === null ? null : parseAmount(amountText, decimals);
  const problem = recipientProblem(recipient);
  const tooMuch = amount !== null && balance !== null && amount > balance;
  const busy = txBusy(status);

  async function onSend() {
    if (!chain || !client || !wallet.address || wallet.chainId === null || !address || !option) return;
    if (amount === null || amount <= 0n || recipientProblem(recipient)) return;
    const tx = transferTx({ address, symbol: option.symbol }, getAddress(recipient.trim()), amount);
    await runTx({
      chain,
      client,
      from: wallet.address,
      walletChainId: wallet.chainId,
      tx,
      flagged: flagged ? [{ symbol: option.symbol, confirmed: confirmFlagged }] : [],
    }, setStatus);
    setRefresh((n) => n + 1);
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
        onAmount={setAmountText}
        picker={<TokenPicker tokens={tokens} value={key} onSelect={setKey} label="Token to send" />}
      >
        <BalanceNote amount={balance} decimals={decimals} testId="send-balance" />
      </AmountBox>
      <div className="trade-box">
        <label htmlFor={`${ids}-to`}>To</label>
        <input
          id={`${ids}-to`}
          className="field"
          style={{ width: "100%" }}
          autoComplete="off"
          placeholder="0x… address"
          value={recipient}
          onChange={(e) => setRecipient(e.currentTarget.value)}
        />
        {recipient && problem ? <p role="alert">{problem}</p> : null}
      </div>
      {address && address !== "native"
        ? (
          <p className="muted">
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
        <button
          type="button"
          disabled={busy || !!problem || amount === null || amount <= 0n || tooMuch || (flagged && !confirmFlagged)}
          onClick={() => void onSend()}
        >
          {tooMuch ? `Insufficient ${option?.symbol} balance` : busy ? "Working…" : "Send"}
        </button>
      </WalletGate>
      <TxStatusView status={status} />
    </div>
  );
}
