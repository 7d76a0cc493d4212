import assert from "node:assert/strict";
import { compose } from "../server/middleware/compose.ts";
import type { PreviewSource } from "../lib/preview_types.ts";
import { DEMO_WALLET, RED_PNG_LOGO_TOKEN } from "./mod.ts";
import { startDemoGatewayPort } from "./port.ts";

Deno.test("port: the demo gateway on a free loopback port, its logos on the service's origin", async () => {
  const gateway = await startDemoGatewayPort();
  try {
    assert.match(gateway.url, /^http:\/\/127\.0\.0\.1:\d+\/graphql$/);
    assert.equal(gateway.wsUrl, gateway.url.replace("http:", "ws:"));
    const origin = gateway.url.replace(/\/graphql$/, "");
    assert.deepEqual(gateway.logoHosts, [new URL(origin).host]);
    const response = await fetch(gateway.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        query: "query P($o: String!) { portfolios(ownerAddresses: [$o]) { ownerAddress } }",
        variables: { o: DEMO_WALLET },
      }),
    });
    assert.deepEqual(await response.json(), { data: { portfolios: [{ ownerAddress: DEMO_WALLET }] } });

    // The cards fetch root-relative logos from the gateway itself; absolute ones are left alone.
    const source: PreviewSource = {
      token: () =>
        Promise.resolve({
          symbol: "A",
          name: "A",
          logoUrl: RED_PNG_LOGO_TOKEN.logoPath!,
          title: "",
          image: "",
          url: "",
        }),
      pool: () => Promise.resolve(null),
    };
    const token = await gateway.cardPreviews(source).token("ethereum", "0x", "https://app.example");
    assert.equal(token?.logoUrl, `${origin}${RED_PNG_LOGO_TOKEN.logoPath}`);

    // The service relays /logos/* to the gateway; other paths pass on.
    const handle = compose([...gateway.middlewares]);
    const logo = await handle(new Request(`https://app.example${RED_PNG_LOGO_TOKEN.logoPath}`));
    assert.equal(logo.status, 200);
    assert.equal(logo.headers.get("content-type"), "image/png");
    assert.deepEqual([...new Uint8Array(await logo.arrayBuffer()).slice(1, 4)], [0x50, 0x4e, 0x47]);
    const missing = await handle(new Request("https://app.example/logos/none.png"));
    assert.equal(missing.status, 404);
    await missing.body?.cancel();
    assert.equal((await handle(new Request("https://app.example/swap"))).status, 404);
  } finally {
    await gateway.close();
  }
});
