/**
 * The screens as a visitor meets them in Chromium, on a 390x844 phone and
 * a 1280x900 desktop, in the light and the dark scheme: the key columns of
 * every main table fit without a sideways scroller, the phone header stays
 * under 64 px with a navigation bar that reaches every section, addresses
 * copy to the clipboard and link to the chain's explorer, charts have axes,
 * the pool price direction is remembered, the chain menu hides testnets,
 * the token picker searches and flips, an NFT listing ends in the future,
 * and CJK and emoji names render as glyphs, not squares. Screenshots go to
 * `test-results/screens/`.
 */
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import {
  CJK_NAME_TOKEN,
  DEMO_WALLET,
  EMOJI_NAME_TOKEN,
  LOOPBACK_LIZARDS,
  USDC_WETH_V3_POOL,
} from "../demo_gateway/mod.ts";
import { launchBrowser, startServer, type TestServer } from "./server_harness.ts";
import { hydrated, UNI, visitorContext, watchProblems } from "./screens_support.ts";

const SHOTS = new URL("../test-results/screens/", import.meta.url);
const POOL_PATH = `/explore/pools/ethereum/${USDC_WETH_V3_POOL.address}`;

/** The main tables and the columns a trader needs first. */
const TABLES: readonly { path: string; table: string; columns: readonly string[] }[] = [
  { path: "/explore", table: "table.tokens-table", columns: ["Token name", "Price", "1 day"] },
  { path: "/explore?tab=pools", table: "table.pools-table", columns: ["Pool", "TVL", "APR"] },
  {
    path: `/portfolio/tokens?address=${DEMO_WALLET}`,
    table: "table.data-table",
    columns: ["Token", "Balance", "Value"],
  },
  { path: "/explore?tab=transactions", table: "table.tx-table", columns: ["Time", "Type", "USD"] },
];

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: new URL(name, SHOTS).pathname });
}

/** Visible header texts of a table, and whether they all lie inside the viewport. */
async function headerLayout(page: Page, table: string) {
  return await page.locator(table).first().evaluate((el) => {
    const wrap = el.closest(".table-wrap") as HTMLElement;
    const visible = [...el.querySelectorAll("thead th")].filter((th) => (th as HTMLElement).offsetParent !== null);
    return {
      headers: visible.map((th) => th.textContent?.replace(/[↑↓]/g, "").trim() ?? ""),
      inside: visible.every((th) => {
        const r = th.getBoundingClientRect();
        return r.left >= 0 && r.right <= innerWidth + 0.5;
      }),
      sideways: wrap.scrollWidth - wrap.clientWidth,
      page: document.documentElement.scrollWidth - innerWidth,
    };
  });
}

async function tables(browser: Browser, server: TestServer, scheme: "light" | "dark") {
  const context = await visitorContext(browser, { device: "phone", scheme });
  const page = await context.newPage();
  const problems = watchProblems(page);
  for (const { path, table, columns } of TABLES) {
    await page.goto(server.url + path, { waitUntil: "networkidle" });
    await hydrated(page);
    const layout = await headerLayout(page, table);
    assert.deepEqual(layout.headers, columns, `${path}: phone columns`);
    assert.ok(layout.inside, `${path}: a key column is off-screen`);
    assert.ok(layout.sideways <= 1, `${path}: the table scrolls sideways by ${layout.sideways}px`);
    assert.ok(layout.page <= 1, `${path}: the page scrolls sideways by ${layout.page}px`);
    const header = await page.locator("header.site-header").boundingBox();
    assert.ok(header && header.height <= 64, `${path}: header is ${header?.height}px tall`);
    const nav = page.getByRole("navigation", { name: "Main" });
    const links = await nav.getByRole("link").evaluateAll((els) =>
      els.map((a) => {
        const r = a.getBoundingClientRect();
        return { text: a.textContent, seen: r.top >= 0 && r.bottom <= innerHeight && r.width > 0 };
      })
    );
    assert.deepEqual(links.map((l) => l.text), ["Explore", "Tokens", "Pools", "Swap", "Portfolio", "NFTs"]);
    assert.ok(links.every((l) => l.seen), `${path}: a section is unreachable from the navigation bar`);
    await shot(page, `phone_${scheme}_${table.replace(/\W+/g, "_")}_${path.replace(/\W+/g, "_").slice(0, 30)}.png`);
  }
  assert.deepEqual(problems, []);
  await context.close();
}

