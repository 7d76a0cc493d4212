/** `/portfolio/activity`: a wallet's activity in plain words, with live updates. */
import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { ActivitySection, PortfolioFrame } from "../portfolio/portfolio_screen.tsx";
import { loadPortfolio } from "../portfolio/portfolio_loader.ts";
import { ACTIVITY_PAGE } from "../lib/portfolio_data.ts";

export function loader(args: LoaderFunctionArgs) {
  return loadPortfolio(args, { balances: true, activity: ACTIVITY_PAGE });
}

export default function PortfolioActivityRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <PortfolioFrame data={data}>
      <ActivitySection data={data} />
    </PortfolioFrame>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
