import assert from "node:assert/strict";
import { createPreviewInspector, escapeHtml } from "./inspector.ts";
import { cardView, cutText, imageSize, PLATFORMS, readTags } from "./inspector_checks.ts";
import { isCrawler } from "../../lib/crawler_view.ts";
import { createRateLimiter } from "../http/rate_limit.ts";
import { tokenTitle } from "./previews.ts";

const ORIGIN = "http://app.test";
const TOKEN_PATH = "/explore/tokens/ethereum/0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984";

/** A PNG header of the given size (enough for the size reader; the rest is padding). */
function png(width: number, height: number, bytes = 2000): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(bytes);
  data.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(data.buffer).setUint32(16, width);
  new DataView(data.buffer).setUint32(20, height);
  return data;
}

function documentWith(title: string, options: { padding?: number; image?: string } = {}): string {
  const image = options.image ?? `${ORIGIN}/api/image/tokens/ethereum/0x1f98`;
  const escaped = escapeHtml(title);
  return `<!DOCTYPE html><html><head>${"<!-- pad -->".repeat(options.padding ?? 0)}<title>${escaped}</title>` +
    `<meta property="og:title" content="${escaped}"><meta name="twitter:title" content="${escaped}">` +
    `<meta property="og:description" content="A description.">` +
    `<meta property="og:image" content="${image}"><meta name="twitter:image" content="${image}">` +
    `<meta property="og:url" content="${ORIGIN}${TOKEN_PATH}"><link rel="canonical" href="${ORIGIN}${TOKEN_PATH}">` +
    `<meta name="twitter:label1" content="Price"><meta name="twitter:data1" content="$9.84">` +
    `<meta name="theme-color" content="#fc72ff"></head><body></body></html>`;
}

/** The service as the inspector sees it: records every request it gets. */
function fakeService(html: () => string, image: () => Response) {
  const seen: Request[] = [];
  const fetchSelf = (request: Request) => {
    seen.push(request);
    const path = new URL(request.url).pathname;
    if (path.startsWith("/api/image/")) return Promise.resolve(image());
    return Promise.resolve(new Response(html(), { headers: { "content-type": "text/html; charset=utf-8" } }));
  };
  return { seen, fetchSelf };
}

async function inspect(
  inspector: ReturnType<typeof createPreviewInspector>,
  path: string,
): Promise<{ status: number; html: string }> {
  const response = await inspector(new Request(`${ORIGIN}/preview?path=${encodeURIComponent(path)}`));
  assert.ok(response);
  return { status: response.status, html: await response.text() };
}

Deno.test("inspector: seven platforms' cards, the image checked, a title too long for X flagged", async () => {
  const longTitle = "Get " + "A".repeat(80) + " on Uniswap";
  const service = fakeService(
    () => documentWith(longTitle),
    () => new Response(png(1200, 630), { headers: { "content-type": "image/png" } }),
  );
  const inspector = createPreviewInspector({ fetchSelf: service.fetchSelf });
  const { status, html } = await inspect(inspector, TOKEN_PATH);
  assert.equal(status, 200);
  for (const name of ["X", "Facebook", "LinkedIn", "Slack", "Discord", "Telegram", "iMessage"]) {
    assert.match(html, new RegExp(`<h3 id="card-[a-z]+">${name}</h3>`), name);
  }
  assert.match(html, /<img src="\/api\/image\/tokens\/ethereum\/0x1f98"/);
  assert.match(html, /status 200, image\/png, 2000 bytes, 1200x630, ratio 1\.90:1/);
  assert.match(html, /Title too long for X: 95 characters, it shows 70; the title is cut\./);
  assert.match(html, /Sharing Debugger/);
  assert.match(html, /post-inspector/);
  assert.match(html, /@WebpageBot/);
  assert.match(html, /utm_content=card-/);
  // Every platform's crawler asked for the page with its own User-Agent, on this origin only, plus one image.
  const pages = service.seen.filter((r) => !new URL(r.url).pathname.startsWith("/api/"));
  assert.deepEqual(pages.map((r) => r.headers.get("user-agent")), PLATFORMS.map((p) => p.userAgent));
  assert.ok(service.seen.every((r) => new URL(r.url).origin === ORIGIN));
  assert.equal(service.seen.length, PLATFORMS.length + 1);
  assert.ok(PLATFORMS.every((p) => isCrawler(p.userAgent)), "every platform gets the crawler view");
});

