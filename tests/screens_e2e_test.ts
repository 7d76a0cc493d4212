/**
 * The screens in Chromium against the real server and its demo gateway:
 * every whitelisted route renders a complete screen without console errors,
 * explore -> token -> pool -> portfolio navigates without a full reload, the
 * chart duration switch refetches, paging loads more rows, and a gateway
 * failure shows an error with a retry. Screenshots of the main screens are
 * saved under `test-results/screens/` for review.
 */
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { DEMO_WALLET, HOOKED_V4_POOL } from "../demo_gateway/mod.ts";
import { PREVIEW_ROUTES } from "../lib/preview_routes.ts";
import { BROWSER_USER_AGENT, launchBrowser, startServer } from "./server_harness.ts";
import { hydrated, samplePath, shotName, UNI, watchProblems } from "./screens_support.ts";

const SHOTS = new URL("../test-results/screens/", import.meta.url);

Deno.test({
  name: "screens: every whitelisted route, navigation, chart switch, paging",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await mkdir(SHOTS, { recursive: true });
    const server = await startServer();
    const browser = await launchBrowser();
    try {
      await t.step("every whitelisted route renders a complete screen without console errors", async () => {
        const page = await browser.newPage({ userAgent: BROWSER_USER_AGENT, viewport: { width: 1280, height: 900 } });
        const problems = watchProblems(page);
        for (const route of PREVIEW_ROUTES) {
          const path = samplePath(route.pattern);
          const response = await page.goto(server.url + path, { waitUntil: "networkidle" });
          assert.equal(response?.status(), 200, path);
          await hydrated(page);
          const h1 = page.locator("main h1").first();
          assert.ok(await h1.isVisible(), `${path}: no heading`);
          assert.equal(await page.locator("main .state-error").count(), 0, `${path}: shows a gateway error`);
          assert.ok(((await page.locator("main").textContent()) ?? "").length > 80, `${path}: nearly empty`);
          await page.screenshot({ path: new URL(shotName(path), SHOTS).pathname, fullPage: true });
        }
        assert.deepEqual(problems, []);
        await page.close();
      });

      await t.step("data screens show gateway data", async () => {
        const page = await browser.newPage({ userAgent: BROWSER_USER_AGENT });
        await page.goto(`${server.url}/explore`, { waitUntil: "networkidle" });
        // The document carries a first screen of top tokens; "Show more" fetches the rest through /graphql.
        const tokenRows = page.locator("table.tokens-table tbody tr");
        assert.ok(await tokenRows.count() >= 10, "top tokens table is short");
        await page.getByRole("button", { name: /Show more tokens \(\d+ more\)/ }).click();
        await page.waitForFunction(() => document.querySelectorAll("table.tokens-table tbody tr").length >= 30);
        await page.goto(`${server.url}/explore/pools/ethereum/${HOOKED_V4_POOL.address}`, {
          waitUntil: "networkidle",
        });
        assert.match((await page.locator("main").textContent()) ?? "", /Hook:/);
        await page.goto(`${server.url}/portfolio/activity?address=${DEMO_WALLET}`, { waitUntil: "networkidle" });
        const activity = (await page.locator(".activity-list").first().textContent()) ?? "";
        assert.match(activity, /Swapped|Sent|Received|Approved/);
        await page.goto(`${server.url}/explore/tokens/ethereum/0x${"ab".repeat(20)}`, { waitUntil: "networkidle" });
        assert.equal(await page.locator("main h1").first().textContent(), "Token not found");
        await page.close();
      });

      await t.step("explore -> token -> pool -> portfolio navigates without a full reload", async () => {
        const page = await browser.newPage({ userAgent: BROWSER_USER_AGENT });
        const problems = watchProblems(page);
        await page.goto(`${server.url}/explore`, { waitUntil: "networkidle" });
        await hydrated(page);
        await page.evaluate(() => ((globalThis as unknown as { __marker: number }).__marker = 7));
        await page.locator("table.tokens-table tbody tr a").first().click();
        await page.waitForURL(/\/explore\/tokens\/ethereum\//);
        await page.locator("table.pools-table tbody tr a").first().waitFor();
        await page.locator("table.pools-table tbody tr a").first().click();
        await page.waitForURL(/\/explore\/pools\/ethereum\//);
        await page.locator("main h1").first().waitFor();
        await page.locator('header nav a[href="/portfolio"]').click();
        await page.waitForURL(`${server.url}/portfolio`);
        await page.getByLabel("Wallet address").fill(DEMO_WALLET);
        await page.getByRole("button", { name: "View portfolio" }).click();
        await page.waitForURL(/address=0x/);
        await page.locator("#balances-title").waitFor();
        const marker = await page.evaluate(() => (globalThis as unknown as { __marker?: number }).__marker);
        assert.equal(marker, 7, "a navigation reloaded the page");
        assert.deepEqual(problems, []);
        await page.close();
      });

      await t.step("the chart duration switch refetches and paging loads more rows", async () => {
        const page = await browser.newPage({ userAgent: BROWSER_USER_AGENT });
        const problems = watchProblems(page);
        await page.goto(`${server.url}/explore/tokens/ethereum/${UNI}`, { waitUntil: "networkidle" });
        await hydrated(page);
        const chartRequest = page.waitForRequest((request) =>
          request.url().endsWith("/graphql") && request.method() === "POST" &&
          (request.postData() ?? "").includes("TokenPrice") && (request.postData() ?? "").includes("WEEK")
        );
        await page.getByRole("button", { name: "1W" }).click();
        await chartRequest;
        await page.locator('svg[aria-label*="1W"]').first().waitFor();
        assert.equal(await page.getByRole("button", { name: "1W" }).getAttribute("aria-pressed"), "true");

        const rows = page.locator('[data-testid="tx-row"]');
        const before = await rows.count();
        assert.ok(before > 0, "no transactions");
        await page.getByRole("button", { name: "Load more transactions" }).click();
        await page.waitForFunction(
          (n) => document.querySelectorAll('[data-testid="tx-row"]').length > n,
          before,
          { timeout: 10_000 },
        );

        await page.goto(`${server.url}/explore?chain=ethereum&tab=pools&version=v3`, { waitUntil: "networkidle" });
        await hydrated(page);
        const poolRows = page.locator("table.pools-table tbody tr");
        const poolsBefore = await poolRows.count();
        assert.ok(poolsBefore > 0, "no pools");
        const more = page.getByRole("button", { name: "Load more pools" });
        if (poolsBefore < 25) {
          // Fewer than a page: the list is complete and offers no more.
          assert.equal(await more.count(), 0);
        } else {
          await more.click();
          await page.waitForFunction(
            (n) => document.querySelectorAll("table.pools-table tbody tr").length > n,
            poolsBefore,
            { timeout: 10_000 },
          );
        }
        assert.deepEqual(problems, []);
        await page.close();
      });

      await t.step("portfolio activity receives live activity over the subscription", async () => {
        const page = await browser.newPage({ userAgent: BROWSER_USER_AGENT });
        const problems = watchProblems(page);
        await page.goto(`${server.url}/portfolio/activity?address=${DEMO_WALLET}`, { waitUntil: "networkidle" });
        await hydrated(page);
        await page.getByText("Live updates on").waitFor({ timeout: 10_000 });
        const live = page.locator(".live-activity .activity").first();
        await live.waitFor({ timeout: 10_000 });
        assert.match((await live.textContent()) ?? "", /\w+ .*(ETH|USDC|UNI|\$|NFT|order)/);
        assert.deepEqual(problems, []);
        await page.close();
      });

      await t.step("header search suggests tokens and opens the one typed", async () => {
        const page = await browser.newPage({ userAgent: BROWSER_USER_AGENT });
        const problems = watchProblems(page);
        await page.goto(`${server.url}/swap`, { waitUntil: "networkidle" });
        await hydrated(page);
        const box = page.getByRole("combobox", { name: "Search tokens" });
        await box.focus();
        await box.fill("UN");
        await page.waitForFunction(() => document.querySelectorAll("header datalist option").length > 0);
        const options = await page.locator("header datalist option").evaluateAll((els) =>
          els.map((e) => (e as HTMLOptionElement).value)
        );
        assert.ok(options.includes("UNI"), `suggestions: ${options.join(", ")}`);
        await box.fill("UNI");
        await box.press("Enter");
        await page.waitForURL(/\/explore\/tokens\/ethereum\/0x1f9840a85d5af5bf1d1762f925bdaddc4201f984/i);
        await box.fill("zzzz-no-such-token");
        await box.press("Enter");
        await page.waitForURL(/\/tokens\?q=zzzz-no-such-token/);
        await page.locator("main").getByText(/^0 results for/).waitFor();
        assert.equal(await page.locator("main h1").textContent(), "Search: zzzz-no-such-token");
        assert.deepEqual(problems, []);
        await page.close();
      });

      await t.step("/swap carries its first screen's tokens; the pickers fetch the chain's list once", async () => {
        const list = await fetch(`${server.url}/token-list?chain=ethereum`);
        assert.equal(list.status, 200);
        assert.equal(list.headers.get("cache-control"), "public, max-age=60");
        const rows = await list.json() as { key: string; symbol: string; href: string }[];
        assert.ok(rows.length >= 30 && rows.every((r) => r.key && r.symbol && r.href.startsWith("/explore/tokens/")));
        const page = await browser.newPage({ userAgent: BROWSER_USER_AGENT });
        const problems = watchProblems(page);
        const asked: string[] = [];
        page.on("request", (r) => r.url().includes("/token-list") && asked.push(r.url()));
        await page.goto(`${server.url}/swap`, { waitUntil: "networkidle" });
        await hydrated(page);
        const largest = await page.evaluate(() =>
          Math.max(...[...document.querySelectorAll("script:not([src])")].map((s) => s.textContent?.length ?? 0))
        );
        assert.ok(largest < 10_000, `largest inline script: ${largest} characters`);
        await page.getByRole("button", { name: /^Token to pay: / }).click();
        const dialog = page.locator("dialog[open]");
        await dialog.getByRole("option").nth(rows.length - 1).waitFor();
        const last = rows[rows.length - 1];
        await dialog.getByRole("combobox").fill(last.symbol);
        await dialog.getByRole("option", { name: new RegExp(last.symbol) }).first().waitFor();
        assert.equal(asked.length, 1, `list requests: ${asked.join(", ")}`);
        assert.deepEqual(problems, []);
        await page.close();
      });

      await t.step("phone width: no horizontal page scroll", async () => {
        const page = await browser.newPage({ userAgent: BROWSER_USER_AGENT, viewport: { width: 360, height: 740 } });
        for (const path of ["/explore", `/explore/tokens/ethereum/${UNI}`, "/swap"]) {
          await page.goto(server.url + path, { waitUntil: "networkidle" });
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
          assert.ok(overflow <= 1, `${path} scrolls sideways by ${overflow}px`);
          await page.screenshot({ path: new URL(`phone_${shotName(path)}`, SHOTS).pathname, fullPage: true });
        }
        await page.close();
      });
    } finally {
      await browser.close();
      await server.stop();
    }
  },
});

Deno.test({
  name: "screens: a gateway failure shows an error with a retry inside the layout",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const port = listener.addr.port;
    listener.close();
    const server = await startServer({ GRAPHQL_URL: `http://127.0.0.1:${port}/graphql`, GATEWAY_TIMEOUT_MS: "1000" });
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage({ userAgent: BROWSER_USER_AGENT });
      const response = await page.goto(`${server.url}/explore`, { waitUntil: "networkidle" });
      assert.equal(response?.status(), 200);
      await hydrated(page);
      assert.ok(await page.locator("header.site-header").isVisible(), "layout is gone");
      const alert = page.locator("main .state-error").first();
      assert.match((await alert.textContent()) ?? "", /cannot be reached/);
      await page.getByRole("button", { name: "Retry" }).first().click();
      await page.locator("main .state-error").first().waitFor();
      await page.screenshot({ path: new URL("gateway_down.png", SHOTS).pathname, fullPage: true });
    } finally {
      await browser.close();
      await server.stop();
    }
  },
});
