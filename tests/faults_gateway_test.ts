/**
 * A hostile data gateway against the real server: answers nested 8,000
 * levels deep, 50 MB answers and a gzip bomb. Pages still answer 200 with
 * the default preview, images take the 5xx path, a cached image is served
 * meanwhile, memory comes back, the process lives, and nothing from the
 * failures was cached (the gateway recovered: previews and images come).
 */
import assert from "node:assert/strict";
import { JSDOM } from "jsdom";
import { startFakeGateway } from "./fakes/gateway.ts";
import { startServer } from "./server_harness.ts";
import { assertCachedImage, assertSurvived, isPngBytes, rssOf, warmImage, within } from "./fault_probes.ts";

const CACHED = `0x${"c1".repeat(20)}`;

function token(address: string) {
  return { id: `t-${address}`, chain: "ETHEREUM", address, symbol: "TKN", name: "Token Coin", project: null };
}

async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function ogTitle(html: string): string {
  return new JSDOM(html).window.document.querySelector('meta[property="og:title"]')?.getAttribute("content") ?? "";
}

Deno.test("faults: a hostile gateway (deep, huge, gzip bomb) never kills the server nor gets cached", async (t) => {
  const bomb = await gzip(new Uint8Array(200 * 1024 * 1024).fill(0x20));
  const huge = new TextEncoder().encode(`{"data":{"token":{"id":"${"a".repeat(50 * 1024 * 1024)}"}}}`);
  const attacks: Record<string, () => Response> = {
    "nested 8,000 levels (16 KB)": () =>
      new Response(`{"data":{"token":${"[".repeat(8000)}${"]".repeat(8000)}}}`, {
        headers: { "content-type": "application/json" },
      }),
    "50 MB answer": () => new Response(huge, { headers: { "content-type": "application/json" } }),
    "gzip bomb (200 MB inflated)": () =>
      new Response(bomb as BodyInit, { headers: { "content-type": "application/json", "content-encoding": "gzip" } }),
  };
  const state: { attack: string | null } = { attack: null };
  const gateway = await startFakeGateway({
    Token: (variables) => {
      const address = String(variables.address).toLowerCase();
      if (state.attack !== null && address !== CACHED) return attacks[state.attack]();
      return { data: { token: token(address) } };
    },
  });
  const server = await startServer({ GRAPHQL_URL: gateway.url, GATEWAY_TIMEOUT_MS: "5000" });
  try {
    await warmImage(server, `/api/image/tokens/ethereum/${CACHED}`);
    const rssBefore = await rssOf(server.pid);
    let n = 0;
    for (const name of Object.keys(attacks)) {
      const victim = `0x${(++n).toString(16).padStart(2, "0").repeat(20)}`;
      await t.step(`${name}: page 200 with the default preview, image 5xx, cached image served`, async () => {
        state.attack = name;
        const before = gateway.calls.get("Token") ?? 0;
        const [page, image] = await Promise.all([
          within(20_000, "token page", fetch(`${server.url}/explore/tokens/ethereum/${victim}`)),
          within(20_000, "token image", fetch(`${server.url}/api/image/tokens/ethereum/${victim}`)),
          assertCachedImage(server, `/api/image/tokens/ethereum/${CACHED}`, name),
        ]);
        assert.equal(page.status, 200);
        assert.doesNotMatch(ogTitle(await page.text()), /TKN/, "a preview from a hostile answer");
        assert.ok(image.status >= 500, `the image answered ${image.status}`);
        assert.match(image.headers.get("content-type") ?? "", /^text\/plain/);
        const body = await image.text();
        assert.doesNotMatch(body, /127\.0\.0\.1|localhost|at .*\.ts/, "the error body leaks an address or stack");
        assert.ok((gateway.calls.get("Token") ?? 0) > before, "the gateway was never asked");
      });

      await t.step(`${name}: after recovery the preview and image come (nothing cached from the failure)`, async () => {
        state.attack = null;
        const page = await fetch(`${server.url}/explore/tokens/ethereum/${victim}`);
        assert.equal(ogTitle(await page.text()), "Get TKN on Uniswap");
        const image = await fetch(`${server.url}/api/image/tokens/ethereum/${victim}`);
        assert.equal(image.status, 200);
        assert.ok(isPngBytes(new Uint8Array(await image.arrayBuffer())));
      });
    }
    await t.step("the process is alive, memory came back", () => assertSurvived(server, rssBefore, "hostile gateway"));
    assert.ok(
      server.output.some((line) => /deeper than 64 levels|byte cap/.test(line)),
      "the violations were logged",
    );
  } finally {
    await server.stop();
    await gateway.close();
  }
});
