/**
 * The service under hostile input and failing dependencies: the real server
 * process on loopback, a corpus of bad request targets and methods against
 * every route kind, a fake gateway that goes down, hangs, fails and answers
 * garbage, and a KV store that cannot be opened.
 *
 * Corrupt KV entries are covered by `lib/kv_cache_test.ts`.
 */
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { JSDOM } from "jsdom";
import { type FakeGateway, type FakeResolver, startFakeGateway } from "./fakes/gateway.ts";
import { rawRequest, startServer, type TestServer } from "./server_harness.ts";
import { ROOT_DIR } from "../server/paths.ts";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Tokens and pools the fake gateway knows, one set per fault so caches never mix. */
const FAULTS = ["slow", "500", "garbage", "errors"] as const;
type Fault = typeof FAULTS[number];
const DETECT_TOKEN = `0x${"d0".repeat(20)}`;
const TOKEN_OF: Record<Fault, string> = { slow: "a1", "500": "a2", garbage: "a3", errors: "a4" };
const POOL_OF: Record<Fault, string> = { slow: "b1", "500": "b2", garbage: "b3", errors: "b4" };
const UNKNOWN_TOKEN = `0x${"ee".repeat(20)}`;
const PARTIAL_POOL = `0x${"c5".repeat(20)}`;
const KNOWN_TOKENS = new Set([DETECT_TOKEN, ...Object.values(TOKEN_OF).map((b) => `0x${b.repeat(20)}`)]);
const KNOWN_POOLS = new Set([PARTIAL_POOL, ...Object.values(POOL_OF).map((b) => `0x${b.repeat(20)}`)]);

function tokenOf(fault: Fault): string {
  return `0x${TOKEN_OF[fault].repeat(20)}`;
}

function poolOf(fault: Fault): string {
  return `0x${POOL_OF[fault].repeat(20)}`;
}

function token(address: string, symbol: string) {
  return { id: `t-${address}`, chain: "ETHEREUM", address, symbol, name: `${symbol} Coin`, project: null };
}

function pool(address: string) {
  return {
    id: `pool-${address}`,
    address,
    chain: "ETHEREUM",
    protocolVersion: "V3",
    feeTier: 3000,
    token0: { ...token(DETECT_TOKEN, "AAA"), project: { id: "p0", logoUrl: null } },
    token1: { ...token(UNKNOWN_TOKEN, "BBB"), project: { id: "p1", logoUrl: null } },
    token0Supply: 1,
    token1Supply: 2,
    txCount: 3,
    totalLiquidity: { id: "l", value: 1000 },
  };
}

/**
 * The fake gateway's data. With `errorsOnly` set, every operation answers
 * GraphQL errors without data (a partial outage of the gateway's resolvers);
 * `PARTIAL_POOL` always answers an error for its V3 half and data for its V2
 * half.
 */
function resolvers(state: { errorsOnly: boolean }): Record<string, FakeResolver> {
  const failing = () => ({ errors: [{ message: "resolver exploded", path: ["x"] }] });
  return {
    Token: (v) => {
      if (state.errorsOnly) return failing();
      const address = String(v.address).toLowerCase();
      return { data: { token: KNOWN_TOKENS.has(address) ? token(address, "TKN") : null } };
    },
    AddressPool: (v) => {
      if (state.errorsOnly) return failing();
      if (v.address === PARTIAL_POOL) {
        // the V3 half of the one call fails, the V2 half answers
        return {
          data: { v3Pool: null, v2Pair: { ...pool(PARTIAL_POOL), protocolVersion: "V2" } },
          errors: [{ message: "resolver exploded", path: ["v3Pool"] }],
        };
      }
      const address = String(v.address).toLowerCase();
      return { data: { v3Pool: KNOWN_POOLS.has(address) ? pool(address) : null, v2Pair: null } };
    },
    V4Pool: () => state.errorsOnly ? failing() : { data: { v4Pool: null } },
  };
}

/** True when the response is a 200 PNG (the bytes are read and checked). */
async function isPng(response: Response): Promise<boolean> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  return response.status === 200 &&
    (response.headers.get("content-type") ?? "").startsWith("image/png") &&
    PNG_SIGNATURE.every((byte, i) => bytes[i] === byte);
}

