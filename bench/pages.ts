/**
 * `deno task bench:pages`: the page benchmark of the crawler path and the
 * one-round-trip pages (issue 16), on loopback, in one run:
 *
 * - the real service (`server.ts`, production build) against the demo
 *   gateway behind a counting, delaying proxy (`pages_gateway.ts`);
 * - next to a baseline started by this bench (`pages_baseline.ts`): the built
 *   HTML shell with the same preview tags string-injected from memory, what
 *   the original Uniswap edge function does;
 * - token and pool pages with a crawler User-Agent (`Twitterbot/1.0`) and a
 *   browser one (desktop Chrome), wrk at c=32, interleaved A B A B for
 *   `BENCH_ROUNDS` rounds (default 3) of `BENCH_SECONDS` (default 5) each,
 *   every round printed with its ratio, then the medians;
 * - gateway calls per view, cold and warm, for each page and User-Agent;
 * - time to first byte of the token page with a 150 ms gateway (every call
 *   answered 150 ms late): cold, with the preview cached but no query cache
 *   (`QUERY_CACHE_SECONDS=0`), and warm.
 *
 * Every measured page is checked before and after its runs: a crawler page
 * must carry the token or pool preview and the crawler body, a browser page
 * the frame, the streamed parts and no error or not-found state; otherwise
 * the run fails. Figures go to `bench/pages_results.json`.
 *
 * @module
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import {
  EDGE_LOGOS_V3_POOL,
  ETHEREUM_TOKENS,
  FIXTURE_TOKENS,
  HOOKED_V4_POOL,
  USDC_WETH_V3_POOL,
} from "../demo_gateway/mod.ts";
import { type BenchServer, spawnServer } from "./server.ts";
import { type PagesGateway, startPagesGateway } from "./pages_gateway.ts";
import type { BaselinePages } from "./pages_baseline.ts";
import { type LoadResult, parseWrk } from "./wrk.ts";
import { ROOT_DIR } from "../server/paths.ts";

const CONCURRENCY = 32;
const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? 5);
const ROUNDS = Math.max(3, Number(Deno.env.get("BENCH_ROUNDS") ?? 3));
const GATEWAY_DELAY_MS = 150;

/** A social crawler and a person's browser. */
const CRAWLER_UA = "Twitterbot/1.0";
const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const TOKEN_PAGE = `/explore/tokens/ethereum/${ETHEREUM_TOKENS.UNI}`;
const POOL_PAGE = `/explore/pools/ethereum/${USDC_WETH_V3_POOL.address}`;

function log(message: string): void {
  console.error(`bench:pages: ${message}`);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Runs wrk with a User-Agent header. */
async function wrk(url: string, userAgent: string, seconds = SECONDS): Promise<LoadResult> {
  const output = await new Deno.Command("wrk", {
    args: [
      "-t",
      "2",
      "-c",
      String(CONCURRENCY),
      "-d",
      `${seconds}s`,
      "--timeout",
      "10s",
      "--latency",
      "-H",
      `User-Agent: ${userAgent}`,
      url,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output().catch((error) => {
    if (error instanceof Deno.errors.NotFound) {
      throw new Error("Cannot find wrk: install it with `apt-get install -y wrk`");
    }
    throw error;
  });
  if (!output.success) throw new Error(`wrk failed: ${new TextDecoder().decode(output.stderr)}`);
  const result = { url, connections: CONCURRENCY, seconds, ...parseWrk(new TextDecoder().decode(output.stdout)) };
  if (result.errors > 0) throw new Error(`${url} (${userAgent}): ${result.errors} errors under load`);
  return result;
}

/** One view: status, time to the response head, the whole document. */
async function view(url: string, userAgent: string): Promise<{ status: number; ttfbMs: number; html: string }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { "user-agent": userAgent } });
  const ttfbMs = performance.now() - started;
  return { status: response.status, ttfbMs, html: await response.text() };
}

/** The `<title>` and every `<meta property|name>` of a document's head, in order, as one string. */
function previewTagsOf(html: string): string {
  const head = /<head>(.*?)<\/head>/s.exec(html)?.[1] ?? "";
  return [...head.matchAll(/<title>.*?<\/title>|<meta (?:property|name)="[^"]*" content="[^"]*"\/>/g)]
    .map((m) => m[0])
    .filter((tag) => !/name="(viewport|color-scheme)"/.test(tag))
    .join("");
}

/** Fails the run unless a crawler page is the real preview of a token or pool. */
function checkCrawlerPage(path: string, page: { status: number; html: string }): void {
  const problem = page.status !== 200
    ? `status ${page.status}`
    : !page.html.includes('class="crawler-preview"')
    ? "no crawler body"
    : !/<meta property="og:title" content="[^"]* on Uniswap"\/>/.test(page.html)
    ? "no token or pool title"
    : /<title>Uniswap Interface<\/title>/.test(page.html)
    ? "the default preview (a failed or unknown lookup)"
    : null;
  if (problem) throw new Error(`crawler page ${path} is not honest: ${problem}`);
}

