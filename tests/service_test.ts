/**
 * The service as a client sees it: the real server process on a loopback
 * port, real HTTP requests. Covers the routing order, the static passthrough
 * and its safety, 404 pages, asset cache headers, logging and configuration.
 */
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { JSDOM } from "jsdom";
import { PREVIEW_ROUTES } from "../lib/preview_routes.ts";
import type { ServerBuild } from "react-router";
import { loadConfig } from "../server/config.ts";
import { startService } from "../server.ts";
import { createImageHandler } from "../og/mod.ts";
import { importServerBuild } from "../server/app_build.ts";
import { BROWSER_USER_AGENT, rawRequest, startServer, TEST_ENV, type TestServer } from "./server_harness.ts";
import { ROOT_DIR } from "../server/paths.ts";

/** Fills a whitelist pattern with plausible parameter values. */
function examplePath(pattern: string): string {
  return pattern
    .replace("{/*}?", "/proposal/1")
    .replace(/:chainName/g, "ethereum")
    .replace(/:(tokenAddress|poolAddress|pairAddress|contractAddress|walletAddress|address)/g, `0x${"ab".repeat(20)}`)
    .replace(/:(tokenId|protocolVersion|currencyIdA|currencyIdB)/g, "1")
    .replace(/:fee/g, "3000");
}

async function withServer(fn: (server: TestServer) => Promise<void>, env: Record<string, string> = {}) {
  const server = await startServer(env);
  try {
    await fn(server);
  } finally {
    await server.stop();
  }
}

Deno.test("server: routing order, static passthrough, 404s and cache headers", async (t) => {
  await withServer(async (server) => {
    await t.step("every whitelisted route renders a page with its heading", async () => {
      for (const route of PREVIEW_ROUTES) {
        const path = examplePath(route.pattern);
        const response = await fetch(server.url + path, { headers: { "user-agent": BROWSER_USER_AGENT } });
        const html = await response.text();
        assert.equal(response.status, 200, `${path} answered ${response.status}`);
        assert.match(response.headers.get("content-type") ?? "", /^text\/html/);
        const doc = new JSDOM(html).window.document;
        assert.ok(doc.querySelector("main h1")?.textContent?.trim(), `${path} has no heading`);
        assert.ok(doc.querySelector("header nav"), `${path} has no layout frame`);
      }
    });

    await t.step("image routes go to og/ (404 texts for unknown tokens and pools)", async () => {
      const token = await fetch(`${server.url}/api/image/tokens/notachain/0x1`);
      assert.equal(token.status, 404);
      assert.equal(await token.text(), "Token not found.");
      const pool = await fetch(`${server.url}/api/image/pools/notachain/0x1`);
      assert.equal(pool.status, 404);
      assert.equal(await pool.text(), "Pool not found.");
      const post = await fetch(`${server.url}/api/image/tokens/ethereum/0x1`, { method: "POST" });
      assert.equal(post.status, 405);
      await post.body?.cancel();
    });

    await t.step("other /api/ paths are static files: a miss is a plain 404", async () => {
      const response = await fetch(`${server.url}/api/does-not-exist.json`);
      assert.equal(response.status, 404);
      assert.match(response.headers.get("content-type") ?? "", /^text\/plain/);
      assert.equal(await response.text(), "Not Found");
    });

    await t.step("traversal never discloses a project file", async () => {
      const denoJson = await readFile(`${ROOT_DIR}deno.json`, "utf8");
      const serverTs = await readFile(`${ROOT_DIR}server.ts`, "utf8");
      const targets = [
        "/api/../deno.json",
        "/api/%2e%2e/server.ts",
        "/api/%2E%2E/%2E%2E/server.ts",
        "/api/..%2fdeno.json",
        "/api/..%2Fserver.ts",
        "/api/%2e%2e%2fdeno.json",
        "/api/....//deno.json",
        "/api/..\\deno.json",
        "/api/%5c..%5cdeno.json",
        "/api/.%2e/.%2e/deno.json",
        "/api/%252e%252e/deno.json",
        "/api/..%00/deno.json",
        "/..%2fdeno.json",
        "/%2e%2e/server.ts",
        "/static/../deno.json",
        "/.git/HEAD",
        "/api/.git/HEAD",
        "/assets/../../deno.json",
        "/assets/%2e%2e/%2e%2e/server.ts",
      ];
      for (const target of targets) {
        const { status, body } = await rawRequest(server.url, target);
        assert.notEqual(status, 0, `${target}: no HTTP answer`);
        assert.notEqual(status, 200, `${target} answered 200`);
        assert.ok(!body.includes(denoJson.slice(0, 40)), `${target} disclosed deno.json`);
        assert.ok(!body.includes(serverTs.slice(0, 40)), `${target} disclosed server.ts`);
        assert.ok(!body.includes("ref: refs/"), `${target} disclosed .git`);
      }
    });

    await t.step("an unmatched path is a 404 page without preview tags", async () => {
      for (const path of ["/nope", "/explore/tokens", "/tokens/ethereum/0xabc/extra", "/swap/x/y"]) {
        const response = await fetch(server.url + path);
        assert.equal(response.status, 404, path);
        const doc = new JSDOM(await response.text()).window.document;
        assert.equal(doc.querySelector("h1")?.textContent, "404 Not Found");
        assert.equal(doc.querySelectorAll('meta[property^="og:"], meta[name^="twitter:"]').length, 0);
      }
    });

    await t.step("built client assets are immutable; public files are served", async () => {
      const assets = await readdir(`${ROOT_DIR}build/client/assets`);
      const js = assets.find((name) => name.endsWith(".js"));
      assert.ok(js, "no built asset");
      const response = await fetch(`${server.url}/assets/${js}`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get("cache-control"), "public, max-age=31536000, immutable");
      assert.match(response.headers.get("content-type") ?? "", /javascript/);
      await response.body?.cancel();
      const html = await (await fetch(`${server.url}/`, { headers: { "user-agent": BROWSER_USER_AGENT } })).text();
      const scripts = [...new JSDOM(html).window.document.querySelectorAll("script[src], link[rel=modulepreload]")]
        .map((el) => el.getAttribute("src") ?? el.getAttribute("href"));
      assert.ok(scripts.some((src) => src?.startsWith("/assets/")), "the page does not load built assets");
      const icon = await fetch(`${server.url}/favicon.svg`);
      assert.equal(icon.status, 200);
      assert.match(await icon.text(), /<svg/);
    });

    await t.step("one structured log line per request", async () => {
      await (await fetch(`${server.url}/explore?x=1`)).body?.cancel();
      const parse = (l: string) => {
        try {
          return JSON.parse(l);
        } catch {
          return null;
        }
      };
      const line = parse(
        await server.waitForLine((l) => {
          const entry = parse(l);
          return entry?.path === "/explore" && entry?.method === "GET";
        }),
      );
      assert.equal(line.status, 200);
      assert.equal(typeof line.ms, "number");
    });
  });
});