/** Rejects when `promise` takes longer than `ms` (a hang is a failure, not a stuck test). */
async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The preview tags of a page, read with a real HTML parser. */
function previewTags(html: string): Map<string, string> {
  const doc = new JSDOM(html).window.document;
  const tags = new Map<string, string>();
  for (const el of doc.head.querySelectorAll("meta[property], meta[name]")) {
    tags.set(el.getAttribute("property") ?? el.getAttribute("name")!, el.getAttribute("content") ?? "");
  }
  return tags;
}

async function assertHealthy(server: TestServer): Promise<void> {
  const response = await within(10_000, "GET /", fetch(`${server.url}/`));
  assert.equal(response.status, 200, "GET / after the faults");
  assert.match(await response.text(), /<html/i);
  assert.ok(!server.output.some((line) => /panicked|uncaught/i.test(line)), "the server logged a panic");
}

/** Route kinds: a prefix that the hostile payload is appended to. */
const ROUTE_KINDS: Record<string, string> = {
  "root page": "/",
  "token page": "/explore/tokens/ethereum/",
  "pool page": "/explore/pools/ethereum/",
  "api static": "/api/",
  "token image": "/api/image/tokens/ethereum/",
  "pool image": "/api/image/pools/ethereum/",
  "assets": "/assets/",
  "public file": "/fonts/",
};

/** Hostile path tails, in raw and encoded forms. */
const PAYLOADS: readonly string[] = [
  // traversal
  "../../deno.json",
  "../../../server.ts",
  "..%2f..%2fdeno.json",
  "..%2F..%2F..%2Fserver.ts",
  "%2e%2e/%2e%2e/deno.json",
  "%2E%2E%2F%2E%2E%2Fserver.ts",
  "%2e%2e%2f%2e%2e%2f.git%2fHEAD",
  "..%5c..%5cdeno.json",
  "..\\..\\deno.json",
  "%252e%252e%252fdeno.json",
  "....//....//deno.json",
  "..;/..;/deno.json",
  "%c0%ae%c0%ae/%c0%ae%c0%ae/deno.json",
  "%c0%ae%c0%ae%c0%af%c0%ae%c0%ae%c0%afdeno.json",
  "../.git/HEAD",
  ".git/HEAD",
  "%2egit/HEAD",
  "/../../deno.json",
  "//etc/passwd",
  // overlong segments
  "a".repeat(5 * 1024),
  "a".repeat(70 * 1024),
  `0x${"ab".repeat(2500)}`,
  `${"x/".repeat(2000)}end`,
  // NUL and control characters (encoded; raw ones are below)
  "%00",
  "deno.json%00.png",
  "%01%02%1f%7f",
  "x%0d%0aSet-Cookie:%20pwned=1",
  "%09%0b%0c",
  // invalid UTF-8 and broken percent-escapes
  "%C0%AF",
  "%FF",
  "%E0%80",
  "%E0%80%AF",
  "%ED%A0%80",
  "%F8%88%80%80%80",
  "%",
  "%zz",
  "%%32%65",
  // big query strings
  `x?q=${"a".repeat(10 * 1024)}`,
  `?${"k=v&".repeat(2600)}`,
  `x?q=%FF%00${"%C0".repeat(3000)}`,
];

/** Raw bytes a client cannot even put in a URL; the HTTP parser must refuse them cleanly. */
const RAW_PAYLOADS: readonly string[] = ["a\x00b", "a\x01b", "a\x7fb", "a\tb"];

const METHODS = ["PROPFIND", "FOO", "TRACE", "DELETE", "PUT", "PATCH", "MKCOL"] as const;

/** Deno's HTTP layer reads at most this much request head; beyond it, it may reset the connection. */
const HEAD_LIMIT = 64 * 1024;

/**
 * Sends a raw request. A request head over {@linkcode HEAD_LIMIT} may be
 * refused by the HTTP layer with a connection reset instead of a 4xx: that
 * counts as a refusal (status 400), any other failure is rethrown.
 */
