/**
 * Every whitelisted page, fetched as a browser and as a crawler from the
 * running service and cut at 32 KB (what Slack reads): every preview tag is
 * there, `<link rel="canonical">` equals `og:url`, and token and pool pages
 * carry their two unfurl labels (Price and 24h; TVL and Fee tier).
 */
import assert from "node:assert/strict";
import { PREVIEW_ROUTES } from "../lib/preview_routes.ts";
import { readTags, TAG_WINDOW_BYTES, tagValue } from "../server/previews/inspector_checks.ts";
import { BROWSER_USER_AGENT, startServer } from "./server_harness.ts";
import { samplePath } from "./screens_support.ts";

const REQUIRED = [
  "title",
  "description",
  "og:title",
  "og:description",
  "og:image",
  "og:url",
  "canonical",
  "twitter:card",
  "twitter:title",
  "twitter:image",
];

Deno.test({
  name: "preview tags: every whitelisted page, browser and crawler, has every tag within 32 KB",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const server = await startServer();
    const problems: string[] = [];
    try {
      for (const route of PREVIEW_ROUTES) {
        const path = samplePath(route.pattern);
        for (const [who, userAgent] of [["browser", BROWSER_USER_AGENT], ["crawler", "Slackbot-LinkExpanding 1.0"]]) {
          const response = await fetch(server.url + path, { headers: { "user-agent": userAgent } });
          const bytes = new Uint8Array(await response.arrayBuffer());
          const head = new TextDecoder().decode(bytes.subarray(0, TAG_WINDOW_BYTES));
          const tags = readTags(head);
          const label = `${who} ${path}`;
          if (response.status !== 200) problems.push(`${label}: status ${response.status}`);
          for (const name of REQUIRED) {
            if (tagValue(tags, name) === null) problems.push(`${label}: no ${name} in 32 KB`);
          }
          if (tagValue(tags, "canonical") !== tagValue(tags, "og:url")) {
            problems.push(
              `${label}: canonical ${tagValue(tags, "canonical")} is not og:url ${tagValue(tags, "og:url")}`,
            );
          }
          const labels = [tagValue(tags, "twitter:label1"), tagValue(tags, "twitter:label2")];
          if (route.kind === "token" && labels.join() !== "Price,24h") problems.push(`${label}: labels ${labels}`);
          if (route.kind === "pool" && labels.join() !== "TVL,Fee tier") problems.push(`${label}: labels ${labels}`);
        }
      }
    } finally {
      await server.stop();
    }
    assert.deepEqual(problems, []);
  },
});
