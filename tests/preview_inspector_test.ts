/**
 * The preview inspector end to end (`preview_stack.ts`: the real crawler
 * documents and share images in process, served on loopback): it names the
 * seven platforms, shows and checks the real card (a 1200x630 PNG), reads the
 * price labels and the canonical link, answers 400 for other origins, and is
 * axe clean in Chromium with JavaScript off. Prints how long a cached page
 * takes to inspect.
 */
import assert from "node:assert/strict";
import { AxeBuilder } from "@axe-core/playwright";
import { launchBrowser } from "./server_harness.ts";
import { startPreviewStack } from "./preview_stack.ts";

const UNI = "0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984";
const PAGE = `/explore/tokens/ethereum/${UNI}`;
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

Deno.test({
  name: "inspector: seven platforms, the real card checked, 400 elsewhere, axe clean, no script",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const stack = await startPreviewStack("inspector-token-0123456789");
    const browser = await launchBrowser();
    try {
      const inspect = (path: string) => fetch(`${stack.url}/preview?path=${encodeURIComponent(path)}`);
      const first = await inspect(PAGE);
      assert.equal(first.status, 200);
      const html = await first.text();
      for (const name of ["X", "Facebook", "LinkedIn", "Slack", "Discord", "Telegram", "iMessage"]) {
        assert.match(html, new RegExp(`>${name}</h3>`), name);
      }
      assert.match(html, new RegExp(`<img src="/api/image/tokens/ethereum/${UNI}"`));
      assert.match(html, /status 200, image\/png, \d+ bytes, 1200x630, ratio 1\.90:1/);
      assert.match(html, /<li>Price: \$9\.84<\/li><li>24h: -0\.03%<\/li>/);
      assert.match(html, /<code>canonical<\/code>/);
      assert.equal(stack.gateway.calls.get("Token"), 1, "seven crawler views and the image cost one gateway call");

      const started = performance.now();
      const cached = await inspect(PAGE);
      await cached.text();
      console.log(`inspector: cached page answered in ${(performance.now() - started).toFixed(0)} ms`);

      // A name too long for X: the page cuts it to 70 characters, and the inspector says so.
      stack.symbol = "EXTRAORDINARILYLONGSYMBOL".repeat(4);
      const long = await (await inspect(`/explore/tokens/ethereum/0x${"ab".repeat(20)}`)).text();
      assert.match(long, /Title too long for X/);

      for (const bad of ["https://elsewhere.example/", "//evil.example/", "/\\evil.example", "/%2F%2Fevil.example"]) {
        const response = await inspect(bad);
        assert.equal(response.status, 400, bad);
        assert.match(await response.text(), /Cannot inspect/);
      }

      // The inspector sends no script (so it works with JavaScript off); axe itself runs as a script in the page.
      assert.doesNotMatch(html, /<script/i);
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const found: string[] = [];
      for (const path of [`/preview?path=${encodeURIComponent(PAGE)}`, "/preview?path=https://elsewhere.example/"]) {
        await page.goto(stack.url + path, { waitUntil: "load" });
        // The card image is drawn by the real share image route.
        if (path.includes("explore")) {
          const loaded = await page.$$eval(
            "img",
            (images) => images.every((i) => i.complete && i.naturalWidth === 1200),
          );
          assert.ok(loaded, "every card image loaded");
        }
        const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
        for (const v of result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")) {
          found.push(`${path}: ${v.id} ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
        }
      }
      await context.close();
      assert.deepEqual(found, []);
    } finally {
      await browser.close();
      await stack.close();
    }
  },
});
