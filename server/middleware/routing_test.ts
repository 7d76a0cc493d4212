import assert from "node:assert/strict";
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { middlewares } from "../../server.ts";
import type { ServiceParts } from "../parts.ts";
import type { ImageTarget } from "../previews/share_images.ts";
import { CONTENT_SECURITY_POLICY } from "../http/security_headers.ts";
import { compose } from "./compose.ts";

/** What these tests vary of the service: the rest of its parts answer nothing. */
interface HandlerParts {
  images(request: Request, target: ImageTarget): Promise<Response>;
  app(request: Request): Promise<Response>;
  staticDir: string;
  clientDir: string | null;
  publicOrigin?: string | null;
  trustProxy?: boolean;
  contentSecurityPolicy?: string;
}

/** The service's own middleware list (server.ts) over fake parts: routing, headers, compression, HEAD. */
function createHandler(test: HandlerParts): (request: Request) => Promise<Response> {
  const parts: ServiceParts = {
    publicOrigin: test.publicOrigin ?? null,
    trustProxy: test.trustProxy ?? false,
    contentSecurityPolicy: test.contentSecurityPolicy ?? CONTENT_SECURITY_POLICY,
    images: Object.assign(test.images, { close: () => Promise.resolve() }),
    staticDir: test.staticDir,
    clientDir: test.clientDir,
    portMiddlewares: [],
    graphqlWsUrl: null,
    graphqlProxy: test.app,
    rpcProxy: Promise.resolve(() => Promise.resolve(null)),
    purge: () => Promise.resolve(null),
    inspector: () => () => Promise.resolve(null),
    crawler: test.app,
    app: test.app,
    pages: null,
    clientOf: () => "test",
    close: () => Promise.resolve(),
  };
  const handle: (request: Request) => Promise<Response> = compose(middlewares(parts, (request) => handle(request)));
  return handle;
}

const CSS = `body { color: #123456; }\n${".swap { margin: 0 auto; padding: 4px; }\n".repeat(200)}`;
const HTML = `<!DOCTYPE html><html><head><title>Swap</title></head><body>${"<p>row</p>".repeat(500)}</body></html>`;

interface Setup {
  handle: (request: Request) => Promise<Response>;
  appRequests: Request[];
  imageRequests: [Request, ImageTarget][];
  dir: string;
}

async function setup(options: Partial<HandlerParts> = {}): Promise<Setup> {
  const dir = await Deno.makeTempDir();
  await Deno.mkdir(`${dir}/static/images`, { recursive: true });
  await Deno.mkdir(`${dir}/client/assets`, { recursive: true });
  await Deno.writeTextFile(`${dir}/static/robots.txt`, "User-agent: *\nAllow: /\n");
  await Deno.writeFile(
    `${dir}/static/images/preview.png`,
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, ...new Array(3000).fill(7)]),
  );
  await Deno.writeTextFile(`${dir}/client/assets/app-abc123.css`, CSS);
  const appRequests: Request[] = [];
  const imageRequests: [Request, ImageTarget][] = [];
  const handle = createHandler({
    images(request, target) {
      imageRequests.push([request, target]);
      // like og/: HEAD says its length, GET leaves it to the byte body
      const png = new Uint8Array(2000);
      return Promise.resolve(
        request.method === "HEAD"
          ? new Response(null, { headers: { "content-type": "image/png", "content-length": "2000" } })
          : new Response(png, { headers: { "content-type": "image/png" } }),
      );
    },
    app(request) {
      appRequests.push(request);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(HTML.slice(0, 100)));
          controller.enqueue(new TextEncoder().encode(HTML.slice(100)));
          controller.close();
        },
      });
      if (new URL(request.url).pathname === "/data.json") return Promise.resolve(Response.json({ ok: true }));
      const status = new URL(request.url).pathname === "/missing" ? 404 : 200;
      return Promise.resolve(new Response(body, { status, headers: { "content-type": "text/html; charset=utf-8" } }));
    },
    staticDir: `${dir}/static`,
    clientDir: `${dir}/client`,
    ...options,
  });
  return { handle, appRequests, imageRequests, dir };
}

function req(path: string, init: RequestInit & { origin?: string } = {}): Request {
  return new Request(`${init.origin ?? "http://app.test"}${path}`, init);
}

