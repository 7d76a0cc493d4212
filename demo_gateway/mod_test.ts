import assert from "node:assert/strict";
import { DEMO_WALLET, RED_PNG_LOGO_TOKEN, startDemoGateway } from "./mod.ts";

Deno.test("mod.ts starts a gateway on a free loopback port", async () => {
  const gateway = await startDemoGateway({ hostname: "127.0.0.1", port: 0 });
  try {
    assert.match(gateway.url, /^http:\/\/127\.0\.0\.1:\d+\/graphql$/);
    assert.equal(gateway.wsUrl, gateway.url.replace("http:", "ws:"));
    assert.equal(gateway.url, `${gateway.origin}/graphql`);
    const response = await fetch(gateway.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        query: "query P($o: String!) { portfolios(ownerAddresses: [$o]) { ownerAddress } }",
        variables: { o: DEMO_WALLET },
      }),
    });
    assert.deepEqual(await response.json(), {
      data: { portfolios: [{ ownerAddress: DEMO_WALLET }] },
    });
    assert.ok(RED_PNG_LOGO_TOKEN.logoPath);
  } finally {
    await gateway.close();
  }
});
