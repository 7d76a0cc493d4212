import assert from "node:assert/strict";
import { matchImageRoute, shareImages } from "./share_images.ts";

Deno.test("matchImageRoute: NFT asset and collection cards (Ethereum), and nothing else under nfts/", () => {
  const contract = "0x" + "Ab".repeat(20);
  assert.deepEqual(matchImageRoute(`/api/image/nfts/asset/${contract}/42`), {
    kind: "nft_asset",
    chainName: "ethereum",
    address: contract,
    id: "42",
  });
  assert.deepEqual(matchImageRoute(`/api/image/nfts/collection/${contract}`), {
    kind: "nft_collection",
    chainName: "ethereum",
    address: contract,
  });
  // decoded like the other routes; the shape of contract and id is og/'s to judge (404)
  assert.equal(matchImageRoute("/api/image/nfts/asset/0x12%2F/1")?.address, "0x12/");
  for (
    const path of [
      "/api/image/nfts/asset/0xab",
      "/api/image/nfts/asset/0xab/1/2",
      "/api/image/nfts/asset//1",
      "/api/image/nfts/collection/",
      "/api/image/nfts/collection/0xab/items",
      "/api/image/nfts/profile/0xab",
      "/api/image/nfts",
    ]
  ) {
    assert.equal(matchImageRoute(path), null, path);
  }
});

Deno.test("shareImages: an NFT image path goes to the images, another path on", async () => {
  const seen: unknown[] = [];
  const middleware = shareImages((_request, target) => {
    seen.push(target);
    return Promise.resolve(new Response("card"));
  });
  const ctx = (path: string) =>
    ({
      request: new Request(`http://localhost${path}`),
      url: new URL(`http://localhost${path}`),
      next: () => Promise.resolve(new Response("next")),
    }) as unknown as Parameters<typeof middleware>[0];
  assert.equal(await (await middleware(ctx("/api/image/nfts/collection/0x1"))).text(), "card");
  assert.equal(await (await middleware(ctx("/api/image/nfts/other/0x1"))).text(), "next");
  assert.equal(seen.length, 1);
});
