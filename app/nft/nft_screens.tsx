/**
 * The NFT screens: collections (popular and search), a collection with its
 * stats and assets, a collection's listings, and one asset with traits,
 * rarity, listing and activity.
 */
import { Form, Link } from "react-router";
import { useId, useMemo } from "react";
import {
  formatAmount,
  formatCompact,
  formatInteger,
  formatPercent,
  marketplaceName,
  shortenAddress,
} from "../lib/format.ts";
import type { Loaded } from "../lib/load.ts";
import { type CollectionCard, type CollectionPage, fetchCollection, type NftItem } from "./nft_data.ts";
import { LoadMore, usePaged } from "../components/paged.tsx";
import { StatsGrid } from "../components/stats_grid.tsx";
import { ErrorState, NotFoundState } from "../components/status.tsx";
import { Change } from "../components/tokens_table.tsx";
import { Address } from "../components/address.tsx";
import { TokenLogo } from "../components/token_logo.tsx";
import { Time } from "../components/time.tsx";
import { NftTile } from "./nft_tile.tsx";

function eth(value: number | null | undefined, currency: string | null = "ETH"): string {
  if (value == null) return "–";
  return `${formatAmount(value)} ${currency ?? "ETH"}`;
}

/** The collections list with a search form. */
export function CollectionsScreen(
  { collections, query }: { collections: Loaded<CollectionCard[]>; query: string },
) {
  const id = useId();
  return (
    <section className="screen nfts">
      <h1>NFTs</h1>
      <Form
        method="get"
        action="/nfts"
        role="search"
        aria-label="Collections"
        className="address-row"
        style={{ maxWidth: 560 }}
      >
        <label htmlFor={id} className="visually-hidden">Search collections</label>
        <input id={id} name="q" className="field" placeholder="Search collections" defaultValue={query} />
        <button type="submit" className="button secondary">Search</button>
      </Form>
      <h2>{query ? `Collections matching “${query}”` : "Popular collections today"}</h2>
      {collections.ok
        ? collections.data.length
          ? (
            <div className="table-wrap">
              <table className="data-table">
                <caption className="visually-hidden">Collections</caption>
                <thead>
                  <tr>
                    <th scope="col">Collection</th>
                    <th scope="col" className="num">Floor</th>
                    <th scope="col" className="num">Volume (24h)</th>
                  </tr>
                </thead>
                <tbody>
                  {collections.data.map((c) => (
                    <tr key={c.id}>
                      <td>
                        <Link to={c.href} className="token-cell">
                          <TokenLogo url={c.imageUrl} symbol={c.name} size={36} />
                          <span className="token-name">
                            {c.name}
                            {c.verified ? <span className="badge verified">Verified</span> : null}
                          </span>
                        </Link>
                      </td>
                      <td className="num">{eth(c.floor)}</td>
                      <td className="num">{eth(c.volume24h)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
          : <p className="empty">No collections found.</p>
        : <ErrorState message={collections.error} />}
    </section>
  );
}

/** The header of a collection page: banner, name, stats, tabs. */
export function CollectionHeader(
  { page, address, tab }: { page: CollectionPage; address: string; tab: "items" | "activity" },
) {
  const c = page.collection;
  if (!c) return null;
  const m = c.markets?.[0];
  return (
    <>
      {c.bannerImage?.url
        ? <img className="banner" src={c.bannerImage.url} alt={`${c.name ?? "Collection"} banner`} />
        : null}
      <div className="title-row" style={{ marginTop: 16 }}>
        <TokenLogo url={c.image?.url} symbol={c.name} size={48} />
        <h1>{c.name ?? "Unnamed collection"}</h1>
        {c.isVerified ? <span className="badge verified">Verified</span> : <span className="badge">Not verified</span>}
      </div>
      {c.description ? <p className="description muted">{c.description}</p> : null}
      <ul className="link-list">
        {c.homepageUrl
          ? (
            <li>
              <a href={c.homepageUrl} target="_blank" rel="noopener noreferrer">Website</a>
            </li>
          )
          : null}
        {c.twitterName
          ? (
            <li>
              <a href={`https://x.com/${c.twitterName}`} target="_blank" rel="noopener noreferrer">X</a>
            </li>
          )
          : null}
        {c.discordUrl
          ? (
            <li>
              <a href={c.discordUrl} target="_blank" rel="noopener noreferrer">Discord</a>
            </li>
          )
          : null}
      </ul>
      <StatsGrid
        stats={[
          {
            label: "Floor",
            value: eth(m?.floorPrice?.value, m?.floorPrice?.currency),
            note: <Change value={m?.floorPricePercentChange?.value} />,
          },
          { label: "Owners", value: formatInteger(m?.owners) },
          { label: "Items", value: formatInteger(c.numAssets ?? page.totalCount) },
          {
            label: "Volume (24h)",
            value: eth(m?.volume?.value, m?.volume?.currency),
            note: <Change value={m?.volumePercentChange?.value} />,
          },
          { label: "Total volume", value: eth(m?.totalVolume?.value, m?.totalVolume?.currency) },
          {
            label: "Listed",
            value: formatPercent(m?.percentListed?.value),
          },
          { label: "Sales (24h)", value: formatCompact(m?.sales?.value) },
        ]}
      />
      <ul className="tabs" style={{ marginTop: 24 }}>
        <li>
          <Link to={`/nfts/collection/${address}`} aria-current={tab === "items" ? "page" : undefined}>Items</Link>
        </li>
        <li>
          <Link to={`/nfts/collection/${address}/activity`} aria-current={tab === "activity" ? "page" : undefined}>
            Activity
          </Link>
        </li>
      </ul>
    </>
  );
}

/** A collection page: header and the asset grid with "load more". */
export function CollectionScreen(
  { data, address, tab }: { data: Loaded<CollectionPage>; address: string; tab: "items" | "activity" },
) {
  const first = useMemo(() => data.ok ? data.data : { rows: [], cursors: { after: null } }, [data]);
  const paged = usePaged(first, (client, c) => fetchCollection(client, address, c.after), (c) => c.after !== null);
  if (!data.ok) return <ErrorState page title="Could not load this collection" message={data.error} />;
  if (!data.data.collection) {
    return (
      <NotFoundState title="Collection not found">
        <p>No NFT collection at {address}.</p>
      </NotFoundState>
    );
  }
  const listed = paged.rows.filter((a) => a.price !== null);
  return (
    <section className="screen collection">
      <CollectionHeader page={data.data} address={address} tab={tab} />
      {tab === "items"
        ? (
          <ul className="nft-grid">
            {paged.rows.map((a) => (
              <li key={a.id}>
                <NftTile href={a.href} imageUrl={a.imageUrl} name={a.name}>
                  <br />
                  <span className="muted">{a.price !== null ? eth(a.price, a.currency) : "Not listed"}</span>
                </NftTile>
              </li>
            ))}
          </ul>
        )
        : (
          <>
            <p className="muted">Current listings of this collection, cheapest first.</p>
            {listed.length
              ? (
                <ol className="activity-list">
                  {listed.map((a) => (
                    <li key={a.id} className="activity">
                      <TokenLogo url={a.imageUrl} symbol={a.name} size={36} />
                      <div className="activity-text">
                        <p className="activity-title">Listed</p>
                        <p className="activity-summary">
                          <Link to={a.href}>{a.name}</Link> listed for {eth(a.price, a.currency)}
                          {a.marketplace ? ` on ${marketplaceName(a.marketplace)}` : ""}
                        </p>
                      </div>
                      {a.marketplaceUrl
                        ? (
                          <a className="muted" href={a.marketplaceUrl} target="_blank" rel="noopener noreferrer">
                            View listing
                          </a>
                        )
                        : <span />}
                    </li>
                  ))}
                </ol>
              )
              : <p className="empty">No listings right now.</p>}
          </>
        )}
      <LoadMore paged={paged} label="Load more" />
    </section>
  );
}

const ACTIVITY_WORDS: Readonly<Record<string, string>> = {
  SALE: "Sold",
  LISTING: "Listed",
  CANCEL_LISTING: "Listing cancelled",
  TRANSFER: "Transferred",
};

/** One asset: image, traits with rarity, listing, details and activity. */
export function AssetScreen(
  { data, address, tokenId }: {
    data: Loaded<{ asset: NonNullable<NftItem["nftAssets"]>["edges"][number]["node"] | null; activity: unknown[] }>;
    address: string;
    tokenId: string;
  },
) {
  if (!data.ok) return <ErrorState page title="Could not load this NFT" message={data.error} />;
  const a = data.data.asset;
  if (!a) {
    return (
      <NotFoundState title="NFT not found">
        <p>No token #{tokenId} in collection {shortenAddress(address)}.</p>
      </NotFoundState>
    );
  }
  const activity = data.data.activity as NonNullable<NftItem["nftActivity"]>["edges"][number]["node"][];
  const listing = a.listings?.edges?.[0]?.node;
  const chain = a.nftContract?.chain ?? "ETHEREUM";
  const name = a.name ?? `#${a.tokenId}`;
  return (
    <article className="screen nft-asset">
      <p className="breadcrumb">
        <Link to="/nfts">NFTs</Link> ›{" "}
        <Link to={`/nfts/collection/${address}`}>{a.collection?.name ?? shortenAddress(address)}</Link> › {name}
      </p>
      <div className="nft-hero">
        {a.image?.url
          ? <img src={a.image.url} alt={name} />
          : <span className="nft-placeholder" role="img" aria-label={name} style={{ aspectRatio: 1 }} />}
        <div>
          <h1>{name}</h1>
          {a.isSpam || a.suspiciousFlag
            ? (
              <p className="warning">
                <strong>Suspicious item</strong>This NFT was flagged as spam or suspicious.
              </p>
            )
            : null}
          <p>
            Collection: <Link to={`/nfts/collection/${address}`}>{a.collection?.name ?? shortenAddress(address)}</Link>
            {a.collection?.isVerified ? <span className="badge verified">Verified</span> : null}
          </p>
          <p className="muted">
            Owner: {a.ownerAddress ? <Address address={a.ownerAddress} chain={chain} label="owner address" /> : "–"}
            {a.creator
              ? (
                <>
                  {" · "}Creator: {a.creator.username ??
                    <Address address={a.creator.address} chain={chain} label="creator address" />}
                </>
              )
              : null}
          </p>
          <div className="card">
            {listing
              ? (
                <>
                  <p className="muted">Cheapest listing</p>
                  <p className="chart-value">{eth(listing.price.value, listing.price.currency)}</p>
                  <p className="muted">
                    on {marketplaceName(listing.marketplace)}
                    {listing.endAt
                      ? (
                        <>
                          , until <Time timestamp={listing.endAt} />
                        </>
                      )
                      : null}
                  </p>
                  <a className="button" href={listing.marketplaceUrl} target="_blank" rel="noopener noreferrer">
                    View on {marketplaceName(listing.marketplace)}
                  </a>
                </>
              )
              : <p className="muted">Not listed for sale.</p>}
          </div>
          {a.description ? <p className="description">{a.description}</p> : null}
          <p className="muted">
            {a.nftContract?.standard ?? "NFT"} · token id {a.tokenId} · contract{" "}
            <Address address={address} chain={chain} target="token" label="contract address" />
          </p>
        </div>
      </div>
      <h2>Traits</h2>
      {a.traits?.length
        ? (
          <ul className="trait-grid">
            {a.traits.map((t, i) => (
              <li key={`${t.name}-${i}`} className="trait">
                <span className="muted">{t.name}</span>
                <br />
                <strong>{t.value}</strong>
                <br />
                <span className="muted">
                  {t.rarity != null ? `${formatPercent(t.rarity * 100)} have this trait` : "Rarity unknown"}
                </span>
              </li>
            ))}
          </ul>
        )
        : <p className="empty">No traits.</p>}
      <h2>Activity</h2>
      {activity.length
        ? (
          <ol className="activity-list nft-activity">
            {activity.map((e, i) => (
              <li key={`${e.transactionHash ?? ""}-${i}`} className="activity">
                <span className="badge">{(ACTIVITY_WORDS[e.type] ?? e.type).toLowerCase()}</span>
                <div className="activity-text">
                  <p className="activity-summary">
                    {ACTIVITY_WORDS[e.type] ?? e.type}
                    {e.price ? ` for ${eth(e.price.value, e.price.currency)}` : ""}
                    {e.fromAddress ? ` by ${shortenAddress(e.fromAddress)}` : ""}
                    {e.toAddress ? ` to ${shortenAddress(e.toAddress)}` : ""}
                    {e.marketplace ? ` on ${marketplaceName(e.marketplace)}` : ""}
                  </p>
                </div>
                <Time className="muted activity-time" timestamp={e.timestamp} relative />
              </li>
            ))}
          </ol>
        )
        : <p className="empty">No activity yet.</p>}
    </article>
  );
}
