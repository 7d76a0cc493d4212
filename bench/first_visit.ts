/**
 * `deno task bench:first-visit`: what a browser's first visit costs (issue
 * 24), against the real service (`server.ts`, the production build already
 * in `build/`: this bench builds nothing) and the demo gateway behind the
 * page bench's counting, delaying proxy (`pages_gateway.ts`):
 *
 * - for `/`, a token page and `/swap`, fetched as a desktop browser would: the gzip
 *   size of every script the document loads before interaction (each
 *   `<script src>` and `<link rel="modulepreload">`, gzipped here at level 9
 *   like the static files), the largest inline `<script>` and the size of
 *   the document itself (with `--scripts`, each script's gzip size too;
 *   the islands' code, `app/components/island.tsx`, loads at idle after
 *   `load` or at the first input and is not counted);
 * - the cold token page with every gateway call answered 600 ms late: time
 *   until the whole streamed document has arrived, and whether any call
 *   started after another had been answered (a second round trip).
 *
 * It fails loudly when a document is not the real page (no header, no `<main>`
 * heading, an error or not-found state, or no scripts).
 *
 * @module
 */
import { gzipSync } from "node:zlib";
import { ETHEREUM_TOKENS } from "../demo_gateway/mod.ts";
import { spawnServer } from "./server.ts";
import { startPagesGateway } from "./pages_gateway.ts";

const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** The pages of a first visit: the home page and a token page (the target), and the swap page. */
const PAGES: readonly { readonly name: string; readonly path: string }[] = [
  { name: "/", path: "/" },
  { name: "token", path: `/explore/tokens/ethereum/${ETHEREUM_TOKENS.UNI.toLowerCase()}` },
  { name: "/swap", path: "/swap" },
];

/** A token page no view has asked for yet, for the cold round trip. */
const COLD_TOKEN_PAGE = `/explore/tokens/ethereum/${ETHEREUM_TOKENS.WETH.toLowerCase()}`;

/** Gateway delay of the round-trip figure, in ms. */
const GATEWAY_DELAY_MS = 600;

/** What one document loads before interaction. */
export interface FirstVisit {
  readonly documentBytes: number;
  readonly documentGzipBytes: number;
  /** Script URLs (`<script src>` and modulepreload), in document order, without duplicates. */
  readonly scripts: readonly string[];
  /** Gzipped size of each script, in the order of `scripts`. */
  readonly scriptGzipSizes: readonly number[];
  readonly scriptBytes: number;
  readonly scriptGzipBytes: number;
  readonly inlineScripts: number;
  readonly largestInlineBytes: number;
}

function gzipSize(bytes: Uint8Array | string): number {
  return gzipSync(typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes, { level: 9 }).length;
}

/** Throws unless `html` is the real page of `path`: frame, heading, scripts, no error or not-found state. */
export function checkDocument(path: string, status: number, html: string): void {
  const problems: string[] = [];
  if (status !== 200) problems.push(`status ${status}`);
  if (!/<header[\s>]/.test(html)) problems.push("no site header");
  if (!/<main[^>]*>[\s\S]*?<h1[\s>]/.test(html)) problems.push("no heading in <main>");
  if (/class="[^"]*state-(error|not-found)/.test(html)) problems.push("an error or not-found state");
  if (/crawler-preview/.test(html)) problems.push("the crawler document");
  if (!/<script[\s>]/.test(html)) problems.push("no script");
  if (problems.length > 0) {
    throw new Error(`Cannot measure "${path}": the document is not the real page (${problems.join(", ")})`);
  }
}

