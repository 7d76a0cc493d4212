/**
 * The header's wallet control: "Connect wallet" opens the list of wallets
 * (EIP-6963 and the browser's `window.ethereum`); once connected it shows the
 * short address (copy, explorer link), the chain, a one-click switch when the
 * wallet is on a chain the service does not serve, and disconnect.
 *
 * @module
 */
import { useState } from "react";
import { explorerAddressUrl } from "../../lib/chains.ts";
import { connectWallet, disconnectWallet, shortAddress, switchWalletChain, useWallet } from "./wallet_store.ts";

/** The wallet control of the header. */
export function WalletButton() {
  const wallet = useWallet();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);

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
            {wallet.ready && wallet.wallets.length === 0
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
          </div>
        )
        : null}
      {wallet.error ? <span role="alert" className="wallet-error">{wallet.error}</span> : null}
    </div>
  );
}