Deno.test({
  name: "screens on a phone and a desktop, light and dark",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await mkdir(SHOTS, { recursive: true });
    const server = await startServer();
    const browser = await launchBrowser();
    try {
      for (const scheme of ["light", "dark"] as const) {
        await t.step(
          `390 px ${scheme}: key columns without a sideways scroller, compact header, navigation bar`,
          () => tables(browser, server, scheme),
        );
      }

      await t.step("1280 px: every column and a one-row header", async () => {
        for (const scheme of ["light", "dark"] as const) {
          const context = await visitorContext(browser, { device: "desktop", scheme });
          const page = await context.newPage();
          await page.goto(`${server.url}/explore`, { waitUntil: "networkidle" });
          const layout = await headerLayout(page, "table.tokens-table");
          assert.deepEqual(layout.headers, [
            "#",
            "Token name",
            "Price",
            "1 day",
            "FDV",
            "Market cap",
            "TVL",
            "1 day volume",
          ]);
          assert.ok(layout.sideways <= 1 && layout.inside);
          const header = await page.locator("header.site-header").boundingBox();
          assert.ok(header && header.height <= 72, `header is ${header?.height}px tall`);
          await shot(page, `desktop_${scheme}_explore.png`);
          await context.close();
        }
      });

      await t.step(
        "the copy button puts the pool address on the clipboard; explorer links follow the chain",
        async () => {
          const context = await visitorContext(browser, { device: "phone", clipboard: true });
          const page = await context.newPage();
          await page.goto(server.url + POOL_PATH, { waitUntil: "networkidle" });
          await hydrated(page);
          // The pool's own address no longer links to the page itself.
          assert.equal(await page.locator(`main a[href$="${USDC_WETH_V3_POOL.address}" i]:not([target])`).count(), 0);
          await page.getByRole("button", { name: "Copy pool address" }).click();
          await page.getByRole("status").filter({ hasText: "Copied" }).waitFor();
          assert.equal(await page.evaluate(() => navigator.clipboard.readText()), USDC_WETH_V3_POOL.address);
          assert.equal(
            await page.getByRole("link", { name: "View pool address on Etherscan" }).getAttribute("href"),
            `https://etherscan.io/address/${USDC_WETH_V3_POOL.address}`,
          );
          // A token on Base links to Basescan.
          await page.goto(`${server.url}/explore?chain=base`, { waitUntil: "networkidle" });
          await page.locator("table.tokens-table tbody tr a").first().click();
          await page.waitForURL(/\/explore\/tokens\/base\//);
          const explorer = page.getByRole("link", { name: "View token address on Basescan" });
          await explorer.waitFor();
          assert.match(
            (await explorer.getAttribute("href")) ?? "",
            /^https:\/\/basescan\.org\/token\/0x[0-9a-fA-F]{40}$/,
          );
          await context.close();
        },
      );

      await t.step("charts have value and time axes; the liquidity chart marks the current price", async () => {
        const context = await visitorContext(browser, { device: "desktop" });
        const page = await context.newPage();
        await page.goto(`${server.url}/explore/tokens/ethereum/${UNI}`, { waitUntil: "networkidle" });
        await hydrated(page);
        const chart = page.locator(".chart-panel .chart").first();
        assert.ok(await chart.locator(".chart-yaxis span").count() >= 2, "no value axis");
        assert.ok(await chart.locator(".chart-xaxis span").count() >= 2, "no time axis");
        await page.getByRole("button", { name: "Volume", exact: true }).click();
        await page.locator(".chart-panel .chart-time").filter({ hasText: "Total volume, past day" }).waitFor();
        await page.goto(server.url + POOL_PATH, { waitUntil: "networkidle" });
        await hydrated(page);
        const liquidity = page.locator(".liquidity-chart");
        assert.equal(await liquidity.locator("line.chart-current").count(), 1);
        assert.match(
          (await liquidity.textContent()) ?? "",
          /Current price: 1 \w+ = [\d,.]+ \w+.*Price \(\w+ per \w+\)/,
        );
        await liquidity.screenshot({ path: new URL("liquidity_chart.png", SHOTS).pathname });
        await context.close();
      });

      await t.step("the pool price direction flips and is remembered without a hydration warning", async () => {
        const context = await visitorContext(browser, { device: "desktop" });
        const page = await context.newPage();
        const problems = watchProblems(page);
        await page.goto(server.url + POOL_PATH, { waitUntil: "networkidle" });
        await hydrated(page);
        const price = page.locator(".chart-panel .segmented button").first();
        const before = await price.textContent();
        await page.getByRole("button", { name: /^Show price in / }).click();
        const after = await price.textContent();
        assert.notEqual(after, before);
        await page.reload({ waitUntil: "networkidle" });
        await hydrated(page);
        await page.waitForFunction(
          (text) => document.querySelector(".chart-panel .segmented button")?.textContent === text,
          after,
        );
        assert.deepEqual(problems, []);
        await context.close();
      });

      await t.step("the chain menu lists mainnets first and testnets on request", async () => {
        const context = await visitorContext(browser, { device: "phone", scheme: "dark" });
        const page = await context.newPage();
        await page.goto(`${server.url}/explore`, { waitUntil: "networkidle" });
        await hydrated(page);
        await page.getByRole("button", { name: /Network: Ethereum/ }).click();
        const menu = page.getByRole("dialog", { name: "Choose a network" });
        await menu.waitFor();
        assert.equal(await menu.getByRole("link", { name: "Sepolia" }).isVisible(), false);
        await menu.getByText("Show testnets").click();
        await menu.getByRole("link", { name: /^Sepolia/ }).waitFor();
        await menu.locator(".chain-empty").first().waitFor();
        await shot(page, "phone_dark_chain_menu.png");
        await menu.getByRole("link", { name: "Base", exact: true }).click();
        await page.waitForURL(/chain=base/);
        await page.locator("#volume-title").filter({ hasText: "Uniswap volume on Base" }).waitFor();
        await context.close();
      });

      await t.step("the token picker searches, and picking the other side's token flips the pair", async () => {
        const context = await visitorContext(browser, { device: "phone" });
        const page = await context.newPage();
        await page.goto(`${server.url}/limit`, { waitUntil: "networkidle" });
        await hydrated(page);
        const pay = page.getByRole("button", { name: /^Token you pay with:/ });
        const receive = page.getByRole("button", { name: /^Token you receive:/ });
        const received = ((await receive.getAttribute("aria-label")) ?? "").replace(/^Token you receive: /, "");
        await pay.click();
        await page.keyboard.type("uni");
        await page.locator(".token-dialog[open] [role=option]").first().waitFor();
        await shot(page, "phone_light_token_picker.png");
        await page.keyboard.press("Enter");
        assert.match((await pay.getAttribute("aria-label")) ?? "", /^Token you pay with: UNI, Uniswap$/);
        await receive.click();
        await page.keyboard.type("UNI");
        await page.keyboard.press("Enter");
        assert.match((await receive.getAttribute("aria-label")) ?? "", /^Token you receive: UNI/);
        assert.equal((await pay.getAttribute("aria-label"))?.replace(/^Token you pay with: /, ""), received);
        await page.getByRole("button", { name: /^Switch / }).click();
        assert.match((await pay.getAttribute("aria-label")) ?? "", /: UNI/);
        await page.getByLabel("You sell").fill("abc");
        await page.getByRole("alert").filter({ hasText: "is not an amount" }).waitFor();
        await context.close();
      });

      await t.step("not-found pages wrap long addresses at 390 px", async () => {
        const context = await visitorContext(browser, { device: "phone" });
        const page = await context.newPage();
        for (
          const path of [
            `/explore/pools/ethereum/0x${"ab".repeat(32)}`,
            `/explore/tokens/ethereum/0x${"cd".repeat(20)}`,
          ]
        ) {
          await page.goto(server.url + path, { waitUntil: "networkidle" });
          await hydrated(page);
          assert.match((await page.locator("main h1").textContent()) ?? "", /not found/i);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
          assert.ok(overflow <= 1, `${path} scrolls sideways by ${overflow}px`);
        }
        await shot(page, "phone_light_not_found.png");
        await context.close();
      });

      await t.step("an NFT listing ends in the future", async () => {
        const context = await visitorContext(browser, { device: "phone" });
        const page = await context.newPage();
        await page.goto(`${server.url}/nfts/asset/${LOOPBACK_LIZARDS.address}/2`, { waitUntil: "networkidle" });
        await hydrated(page);
        const until = await page.locator(".nft-asset .card time").getAttribute("datetime");
        assert.ok(until && Date.parse(until) > Date.now(), `listing ends ${until}`);
        assert.match((await page.locator(".nft-asset .card").textContent()) ?? "", /on OpenSea, until/);
        await context.close();
      });

      await t.step("CJK and emoji names render as glyphs, not squares", async () => {
        const context = await visitorContext(browser, { device: "phone" });
        const page = await context.newPage();
        for (const token of [CJK_NAME_TOKEN, EMOJI_NAME_TOKEN]) {
          await page.goto(`${server.url}/explore/tokens/ethereum/${token.address}`, { waitUntil: "networkidle" });
          await hydrated(page);
          await page.waitForFunction(() => document.querySelector("link[data-web-fonts]") !== null);
          await page.evaluate(() => document.fonts.ready);
          const glyphs = await page.locator("main h1").evaluate(async (h1) => {
            const name = h1.firstChild?.textContent ?? "";
            const measure = (text: string, family?: string) => {
              const span = document.createElement("span");
              span.textContent = text;
              if (family) span.style.fontFamily = family;
              h1.append(span);
              const width = span.getBoundingClientRect().width;
              span.remove();
              return width;
            };
            // Fonts load on use: lay the name out and wait for its faces.
            await document.fonts.load(`700 28px ${getComputedStyle(h1).fontFamily}`, name);
            // A square: a private-use character no font has, in a stack with no web fonts.
            const square = measure("\u{10fffd}", "No Such Font");
            return [...new Set([...name].filter((c) => /[^\p{ASCII}]/u.test(c)))].map((c) => ({
              c,
              page: measure(c),
              bare: measure(c, "No Such Font"),
              square,
            }));
          });
          assert.ok(glyphs.length > 0);
          for (const g of glyphs) {
            assert.notEqual(g.page, g.square, `${g.c} renders as a square (${g.page}px, bare ${g.bare}px)`);
          }
          await page.locator("main h1").screenshot({
            path: new URL(`glyphs_${token === CJK_NAME_TOKEN ? "cjk" : "emoji"}.png`, SHOTS).pathname,
          });
        }
        await context.close();
      });
    } finally {
      await browser.close();
      await server.stop();
    }
  },
});
