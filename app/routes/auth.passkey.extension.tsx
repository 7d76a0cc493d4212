/** `/auth/passkey/extension`: passkey sign-in for the browser extension; needs the wallet. */
import { Link } from "react-router";
import { ConnectWalletState } from "../components/status.tsx";
import { Frame } from "../components/wallet_screens.tsx";

export default function PasskeyExtensionRoute() {
  return (
    <Frame
      title="Sign in with a passkey"
      intro="The Uniswap extension signs in to its wallet with a passkey stored on this device."
    >
      <ConnectWalletState action="sign in with your passkey" />
      <p>
        <Link to="/explore">Explore tokens meanwhile</Link>
      </p>
    </Frame>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
