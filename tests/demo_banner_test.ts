/**
 * The demo says so: on the embedded demo data (no `GRAPHQL_URL`) `/` and
 * `/swap` carry the banner "Demo: a local chain and seeded prices"; with a
 * configured gateway (here the demo gateway started apart and named by
 * `GRAPHQL_URL`, so the service runs no demo of its own) they do not.
 * Parsed from the served HTML as a browser gets it.
 *
 * @module
 */
import assert from "node:assert/strict";
import { JSDOM } from "jsdom";
import { BROWSER_USER_AGENT, startServer, type TestServer } from "./server_harness.ts";
import { startDemoGateway } from "../demo_gateway/mod.ts";

async function bannerOf(server: TestServer, path: string): Promise<string | null> {
  const response = await fetch(`${server.url}${path}`, { headers: { "user-agent": BROWSER_USER_AGENT } });
  assert.equal(response.status, 200, path);
  const document = new JSDOM(await response.text()).window.document;
  assert.ok(document.querySelector("main h1, main h2"), `${path} rendered no heading`);
  return document.querySelector('[data-testid="demo-banner"]')?.textContent?.replace(/\s+/g, " ").trim() ?? null;
}

Deno.test({
  name: "demo banner: on the embedded demo, not with a configured gateway",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await t.step("embedded demo: / and /swap say it is a demo", async () => {
      const server = await startServer({ DEMO_CHAIN: "0" });
      try {
        for (const path of ["/", "/swap"]) {
          const banner = await bannerOf(server, path);
          assert.match(banner ?? "", /^Demo: a local chain and seeded prices\b/, path);
        }
      } finally {
        await server.stop();
      }
    });
    await t.step("GRAPHQL_URL set: no banner", async () => {
      const gateway = await startDemoGateway();
      const server = await startServer({ GRAPHQL_URL: gateway.url, DEMO_CHAIN: "0" });
      try {
        for (const path of ["/", "/swap"]) assert.equal(await bannerOf(server, path), null, path);
      } finally {
        await server.stop();
        await gateway.close();
      }
    });
  },
});
