/**
 * The app in a real browser: Debian's Chromium driven by playwright-core
 * against the real server. Pages hydrate without console errors, the first
 * client render asks the gateway nothing the server already rendered (loader
 * data, streamed parts included, hydrates the screens), and links navigate on
 * the client (no full reload).
 */
import assert from "node:assert/strict";
import { BROWSER_USER_AGENT, launchBrowser, startServer } from "./server_harness.ts";

Deno.test({
  name: "browser: pages hydrate without console errors and links navigate on the client",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const server = await startServer();
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage({ userAgent: BROWSER_USER_AGENT });
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") problems.push(`console: ${message.text()}`);
      });
      page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
      const refetches: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === "/graphql") refetches.push(request.postData() ?? "");
      });

      for (
        const path of [
          "/",
          `/explore/tokens/ethereum/0x${"ab".repeat(20)}`,
          "/explore/tokens/ethereum/0x1f9840a85d5af5bf1d1762f925bdaddc4201f984",
          "/explore/pools/ethereum/0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640",
        ]
      ) {
        const response = await page.goto(server.url + path, { waitUntil: "networkidle" });
        assert.equal(response?.status(), 200, path);
        // React Router sets window.__reactRouterDataRouter once the app has hydrated.
        await page.waitForFunction(() => "__reactRouterDataRouter" in globalThis, null, { timeout: 15_000 });
        assert.ok(await page.locator("main h1").first().isVisible(), `${path}: no heading`);
      }
      assert.deepEqual(refetches, [], "the first client render asked the gateway again");

      await page.goto(server.url + "/", { waitUntil: "networkidle" });
      await page.waitForFunction(() => "__reactRouterDataRouter" in globalThis);
      await page.evaluate(() => ((globalThis as unknown as { __marker: number }).__marker = 42));
      await page.locator('header nav a[href="/explore"]').first().click();
      await page.waitForURL(`${server.url}/explore`);
      await page.locator("main h1").first().waitFor();
      const marker = await page.evaluate(() => (globalThis as unknown as { __marker?: number }).__marker);
      assert.equal(marker, 42, "the link caused a full page load");
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
      await server.stop();
    }
  },
});
