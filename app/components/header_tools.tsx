/**
 * The header's tools: token search, chain selector and wallet slot. An
 * island of the header (`island.tsx`): the server renders them with the
 * page, their code (the chain table, the search form, the wallet slot) loads
 * after the first screen, as `layout.tsx` says.
 *
 * @module
 */
import { Link, useLocation, useParams, useSearchParams } from "react-router";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { TokenSearch } from "./token_search.tsx";
import { type ChainInfo, CHAINS, chainUrlName, DEFAULT_CHAIN } from "../../lib/chains.ts";
import { connectedBefore, onWalletChain, onWalletConnection, walletAuthorized } from "../wallet/wallet_intent.ts";

/** The chain the current page shows: from the path or `?chain=`. */
export function useCurrentChain(): string {
  const params = useParams();
  const [search] = useSearchParams();
  const fromUrl = params.chainName ?? search.get("chain");
  const known = CHAINS.find((c) => c.urlName === fromUrl?.toLowerCase());
  return known?.urlName ?? chainUrlName(DEFAULT_CHAIN);
}

/**
 * Where the chain selector leads: the token list of that chain on token
 * pages, the explore page of that chain elsewhere.
 */
export function chainTarget(pathname: string, urlName: string): string {
  if (pathname === "/tokens" || pathname.startsWith("/tokens/")) {
    return `/tokens/${urlName}`;
  }
  if (pathname.startsWith("/explore") && pathname.includes("pools")) {
    return `/explore?chain=${urlName}&tab=pools`;
  }
  return `/explore?chain=${urlName}`;
}

/**
 * The name a header under 1400 px has room for: the demo's "Uniswap demo
 * chain" reads "Demo chain"; a chain's own name ("Ethereum", "BNB Chain")
 * stays.
 */
export function shortChainLabel(label: string): string {
  const rest = label.replace(/^Uniswap\s+/i, "");
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

function ChainItem(
  { option, current, href, empty, onPick }: {
    option: ChainInfo;
    current: boolean;
    href: string;
    empty: boolean;
    onPick: () => void;
  },
) {
  return (
    <li>
      <Link to={href} aria-current={current ? "true" : undefined} onClick={onPick}>
        <span>{option.label}</span>
        {empty ? <span className="chain-empty">No data</span> : null}
      </Link>
    </li>
  );
}

/**
 * The chain selector: a button that opens a menu (the popover API, so it
 * opens without JavaScript too) of mainnets in product order, with testnets
 * behind "Show testnets" and chains without data marked once checked.
 */
function ChainSelector() {
  const id = useId();
  const current = useCurrentChain();
  const location = useLocation();
  const [empty, setEmpty] = useState<ReadonlySet<string>>(new Set());
  // The chain the connected wallet is on, which the selector names (the demo's local chain is no "Ethereum").
  const [walletChain, setWalletChain] = useState<string | null>(null);
  useEffect(() => onWalletChain(setWalletChain), []);
  const currentOption = CHAINS.find((c) => c.urlName === current);
  const label = walletChain ?? currentOption?.label ?? current;
  const close = () => (document.getElementById(id) as HTMLElement & { hidePopover?: () => void })?.hidePopover?.();
  const item = (c: ChainInfo) => (
    <ChainItem
      key={c.urlName}
      option={c}
      current={c.urlName === current}
      href={chainTarget(location.pathname, c.urlName)}
      empty={empty.has(c.urlName)}
      onPick={close}
    />
  );
  return (
    <div className="chain-selector">
      <button
        type="button"
        className="chain-button"
        popoverTarget={id}
        aria-haspopup="dialog"
        onClick={() => void import("../lib/header_data.ts").then((m) => m.chainsWithoutData()).then(setEmpty, () => {})}
      >
        <span className="visually-hidden">Network:</span>{" "}
        <span className="chain-label chain-label-full" data-testid="chain-label">{label}</span>
        <span className="chain-label chain-label-short" aria-hidden="true">{shortChainLabel(label)}</span>
        <span aria-hidden="true" className="chain-caret">▾</span>
      </button>
      <div id={id} popover="auto" className="chain-menu" role="dialog" aria-label="Choose a network">
        {walletChain
          ? (
            <p className="muted chain-wallet" data-testid="wallet-network">
              Your wallet is on {walletChain}. The data shown is {currentOption?.label ?? current}'s.
            </p>
          )
          : null}
        <ul className="chain-list">{CHAINS.filter((c) => !c.testnet).map(item)}</ul>
        <label className="testnet-toggle">
          <input type="checkbox" defaultChecked={currentOption?.testnet ?? false} /> Show testnets
        </label>
        <ul className="chain-list testnets">{CHAINS.filter((c) => c.testnet).map(item)}</ul>
      </div>
    </div>
  );
}

/** The wallet control (`app/wallet/`, with viem and wagmi: about 300 KB), loaded only when wanted. */
const WalletButton = lazy(() => import("../wallet/wallet_button.tsx").then((m) => ({ default: m.WalletButton })));

/** The loaded wallet control; a tap that asked for it before it loaded is passed on to it. */
function LoadedWallet({ tapped }: { tapped: boolean }) {
  const slot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (tapped) slot.current?.querySelector<HTMLButtonElement>(".wallet-connect button")?.click();
  }, [tapped]);
  return (
    <div ref={slot} className="wallet-slot">
      <WalletButton />
    </div>
  );
}

/**
 * The header's wallet slot: a plain "Connect wallet" button until the
 * visitor points at it, focuses or taps it (or connected a wallet on an
 * earlier visit, a wallet still authorizes the site, or a form's wallet store
 * connected); only then is the wallet control and its libraries loaded,
 * so pages that never touch a wallet do not download them. A tap made while
 * it loads opens it once loaded.
 */
function WalletSlot() {
  const [wanted, setWanted] = useState(false);
  const [tapped, setTapped] = useState(false);
  useEffect(() => {
    // One connection state: the header loads its control as soon as any screen's wallet store connects, when this
    // browser connected before, or when a wallet in the page still authorizes the site (a page opened by its URL).
    const want = () => setWanted(true);
    const stop = onWalletConnection(want);
    if (connectedBefore()) want();
    else void walletAuthorized().then((yes) => yes && want());
    return stop;
  }, []);
  const placeholder = (
    <div className="wallet-connect">
      <button
        type="button"
        onPointerEnter={() => setWanted(true)}
        onFocus={() => setWanted(true)}
        // The hover's render replaces this button before a quick click's mouseup: its press counts as the tap.
        onPointerDown={() => {
          setWanted(true);
          setTapped(true);
        }}
        onClick={() => {
          setWanted(true);
          setTapped(true);
        }}
      >
        Connect wallet
      </button>
    </div>
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LoadedWallet tapped={tapped} />
    </Suspense>
  );
}

/** Token search, chain selector and wallet slot of the header, for the page's chain. */
export function HeaderTools() {
  return (
    <>
      <TokenSearch chain={useCurrentChain()} />
      <ChainSelector />
      <WalletSlot />
    </>
  );
}
