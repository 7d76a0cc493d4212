/**
 * Accessibility of every whitelisted route in Chromium: axe-core
 * (`@axe-core/playwright`, WCAG 2.2 A/AA and best-practice rules) reports no
 * serious or critical violation on a desktop viewport in the light scheme,
 * and no colour violation in the dark scheme (the only rules a scheme
 * changes); the main screens are checked on a phone as well.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { PREVIEW_ROUTES } from "../lib/preview_routes.ts";
import { launchBrowser, startServer } from "./server_harness.ts";
import { COLOUR_RULES, hydrated, samplePath, seriousViolations, UNI, visitorContext } from "./screens_support.ts";

/** Screens checked on the phone viewport too. */
const PHONE_PATHS = ["/explore", `/explore/tokens/ethereum/${UNI}`, "/explore?tab=pools", "/swap", "/nfts"];

/** One path per route module: an alias renders the same module, so its markup is the module's. */
function routePaths(): string[] {
  const seen = new Set<string>();
  const paths: string[] = [];
  for (const route of PREVIEW_ROUTES) {
    if (seen.has(route.module)) continue;
    seen.add(route.module);
    paths.push(samplePath(route.pattern));
  }
  return paths;
}

/**
 * Each page is loaded once and checked in both schemes: the light one with every rule, then the dark one (the
 * app's colours follow `prefers-color-scheme`, which `emulateMedia` switches in place) with the colour rules.
 */
async function checkBothSchemes(page: Page, url: string, path: string, found: string[]): Promise<void> {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto(url, { waitUntil: "load" });
  await hydrated(page).catch((error) => {
    throw new Error(`${path} did not hydrate: ${error.message}`);
  });
  for (const v of await seriousViolations(page)) found.push(`light ${path}: ${v}`);
  await page.emulateMedia({ colorScheme: "dark" });
  const dark = await page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches);
  assert.ok(dark, `${path}: the dark scheme did not apply`);
  for (const v of await seriousViolations(page, COLOUR_RULES)) found.push(`dark ${path}: ${v}`);
}

Deno.test({
  name: "a11y: axe finds no serious or critical violation on any whitelisted route, light and dark",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await startServer();
    const browser = await launchBrowser();
    try {
      const paths = routePaths();
      assert.ok(paths.length >= 30, `only ${paths.length} route modules`);
      for (const device of ["desktop", "phone"] as const) {
        await t.step(
          `${device === "desktop" ? "every route module at 1280 px" : "main screens at 390 px"}`,
          async () => {
            const context = await visitorContext(browser, { device });
            const page = await context.newPage();
            const found: string[] = [];
            for (const path of device === "desktop" ? paths : PHONE_PATHS) {
              await checkBothSchemes(page, server.url + path, path, found);
            }
            await context.close();
            assert.deepEqual(found, []);
          },
        );
      }
    } finally {
      await browser.close();
      await server.stop();
    }
  },
});