async function bytes(response: Response): Promise<Uint8Array> {
  return new Uint8Array(await response.arrayBuffer());
}

function decoded(body: Uint8Array, encoding: string | null): string {
  const raw = encoding === "br" ? brotliDecompressSync(body) : encoding === "gzip" ? gunzipSync(body) : body;
  return new TextDecoder().decode(raw);
}

Deno.test("static files and assets carry a strong ETag and answer If-None-Match with 304", async () => {
  const t = await setup();
  try {
    for (const path of ["/assets/app-abc123.css", "/robots.txt", "/images/preview.png"]) {
      const first = await t.handle(req(path));
      assert.equal(first.status, 200, path);
      const etag = first.headers.get("etag")!;
      assert.match(etag, /^"[A-Za-z0-9_-]+"$/, `${path}: strong ETag`);
      assert.equal(first.headers.get("x-content-type-options"), "nosniff");
      await first.body?.cancel();
      const again = await t.handle(req(path, { headers: { "if-none-match": etag } }));
      assert.equal(again.status, 304, path);
      assert.equal(again.headers.get("etag"), etag);
      assert.equal(await again.text(), "");
      const other = await t.handle(req(path, { headers: { "if-none-match": '"something-else"' } }));
      assert.equal(other.status, 200);
      await other.body?.cancel();
    }
    // a compressed representation's ETag validates too
    const br = await t.handle(req("/assets/app-abc123.css", { headers: { "accept-encoding": "br" } }));
    const brTag = br.headers.get("etag")!;
    assert.match(brTag, /-br"$/);
    await br.body?.cancel();
    const revalidated = await t.handle(
      req("/assets/app-abc123.css", { headers: { "accept-encoding": "br", "if-none-match": `W/"x", ${brTag}` } }),
    );
    assert.equal(revalidated.status, 304);
    assert.equal(revalidated.headers.get("etag"), brTag);
    assert.equal(revalidated.headers.get("cache-control"), "public, max-age=31536000, immutable");
  } finally {
    await Deno.remove(t.dir, { recursive: true });
  }
});

Deno.test("a changed file gets a new ETag", async () => {
  const t = await setup();
  try {
    const before = (await t.handle(req("/robots.txt"))).headers.get("etag");
    await Deno.writeTextFile(`${t.dir}/static/robots.txt`, "User-agent: *\nDisallow: /private\n");
    const after = await t.handle(req("/robots.txt"));
    assert.notEqual(after.headers.get("etag"), before);
    assert.equal(await after.text(), "User-agent: *\nDisallow: /private\n");
  } finally {
    await Deno.remove(t.dir, { recursive: true });
  }
});

Deno.test("text files and documents are compressed for clients that accept it; PNGs never", async () => {
  const t = await setup();
  try {
    for (const encoding of ["br", "gzip"]) {
      const css = await t.handle(req("/assets/app-abc123.css", { headers: { "accept-encoding": encoding } }));
      assert.equal(css.headers.get("content-encoding"), encoding);
      assert.equal(css.headers.get("vary"), "Accept-Encoding");
      const body = await bytes(css);
      assert.equal(Number(css.headers.get("content-length")), body.byteLength);
      assert.equal(decoded(body, encoding), CSS);

      const page = await t.handle(req("/swap", { headers: { "accept-encoding": `${encoding}` } }));
      assert.equal(page.headers.get("content-encoding"), encoding);
      assert.equal(decoded(await bytes(page), encoding), HTML);
    }
    const raw = await t.handle(req("/assets/app-abc123.css"));
    assert.equal(raw.headers.get("content-encoding"), null);
    assert.equal(raw.headers.get("vary"), "Accept-Encoding");
    assert.equal(await raw.text(), CSS);
    const png = await t.handle(req("/images/preview.png", { headers: { "accept-encoding": "gzip, br" } }));
    assert.equal(png.headers.get("content-encoding"), null);
    assert.equal((await bytes(png)).byteLength, 3004);
    const image = await t.handle(
      req("/api/image/tokens/ethereum/NATIVE", { headers: { "accept-encoding": "gzip, br" } }),
    );
    assert.equal(image.headers.get("content-encoding"), null);
    assert.equal((await bytes(image)).byteLength, 2000);
  } finally {
    await Deno.remove(t.dir, { recursive: true });
  }
});

/** A request over the wire (node:http: no added headers, no decoding). */
function wire(port: number, path: string, method: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; length: number }>((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path, method, headers }, (response) => {
      let length = 0;
      response.on("data", (chunk: Uint8Array) => length += chunk.length);
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, length }));
    });
    request.on("error", reject);
    request.end();
  });
}

