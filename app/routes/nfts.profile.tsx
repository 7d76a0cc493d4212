/** `/nfts/profile`: your NFTs; without a wallet, an address lookup instead. */
import { Link } from "react-router";
import { AddressForm } from "../components/address_form.tsx";
import { ConnectWalletState } from "../components/status.tsx";

export default function NftProfileRoute() {
  return (
    <section className="screen">
      <h1>My NFTs</h1>
      <ConnectWalletState action="see and list your NFTs" />
      <h2>Look up a wallet instead</h2>
      <AddressForm action="/portfolio/nfts" />
      <p className="muted" style={{ marginTop: 12 }}>
        Or browse <Link to="/nfts">popular collections</Link>.
      </p>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
