/** `/portfolio/nfts`: the NFTs a wallet owns. */
import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { useLoaderData } from "@remix-run/react";
import { NftsSection, PortfolioFrame } from "../components/portfolio_screen.tsx";
import { RouteErrorBoundary } from "../components/status.tsx";
import { loadPortfolio } from "../lib/portfolio_loader.ts";

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

export const ErrorBoundary = RouteErrorBoundary;
