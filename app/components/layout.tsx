/** Header (navigation, token search, chain selector) and footer of every page. */
import { Form, Link, NavLink, useLocation, useNavigate, useNavigation, useParams, useSearchParams } from "react-router";
import { useId } from "react";
import { TokenSearch } from "./token_search.tsx";
import { WalletButton } from "../wallet/wallet_button.tsx";
import { CHAIN_OPTIONS, chainUrlName, DEFAULT_CHAIN } from "../lib/chains.ts";

const NAV = [
  { to: "/explore", label: "Explore" },
  { to: "/tokens", label: "Tokens" },
  { to: "/pools", label: "Pools" },
  { to: "/swap", label: "Swap" },
  { to: "/portfolio", label: "Portfolio" },
  { to: "/nfts", label: "NFTs" },
];

/** The chain the current page shows: from the path or `?chain=`. */
export function useCurrentChain(): string {
  const params = useParams();
  const [search] = useSearchParams();
  const fromUrl = params.chainName ?? params.networkName ?? search.get("chain");
  const known = CHAIN_OPTIONS.find((c) => c.urlName === fromUrl?.toLowerCase());
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

function ChainSelector() {
  const id = useId();
  const current = useCurrentChain();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Form method="get" action="/explore" className="chain-form">
      <label htmlFor={id} className="visually-hidden">Chain</label>
      <select
        id={id}
        name="chain"
        value={current}
        onChange={(e) => navigate(chainTarget(location.pathname, e.currentTarget.value))}
      >
        {CHAIN_OPTIONS.map((c) => <option key={c.urlName} value={c.urlName}>{c.label}</option>)}
      </select>
      <noscript>
        <button type="submit" className="button secondary">Go</button>
      </noscript>
    </Form>
  );
}

/** A thin bar at the top of the page while the next page loads. */
function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div
      className={busy ? "nav-progress nav-progress-busy" : "nav-progress"}
      role="progressbar"
      aria-label="Loading page"
      aria-hidden={!busy}
      aria-busy={busy}
    />
  );
}

/** Site header: brand, main navigation, token search and chain selector. */
export function SiteHeader() {
  return (
    <header className="site-header">
      <NavigationProgress />
      <a className="skip-link" href="#main">Skip to content</a>
      <Link to="/" className="brand" aria-label="Uniswap Interface home">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span>Uniswap</span>
      </Link>
      <nav aria-label="Main" className="main-nav">
        <ul>
          {NAV.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} prefetch="intent">{item.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="header-tools">
        <TokenSearch chain={useCurrentChain()} />
        <ChainSelector />
        <WalletButton />
      </div>
    </header>
  );
}

/** Site footer. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <p>
        Read-only interface: prices, pools and portfolios come from the data gateway. No wallet is connected and no
        transaction is ever sent.
      </p>
      <nav aria-label="Footer">
        <ul>
          <li>
            <Link to="/explore">Explore</Link>
          </li>
          <li>
            <Link to="/pools">Pools</Link>
          </li>
          <li>
            <Link to="/vote">Governance</Link>
          </li>
          <li>
            <Link to="/nfts">NFTs</Link>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
