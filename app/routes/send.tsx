/** `/send`: send tokens with the wallet. */
import { walletPanelRoute } from "../wallet/wallet_panel_route.tsx";
import { loadTrade } from "../lib/trade_loader.ts";
import { SendPanel } from "../send/send_panel.tsx";

export const loader = loadTrade;

export default walletPanelRoute({
  title: "Send",
  intro: "Send tokens to another wallet, signed by your wallet.",
  Panel: SendPanel,
});

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