async function send(baseUrl: string, target: string, method = "GET") {
  try {
    return await within(15_000, `${method} ${target.slice(0, 80)}`, rawRequest(baseUrl, target, method));
  } catch (error) {
    if (target.length >= HEAD_LIMIT - 1024 && error instanceof Deno.errors.ConnectionReset) {
      return { status: 400, head: "", body: "" };
    }
    throw error;
  }
}

async function projectSecrets(): Promise<{ name: string; marker: string }[]> {
  const denoJson = await readFile(`${ROOT_DIR}deno.json`, "utf8");
  const serverTs = await readFile(`${ROOT_DIR}server.ts`, "utf8");
  // In a git worktree `.git` is a file naming the real folder.
  const dotGit = await readFile(`${ROOT_DIR}.git`, "utf8").then((text) => /^gitdir: (.+)$/m.exec(text)?.[1].trim())
    .catch(() => undefined);
  const head = (await readFile(dotGit ? `${dotGit}/HEAD` : `${ROOT_DIR}.git/HEAD`, "utf8")).trim();
  return [
    { name: "deno.json", marker: denoJson.slice(0, 60) },
    { name: "deno.json tasks", marker: '"importMap": "./import_map.json"' },
    { name: "server.ts", marker: serverTs.slice(0, 60) },
    { name: ".git/HEAD", marker: head },
  ];
}

Deno.test("faults: hostile paths and methods against every route kind", async (t) => {
  const state = { errorsOnly: false };
  const gateway = await startFakeGateway(resolvers(state));
  const server = await startServer({ GRAPHQL_URL: gateway.url, GATEWAY_TIMEOUT_MS: "2000" });
  const secrets = await projectSecrets();
  const check = (target: string, method: string, status: number, head: string, body: string) => {
    const label = `${method} ${target.length > 80 ? `${target.slice(0, 60)}...(${target.length} chars)` : target}`;
    assert.notEqual(status, 0, `${label}: no HTTP answer`);
    assert.ok(status < 500, `${label} answered ${status}: ${body.slice(0, 200)}`);
    for (const { name, marker } of secrets) {
      assert.ok(!body.includes(marker) && !head.includes(marker), `${label} disclosed ${name}`);
    }
    assert.ok(!/^set-cookie:/im.test(head), `${label} let a header through`);
  };
  try {
    await t.step("control: the markers are real and files are served, so a disclosure would show", async () => {
      for (const { name, marker } of secrets) assert.ok(marker.length >= 16, `marker of ${name} is too short`);
      const icon = await fetch(`${server.url}/favicon.svg`);
      assert.equal(icon.status, 200);
      assert.equal(await icon.text(), await readFile(`${ROOT_DIR}static/favicon.svg`, "utf8"));
    });

    for (const [kind, prefix] of Object.entries(ROUTE_KINDS)) {
      await t.step(`${kind}: traversal, overlong, control, bad UTF-8, big queries`, async () => {
        for (const payload of PAYLOADS) {
          const target = prefix + payload;
          for (const method of ["GET", "HEAD"]) {
            const { status, head, body } = await send(server.url, target, method);
            check(target, method, status, head, body);
            if (status === 200 && method === "GET" && kind !== "root page" && !kind.endsWith("page")) {
              assert.fail(`${target} served a file with 200`);
            }
          }
        }
      });

      await t.step(`${kind}: raw control bytes in the request line are refused`, async () => {
        for (const payload of RAW_PAYLOADS) {
          const target = prefix + payload;
          const { status, head, body } = await send(server.url, target);
          check(JSON.stringify(target), "GET", status, head, body);
          assert.ok(status >= 400, `${JSON.stringify(target)} answered ${status}`);
        }
      });

      await t.step(`${kind}: unknown and writing methods are refused`, async () => {
        const target = prefix === "/" ? "/" : `${prefix}${DETECT_TOKEN}`;
        for (const method of METHODS) {
          const { status, head, body } = await send(server.url, target, method);
          check(target, method, status, head, body);
          assert.ok(status >= 400, `${method} ${target} answered ${status}`);
        }
      });
    }

    await t.step("the server is healthy afterwards", async () => {
      await assertHealthy(server);
    });
  } finally {
    await server.stop();
    await gateway.close();
  }
});

