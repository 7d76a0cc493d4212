/** `/manage/passkey/:walletAddress`: the passkeys of a wallet; managing them needs the wallet. */
import { Link, useParams } from "react-router";
import { ConnectWalletState } from "../components/status.tsx";
import { Frame } from "../components/wallet_screens.tsx";
import { isAddress } from "../../lib/address.ts";
import { shortenAddress } from "../lib/format.ts";

export default function ManagePasskeyRoute() {
  const address = useParams().walletAddress ?? "";
  const valid = isAddress(address);
  return (
    <Frame
      title="Manage passkeys"
      intro={valid
        ? `Passkeys that can sign in to wallet ${shortenAddress(address)}.`
        : `"${address}" is not a wallet address (expected 0x and 40 hex digits).`}
    >
      <ConnectWalletState action="add or remove passkeys" />
      {valid
        ? (
          <p>
            <Link to={`/portfolio?address=${address}`}>View this wallet's portfolio</Link>
          </p>
        )
        : null}
    </Frame>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
