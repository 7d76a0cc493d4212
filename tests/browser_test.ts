/**
 * The app in a real browser: Debian's Chromium driven by playwright-core
 * against the real server. Pages hydrate without console errors and links
 * navigate on the client (no full reload).
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

      for (const path of ["/", `/explore/tokens/ethereum/0x${"ab".repeat(20)}`]) {
        const response = await page.goto(server.url + path, { waitUntil: "networkidle" });
        assert.equal(response?.status(), 200, path);
        // React Router sets window.__reactRouterDataRouter once the app has hydrated.
        await page.waitForFunction(() => "__reactRouterDataRouter" in globalThis, null, { timeout: 15_000 });
        assert.ok(await page.locator("main h1").first().isVisible(), `${path}: no heading`);
      }

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