Deno.test("HEAD answers like GET on the wire: same status and headers, real content-length, no body", async () => {
  const t = await setup();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, t.handle);
  try {
    const cases: [string, Record<string, string>][] = [
      ["/assets/app-abc123.css", {}],
      ["/assets/app-abc123.css", { "accept-encoding": "gzip" }],
      ["/robots.txt", {}],
      ["/images/preview.png", {}],
      ["/api/image/pools/ethereum/0x1", {}],
      ["/api/image/tokens/ethereum/NATIVE", {}],
      ["/api/nothing", {}],
      ["/swap", { "accept-encoding": "br" }],
      ["/swap", {}],
      ["/data.json", {}],
      ["/missing", {}],
    ];
    for (const [path, headers] of cases) {
      const get = await wire(server.addr.port, path, "GET", headers);
      const head = await wire(server.addr.port, path, "HEAD", headers);
      assert.equal(head.status, get.status, path);
      const strip = (h: Record<string, unknown>) => {
        const { date: _date, "transfer-encoding": _te, ...rest } = h;
        return rest;
      };
      assert.deepEqual(strip(head.headers), strip(get.headers), `${path}: same headers`);
      assert.equal(head.length, 0, `${path}: no body`);
      if (get.headers["content-length"] !== undefined) {
        assert.equal(Number(get.headers["content-length"]), get.length, `${path}: real length`);
      }
    }
    // byte bodies keep their length (nothing turned them into streams); documents stream
    assert.equal(
      (await wire(server.addr.port, "/api/image/tokens/ethereum/NATIVE", "GET", {})).headers["content-length"],
      "2000",
    );
    assert.equal((await wire(server.addr.port, "/data.json", "GET", {})).headers["content-length"], "11");
    // A document streams, rendered or from the shared copy of a public page (`document_cache.ts`).
    assert.equal((await wire(server.addr.port, "/swap?fresh", "GET", {})).headers["transfer-encoding"], "chunked");
    assert.equal((await wire(server.addr.port, "/swap?fresh", "GET", {})).headers["transfer-encoding"], "chunked");
    // the app saw GET for the HEAD request
    assert.ok(t.appRequests.every((r) => r.method === "GET"));
    assert.ok(t.imageRequests.some(([r]) => r.method === "HEAD"), "images answer HEAD themselves");
  } finally {
    await server.shutdown();
    await Deno.remove(t.dir, { recursive: true });
  }
});

Deno.test("every HTML answer carries the security headers; files and images nosniff", async () => {
  const t = await setup();
  try {
    for (const path of ["/swap", "/missing"]) {
      const page = await t.handle(req(path));
      assert.equal(page.headers.get("x-frame-options"), "SAMEORIGIN");
      assert.match(page.headers.get("content-security-policy") ?? "", /frame-ancestors 'self'/);
      assert.equal(page.headers.get("x-content-type-options"), "nosniff");
      assert.equal(page.headers.get("referrer-policy"), "strict-origin-when-cross-origin");
      await page.body?.cancel();
    }
    for (const path of ["/images/preview.png", "/api/image/tokens/ethereum/NATIVE", "/robots.txt"]) {
      const r = await t.handle(req(path));
      assert.equal(r.headers.get("x-content-type-options"), "nosniff", path);
      await r.body?.cancel();
    }
  } finally {
    await Deno.remove(t.dir, { recursive: true });
  }
});