Deno.test("inspector: hostile titles are escaped; an image elsewhere is named, not fetched", async () => {
  const service = fakeService(
    () =>
      documentWith(`<script>alert(1)</script>"><img src=x onerror=alert(2)>`, { image: "https://evil.example/i.png" }),
    () => new Response("never"),
  );
  const inspector = createPreviewInspector({ fetchSelf: service.fetchSelf });
  const { html } = await inspect(inspector, TOKEN_PATH);
  assert.doesNotMatch(html, /<script/i);
  assert.doesNotMatch(html, /<img src=x/);
  assert.match(html, /&#60;script&#62;alert\(1\)/);
  assert.match(html, /Image on another origin/);
  assert.ok(service.seen.every((r) => new URL(r.url).origin === ORIGIN));
});

Deno.test("inspector: not a whitelisted path of this origin is a 400 page, nothing fetched", async () => {
  const service = fakeService(() => "", () => new Response());
  const inspector = createPreviewInspector({ fetchSelf: service.fetchSelf });
  for (
    const path of [
      "https://elsewhere.example/",
      "//evil.example/explore",
      "/\\evil.example",
      "/%2F%2Fevil.example",
      "/%252F%252Fevil",
      "/api/image/tokens/ethereum/0x1",
      "/preview",
      "",
    ]
  ) {
    const { status, html } = await inspect(inspector, path);
    assert.equal(status, 400, path);
    assert.match(html, /Cannot inspect/);
  }
  const bare = await inspector(new Request(`${ORIGIN}/preview`));
  assert.equal(bare?.status, 400);
  assert.equal(service.seen.length, 0);
  assert.equal(await inspector(new Request(`${ORIGIN}/previews`)), null);
});

Deno.test("inspector: Slack's 32 KB window, a missing image and a large one are warned about", () => {
  const late = readTags(documentWith("Fine title", { padding: 4000 }));
  const slack = PLATFORMS.find((p) => p.id === "slack")!;
  assert.match(cardView(slack, late, null).warnings.join(" "), /past the first 32 KB/);
  const x = PLATFORMS[0];
  const noImage = readTags("<title>t</title>");
  assert.match(cardView(x, noImage, null).warnings.join(" "), /No image/);
  const huge = { url: "u", status: 200, type: "image/png", bytes: 6 * 1024 * 1024, width: 1200, height: 630 };
  assert.match(cardView(x, readTags(documentWith("t")), huge).warnings.join(" "), /Image too large/);
  assert.equal(cardView(slack, readTags(documentWith("t")), null).labels[0].data, "$9.84");
  assert.deepEqual(imageSize(png(1200, 630)), { width: 1200, height: 630 });
  assert.equal(cutText("abcdef", 4).text, "abc…");
});

Deno.test("inspector: the purge form posts the path and token to the purge as a bearer token", async () => {
  const service = fakeService(() => documentWith("t"), () => new Response(png(1200, 630)));
  const purged: { authorization: string | null; body: string }[] = [];
  const inspector = createPreviewInspector({
    fetchSelf: service.fetchSelf,
    purge: async (request) => {
      purged.push({ authorization: request.headers.get("authorization"), body: await request.text() });
      const ok = request.headers.get("authorization") === "Bearer right-token-0123456789";
      return ok
        ? Response.json({ removed: { preview: true, images: 1, queries: 0, documents: 0 } })
        : Response.json({ error: "x" }, { status: 401 });
    },
  });
  const { html } = await inspect(inspector, TOKEN_PATH);
  assert.match(html, /<form method="post" action="\/preview">/);
  const post = (token: string) =>
    inspector(
      new Request(`${ORIGIN}/preview`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ path: TOKEN_PATH, token }).toString(),
      }),
    );
  const ok = await post("right-token-0123456789");
  assert.equal(ok?.status, 200);
  assert.match(await ok!.text(), /Purged:/);
  const wrong = await post("wrong");
  assert.equal(wrong?.status, 401);
  assert.match(await wrong!.text(), /missing or wrong token/);
  assert.deepEqual(purged[0], {
    authorization: "Bearer right-token-0123456789",
    body: JSON.stringify({ path: TOKEN_PATH }),
  });
  const without = createPreviewInspector({ fetchSelf: service.fetchSelf });
  assert.doesNotMatch((await inspect(without, TOKEN_PATH)).html, /method="post"/);
});

Deno.test("inspector: a title the page already cut to 70 characters is flagged too", () => {
  const cutTitle = tokenTitle("B".repeat(200), null);
  assert.match(cutTitle, /^Get B+… on Uniswap$/);
  const warnings = cardView(PLATFORMS[0], readTags(documentWith(cutTitle)), null).warnings;
  assert.match(warnings.join(" "), /Title too long for X's 70 characters: the page already cut the name in it/);
  const fine = cardView(PLATFORMS[0], readTags(documentWith("Get UNI on Uniswap")), null).warnings;
  assert.doesNotMatch(fine.join(" "), /Title/);
});

Deno.test("inspector: rate limited per client", async () => {
  const service = fakeService(() => documentWith("t"), () => new Response(png(1200, 630)));
  let client = "a";
  const inspector = createPreviewInspector({
    fetchSelf: service.fetchSelf,
    clientOf: () => client,
    rateLimiter: createRateLimiter({ ratePerSecond: 0.001, burst: 2 }),
  });
  assert.equal((await inspect(inspector, TOKEN_PATH)).status, 200);
  assert.equal((await inspect(inspector, "https://elsewhere.example/")).status, 400);
  const busy = await inspector(new Request(`${ORIGIN}/preview?path=${encodeURIComponent(TOKEN_PATH)}`));
  assert.equal(busy?.status, 429);
  assert.ok(Number(busy?.headers.get("retry-after")) > 0);
  client = "b";
  assert.equal((await inspect(inspector, TOKEN_PATH)).status, 200);
});
