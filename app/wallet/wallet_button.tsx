/**
 * The header's wallet control. Disconnected: "Connect wallet" opens the
 * list of wallets (EIP-6963, the browser's `window.ethereum` only when it
 * exists, and WalletConnect when the service publishes a project id: its
 * dialog and library load only when it is picked) in a dialog on a desktop
 * and a bottom sheet on a phone. Connected: one compact button (short
 * address, and the chain on wider screens) opens the account sheet: the
 * whole address, copy, explorer link, chain, switch, disconnect. The header
 * stays one row at 390 px either way.
 *
 * @module
 */
import { shortenAddress } from "../lib/format.ts";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { explorerAddressUrl } from "../../lib/chains.ts";
import {
  cancelWalletConnect,
  connectWallet,
  connectWalletConnect,
  disconnectWallet,
  switchWalletChain,
  useWallet,
  type WalletState,
} from "./wallet_store.ts";
import { Sheet } from "../components/controls/sheet.tsx";
import { Button } from "../components/controls/button.tsx";

/** The pairing dialog (with `uqr`), loaded when WalletConnect is picked. */
const WalletConnectDialog = lazy(() =>
  import("./walletconnect_dialog.tsx").then((m) => ({ default: m.WalletConnectDialog }))
);

/** The connected account's compact button and its sheet (address, copy, explorer, switch, disconnect). */
function AccountButton(
  { wallet, open, setOpen }: {
    wallet: WalletState & { address: `0x${string}` };
    open: boolean;
    setOpen: (o: boolean) => void;
  },
) {
  const [copied, setCopied] = useState(false);
  const chain = wallet.chains.find((c) => c.chainId === wallet.chainId) ?? null;
  const explorer = chain ? explorerAddressUrl(chain, wallet.address) : null;
  const short = shortenAddress(wallet.address);
  return (
    <div className="wallet-account" data-testid="wallet-account">
      <button
        type="button"
        className="wallet-account-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <span className="wallet-address" title={wallet.address}>{short}</span>
        <span
          className={chain ? "wallet-chain" : "wallet-chain wallet-wrong-chain"}
          data-testid="wallet-chain"
        >
          {chain ? chain.label : `Chain ${wallet.chainId}`}
        </span>
      </button>
      <Sheet open={open} onClose={() => setOpen(false)} title="Account" testId="wallet-sheet">
        <p className="wallet-sheet-address">
          <code>{wallet.address}</code>
        </p>
        <p className="muted">
          {chain ? `On ${chain.label}` : `On chain ${wallet.chainId}, which this site does not serve`}
        </p>
        <div className="wallet-sheet-actions">
          <Button
            variant="secondary"
            small
            onClick={() => {
              void navigator.clipboard?.writeText(wallet.address!).then(() => setCopied(true), () => {});
            }}
          >
            {copied ? "Copied" : "Copy address"}
          </Button>
          {explorer
            ? (
              <a
                className="control-button control-secondary control-small"
                href={explorer}
                target="_blank"
                rel="noreferrer"
              >
                Explorer
              </a>
            )
            : null}
        </div>
        {!chain
          ? wallet.chains.map((c) => (
            <Button
              key={c.chainId}
              variant="primary"
              onClick={() => void switchWalletChain(c.chainId)}
            >
              Switch to {c.label}
            </Button>
          ))
          : null}
        <Button variant="danger" wide onClick={() => void disconnectWallet()}>Disconnect</Button>
        {wallet.error ? <p role="alert" className="wallet-error">{wallet.error}</p> : null}
      </Sheet>
      {wallet.error && !open ? <span role="alert" className="wallet-error visually-hidden">{wallet.error}</span> : null}
    </div>
  );
}

/** The wallet control of the header. */
export function WalletButton() {
  const wallet = useWallet();
  const [open, setOpen] = useState(false);
  const [pairing, setPairing] = useState(false);
  /** The "Connect wallet" button: focus returns here when the WalletConnect dialog closes (its menu item is gone). */
  const trigger = useRef<HTMLButtonElement>(null);
  const connected = wallet.status === "connected" && wallet.address !== null;
  useEffect(() => {
    if (connected) setPairing(false);
    setOpen(false);
  }, [connected]);

  if (wallet.status === "connected" && wallet.address) {
    return <AccountButton wallet={{ ...wallet, address: wallet.address }} open={open} setOpen={setOpen} />;
  }

  return (
    <div className="wallet-connect">
      <button
        ref={trigger}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        disabled={wallet.status === "connecting"}
        onClick={() => setOpen(true)}
      >
        {wallet.status === "connecting" ? "Connecting…" : "Connect wallet"}
      </button>
      <Sheet open={open} onClose={() => setOpen(false)} title="Choose a wallet" testId="wallet-menu">
        {!wallet.ready ? <p className="muted">Looking for wallets…</p> : null}
        {wallet.ready && wallet.wallets.length === 0 && !wallet.walletConnect
          ? <p className="muted">No wallet found in this browser. Install a browser wallet, then reload.</p>
          : null}
        <ul className="wallet-list">
          {wallet.wallets.map((w) => (
            <li key={w.uid}>
              <button
                type="button"
                className="wallet-option"
                onClick={() => {
                  setOpen(false);
                  void connectWallet(w.uid);
                }}
              >
                {w.icon ? <img src={w.icon} alt="" width={28} height={28} /> : <span className="wallet-icon" />}{" "}
                {w.name}
              </button>
            </li>
          ))}
          {wallet.walletConnect
            ? (
              <li>
                <button
                  type="button"
                  className="wallet-option"
                  onClick={() => {
                    setOpen(false);
                    setPairing(true);
                    void connectWalletConnect();
                  }}
                >
                  <span className="wallet-icon" /> WalletConnect
                </button>
              </li>
            )
            : null}
        </ul>
      </Sheet>
      {wallet.error ? <span role="alert" className="wallet-error">{wallet.error}</span> : null}
      {pairing && wallet.walletConnect
        ? (
          <Suspense fallback={null}>
            <WalletConnectDialog
              state={wallet.walletConnect}
              onClose={() => {
                cancelWalletConnect();
                setPairing(false);
                requestAnimationFrame(() => trigger.current?.focus());
              }}
              onRetry={() => void connectWalletConnect()}
            />
          </Suspense>
        )
        : null}
    </div>
  );
}
