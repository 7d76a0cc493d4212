/** `/portfolio`: a wallet's total value, top tokens and latest activity. */
import type { LoaderFunctionArgs } from "react-router";
import { Link, useLoaderData } from "react-router";
import { ActivitySection, PortfolioFrame } from "../portfolio/portfolio_screen.tsx";
import { BalancesSection } from "../portfolio/balances_section.tsx";
import { loadPortfolio } from "../portfolio/portfolio_loader.ts";

export function loader(args: LoaderFunctionArgs) {
  return loadPortfolio(args, { balances: true, activity: 10 });
}

export default function PortfolioRoute() {
  const data = useLoaderData<typeof loader>();
  const address = data.wallet.address;
  return (
    <PortfolioFrame data={data}>
      {data.balances?.ok
        ? (
          <>
            <BalancesSection rows={data.balances.data.rows} limit={8} />
            <p>
              <Link to={`/portfolio/tokens?address=${address}`}>See every token</Link>
            </p>
          </>
        )
        : null}
      <ActivitySection data={data} more={false} />
      <p>
        <Link to={`/portfolio/activity?address=${address}`}>See all activity</Link>
      </p>
    </PortfolioFrame>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
