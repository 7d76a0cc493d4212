/**
 * Shared by the Chromium tests of the screens (`screens_*_test.ts`,
 * `a11y_test.ts`): a sample path for every whitelisted route, the
 * viewports and colour schemes the screens are checked at, and pages that
 * browse like a visitor (a desktop or phone Chrome User-Agent, since
 * `HeadlessChrome` counts as a crawler).
 *
 * @module
 */
import assert from "node:assert/strict";
import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { BROWSER_USER_AGENT } from "./server_harness.ts";
import { DEMO_WALLET, LOOPBACK_LIZARDS, USDC_WETH_V2_PAIR, USDC_WETH_V3_POOL } from "../demo_gateway/mod.ts";

/** UNI on Ethereum, known to the demo gateway. */
export const UNI = "0x1f9840a85d5af5bf1d1762f925bdaddc4201f984";

/** Values for every route parameter of the whitelist, all known to the demo gateway. */
export const PARAMS: Readonly<Record<string, string>> = {
  chainName: "ethereum",
  tokenAddress: UNI,
  poolAddress: USDC_WETH_V3_POOL.address,
  tokenId: "1",
  contractAddress: LOOPBACK_LIZARDS.address,
  walletAddress: DEMO_WALLET,
  pairAddress: USDC_WETH_V2_PAIR.address,
  address: USDC_WETH_V2_PAIR.address,
  protocolVersion: "v3",
  currencyIdA: "ETH",
  currencyIdB: UNI,
  fee: "3000",
};

/** A concrete path for a whitelist pattern; portfolio pages get the demo wallet. */
export function samplePath(pattern: string): string {
  const path = pattern.replace("{/*}?", "").replace(/:(\w+)/g, (_, name: string) => {
    const value = PARAMS[name];
    assert.ok(value, `no sample value for :${name}`);
    return value;
  });
  return path.startsWith("/portfolio") ? `${path}?address=${DEMO_WALLET}` : path;
}

/** The phone and desktop viewports of the issue. */
export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
} as const;

const USER_AGENTS = {
  phone:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  desktop: BROWSER_USER_AGENT,
} as const;

/** A browser context that browses like a visitor on a phone or a desktop, in a colour scheme. */
export function visitorContext(
  browser: Browser,
  options: { device: keyof typeof VIEWPORTS; scheme?: "light" | "dark"; clipboard?: boolean },
): Promise<BrowserContext> {
  return browser.newContext({
    viewport: VIEWPORTS[options.device],
    userAgent: USER_AGENTS[options.device],
    colorScheme: options.scheme ?? "light",
    isMobile: options.device === "phone",
    hasTouch: options.device === "phone",
    permissions: options.clipboard ? ["clipboard-read", "clipboard-write"] : [],
  });
}

/** Waits until React Router has hydrated the page. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => "__reactRouterDataRouter" in globalThis, null, { timeout: 15_000 });
}

/** Collects console errors and page errors of a page. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** A file name for a screenshot of a path. */
export function shotName(path: string): string {
  const name = path.split("?")[0].replace(/^\//, "").replace(/[^a-z0-9]+/gi, "_").slice(0, 60);
  return `${name || "home"}.png`;
}

/** The axe rule sets the screens are held to: WCAG 2.2 A/AA and best practices. */
export const AXE_TAGS: readonly string[] = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** The rules whose outcome depends on the colour scheme (all a second scheme needs to be checked for). */
export const COLOUR_RULES: readonly string[] = ["color-contrast", "link-in-text-block"];

/**
 * Serious and critical axe violations of the page, as short lines: every rule of {@linkcode AXE_TAGS}, or only
 * `rules` (e.g. {@linkcode COLOUR_RULES} in the dark scheme).
 */
export async function seriousViolations(page: Page, rules?: readonly string[]): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const result = await (rules ? builder.withRules([...rules]) : builder.withTags([...AXE_TAGS])).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
}
