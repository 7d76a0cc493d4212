/** `/portfolio/tokens`: every token balance of a wallet, hidden and spam ones folded. */
import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { PortfolioFrame } from "../portfolio/portfolio_screen.tsx";
import { BalancesSection } from "../portfolio/balances_section.tsx";
import { loadPortfolio } from "../portfolio/portfolio_loader.ts";

export function loader(args: LoaderFunctionArgs) {
  return loadPortfolio(args, { balances: true });
}

export default function PortfolioTokensRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <PortfolioFrame data={data}>
      {data.balances?.ok ? <BalancesSection rows={data.balances.data.rows} /> : null}
    </PortfolioFrame>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
