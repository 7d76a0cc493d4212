/**
 * The NFTs of the demo data: collections with their markets, assets with
 * traits and listings, the demo wallets' NFT balances and NFT activity.
 *
 * @module
 */
import { DEMO_NFT_HOLDINGS, type FixtureNftCollection } from "./fixtures.ts";
import { amount } from "./model.ts";
import { nftImagePath } from "./logos.ts";
import { addressFor, between, hexFor, intBetween, pick, seeded } from "./prng.ts";
import { round } from "./market.ts";
import { canonicalWallet, type WalletContext } from "./wallet_context.ts";

/** US dollars per ETH in the collections' markets. */
const USD_PER_ETH = 3180.42;

/** The market of a collection in one currency (`ETH` or dollars at {@linkcode USD_PER_ETH}). */
function collectionMarket(ctx: WalletContext, c: FixtureNftCollection, id: string, currency: string) {
  const eth = (suffix: string, value: number) => ({
    id: `${id}:${suffix}`,
    value,
    currency: "ETH",
    timestamp: ctx.model.ctx.now,
  });
  const factor = currency === "ETH" ? 1 : USD_PER_ETH;
  return {
    id: `${id}:market:${currency}`,
    floorPrice: { ...eth("floor", round(c.floorEth * factor)), currency },
    owners: Math.round(c.size * 0.7),
    totalVolume: { ...eth("total", round(c.volume24hEth * 90 * factor)), currency },
    volume: () => ({ ...eth("volume", round(c.volume24hEth * factor)), currency }),
    volumePercentChange: () => eth("volumeChange", 12.4),
    floorPricePercentChange: () => eth("floorChange", -3.1),
    sales: () => eth("sales", Math.round(c.volume24hEth / c.floorEth)),
    listings: eth("listings", Math.ceil(c.size / 3)),
    percentListed: eth("percentListed", round(100 / 3)),
  };
}

/** The `NftCollection` object of a fixture collection. */
export function nftCollection(ctx: WalletContext, c: FixtureNftCollection): Record<string, unknown> {
  const id = `NftCollection:${c.address.toLowerCase()}`;
  const image = (kind: string) => ({
    id: `Image:${c.slug}:${kind}`,
    url: ctx.model.url(nftImagePath(c.slug, kind)),
    dimensions: null,
  });
  return {
    __typename: "NftCollection",
    id,
    collectionId: c.address,
    name: c.name,
    description: `${c.name}: ${c.size} seeded pieces of the demo gateway.`,
    isVerified: c.isVerified,
    numAssets: c.size,
    homepageUrl: `https://${c.slug}.example.com`,
    twitterName: c.slug.replace(/-/g, "_"),
    discordUrl: null,
    instagramName: null,
    image: image("collection"),
    bannerImage: image("banner"),
    creator: nftProfile(ctx, `creator:${c.slug}`),
    nftContracts: [nftContract(c)],
    markets: (args: { currencies: readonly string[] }) =>
      args.currencies.map((currency) => collectionMarket(ctx, c, id, currency)),
  };
}

/** The `NftContract` of a fixture collection (on Ethereum; symbol: the slug's initials). */
export function nftContract(c: FixtureNftCollection): Record<string, unknown> {
  return {
    id: `NftContract:${c.address.toLowerCase()}`,
    address: c.address,
    chain: "ETHEREUM",
    name: c.name,
    standard: c.standard,
    symbol: c.slug.split("-").map((w) => w[0].toUpperCase()).join(""),
    totalSupply: c.size,
  };
}

/** The verified `NftProfile` of a seeded address; `key` is `role:name`. */
export function nftProfile(ctx: WalletContext, key: string): Record<string, unknown> {
  const address = addressFor(key);
  return {
    id: `NftProfile:${address}`,
    address,
    isVerified: true,
    username: key.split(":")[1],
    profileImage: {
      id: `Image:${key}`,
      url: ctx.model.url(`/logos/app/${key.split(":")[1]}.png`),
      dimensions: null,
    },
  };
}

/** Owner of an NFT: the demo wallet holding it, or a seeded address. */
export function nftOwner(c: FixtureNftCollection, tokenId: number): string {
  for (const [owner, holdings] of Object.entries(DEMO_NFT_HOLDINGS)) {
    if (holdings.some(([hc, id]) => hc === c && id === tokenId)) return owner;
  }
  return addressFor(`nft-owner:${c.slug}:${tokenId}`);
}

/** The listings connection of an asset: one OpenSea listing at `price` ETH, or none. */
function nftListings(ctx: WalletContext, c: FixtureNftCollection, tokenId: number, price: number | null) {
  const id = `NftAsset:${c.address.toLowerCase()}:${tokenId}`;
  const now = ctx.model.ctx.now;
  return {
    pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
    edges: price !== null
      ? [{
        cursor: `listing:${id}`,
        node: {
          id: `NftOrder:${id}`,
          address: c.address,
          tokenId: String(tokenId),
          type: "LISTING",
          marketplace: "OPENSEA",
          marketplaceUrl: `https://marketplace.example.com/${c.slug}/${tokenId}`,
          price: amount(`NftOrder:${id}:price`, price, "ETH"),
          quantity: 1,
          status: "VALID",
          createdAt: now - 86_400,
          startAt: now - 86_400,
          endAt: now + 30 * 86_400,
          maker: nftOwner(c, tokenId),
          taker: null,
        },
      }]
      : [],
  };
}