/** Fails the run unless a browser page shows the frame and the streamed parts, with no error or not-found state. */
function checkBrowserPage(path: string, page: { status: number; html: string }): void {
  const problem = page.status !== 200
    ? `status ${page.status}`
    : page.html.includes('class="crawler-preview"')
    ? "the crawler document"
    : /state-error|not found/i.test(page.html)
    ? "an error or not-found state"
    : !page.html.includes('id="tx-title"')
    ? "no streamed parts (transactions)"
    : !page.html.includes("<header")
    ? "no page frame"
    : null;
  if (problem) throw new Error(`browser page ${path} is not honest: ${problem}`);
}

async function checkPage(base: string, path: string, userAgent: string): Promise<string> {
  const page = await view(base + path, userAgent);
  if (userAgent === CRAWLER_UA) checkCrawlerPage(path, page);
  else checkBrowserPage(path, page);
  return page.html;
}

/** Gateway calls of one view of a page not viewed before, then of the next view. */
async function callsPerView(
  server: BenchServer,
  gateway: PagesGateway,
  path: string,
  userAgent: string,
): Promise<{ path: string; cold: number; warm: number; coldCalls: Record<string, number> }> {
  gateway.reset();
  await checkPage(server.url, path, userAgent);
  const cold = gateway.total();
  const coldCalls = Object.fromEntries(gateway.calls);
  gateway.reset();
  await checkPage(server.url, path, userAgent);
  return { path, cold, warm: gateway.total(), coldCalls };
}

/** Spawns the baseline process, resolving once it listens. */
async function spawnBaseline(pages: BaselinePages, dir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const file = join(dir, "baseline.json");
  await writeFile(file, JSON.stringify(pages));
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "bench/pages_baseline.ts", file],
    cwd: ROOT_DIR,
    stdout: "piped",
    stderr: "inherit",
    stdin: "null",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  let url: string | null = null;
  while (url === null) {
    const chunk = await reader.read();
    if (chunk.done) throw new Error("the baseline exited before listening");
    text += chunk.value;
    url = /Listening on (http:\/\/\S+?)\/?\s/.exec(text)?.[1] ?? null;
  }
  reader.releaseLock();
  child.stdout.cancel().catch(() => {});
  return {
    url,
    async stop() {
      child.kill("SIGTERM");
      await child.status;
    },
  };
}

/** The built HTML shell: the real document's head links (stylesheet, icons, module preloads) around an empty body. */
function shellOf(html: string): string {
  const head = /<head>(.*?)<\/head>/s.exec(html)?.[1] ?? "";
  const links = [...head.matchAll(/<link [^>]*\/>/g)].map((m) => m[0]).join("");
  return '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"/>' +
    `${links}</head><body><main id="main" class="page"></main></body></html>`;
}

interface Row {
  readonly name: string;
  readonly value: string;
  readonly target?: string;
}

function printTable(title: string, rows: readonly Row[]): void {
  const lines = [["measure", "value", "target"], ...rows.map((r) => [r.name, r.value, r.target ?? ""])];
  const widths = lines[0].map((_, i) => Math.max(...lines.map((line) => line[i].length)));
  const out = lines.map((line) => line.map((cell, i) => cell.padEnd(widths[i])).join("  ").trimEnd());
  out.splice(1, 0, widths.map((w) => "-".repeat(w)).join("  "));
  console.log(`\n${title}\n${out.join("\n")}`);
}

const mark = (ok: boolean) => ok ? "met" : "MISSED";

