/** Header (navigation, token search, chain selector, wallet slot) and footer of every page. */
import { Link, NavLink, useNavigation } from "react-router";
import { ToastRegion } from "./controls/toast.tsx";
import { island } from "./island.tsx";

const NAV = [
  { to: "/explore", label: "Explore" },
  { to: "/tokens", label: "Tokens" },
  { to: "/pools", label: "Pools" },
  { to: "/swap", label: "Swap" },
  { to: "/portfolio", label: "Portfolio" },
  { to: "/nfts", label: "NFTs" },
];

/** Token search, chain selector and wallet slot (`header_tools.tsx`), an island: their code loads after the first screen. */
const HeaderTools = island(() => import("./header_tools.tsx").then((m) => m.HeaderTools));

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
        <HeaderTools />
      </div>
    </header>
  );
}

/** Site footer. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <p>
        Prices, pools and portfolios come from the data gateway. Swaps, transfers and liquidity are signed by your own
        wallet after a simulation on its chain; the service never sees a key or a signature.
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
      <ToastRegion />
    </footer>
  );
}