Deno.test("server: a thrown server error is a 500 page without a stack trace or preview tags", async () => {
  const build = await importServerBuild();
  const secret = "secret-detail-7f3a";
  const throwing: ServerBuild = {
    ...build,
    assets: {
      ...build.assets,
      routes: {
        ...build.assets.routes,
        "routes/__throws": {
          ...build.assets.routes["routes/swap"]!,
          id: "routes/__throws",
          path: "__throws",
          hasLoader: true,
        },
      },
    },
    routes: {
      ...build.routes,
      "routes/__throws": {
        id: "routes/__throws",
        parentId: "root",
        path: "__throws",
        module: {
          loader() {
            throw new Error(secret);
          },
          default: () => null,
        } as unknown as NonNullable<ServerBuild["routes"][string]>["module"],
      },
    },
  };
  const config = loadConfig({ ...TEST_ENV, GRAPHQL_URL: "http://127.0.0.1:9/graphql" });
  const originalError = console.error;
  console.error = () => {};
  const service = await startService(config, {
    createImages: createImageHandler,
    loadBuild: () => Promise.resolve(throwing),
    mode: "production",
  });
  try {
    const response = await fetch(`${service.url}/__throws`);
    const html = await response.text();
    assert.equal(response.status, 500);
    const doc = new JSDOM(html).window.document;
    assert.equal(doc.querySelector("h1")?.textContent, "500 Internal Server Error");
    assert.ok(!html.includes(secret), "the error message leaked");
    assert.ok(!/at .*\.(ts|js):\d+/.test(html), "a stack trace leaked");
    assert.equal(doc.querySelectorAll('meta[property^="og:"]').length, 0);
  } finally {
    await service.shutdown();
    console.error = originalError;
  }
});

Deno.test("server: invalid configuration stops the start with a clear message", async () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ PORT: "eighty" }, /Invalid configuration: Cannot parse PORT "eighty": expected an integer/],
    [{ GRAPHQL_URL: "nope" }, /Cannot parse GRAPHQL_URL "nope": expected an absolute URL/],
    [{ PUBLIC_ORIGIN: "example.com" }, /Cannot parse PUBLIC_ORIGIN "example.com"/],
    [{ LOGO_ALLOWED_HOSTS: "a,b" }, /Cannot parse LOGO_ALLOWED_HOSTS entry "a"/],
  ];
  for (const [env, message] of cases) {
    await assert.rejects(startServer(env), (error: Error) => {
      assert.match(error.message, /exited with 1 before listening/);
      assert.match(error.message, message);
      return true;
    });
  }
});

Deno.test("server: SIGTERM stops it gracefully", async () => {
  const server = await startServer();
  const status = await server.stop();
  assert.equal(status.code, 0);
  assert.ok(server.output.some((line) => line.includes("Shutting down")));
});
