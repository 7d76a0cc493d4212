/** `/send`: Send: the wallet panel (app/wallet/). */
import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { RouteErrorBoundary } from "../components/status.tsx";
import { WalletScreen } from "../wallet/wallet_screen.tsx";
import { SendPanel } from "../wallet/send_panel.tsx";
import { loadTrade } from "../lib/trade_loader.ts";

/** Loads the screen's data from the gateway; failures become data the screen shows. */
export function loader(args: LoaderFunctionArgs) {
  return loadTrade(args);
}

/** Renders the screen. */
export default function SendRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <WalletScreen title="Send" intro="Send tokens to another wallet, signed by your wallet.">
      <SendPanel data={data} />
    </WalletScreen>
  );
}

/** Keeps the layout and offers a retry when the screen fails. */
export const ErrorBoundary = RouteErrorBoundary;