/** The scripts and inline scripts of a document (regular expressions: the service's own markup). */
export function scriptsOf(html: string): { urls: string[]; inline: string[] } {
  const urls: string[] = [];
  const inline: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = /\bsrc="([^"]+)"/.exec(match[1]);
    if (src) urls.push(src[1]);
    else if (!/type="application\/(ld\+)?json"/.test(match[1])) inline.push(match[2]);
    // A module script's static imports load before it runs: they count too.
    for (const imported of match[2].matchAll(/\bimport\s*(?:[^"';]*?from\s*)?"([^"]+\.js)"/g)) urls.push(imported[1]);
  }
  for (const match of html.matchAll(/<link\b[^>]*>/g)) {
    if (!/rel="modulepreload"/.test(match[0])) continue;
    const href = /href="([^"]+)"/.exec(match[0]);
    if (href) urls.push(href[1]);
  }
  return { urls: [...new Set(urls)], inline };
}

/** Fetches `path` as a browser and measures what it loads before interaction. */
export async function measureFirstVisit(base: string, path: string): Promise<FirstVisit> {
  const response = await fetch(base + path, { headers: { "user-agent": BROWSER_UA, "accept-encoding": "identity" } });
  const html = await response.text();
  checkDocument(path, response.status, html);
  const { urls, inline } = scriptsOf(html);
  let scriptBytes = 0;
  let scriptGzipBytes = 0;
  const scriptGzipSizes: number[] = [];
  for (const url of urls) {
    const script = await fetch(new URL(url, base + path), { headers: { "accept-encoding": "identity" } });
    if (script.status !== 200) throw new Error(`Cannot fetch script "${url}": HTTP ${script.status}`);
    const bytes = new Uint8Array(await script.arrayBuffer());
    scriptBytes += bytes.length;
    scriptGzipSizes.push(gzipSize(bytes));
    scriptGzipBytes += scriptGzipSizes.at(-1)!;
  }
  return {
    documentBytes: new TextEncoder().encode(html).length,
    documentGzipBytes: gzipSize(html),
    scripts: urls,
    scriptGzipSizes,
    scriptBytes,
    scriptGzipBytes,
    inlineScripts: inline.length,
    largestInlineBytes: Math.max(0, ...inline.map((text) => new TextEncoder().encode(text).length)),
  };
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

async function main(listScripts: boolean): Promise<void> {
  const gateway = await startPagesGateway();
  const server = await spawnServer({ GRAPHQL_URL: gateway.url, QUERY_CACHE_SECONDS: "300" });
  try {
    console.log("page   | scripts | JS before interaction | JS gzip  | largest inline | document (gzip)");
    for (const page of PAGES) {
      const visit = await measureFirstVisit(server.url, page.path);
      console.log(
        `${page.name.padEnd(6)} | ${String(visit.scripts.length).padStart(7)} | ${
          kb(visit.scriptBytes).padStart(20)
        } | ${kb(visit.scriptGzipBytes).padStart(8)} | ${kb(visit.largestInlineBytes).padStart(14)} | ${
          kb(visit.documentBytes)
        } (${kb(visit.documentGzipBytes)})`,
      );
      if (listScripts) {
        for (const [index, url] of visit.scripts.entries()) {
          console.log(`         ${kb(visit.scriptGzipSizes[index]).padStart(8)}  ${url}`);
        }
      }
    }
    // One round trip: a token page nobody viewed, every gateway call 600 ms late.
    gateway.delayMs = GATEWAY_DELAY_MS;
    gateway.reset();
    const started = performance.now();
    const response = await fetch(server.url + COLD_TOKEN_PAGE, { headers: { "user-agent": BROWSER_UA } });
    const html = await response.text();
    const completeMs = performance.now() - started;
    checkDocument(COLD_TOKEN_PAGE, response.status, html);
    if (!html.includes('id="tx-title"')) throw new Error(`${COLD_TOKEN_PAGE}: the streamed parts never arrived`);
    console.log(
      `cold token page, gateway ${GATEWAY_DELAY_MS} ms: whole document in ${
        completeMs.toFixed(0)
      } ms, ${gateway.total()} gateway calls (${[...gateway.calls.keys()].join(", ")})`,
    );
  } finally {
    await server.stop();
    await gateway.close();
  }
}

if (import.meta.main) await main(Deno.args.includes("--scripts"));