async function main(): Promise<void> {
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model, deno: Deno.version.deno },
    concurrency: CONCURRENCY,
    seconds: SECONDS,
    rounds: ROUNDS,
  };
  const dir = await mkdtemp(join(tmpdir(), "bench-pages-"));
  const gateway = await startPagesGateway();
  const server = await spawnServer({ GRAPHQL_URL: gateway.url, QUERY_CACHE_SECONDS: "30" });
  let baseline: Awaited<ReturnType<typeof spawnBaseline>> | null = null;
  try {
    // Honest pages first; the crawler heads are what the baseline injects.
    const tags: Record<string, string> = {};
    for (const path of [TOKEN_PAGE, POOL_PAGE]) {
      tags[path] = previewTagsOf(await checkPage(server.url, path, CRAWLER_UA));
      const browser = await checkPage(server.url, path, BROWSER_UA);
      if (previewTagsOf(browser) !== tags[path]) throw new Error(`${path}: crawler and browser heads differ`);
    }
    const shell = shellOf(await checkPage(server.url, TOKEN_PAGE, BROWSER_UA));
    baseline = await spawnBaseline({ shell, tags }, dir);
    for (const path of [TOKEN_PAGE, POOL_PAGE]) {
      const page = await view(baseline.url + path, CRAWLER_UA);
      if (page.status !== 200 || previewTagsOf(page.html) !== tags[path]) {
        throw new Error(`the baseline does not serve the preview tags of ${path}`);
      }
    }

    log("gateway calls per view, cold and warm");
    const calls = {
      crawlerToken: await callsPerView(server, gateway, `/explore/tokens/ethereum/${ETHEREUM_TOKENS.DAI}`, CRAWLER_UA),
      crawlerPool: await callsPerView(
        server,
        gateway,
        `/explore/pools/ethereum/${EDGE_LOGOS_V3_POOL.address}`,
        CRAWLER_UA,
      ),
      browserToken: await callsPerView(server, gateway, `/explore/tokens/ethereum/${ETHEREUM_TOKENS.LINK}`, BROWSER_UA),
      browserPool: await callsPerView(server, gateway, `/explore/pools/ethereum/${HOOKED_V4_POOL.address}`, BROWSER_UA),
    };
    results.callsPerView = calls;

    log("warm-up, the same for both sides");
    for (const path of [TOKEN_PAGE, POOL_PAGE]) {
      await wrk(server.url + path, CRAWLER_UA, 2);
      await wrk(baseline.url + path, CRAWLER_UA, 2);
      await wrk(server.url + path, BROWSER_UA, 2);
    }

    const rounds: Record<string, number>[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      log(`round ${round} of ${ROUNDS}`);
      gateway.reset();
      const crawlerToken = await wrk(server.url + TOKEN_PAGE, CRAWLER_UA);
      const baselineToken = await wrk(baseline.url + TOKEN_PAGE, CRAWLER_UA);
      const crawlerPool = await wrk(server.url + POOL_PAGE, CRAWLER_UA);
      const baselinePool = await wrk(baseline.url + POOL_PAGE, CRAWLER_UA);
      const crawlerCalls = gateway.total();
      const floor = await wrk(`${server.url}/robots.txt`, CRAWLER_UA);
      gateway.reset();
      const browserToken = await wrk(server.url + TOKEN_PAGE, BROWSER_UA);
      const browserPool = await wrk(server.url + POOL_PAGE, BROWSER_UA);
      rounds.push({
        crawlerToken: crawlerToken.requestsPerSecond,
        baselineToken: baselineToken.requestsPerSecond,
        tokenRatio: crawlerToken.requestsPerSecond / baselineToken.requestsPerSecond,
        crawlerPool: crawlerPool.requestsPerSecond,
        baselinePool: baselinePool.requestsPerSecond,
        poolRatio: crawlerPool.requestsPerSecond / baselinePool.requestsPerSecond,
        crawlerP50Ms: crawlerToken.p50Ms,
        baselineP50Ms: baselineToken.p50Ms,
        browserToken: browserToken.requestsPerSecond,
        browserTokenP50Ms: browserToken.p50Ms,
        browserPool: browserPool.requestsPerSecond,
        browserPoolP50Ms: browserPool.p50Ms,
        floor: floor.requestsPerSecond,
        crawlerGatewayCalls: crawlerCalls,
        crawlerRequests: crawlerToken.requests + crawlerPool.requests,
        browserGatewayCalls: gateway.total(),
        browserRequests: browserToken.requests + browserPool.requests,
      });
      for (const path of [TOKEN_PAGE, POOL_PAGE]) {
        await checkPage(server.url, path, CRAWLER_UA);
        await checkPage(server.url, path, BROWSER_UA);
      }
    }
    results.rounds = rounds;
    const med = (key: string) => median(rounds.map((r) => r[key]));

    log(`time to first byte with a ${GATEWAY_DELAY_MS} ms gateway`);
    const ttfb = await timeToFirstByte(server, gateway);
    results.ttfb = ttfb;

    const fmt = (n: number, digits = 0) => n.toFixed(digits);
    printTable(
      `Pages at c=${CONCURRENCY}, ${SECONDS} s per run, interleaved A B A B (req/s; ratio = service / baseline)`,
      rounds.flatMap((r, i) => [
        {
          name: `round ${i + 1}: crawler token page / baseline`,
          value: `${fmt(r.crawlerToken)} / ${fmt(r.baselineToken)} = ${fmt(r.tokenRatio, 2)}x (p50 ${
            fmt(r.crawlerP50Ms, 1)
          } / ${fmt(r.baselineP50Ms, 1)} ms)`,
        },
        {
          name: `round ${i + 1}: crawler pool page / baseline`,
          value: `${fmt(r.crawlerPool)} / ${fmt(r.baselinePool)} = ${fmt(r.poolRatio, 2)}x`,
        },
        { name: `round ${i + 1}: service floor (robots.txt from memory)`, value: `${fmt(r.floor)}` },
        {
          name: `round ${i + 1}: browser token page, pool page`,
          value: `${fmt(r.browserToken)}, ${fmt(r.browserPool)} (p50 ${fmt(r.browserTokenP50Ms)}, ${
            fmt(r.browserPoolP50Ms)
          } ms)`,
        },
        {
          name: `round ${i + 1}: gateway calls under load`,
          value:
            `crawler ${r.crawlerGatewayCalls} in ${r.crawlerRequests} views, browser ${r.browserGatewayCalls} in ${r.browserRequests} views`,
        },
      ]),
    );
    printTable("Medians and targets", [
      {
        name: "crawler token page / baseline",
        value: `${fmt(med("crawlerToken"))} / ${fmt(med("baselineToken"))} req/s, median ratio ${
          fmt(med("tokenRatio"), 2)
        }x`,
        target: `>= 0.5x: ${mark(med("tokenRatio") >= 0.5)}`,
      },
      {
        name: "crawler pool page / baseline",
        value: `${fmt(med("crawlerPool"))} / ${fmt(med("baselinePool"))} req/s, median ratio ${
          fmt(med("poolRatio"), 2)
        }x`,
        target: `>= 0.5x: ${mark(med("poolRatio") >= 0.5)}`,
      },
      {
        name: "browser token page",
        value: `${fmt(med("browserToken"))} req/s, p50 ${fmt(med("browserTokenP50Ms"))} ms`,
      },
      { name: "browser pool page", value: `${fmt(med("browserPool"))} req/s, p50 ${fmt(med("browserPoolP50Ms"))} ms` },
      ...Object.entries(calls).map(([name, c]) => ({
        name: `gateway calls per view: ${name}`,
        value: `cold ${c.cold} (${
          Object.entries(c.coldCalls).map(([op, n]) => `${op} ${n}`).join(", ")
        }), warm ${c.warm}`,
        target: name.startsWith("crawler")
          ? `warm 0: ${mark(c.warm === 0)}; cold 1: ${mark(c.cold <= 1)}`
          : `warm within TTL 0: ${mark(c.warm === 0)}`,
      })),
      ...ttfb.rows,
    ]);
  } finally {
    await baseline?.stop();
    await server.stop();
    await gateway.close();
    await rm(dir, { recursive: true, force: true });
  }
  await writeFile(join(ROOT_DIR, "bench/pages_results.json"), JSON.stringify(results, null, 2) + "\n");
  log("figures written to bench/pages_results.json");
}

