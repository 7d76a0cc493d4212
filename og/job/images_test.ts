import assert from "node:assert/strict";
import { cardText } from "../../lib/text.ts";
import { prepareLogo } from "./images.tsx";
import { bytesResponse, decodePixels, pixelAt, solidPng, startLogoServer } from "../test_helpers.ts";

Deno.test("cardText drops control characters and bounds the length", () => {
  assert.equal(cardText("a\u0000b\u202ec  d\n x", "X"), "abc d x");
  assert.equal(cardText("  ", "UNK"), "UNK");
  assert.equal(cardText(null, "Token"), "Token");
  assert.equal(cardText("ü".repeat(500), "").length, 120);
  // Emoji sequences keep their joiners.
  assert.equal(cardText("👨‍👩‍👧", ""), "👨‍👩‍👧");
});

Deno.test("prepareLogo scales a bitmap to the drawn size and skips .webp", async () => {
  const server = startLogoServer({
    "/red.png": () => bytesResponse(solidPng({ r: 200, g: 10, b: 10 }, 300), "image/png"),
    "/logo.webp": () => bytesResponse(new Uint8Array(10), "image/webp"),
  });
  const options = { allowedHosts: [`127.0.0.1:${server.port}`] };
  try {
    const red = await prepareLogo(`${server.origin}/red.png`, "RED", options, 128);
    assert.deepEqual(red.average, { r: 200, g: 10, b: 10 });
    assert.ok(red.logo.src?.startsWith("data:image/png;base64,"));
    const bytes = Uint8Array.from(
      atob(red.logo.src!.split(",")[1]),
      (c) => c.charCodeAt(0),
    );
    const image = decodePixels(bytes);
    assert.equal(image.width, 128);
    assert.equal(image.height, 128);
    assert.deepEqual(pixelAt(image, 64, 64), { r: 200, g: 10, b: 10 });

    const webp = await prepareLogo(`${server.origin}/logo.webp`, "WBP", options, 128);
    assert.deepEqual(webp, { logo: { src: null, symbol: "WBP" }, average: null });
    assert.equal(server.hits.get("/logo.webp"), undefined);
    assert.deepEqual(await prepareLogo(null, null, options, 128), {
      logo: { src: null, symbol: null },
      average: null,
    });
  } finally {
    await server.close();
  }
});
