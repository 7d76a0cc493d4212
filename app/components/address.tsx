/**
 * The one way the screens show an address: the short form (`0x1234…abcd`,
 * also the accessible name, as WCAG's label-in-name asks), the full address
 * for screen readers (the description) and for touch (tapping the short form
 * shows it whole), a copy button that says when it copied, and a link to the
 * chain's block explorer (`app/lib/chains.ts`).
 */
import { Link } from "react-router";
import { useEffect, useId, useRef, useState } from "react";
import { chainExplorer, type ExplorerTarget, explorerUrl } from "../../lib/chains.ts";
import { shortenAddress } from "../lib/format.ts";

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No Clipboard API (an insecure origin, an old browser): a selected text area and execCommand.
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    try {
      return document.execCommand("copy");
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}

/** Icons drawn inline (no icon font: a missing glyph would show as a square). */
function Icon({ name }: { name: "copy" | "check" | "external" }) {
  const paths = {
    copy: "M9 9h10v10H9z M5 15V5h10",
    check: "M5 12l5 5 9-10",
    external: "M14 5h5v5 M19 5l-9 9 M17 14v5H5V7h5",
  };
  return (
    <svg
      className="icon"
      viewBox="0 0 24 24"
      width="16"
      height="16"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={paths[name]} />
    </svg>
  );
}

/** A button that copies `text` and says "Copied" for two seconds. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  async function copy() {
    const ok = await copyText(text);
    setState(ok ? "copied" : "failed");
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), 2000);
  }
  return (
    <>
      <button
        type="button"
        className={`icon-button copy-button${state === "copied" ? " copied" : ""}`}
        aria-label={label}
        title={label}
        onClick={copy}
      >
        <Icon name={state === "copied" ? "check" : "copy"} />
      </button>
      <span className="copy-status" role="status">
        {state === "copied" ? "Copied" : state === "failed" ? "Could not copy" : ""}
      </span>
    </>
  );
}

/**
 * An address with copy and explorer buttons. `to` makes the short form an
 * in-app link (a wallet's portfolio); otherwise tapping it shows the whole
 * address. `target` picks the explorer page (`token` for token contracts).
 */
export function Address(
  { address, chain, to, target = "address", label = "address" }: {
    address: string;
    /** The gateway chain (`ETHEREUM`) or URL name; no explorer link without it. */
    chain?: string | null;
    to?: string;
    target?: ExplorerTarget;
    /** What the address is, for the buttons' names: "address", "pool address", "contract". */
    label?: string;
  },
) {
  const [whole, setWhole] = useState(false);
  const explorer = chain ? chainExplorer(chain) : null;
  const href = chain ? explorerUrl(chain, address, target) : null;
  const short = shortenAddress(address);
  const fullId = useId();
  return (
    <span className={whole ? "address address-whole" : "address"}>
      <span id={fullId} className="visually-hidden">{address}</span>
      {to
        ? (
          <Link to={to} className="address-text mono" aria-describedby={fullId} title={address}>
            {short}
          </Link>
        )
        : (
          <button
            type="button"
            className="address-text mono"
            aria-describedby={fullId}
            aria-expanded={whole}
            title={address}
            onClick={() => setWhole((w) => !w)}
          >
            {whole ? address : short}
          </button>
        )}
      <CopyButton text={address} label={`Copy ${label}`} />
      {href && explorer
        ? (
          <a
            className="icon-button"
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`View ${label} on ${explorer.name}`}
            title={`View on ${explorer.name}`}
          >
            <Icon name="external" />
          </a>
        )
        : null}
    </span>
  );
}
