/** `/portfolio/tokens`: every token balance of a wallet, hidden and spam ones folded. */
import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { BalancesSection, PortfolioFrame } from "../components/portfolio_screen.tsx";
import { RouteErrorBoundary } from "../components/status.tsx";
import { loadPortfolio } from "../lib/portfolio_loader.ts";

/** Loads the screen's data from the gateway; failures become data the screen shows. */
export function loader(args: LoaderFunctionArgs) {
  return loadPortfolio(args, { balances: true });
}

/** Renders the screen. */
export default function PortfolioTokensRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <PortfolioFrame data={data}>
      {data.balances?.ok ? <BalancesSection rows={data.balances.data.rows} /> : null}
    </PortfolioFrame>
  );
}

/** Keeps the layout and offers a retry when the screen fails. */
export const ErrorBoundary = RouteErrorBoundary;