/**
 * The `NftAsset` object of a token of a fixture collection: seeded price and
 * traits; listed unless its id is a multiple of 3.
 */
export function nftAsset(ctx: WalletContext, c: FixtureNftCollection, tokenId: number): Record<string, unknown> {
  const id = `NftAsset:${c.address.toLowerCase()}:${tokenId}`;
  const random = seeded(`nft:${c.slug}:${tokenId}`);
  const url = ctx.model.url(nftImagePath(c.slug, String(tokenId)));
  const listed = tokenId % 3 !== 0;
  const price = round(c.floorEth * (1 + random() * 1.5));
  const image = { id: `Image:${id}`, url, dimensions: { id: `Dimensions:${id}`, width: 128, height: 128 } };
  return {
    __typename: "NftAsset",
    id,
    tokenId: String(tokenId),
    name: `${c.name} #${tokenId}`,
    description: `Piece #${tokenId} of ${c.name}.`,
    animationUrl: null,
    image,
    thumbnail: image,
    smallImage: image,
    chain: "ETHEREUM",
    isSpam: false,
    suspiciousFlag: false,
    ownerAddress: nftOwner(c, tokenId),
    creator: nftProfile(ctx, `creator:${c.slug}`),
    nftContract: nftContract(c),
    collection: nftCollection(ctx, c),
    traits: [
      {
        id: `${id}:trait:bg`,
        name: "Background",
        value: pick(random, ["Teal", "Sand", "Night", "Coral"]),
        rarity: round(between(random, 0.05, 0.4)),
      },
      {
        id: `${id}:trait:eyes`,
        name: "Eyes",
        value: pick(random, ["Laser", "Sleepy", "Wide", "三つ目"]),
        rarity: round(between(random, 0.02, 0.3)),
      },
    ],
    listings: () => nftListings(ctx, c, tokenId, listed ? price : null),
  };
}

/** NFT balance edges of a wallet (its holdings on Ethereum; none if `chains` leaves Ethereum out). */
export function nftBalances(ctx: WalletContext, owner: string, chains: readonly string[] | null | undefined) {
  if (chains?.length && !chains.includes("ETHEREUM")) return [];
  const holdings = DEMO_NFT_HOLDINGS[canonicalWallet(owner)] ?? [];
  return holdings.map(([c, tokenId, quantity]) => ({
    cursor: `balance:${c.slug}:${tokenId}`,
    node: {
      id: `NftBalance:${owner.toLowerCase()}:${c.address.toLowerCase()}:${tokenId}`,
      ownedAsset: nftAsset(ctx, c, tokenId),
      listedMarketplaces: tokenId % 2 === 0 ? ["OPENSEA"] : [],
      lastPrice: {
        id: `NftBalance:${c.slug}:${tokenId}:last`,
        value: round(c.floorEth * 0.9),
        currency: "ETH",
        timestamp: ctx.model.ctx.now - 10 * 86_400,
      },
      quantity,
    },
  }));
}

/** NFT activity edges of one asset, or of every asset of the collection (`tokenId` null): a sale, a listing and a transfer each. */
export function nftActivity(ctx: WalletContext, c: FixtureNftCollection, tokenId: number | null) {
  const ids = tokenId === null ? Array.from({ length: c.size }, (_, i) => i + 1) : [tokenId];
  return ids.flatMap((id) => {
    const random = seeded(`nft-activity:${c.slug}:${id}`);
    return (["SALE", "LISTING", "TRANSFER"] as const).map((type, i) => ({
      cursor: `${c.slug}:${id}:${i}`,
      node: {
        id: `NftActivity:${c.slug}:${id}:${i}`,
        address: c.address,
        tokenId: String(id),
        type,
        marketplace: type === "TRANSFER" ? null : "OPENSEA",
        fromAddress: addressFor(`nft-from:${c.slug}:${id}:${i}`),
        toAddress: type === "LISTING" ? null : nftOwner(c, id),
        transactionHash: type === "LISTING" ? null : hexFor(`nft-tx:${c.slug}:${id}:${i}`, 64),
        price: type === "TRANSFER"
          ? null
          : amount(`NftActivity:${c.slug}:${id}:${i}:price`, round(c.floorEth * between(random, 0.8, 1.6)), "ETH"),
        quantity: 1,
        orderStatus: type === "LISTING" ? "VALID" : "EXECUTED",
        url: null,
        timestamp: ctx.model.ctx.now - (i + 1) * intBetween(random, 3600, 86_400),
      },
    }));
  });
}
