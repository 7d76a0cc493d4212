/**
 * The header's wallet control: "Connect wallet" opens the list of wallets
 * (EIP-6963, the browser's `window.ethereum`, and WalletConnect when the
 * service publishes a project id: its dialog and library load only when it is
 * picked); once connected it shows the
 * short address (copy, explorer link), the chain, a one-click switch when the
 * wallet is on a chain the service does not serve, and disconnect.
 *
 * @module
 */
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { explorerAddressUrl } from "../../lib/chains.ts";
import {
  cancelWalletConnect,
  connectWallet,
  connectWalletConnect,
  disconnectWallet,
  shortAddress,
  switchWalletChain,
  useWallet,
} from "./wallet_store.ts";

/** The pairing dialog (with `uqr`), loaded when WalletConnect is picked. */
const WalletConnectDialog = lazy(() =>
  import("./walletconnect_dialog.tsx").then((m) => ({ default: m.WalletConnectDialog }))
);

/** The wallet control of the header. */
export function WalletButton() {
  const wallet = useWallet();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const [pairing, setPairing] = useState(false);
  /** The "Connect wallet" button: focus returns here when the WalletConnect dialog closes (its menu item is gone). */
  const trigger = useRef<HTMLButtonElement>(null);
  const connected = wallet.status === "connected" && wallet.address !== null;
  useEffect(() => {
    if (connected) setPairing(false);
  }, [connected]);

  if (wallet.status === "connected" && wallet.address) {
    const chain = wallet.chains.find((c) => c.chainId === wallet.chainId) ?? null;
    const explorer = chain ? explorerAddressUrl(chain, wallet.address) : null;
    return (
      <div className="wallet-account" data-testid="wallet-account">
        <span className="wallet-address" title={wallet.address}>{shortAddress(wallet.address)}</span>
        <button
          type="button"
          className="button-secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(wallet.address!).then(() => setCopied(true), () => {});
          }}
        >
          {copied ? "Copied" : "Copy"}
        </button>
        {explorer ? <a href={explorer} target="_blank" rel="noreferrer">Explorer</a> : null}
        {chain
          ? <span className="wallet-chain" data-testid="wallet-chain">{chain.label}</span>
          : (
            <span className="wallet-chain wallet-wrong-chain">
              Chain {wallet.chainId}
              {wallet.chains.map((c) => (
                <button
                  key={c.chainId}
                  type="button"
                  onClick={() => void switchWalletChain(c.chainId)}
                >
                  Switch to {c.label}
                </button>
              ))}
            </span>
          )}
        <button type="button" className="button-secondary" onClick={() => void disconnectWallet()}>
          Disconnect
        </button>
        {wallet.error ? <span role="alert" className="wallet-error">{wallet.error}</span> : null}
      </div>
    );
  }

  return (
    <div className="wallet-connect">
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        disabled={wallet.status === "connecting"}
        onClick={() => setOpen(!open)}
      >
        {wallet.status === "connecting" ? "Connecting…" : "Connect wallet"}
      </button>
      {open
        ? (
          <div className="wallet-menu" role="menu" aria-label="Wallets">
            {!wallet.ready ? <p className="muted">Looking for wallets…</p> : null}
            {wallet.ready && wallet.wallets.length === 0 && !wallet.walletConnect
              ? <p className="muted">No wallet found in this browser.</p>
              : null}
            {wallet.wallets.map((w) => (
              <button
                key={w.uid}
                type="button"
                role="menuitem"
                onClick={() => {
                  setOpen(false);
                  void connectWallet(w.uid);
                }}
              >
                {w.icon ? <img src={w.icon} alt="" width={20} height={20} /> : null} {w.name}
              </button>
            ))}
            {wallet.walletConnect
              ? (
                <button
                  type="button"
                  role="menuitem"
                  onClick={() => {
                    setOpen(false);
                    setPairing(true);
                    void connectWalletConnect();
                  }}
                >
                  WalletConnect
                </button>
              )
              : null}
          </div>
        )
        : null}
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