/** Timeout the gateway faults run with, and the margin a page may take on top. */
const GATEWAY_TIMEOUT_MS = 1_000;
const MARGIN_MS = 2_500;

async function timed(url: string): Promise<{ response: Response; ms: number; body: Uint8Array }> {
  const started = performance.now();
  const response = await within(GATEWAY_TIMEOUT_MS * 10, url, fetch(url));
  const body = new Uint8Array(await response.arrayBuffer());
  return { response, ms: performance.now() - started, body };
}

/** A page under a failing gateway: 200 HTML within the timeout, no token or pool preview. */
async function assertPageSurvives(server: TestServer, path: string, what: string): Promise<void> {
  const { response, ms, body } = await timed(server.url + path);
  assert.equal(response.status, 200, `${what}: ${path} answered ${response.status}`);
  assert.match(response.headers.get("content-type") ?? "", /^text\/html/);
  assert.ok(ms < GATEWAY_TIMEOUT_MS + MARGIN_MS, `${what}: ${path} took ${Math.round(ms)} ms`);
  const title = previewTags(new TextDecoder().decode(body)).get("og:title") ?? "";
  assert.ok(!/TKN|AAA\/BBB/.test(title), `${what}: ${path} carries a preview from a failed lookup: ${title}`);
}

/** An image under a failing gateway: 500 with a text message, within the timeout. */
async function assertImageFails(server: TestServer, path: string, what: string): Promise<void> {
  const { response, ms, body } = await timed(server.url + path);
  assert.equal(response.status, 500, `${what}: ${path} answered ${response.status}`);
  assert.match(response.headers.get("content-type") ?? "", /^text\/plain/);
  assert.ok(new TextDecoder().decode(body).trim().length > 0, `${what}: the 500 carries no message`);
  assert.ok(ms < GATEWAY_TIMEOUT_MS + MARGIN_MS, `${what}: ${path} took ${Math.round(ms)} ms`);
}

async function assertPng(server: TestServer, path: string): Promise<void> {
  const response = await fetch(server.url + path);
  assert.ok(await isPng(response), `${path} is not a 200 PNG (status ${response.status})`);
}

function setFault(gateway: FakeGateway, state: { errorsOnly: boolean }, fault: Fault | "ok"): void {
  state.errorsOnly = fault === "errors";
  gateway.mode = fault === "errors" || fault === "ok" ? "ok" : fault;
}

