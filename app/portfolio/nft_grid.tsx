/**
 * A grid of NFTs (image, name, quantity, collection, floor), shared by the
 * address portfolio (`components/portfolio_screen.tsx`) and the connected
 * wallet's NFTs tab (`connected_portfolio.tsx`).
 *
 * @module
 */
import { formatAmount } from "../lib/format.ts";
import type { NftCard } from "../lib/portfolio_data.ts";
import { NftTile } from "../nft/nft_tile.tsx";

/** An NFT grid. */
export function NftGrid({ nfts }: { nfts: readonly NftCard[] }) {
  if (nfts.length === 0) return <p className="empty">No NFTs.</p>;
  return (
    <ul className="nft-grid">
      {nfts.map((n) => (
        <li key={n.id}>
          <NftTile href={n.href} imageUrl={n.imageUrl} name={n.name}>
            {n.quantity > 1 ? <span className="badge">×{n.quantity}</span> : null}
            <br />
            <span className="muted">
              {n.collection ?? "Unknown collection"}
              {n.verified ? " ✓" : ""}
            </span>
            {n.floor !== null
              ? (
                <>
                  <br />
                  <span className="muted">Floor {formatAmount(n.floor)} ETH</span>
                </>
              )
              : null}
          </NftTile>
        </li>
      ))}
    </ul>
  );
}