Deno.test("an invalid Host is a 400, never a path; the request reaches the app on its resolved origin", async () => {
  const t = await setup();
  try {
    const hostile = new Request("http://127.0.0.1:9200/api/image/tokens/a?/favicon.svg", {
      headers: { host: "127.0.0.1:9200/api/image/tokens/a?" },
    });
    const bad = await t.handle(hostile);
    assert.equal(bad.status, 400);
    assert.equal(await bad.text(), "Bad Request");
    assert.equal(t.imageRequests.length, 0);

    // absolute-form: the Host header names the origin, the target only the path
    await (await t.handle(new Request("http://evil.test/swap?x=1", { headers: { host: "app.test" } }))).body?.cancel();
    assert.equal(t.appRequests.at(-1)?.url, "http://app.test/swap?x=1");
  } finally {
    await Deno.remove(t.dir, { recursive: true });
  }
  const proxied = await setup({ trustProxy: true });
  try {
    const r = await proxied.handle(
      req("/swap", { headers: { "x-forwarded-proto": "https", "x-forwarded-host": "app.example.com" } }),
    );
    await r.body?.cancel();
    assert.equal(proxied.appRequests.at(-1)?.url, "https://app.example.com/swap");
    await (await proxied.handle(
      req("/api/image/tokens/ethereum/NATIVE", { headers: { "x-forwarded-proto": "https" } }),
    )).body?.cancel();
    assert.equal(proxied.imageRequests.at(-1)?.[0].url, "https://app.test/api/image/tokens/ethereum/NATIVE");
  } finally {
    await Deno.remove(proxied.dir, { recursive: true });
  }
  const off = await setup();
  try {
    const r = await off.handle(
      req("/swap", { headers: { "x-forwarded-proto": "https", "x-forwarded-host": "evil.test" } }),
    );
    await r.body?.cancel();
    assert.equal(off.appRequests.at(-1)?.url, "http://app.test/swap", "forwarding headers ignored without TRUST_PROXY");
  } finally {
    await Deno.remove(off.dir, { recursive: true });
  }
});

Deno.test("a POST body reaches the app through the rebuilt request", async () => {
  const received: string[] = [];
  const handle = createHandler({
    images: () => Promise.reject(new Error("unused")),
    async app(request) {
      received.push(`${request.method} ${request.url} ${await request.text()}`);
      return new Response("{}", { headers: { "content-type": "application/json" } });
    },
    staticDir: "/nonexistent",
    clientDir: null,
    publicOrigin: "https://app.example.com",
  });
  const r = await handle(req("/graphql", { method: "POST", body: '{"query":"{x}"}' }));
  assert.equal(r.status, 200);
  await r.body?.cancel();
  assert.deepEqual(received, ['POST https://app.example.com/graphql {"query":"{x}"}']);
});

Deno.test("a whitelisted page goes to the app without a file system lookup; other paths still find public files", async () => {
  const t = await setup();
  try {
    // A file where a whitelisted page lives is never served: the page is the app's.
    await Deno.writeTextFile(`${t.dir}/static/swap`, "a file named like a page");
    const page = await t.handle(req("/swap"));
    assert.match(await page.text(), /<title>Swap<\/title>/);
    assert.equal(t.appRequests.length, 1);
    const robots = await t.handle(req("/robots.txt"));
    assert.equal(await robots.text(), "User-agent: *\nAllow: /\n");
    assert.equal(t.appRequests.length, 1);
  } finally {
    await Deno.remove(t.dir, { recursive: true });
  }
});

Deno.test("share image paths: tokens, pools and positions match with their parts; near misses do not", async () => {
  const { matchImageRoute } = await import("./share_images.ts");
  assert.deepEqual(matchImageRoute("/api/image/tokens/ethereum/0xAbC"), {
    kind: "token",
    chainName: "ethereum",
    address: "0xAbC",
  });
  assert.deepEqual(matchImageRoute("/api/image/pools/base/0x12%2F"), {
    kind: "pool",
    chainName: "base",
    address: "0x12/",
  });
  assert.deepEqual(matchImageRoute("/api/image/positions/v3/ethereum/42"), {
    kind: "position",
    version: "v3",
    chainName: "ethereum",
    address: "42",
  });
  for (
    const miss of [
      "/api/image/tokens/ethereum",
      "/api/image/tokens/ethereum/0x1/extra",
      "/api/image/tokens//0x1",
      "/api/image/tokens/ethereum/",
      "/api/image/positions/v3/ethereum",
      "/api/image/constructor/a/b",
      "/api/image/toString/a/b",
      "/api/images/tokens/ethereum/0x1",
    ]
  ) assert.equal(matchImageRoute(miss), null, miss);
  // A segment that is not valid percent-encoding is left as it came (og/ answers it 404).
  assert.equal(matchImageRoute("/api/image/tokens/ethereum/%E0%A4%A")?.address, "%E0%A4%A");
});