/** Demo tokens on Ethereum not used by the other figures, each viewed cold once. */
function ttfbTokens(): string[] {
  const used = new Set([ETHEREUM_TOKENS.UNI, ETHEREUM_TOKENS.DAI, ETHEREUM_TOKENS.LINK].map((a) => a.toLowerCase()));
  return [...Object.values(ETHEREUM_TOKENS), ...FIXTURE_TOKENS.map((t) => t.address)]
    .filter((address) => !used.has(address.toLowerCase()));
}

/**
 * TTFB of token pages with every gateway call answered 150 ms late (from
 * the proxy's memory, primed first at no delay, so each call costs exactly
 * the delay). A second service without the query cache
 * (`QUERY_CACHE_SECONDS=0`, its own KV, warmed up on other pages first) sees
 * every token cold, alternately: opened by a browser first (preview and data
 * uncached), or by a crawler first (1 call: the preview) and then by a
 * browser (preview cached, data uncached). Warm views are timed on the main
 * service.
 */
async function timeToFirstByte(server: BenchServer, gateway: PagesGateway) {
  const tokens = ttfbTokens();
  for (const token of tokens) {
    const path = `/explore/tokens/ethereum/${token}`;
    await checkPage(server.url, path, BROWSER_UA);
    await checkPage(server.url, path, CRAWLER_UA);
  }
  const uncached = await spawnServer({ GRAPHQL_URL: gateway.url, QUERY_CACHE_SECONDS: "0" });
  // The same warm-up as the main service had (compiled code paths), on pages the timed views do not use.
  for (let i = 0; i < 5; i++) {
    for (const path of [TOKEN_PAGE, POOL_PAGE]) {
      await checkPage(uncached.url, path, BROWSER_UA);
      await checkPage(uncached.url, path, CRAWLER_UA);
    }
  }
  gateway.delayMs = GATEWAY_DELAY_MS;
  gateway.replay = true;
  gateway.replayMisses = 0;
  const figures = { coldMs: [] as number[], previewCachedMs: [] as number[], warmMs: [] as number[] };
  const crawlerColdMs: number[] = [];
  try {
    for (const [i, token] of tokens.entries()) {
      const path = `/explore/tokens/ethereum/${token}`;
      if (i % 2 === 0) {
        const cold = await view(uncached.url + path, BROWSER_UA);
        checkBrowserPage(path, cold);
        figures.coldMs.push(cold.ttfbMs);
      } else {
        const crawler = await view(uncached.url + path, CRAWLER_UA);
        checkCrawlerPage(path, crawler);
        crawlerColdMs.push(crawler.ttfbMs);
        const browser = await view(uncached.url + path, BROWSER_UA);
        checkBrowserPage(path, browser);
        figures.previewCachedMs.push(browser.ttfbMs);
      }
      gateway.reset();
      const warm = await view(server.url + path, BROWSER_UA);
      checkBrowserPage(path, warm);
      if (gateway.total() === 0) figures.warmMs.push(warm.ttfbMs);
    }
  } finally {
    gateway.delayMs = 0;
    gateway.replay = false;
    await uncached.stop();
  }
  const describe = (values: number[]) =>
    values.length === 0
      ? "none"
      : `median ${median(values).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms (${values.length} tokens)`;
  const within = (values: number[]) => `<= 200 ms: ${mark(values.length > 0 && median(values) <= 200)}`;
  const rows: Row[] = [
    {
      name: `browser token page TTFB, ${GATEWAY_DELAY_MS} ms gateway, cold`,
      value: describe(figures.coldMs),
      target: within(figures.coldMs),
    },
    {
      name: `browser token page TTFB, ${GATEWAY_DELAY_MS} ms gateway, preview cached, data not`,
      value: describe(figures.previewCachedMs),
      target: within(figures.previewCachedMs),
    },
    {
      name: `browser token page TTFB, ${GATEWAY_DELAY_MS} ms gateway, warm within TTL (0 calls)`,
      value: describe(figures.warmMs),
    },
    { name: `crawler token page TTFB, ${GATEWAY_DELAY_MS} ms gateway, cold`, value: describe(crawlerColdMs) },
    { name: "gateway calls not answered from the proxy's memory", value: String(gateway.replayMisses) },
  ];
  return { ...figures, crawlerColdMs, replayMisses: gateway.replayMisses, rows };
}

if (import.meta.main) await main();
