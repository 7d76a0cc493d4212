/** `/extension/uninstall`: shown after the browser extension is removed. */
import { Link } from "react-router";
import { Frame } from "../components/wallet_screens.tsx";

export default function ExtensionUninstallRoute() {
  return (
    <Frame title="The Uniswap extension was removed" intro="Sorry to see you go.">
      <div className="card">
        <p>
          Your wallet's funds stay on chain: removing the extension does not touch them. You can restore the wallet
          later with its recovery phrase or passkey.
        </p>
        <p>You can still follow prices and pools here without any wallet:</p>
        <ul className="link-list">
          <li>
            <Link to="/explore">Explore tokens</Link>
          </li>
          <li>
            <Link to="/explore?tab=pools">Explore pools</Link>
          </li>
          <li>
            <Link to="/portfolio">Look up a portfolio</Link>
          </li>
        </ul>
      </div>
    </Frame>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
