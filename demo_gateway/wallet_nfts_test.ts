import assert from "node:assert/strict";
import { Catalog } from "./catalog.ts";
import { Model } from "./model.ts";
import { round } from "./market.ts";
import {
  DEMO_NFT_HOLDINGS,
  DEMO_WALLET,
  DETERMINISTIC_DREAMS,
  LOOPBACK_LIZARDS,
  SECOND_DEMO_WALLET,
  SEEDED_SQUARES,
} from "./fixtures.ts";
import { createWalletContext } from "./wallet_context.ts";
import { nftActivity, nftAsset, nftBalances, nftCollection, nftContract, nftOwner } from "./wallet_nfts.ts";

const NOW = 1_790_000_000;
const ctx = createWalletContext(new Model({ origin: "http://gateway.test", now: NOW, catalog: new Catalog() }));
type Listings = { edges: { node: { price: { value: number }; maker: string } }[] };

Deno.test("owners: the demo wallets own their holdings, other pieces a seeded address each", () => {
  for (const [wallet, holdings] of Object.entries(DEMO_NFT_HOLDINGS)) {
    for (const [c, tokenId] of holdings) assert.equal(nftOwner(c, tokenId), wallet);
  }
  assert.equal(nftOwner(LOOPBACK_LIZARDS, 5), SECOND_DEMO_WALLET);
  const other = nftOwner(LOOPBACK_LIZARDS, 4);
  assert.match(other, /^0x[0-9a-fA-F]{40}$/);
  assert.ok(![DEMO_WALLET, SECOND_DEMO_WALLET].includes(other));
  assert.notEqual(nftOwner(SEEDED_SQUARES, 4), other);
});

Deno.test("an asset: images on the gateway, two traits, listed unless its id is a multiple of 3", () => {
  const asset = nftAsset(ctx, LOOPBACK_LIZARDS, 2);
  assert.equal(asset.id, `NftAsset:${LOOPBACK_LIZARDS.address.toLowerCase()}:2`);
  assert.equal(asset.name, `${LOOPBACK_LIZARDS.name} #2`);
  assert.equal(asset.ownerAddress, DEMO_WALLET);
  assert.ok(String((asset.image as { url: string }).url).startsWith("http://gateway.test/"));
  assert.equal((asset.traits as unknown[]).length, 2);
  const listing = (asset.listings as () => Listings)().edges;
  assert.equal(listing.length, 1);
  const price = listing[0].node.price.value;
  assert.ok(price >= LOOPBACK_LIZARDS.floorEth && price <= round(LOOPBACK_LIZARDS.floorEth * 2.5), String(price));
  assert.equal(listing[0].node.maker, DEMO_WALLET);
  assert.deepEqual((nftAsset(ctx, LOOPBACK_LIZARDS, 3).listings as () => Listings)().edges, []);
  assert.deepEqual(
    nftAsset(ctx, LOOPBACK_LIZARDS, 2).traits,
    asset.traits,
    "seeded: the same traits every time",
  );
});

Deno.test("a collection: its contract, and markets in ETH and dollars", () => {
  const c = nftCollection(ctx, SEEDED_SQUARES);
  assert.deepEqual(c.nftContracts, [nftContract(SEEDED_SQUARES)]);
  assert.equal(nftContract(SEEDED_SQUARES).symbol, "SS");
  assert.equal(nftContract(DETERMINISTIC_DREAMS).standard, "ERC1155");
  type Market = { id: string; floorPrice: { value: number; currency: string }; volume: () => { value: number } };
  const [eth, usd] = (c.markets as (a: { currencies: string[] }) => Market[])({ currencies: ["ETH", "USD"] });
  assert.equal(eth.floorPrice.value, round(SEEDED_SQUARES.floorEth));
  assert.equal(eth.floorPrice.currency, "ETH");
  assert.equal(usd.floorPrice.currency, "USD");
  assert.ok(Math.abs(usd.floorPrice.value / eth.floorPrice.value - 3180.42) < 1, "dollars at $3180.42 per ETH");
  assert.equal(usd.volume().value, round(SEEDED_SQUARES.volume24hEth * 3180.42));
});

Deno.test("NFT balances: the wallet's holdings, on Ethereum only", () => {
  const edges = nftBalances(ctx, DEMO_WALLET.toLowerCase(), null);
  assert.deepEqual(
    edges.map((e) => [e.node.ownedAsset.id, e.node.quantity]),
    DEMO_NFT_HOLDINGS[DEMO_WALLET].map(([c, id, q]) => [`NftAsset:${c.address.toLowerCase()}:${id}`, q]),
  );
  assert.deepEqual(edges.map((e) => e.node.listedMarketplaces), [[], ["OPENSEA"], [], []]);
  assert.equal(nftBalances(ctx, DEMO_WALLET, ["ETHEREUM", "BASE"]).length, 4);
  assert.deepEqual(nftBalances(ctx, DEMO_WALLET, ["BASE"]), []);
  assert.deepEqual(nftBalances(ctx, "0x1234567890123456789012345678901234567890", null), []);
});

Deno.test("NFT activity: a sale, a listing and a transfer per piece, in the past", () => {
  const one = nftActivity(ctx, LOOPBACK_LIZARDS, 4).map((e) => e.node);
  assert.deepEqual(one.map((n) => n.type), ["SALE", "LISTING", "TRANSFER"]);
  assert.equal(one[1].toAddress, null);
  assert.equal(one[1].transactionHash, null);
  assert.equal(one[2].price, null);
  assert.equal(one[0].toAddress, nftOwner(LOOPBACK_LIZARDS, 4));
  for (const n of one) assert.ok(n.timestamp < NOW && n.timestamp >= NOW - 3 * 86_400, String(n.timestamp));
  const all = nftActivity(ctx, DETERMINISTIC_DREAMS, null);
  assert.equal(all.length, DETERMINISTIC_DREAMS.size * 3);
  assert.equal(new Set(all.map((e) => e.cursor)).size, all.length);
});
