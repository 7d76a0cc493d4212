/** Header and footer shared by every page. */
import { Link, NavLink } from "@remix-run/react";

const NAV = [
  { to: "/explore", label: "Explore" },
  { to: "/tokens", label: "Tokens" },
  { to: "/pools", label: "Pools" },
  { to: "/swap", label: "Swap" },
  { to: "/portfolio", label: "Portfolio" },
  { to: "/nfts", label: "NFTs" },
];

/** Site header with the product mark and the main navigation. */
export function SiteHeader() {
  return (
    <header className="site-header">
      <Link to="/" className="brand" aria-label="Uniswap Interface home">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span>Uniswap</span>
      </Link>
      <nav aria-label="Main">
        <ul>
          {NAV.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} prefetch="intent">{item.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

/** Site footer. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <p>Read-only interface: prices and pools from the data gateway. No wallet is connected.</p>
    </footer>
  );
}
