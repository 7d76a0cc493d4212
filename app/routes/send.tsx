/** `/send`: Send: read-only frame with real tokens; a wallet would be needed to act. */
import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "../components/status.tsx";
import { TradeScreen } from "../components/trade_screen.tsx";
import { loadTrade } from "../lib/trade_loader.ts";

export function loader(args: LoaderFunctionArgs) {
  return loadTrade(args);
}

export default function SendRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <TradeScreen
      data={data}
      mode="send"
      title="Send"
      intro="Send tokens to another wallet."
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
