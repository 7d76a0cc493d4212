/**
 * The preview purge end to end, in process (`preview_stack.ts`: the real
 * share images, crawler documents and caches in front of a fake gateway):
 * after a purge with the right token the same token page shows the gateway's
 * new name and its share image's bytes change; a missing or wrong token is a
 * 401 and removes nothing.
 */
import assert from "node:assert/strict";
import { startPreviewStack } from "./preview_stack.ts";

const TOKEN = "purge-token-e2e-0123456789";
const UNI = "0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984";
const PAGE = `/explore/tokens/ethereum/${UNI}`;
const IMAGE = `/api/image/tokens/ethereum/${UNI}`;
const ORIGIN = "http://app.test";

Deno.test({
  name: "purge: the right token makes the page read the gateway's new name and draw a new image",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const stack = await startPreviewStack(TOKEN);
    const page = async () => {
      const response = await stack.handle(
        new Request(`${ORIGIN}${PAGE}`, { headers: { "user-agent": "Twitterbot/1.0" } }),
      );
      assert.equal(response.status, 200);
      return /<meta property="og:description" content="([^"]*)"/.exec(await response.text())?.[1];
    };
    const image = async () => {
      const response = await stack.handle(new Request(`${ORIGIN}${IMAGE}`));
      assert.equal(response.status, 200);
      return new Uint8Array(await response.arrayBuffer());
    };
    const purgeWith = (authorization: string | null) =>
      stack.handle(
        new Request(`${ORIGIN}/previews/purge`, {
          method: "POST",
          headers: authorization === null ? {} : { authorization },
          body: JSON.stringify({ path: PAGE }),
        }),
      );
    try {
      assert.match((await page())!, /Swap Uniswap \(UNI\)/);
      const before = await image();
      assert.equal(stack.gateway.calls.get("Token"), 1);
      stack.name = "Renamed Coin";
      // Warm: still the old name, no gateway call.
      assert.match((await page())!, /Swap Uniswap \(UNI\)/);
      assert.deepEqual(await image(), before);
      assert.equal(stack.gateway.calls.get("Token"), 1);

      for (const authorization of [null, "Bearer wrong-token-0123456789", `Bearer ${TOKEN.slice(0, -1)}`]) {
        const refused = await purgeWith(authorization);
        assert.equal(refused.status, 401);
        await refused.body?.cancel();
      }
      assert.match((await page())!, /Swap Uniswap \(UNI\)/, "a refused purge removes nothing");
      assert.deepEqual(await image(), before);
      assert.equal(stack.gateway.calls.get("Token"), 1);

      const purged = await purgeWith(`Bearer ${TOKEN}`);
      assert.equal(purged.status, 200);
      const report = await purged.json();
      assert.equal(report.removed.preview, true);
      assert.ok(report.removed.images >= 1);
      assert.ok(report.removed.documents >= 1);
      assert.match((await page())!, /Swap Renamed Coin \(NEWUNI\)/);
      const after = await image();
      assert.notDeepEqual(after, before, "the image is drawn anew");
      assert.equal(stack.gateway.calls.get("Token"), 2, "one gateway call after the purge");
    } finally {
      await stack.close();
    }
  },
});
