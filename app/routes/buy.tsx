/** `/buy`: Buy crypto: read-only frame with real tokens; a wallet would be needed to act. */
import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "../components/status.tsx";
import { TradeScreen } from "../components/trade_screen.tsx";
import { loadTrade } from "../lib/trade_loader.ts";

export function loader(args: LoaderFunctionArgs) {
  return loadTrade(args);
}

export default function BuyRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <TradeScreen
      data={data}
      mode="buy"
      title="Buy crypto"
      intro="Buy tokens with a card or bank transfer through a provider."
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
