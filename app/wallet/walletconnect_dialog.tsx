/**
 * The WalletConnect pairing dialog: the pairing URI as a QR code (`uqr`'s
 * SVG), the link itself with a "Copy link" button, and the state in plain
 * words (reaching the relay, waiting for the wallet, rejected, relay
 * unreachable). A modal `<dialog>`: focus moves into it, Escape or "Close"
 * cancels the pairing, and focus returns to the control that opened it.
 * Loaded by `wallet_button.tsx` only when WalletConnect is picked.
 *
 * @module
 */
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { renderSVG } from "uqr";
import type { WalletConnectState } from "./walletconnect_types.ts";

/** What the dialog says for each state. */
const STATUS_TEXT: Record<WalletConnectState["status"], string> = {
  idle: "",
  starting: "Reaching the WalletConnect relay…",
  waiting: "Scan the code with your wallet's app, or copy the link into it. Waiting for the wallet…",
  rejected: "The wallet rejected the connection.",
  unreachable: "The WalletConnect relay cannot be reached.",
  failed: "The connection did not complete.",
};

/** The dialog; `onClose` cancels the pairing, `onRetry` starts a new one. */
export function WalletConnectDialog(
  { state, onClose, onRetry }: { state: WalletConnectState; onClose: () => void; onRetry: () => void },
) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const statusId = useId();
  const [copied, setCopied] = useState(false);
  const qr = useMemo(
    () => state.uri ? renderSVG(state.uri, { ecc: "M", border: 2, pixelSize: 4 }) : null,
    [state.uri],
  );

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  useEffect(() => setCopied(false), [state.uri]);

  // A transient relay loss says "Retrying…" (the client retries by itself); the others end the attempt.
  const ended = state.status === "rejected" || state.status === "failed" ||
    (state.status === "unreachable" && !state.message?.endsWith("Retrying…"));

  return (
    <dialog
      ref={ref}
      className="walletconnect-dialog"
      aria-labelledby={titleId}
      aria-describedby={statusId}
      data-testid="walletconnect-dialog"
      onCancel={(event) => {
        // Escape: closed by React state, so the pairing is cancelled with it.
        event.preventDefault();
        onClose();
      }}
    >
      <div className="walletconnect-head">
        <h2 id={titleId}>Connect with WalletConnect</h2>
        <button type="button" className="button-secondary" onClick={onClose} aria-label="Close">
          ✕
        </button>
      </div>
      {qr
        ? (
          <div
            className="walletconnect-qr"
            role="img"
            aria-label="QR code of the WalletConnect link"
            // uqr builds the SVG from the URI's bits alone (rects and a path): no markup of ours or the relay's.
            dangerouslySetInnerHTML={{ __html: qr }}
          />
        )
        : <div className="walletconnect-qr walletconnect-qr-empty" aria-hidden="true" />}
      <p
        id={statusId}
        role="status"
        className="walletconnect-status"
        data-testid="walletconnect-status"
        data-status={state.status}
      >
        {state.message ?? STATUS_TEXT[state.status]}
      </p>
      {state.uri
        ? (
          <div className="walletconnect-link">
            <input
              readOnly
              value={state.uri}
              aria-label="WalletConnect link"
              onFocus={(event) => event.currentTarget.select()}
            />
            <button
              type="button"
              onClick={() => {
                void navigator.clipboard?.writeText(state.uri!).then(() => setCopied(true), () => {});
              }}
            >
              {copied ? "Copied" : "Copy link"}
            </button>
          </div>
        )
        : null}
      {ended ? <button type="button" onClick={onRetry}>Try again</button> : null}
    </dialog>
  );
}
