/**
 * Accessibility of every whitelisted route in Chromium: axe-core
 * (`@axe-core/playwright`, WCAG 2.2 A/AA and best-practice rules) reports no
 * serious or critical violation on a desktop viewport in the light scheme,
 * and no colour violation in the dark scheme (the only rules a scheme
 * changes); the main screens are checked on a phone as well.
 */
import assert from "node:assert/strict";
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { PREVIEW_ROUTES } from "../lib/preview_routes.ts";
import { launchBrowser, startServer } from "./server_harness.ts";
import { hydrated, samplePath, UNI, visitorContext } from "./screens_support.ts";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
/** The rules whose outcome depends on the colour scheme. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** Screens checked on the phone viewport too. */
const PHONE_PATHS = ["/explore", `/explore/tokens/ethereum/${UNI}`, "/explore?tab=pools", "/swap", "/nfts"];

async function seriousViolations(page: Page, scheme: "light" | "dark"): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const result = await (scheme === "light" ? builder.withTags(TAGS) : builder.withRules(COLOUR_RULES)).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
}

Deno.test({
  name: "a11y: axe finds no serious or critical violation on any whitelisted route, light and dark",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await startServer();
    const browser = await launchBrowser();
    try {
      for (const scheme of ["light", "dark"] as const) {
        await t.step(`${scheme}: every whitelisted route at 1280 px`, async () => {
          const context = await visitorContext(browser, { device: "desktop", scheme });
          const page = await context.newPage();
          const found: string[] = [];
          for (const route of PREVIEW_ROUTES) {
            const path = samplePath(route.pattern);
            await page.goto(server.url + path, { waitUntil: "load" });
            await hydrated(page);
            for (const v of await seriousViolations(page, scheme)) found.push(`${path}: ${v}`);
          }
          await context.close();
          assert.deepEqual(found, []);
        });
        await t.step(`${scheme}: main screens at 390 px`, async () => {
          const context = await visitorContext(browser, { device: "phone", scheme });
          const page = await context.newPage();
          const found: string[] = [];
          for (const path of PHONE_PATHS) {
            await page.goto(server.url + path, { waitUntil: "load" });
            await hydrated(page);
            for (const v of await seriousViolations(page, scheme)) found.push(`${path}: ${v}`);
          }
          await context.close();
          assert.deepEqual(found, []);
        });
      }
    } finally {
      await browser.close();
      await server.stop();
    }
  },
});
