/** `/portfolio/nfts`: the NFTs a wallet owns. */
import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { NftsSection, PortfolioFrame } from "../components/portfolio_screen.tsx";
import { RouteErrorBoundary } from "../components/status.tsx";
import { loadPortfolio } from "../lib/portfolio_loader.ts";

/** Loads the screen's data from the gateway; failures become data the screen shows. */
export function loader(args: LoaderFunctionArgs) {
  return loadPortfolio(args, { balances: true, nfts: true });
}

/** Renders the screen. */
export default function PortfolioNftsRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <PortfolioFrame data={data}>
      <NftsSection data={data} />
    </PortfolioFrame>
  );
}

/** Keeps the layout and offers a retry when the screen fails. */
export const ErrorBoundary = RouteErrorBoundary;
