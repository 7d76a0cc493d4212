/**
 * One NFT in a grid (a collection's items, a wallet's NFTs): its image, or a
 * placeholder that carries its name, linking to the asset.
 *
 * @module
 */
import type { ReactNode } from "react";
import { Link } from "react-router";

/** The NFT's card: image and name, then what `children` say under the name. */
export function NftTile(
  { href, imageUrl, name, children }: { href: string; imageUrl: string | null; name: string; children?: ReactNode },
) {
  return (
    <Link to={href} className="nft-card">
      {imageUrl
        ? <img src={imageUrl} alt={name} loading="lazy" />
        : <span className="nft-placeholder" role="img" aria-label={name} />}
      <span className="nft-card-body">
        <strong>{name}</strong>
        {children}
      </span>
    </Link>
  );
}
