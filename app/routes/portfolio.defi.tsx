/**
 * `/portfolio/defi`: a wallet's DeFi holdings as the gateway sees them:
 * liquidity-pool tokens (Uniswap V2 LP tokens) and stablecoins, split from
 * the rest of its balances.
 */
import type { LoaderFunctionArgs } from "react-router";
import { Link, useLoaderData } from "react-router";
import { PortfolioFrame } from "../portfolio/portfolio_screen.tsx";
import { BalancesSection } from "../portfolio/balances_section.tsx";
import { StatsGrid } from "../components/stats_grid.tsx";
import { formatUsd } from "../lib/format.ts";
import { loadPortfolio } from "../portfolio/portfolio_loader.ts";

const STABLES = new Set(["USDC", "USDT", "DAI", "USDS", "FRAX", "LUSD", "PYUSD", "USDE", "GHO", "EURC"]);

export function loader(args: LoaderFunctionArgs) {
  return loadPortfolio(args, { balances: true });
}

export default function PortfolioDefiRoute() {
  const data = useLoaderData<typeof loader>();
  const rows = data.balances?.ok ? data.balances.data.rows.filter((r) => !r.hidden && !r.spam) : [];
  const lp = rows.filter((r) => /UNI-V2|-LP\b|\bLP\b/i.test(r.symbol) || /liquidity|LP token/i.test(r.name));
  const stables = rows.filter((r) => STABLES.has(r.symbol.toUpperCase()));
  const sum = (list: typeof rows) => list.reduce((s, r) => s + (r.value ?? 0), 0);
  return (
    <PortfolioFrame data={data}>
      {data.balances?.ok
        ? (
          <>
            <StatsGrid
              title="DeFi summary"
              stats={[
                { label: "Liquidity pool tokens", value: formatUsd(sum(lp)) },
                { label: "Stablecoins", value: formatUsd(sum(stables)) },
                { label: "Other tokens", value: formatUsd(sum(rows) - sum(lp) - sum(stables)) },
              ]}
            />
            {lp.length ? <BalancesSection rows={lp} /> : (
              <p className="empty">
                No liquidity-pool tokens in this wallet. V3 and V4 positions are NFTs: see the{" "}
                <Link to={`/portfolio/nfts?address=${data.wallet.address}`}>NFTs tab</Link> or{" "}
                <Link to="/positions">Positions</Link>.
              </p>
            )}
            {stables.length
              ? (
                <>
                  <h2>Stablecoins</h2>
                  <BalancesSection rows={stables} limit={stables.length} />
                </>
              )
              : null}
          </>
        )
        : null}
    </PortfolioFrame>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
