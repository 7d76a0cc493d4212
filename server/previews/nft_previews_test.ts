import assert from "node:assert/strict";
import { createGatewayClient } from "../../queries/client.ts";
import { createCache } from "../cache/kv_cache.ts";
import { createPreviews, withNftImagesOn } from "./previews.ts";
import { DETERMINISTIC_DREAMS, LOOPBACK_LIZARDS, startDemoGateway } from "../../demo_gateway/mod.ts";

Deno.test("NFT previews: one gateway call cold, none warm; names, prices, URLs; unknown and malformed are null", async () => {
  const demo = await startDemoGateway();
  const kv = await Deno.openKv(":memory:");
  let calls = 0;
  try {
    const previews = createPreviews({
      cache: createCache(kv),
      gatewayClient: () => {
        calls++;
        return createGatewayClient({ url: demo.url });
      },
      publicOrigin: "https://app.example",
    });
    const contract = LOOPBACK_LIZARDS.address;
    const asset = await previews.nftAsset!(contract, "0002", "http://ignored");
    assert.equal(asset?.title, "Loopback Lizards #2");
    assert.equal(asset?.nftData.collectionName, "Loopback Lizards");
    assert.equal(asset?.nftData.isVerified, true);
    assert.equal(asset?.nftData.tokenId, "2");
    assert.ok((asset?.nftData.listingEth ?? 0) > 0, "token 2 is listed");
    assert.equal(asset?.nftData.floorEth, LOOPBACK_LIZARDS.floorEth);
    assert.equal(asset?.image, `https://app.example/api/image/nfts/asset/${contract.toLowerCase()}/2`);
    assert.equal(asset?.url, `https://app.example/nfts/asset/${contract}/0002`);
    assert.equal(calls, 1);
    assert.equal((await previews.nftAsset!(contract, "2", "http://ignored"))?.title, "Loopback Lizards #2");
    assert.equal(calls, 1, "the warm read asks the gateway nothing");
    const unlisted = await previews.nftAsset!(contract, "3", "http://x");
    assert.equal(unlisted?.nftData.listingEth, null, "every third token is not listed");

    const collection = await previews.nftCollection!(DETERMINISTIC_DREAMS.address, "http://x");
    assert.equal(collection?.title, DETERMINISTIC_DREAMS.name);
    assert.equal(collection?.collectionData.items, DETERMINISTIC_DREAMS.size);
    assert.equal(collection?.collectionData.floorEth, DETERMINISTIC_DREAMS.floorEth);
    assert.equal(collection?.collectionData.volume24hEth, DETERMINISTIC_DREAMS.volume24hEth);
    assert.ok((collection?.collectionData.owners ?? 0) > 0);

    const before = calls;
    assert.equal(await previews.nftAsset!(contract, "999", "http://x"), null);
    assert.equal(await previews.nftCollection!("0x" + "0".repeat(39) + "9", "http://x"), null);
    assert.equal(calls, before + 2);
    for (const [c, id] of [["0x12", "1"], [contract, "1e3"], [contract, "-1"], ["../x", "1"]]) {
      assert.equal(await previews.nftAsset!(c, id, "http://x"), null, `${c} ${id}`);
    }
    assert.equal(await previews.nftCollection!("not an address", "http://x"), null);
    assert.equal(calls, before + 2, "malformed input costs no gateway call");
  } finally {
    kv.close();
    await demo.close();
  }
});

Deno.test("withNftImagesOn: root-relative NFT images are made absolute on the origin; absolute ones kept", async () => {
  const data = {
    name: "A",
    tokenId: "1",
    collectionName: "C",
    isVerified: false,
    imageUrl: "/logos/nft/a/1.png",
    listingEth: null,
    floorEth: null,
  };
  const source = withNftImagesOn({
    token: () => Promise.resolve(null),
    pool: () => Promise.resolve(null),
    nftAsset: (_c, _id, _o) => Promise.resolve({ title: "A", image: "i", url: "u", nftData: data }),
    nftCollection: () =>
      Promise.resolve({
        title: "C",
        image: "i",
        url: "u",
        collectionData: {
          name: "C",
          isVerified: true,
          imageUrl: "https://cdn.example/c.png",
          floorEth: 1,
          volume24hEth: 2,
          owners: 3,
          items: 4,
        },
      }),
  }, "http://127.0.0.1:9");
  assert.equal((await source.nftAsset!("0x", "1", "o"))?.nftData.imageUrl, "http://127.0.0.1:9/logos/nft/a/1.png");
  assert.equal((await source.nftCollection!("0x", "o"))?.collectionData.imageUrl, "https://cdn.example/c.png");
});