Deno.test("faults: the gateway slow, 500, garbage, errors only, partial, down", async (t) => {
  const state = { errorsOnly: false };
  const gateway = await startFakeGateway(resolvers(state));
  gateway.slowMs = GATEWAY_TIMEOUT_MS * 4;
  const server = await startServer({ GRAPHQL_URL: gateway.url, GATEWAY_TIMEOUT_MS: String(GATEWAY_TIMEOUT_MS) });
  try {
    for (const fault of FAULTS) {
      const tokenPage = `/explore/tokens/ethereum/${tokenOf(fault)}`;
      const poolPage = `/explore/pools/ethereum/${poolOf(fault)}`;
      const tokenImage = `/api/image/tokens/ethereum/${tokenOf(fault)}`;
      const poolImage = `/api/image/pools/ethereum/${poolOf(fault)}`;

      await t.step(`${fault}: pages answer 200 within the timeout, without preview`, async () => {
        setFault(gateway, state, fault);
        const before = gateway.total();
        await assertPageSurvives(server, tokenPage, fault);
        await assertPageSurvives(server, poolPage, fault);
        await assertPageSurvives(server, `/tokens/ethereum/${tokenOf(fault)}`, fault);
        assert.ok(gateway.total() > before, `${fault}: the gateway was never asked`);
      });

      await t.step(`${fault}: images answer 500 within the timeout`, async () => {
        setFault(gateway, state, fault);
        await assertImageFails(server, tokenImage, fault);
        await assertImageFails(server, poolImage, fault);
      });

      await t.step(`${fault}: after recovery the page carries the preview (the failure was not cached)`, async () => {
        setFault(gateway, state, "ok");
        const tags = previewTags(await (await fetch(server.url + tokenPage)).text());
        assert.equal(tags.get("og:title"), "Get TKN on Uniswap");
        const poolTags = previewTags(await (await fetch(server.url + poolPage)).text());
        assert.equal(poolTags.get("og:title"), "AAA/BBB on Uniswap");
      });

      await t.step(`${fault}: after recovery images are PNGs, unknown ones 404`, async () => {
        setFault(gateway, state, "ok");
        await assertPng(server, tokenImage);
        await assertPng(server, poolImage);
        const unknown = await fetch(`${server.url}/api/image/tokens/ethereum/${UNKNOWN_TOKEN}`);
        assert.equal(unknown.status, 404);
        assert.equal(await unknown.text(), "Token not found.");
      });
    }

    await t.step("partial errors next to data: the pool still gets its preview", async () => {
      setFault(gateway, state, "ok");
      const tags = previewTags(await (await fetch(`${server.url}/explore/pools/ethereum/${PARTIAL_POOL}`)).text());
      assert.equal(tags.get("og:title"), "AAA/BBB on Uniswap");
    });

    await t.step(
      "partial errors next to data: the pool image is a PNG",
      () => assertPng(server, `/api/image/pools/ethereum/${PARTIAL_POOL}`),
    );

    await t.step("down: pages answer 200 quickly, images 500, the server stays healthy", async () => {
      const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
      const closedPort = (listener.addr as Deno.NetAddr).port;
      listener.close();
      const down = await startServer({
        GRAPHQL_URL: `http://127.0.0.1:${closedPort}/graphql`,
        GATEWAY_TIMEOUT_MS: String(GATEWAY_TIMEOUT_MS),
      });
      try {
        await assertPageSurvives(down, `/explore/tokens/ethereum/${tokenOf("slow")}`, "down");
        await assertPageSurvives(down, `/explore/pools/ethereum/${poolOf("slow")}`, "down");
        await assertPageSurvives(down, "/", "down");
        await assertImageFails(down, `/api/image/tokens/ethereum/${tokenOf("slow")}`, "down");
        await assertImageFails(down, `/api/image/pools/ethereum/${poolOf("slow")}`, "down");
        await assertHealthy(down);
      } finally {
        await down.stop();
      }
    });

    await t.step("the server is healthy afterwards", () => assertHealthy(server));
  } finally {
    await server.stop();
    await gateway.close();
  }
});

Deno.test("faults: KV that cannot be opened or holds garbage: pages and previews still served", async (t) => {
  const dir = await mkdtemp(join(tmpdir(), "faults-kv-"));
  const state = { errorsOnly: false };
  const gateway = await startFakeGateway(resolvers(state));
  try {
    await writeFile(join(dir, "regular-file"), "not a directory");
    await writeFile(join(dir, "garbage.sqlite3"), crypto.getRandomValues(new Uint8Array(64 * 1024)));
    const cases = {
      "a path under a regular file": join(dir, "regular-file", "kv.sqlite3"),
      "a file of random bytes": join(dir, "garbage.sqlite3"),
    };
    for (const [name, kvPath] of Object.entries(cases)) {
      await t.step(name, async () => {
        const server = await startServer({ GRAPHQL_URL: gateway.url, DENO_KV_PATH: kvPath });
        try {
          for (let i = 0; i < 2; i++) {
            const home = await fetch(`${server.url}/`);
            assert.equal(home.status, 200);
            await home.body?.cancel();
            const page = await fetch(`${server.url}/explore/tokens/ethereum/${DETECT_TOKEN}`);
            assert.equal(page.status, 200);
            assert.equal(previewTags(await page.text()).get("og:title"), "Get TKN on Uniswap");
          }
          await assertPng(server, `/api/image/tokens/ethereum/${DETECT_TOKEN}`);
          await assertHealthy(server);
          if (name.includes("regular file")) {
            assert.ok(server.output.some((line) => line.includes("Cannot open Deno KV")), "no warning about KV");
          }
        } finally {
          await server.stop();
        }
      });
    }
  } finally {
    await gateway.close();
    await rm(dir, { recursive: true, force: true });
  }
});
