import assert from "node:assert/strict";
import type { ServerBuild } from "react-router";
import { crawlerBuild, createCrawlerDocuments } from "./crawler.ts";
import { isCrawlerView } from "../../lib/crawler_view.ts";

const TOKEN = "http://app.test/explore/tokens/ethereum/0x1f9840a85d5af5bf1d1762f925bdaddc4201f984";
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

function get(url: string, userAgent: string | null, headers: Record<string, string> = {}): Request {
  return new Request(url, { headers: userAgent === null ? headers : { "user-agent": userAgent, ...headers } });
}

function html(body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, { headers: { "content-type": "text/html; charset=utf-8", ...headers } });
}

Deno.test("crawler view: a bot's GET of a whitelisted page, nothing else", () => {
  for (const ua of ["Twitterbot/1.0", "facebookexternalhit/1.1", "Slackbot-LinkExpanding 1.0", "Discordbot/2.0"]) {
    assert.equal(isCrawlerView(get(TOKEN, ua)), true, ua);
    assert.equal(isCrawlerView(get("http://app.test/swap", ua)), true, ua);
    assert.equal(isCrawlerView(get("http://app.test/nope", ua)), false, `${ua} on a path outside the whitelist`);
    assert.equal(isCrawlerView(new Request(TOKEN, { method: "POST", headers: { "user-agent": ua } })), false);
  }
  assert.equal(isCrawlerView(get(TOKEN, CHROME)), false);
  assert.equal(isCrawlerView(get(TOKEN, "")), false);
  assert.equal(isCrawlerView(get(TOKEN, null)), false);
});

Deno.test("crawler build: only the root loader is left, and the manifest says so", () => {
  const loader = () => null;
  const route = (id: string, parentId?: string) => ({
    id,
    parentId,
    path: id === "root" ? "" : id,
    module: { loader, default: () => null },
  });
  const build = {
    routes: { root: route("root"), "routes/a": route("routes/a", "root"), "routes/b": route("routes/b", "root") },
    assets: {
      routes: {
        root: { id: "root", hasLoader: true },
        "routes/a": { id: "routes/a", hasLoader: true },
        "routes/b": { id: "routes/b", hasLoader: true },
      },
    },
  } as unknown as ServerBuild;
  const crawler = crawlerBuild(build);
  assert.equal(crawler.routes.root?.module.loader, loader);
  assert.equal(crawler.routes["routes/a"]?.module.loader, undefined);
  assert.ok(crawler.routes["routes/a"]?.module.default, "the component is kept");
  assert.equal(crawler.assets.routes["routes/b"]?.hasLoader, false);
  assert.equal(crawler.assets.routes.root?.hasLoader, true);
  // the original build is untouched
  assert.equal(build.routes["routes/a"]?.module.loader, loader);
  assert.equal(build.assets.routes["routes/a"]?.hasLoader, true);
});

Deno.test("crawler documents: kept per URL and x-blocked-paths, for the TTL, and shared while rendering", async () => {
  let clock = 0;
  let renders = 0;
  const gate = Promise.withResolvers<void>();
  const documents = createCrawlerDocuments({ ttlMs: 1_000, now: () => clock });
  const render = async () => {
    renders++;
    await gate.promise;
    return html(`<html><head></head><body>render ${renders}</body></html>`, { vary: "User-Agent" });
  };
  const first = documents.serve(get(TOKEN, "Twitterbot/1.0"), render);
  const second = documents.serve(get(TOKEN, "Twitterbot/1.0"), render);
  gate.resolve();
  const [a, b] = await Promise.all([first, second]);
  assert.equal(await a.text(), "<html><head></head><body>render 1</body></html>");
  assert.equal(await b.text(), "<html><head></head><body>render 1</body></html>");
  assert.equal(a.headers.get("vary"), "User-Agent");
  assert.equal(renders, 1);

  assert.match(await (await documents.serve(get(TOKEN, "Twitterbot/1.0"), render)).text(), /render 1/);
  const blocked = documents.serve(get(TOKEN, "Twitterbot/1.0", { "x-blocked-paths": "/x" }), render);
  assert.match(await (await blocked).text(), /render 2/);
  assert.match(await (await documents.serve(get(`${TOKEN}?lang=fr`, "Twitterbot/1.0"), render)).text(), /render 3/);
  clock += 1_000;
  assert.match(await (await documents.serve(get(TOKEN, "Twitterbot/1.0"), render)).text(), /render 4/);
  assert.equal(documents.size, 3);
});

Deno.test("crawler documents: never keeps a failed preview, an error or a non-HTML answer", async () => {
  const documents = createCrawlerDocuments({ ttlMs: 60_000 });
  const answers = [
    html("<p>default preview</p>", { "cache-control": "no-store" }),
    html("<p>500</p>"),
    new Response("{}", { headers: { "content-type": "application/json" } }),
  ];
  const statuses = [200, 500, 200];
  for (const [i, answer] of answers.entries()) {
    let renders = 0;
    const render = () => {
      renders++;
      return Promise.resolve(new Response(answer.clone().body, { status: statuses[i], headers: answer.headers }));
    };
    const url = `${TOKEN}?case=${i}`;
    assert.equal((await documents.serve(get(url, "Twitterbot/1.0"), render)).status, statuses[i]);
    assert.equal((await documents.serve(get(url, "Twitterbot/1.0"), render)).status, statuses[i]);
    assert.equal(renders, 2, `case ${i} was kept`);
  }
  assert.equal(documents.size, 0);

  const off = createCrawlerDocuments({ ttlMs: 0 });
  let renders = 0;
  const render = () => Promise.resolve(html(`<p>${++renders}</p>`));
  await off.serve(get(TOKEN, "Twitterbot/1.0"), render);
  await off.serve(get(TOKEN, "Twitterbot/1.0"), render);
  assert.equal(renders, 2);
});
