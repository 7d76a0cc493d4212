/** `/portfolio/nfts`: the NFTs a wallet owns. */
import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { NftsSection, PortfolioFrame } from "../portfolio/portfolio_screen.tsx";
import { loadPortfolio } from "../portfolio/portfolio_loader.ts";

export function loader(args: LoaderFunctionArgs) {
  return loadPortfolio(args, { balances: true, nfts: true });
}

export default function PortfolioNftsRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <PortfolioFrame data={data}>
      <NftsSection data={data} />
    </PortfolioFrame>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
