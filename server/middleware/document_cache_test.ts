import assert from "node:assert/strict";
import { invalidateCachedAnswers } from "../cache/invalidation.ts";
import { compose, type Middleware } from "./compose.ts";
import { compression } from "./compression.ts";
import { documentCache } from "./document_cache.ts";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const TOKEN_PAGE = "/explore/tokens/ethereum/0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984";

/** A page renderer that counts its renders and streams a document naming the render; `page.next` shapes it. */
function renderer() {
  const state = {
    renders: 0,
    status: 200,
    headers: { "content-type": "text/html; charset=utf-8" } as Record<string, string>,
    error: false,
  };
  const page: Middleware = async (ctx) => {
    const n = ++state.renders;
    // A loader awaits something: a render whose request was aborted meanwhile fails.
    await new Promise((resolve) => setTimeout(resolve, 1));
    if (ctx.request.signal.aborted) throw new Error("aborted");
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`<html><body>render ${n} ${"x".repeat(2000)}`));
        controller.enqueue(
          new TextEncoder().encode(
            state.error ? `<div class="state state-error">x</div></body></html>` : "</body></html>",
          ),
        );
        controller.close();
      },
    });
    return new Response(body, { status: state.status, headers: state.headers });
  };
  return { state, page };
}

Deno.test("documentCache: a browser's public page is shared for 2 s, then stale while one request renders it again", async () => {
  let now = 0;
  const { state, page } = renderer();
  const handle = compose([documentCache({ now: () => now }), compression(), page]);
  const get = async (path = TOKEN_PAGE, headers: Record<string, string> = {}) => {
    // Like Deno.serve: the request's signal aborts once its answer is out.
    const client = new AbortController();
    const response = await handle(
      new Request(`http://app.test${path}`, { headers: { "user-agent": BROWSER, ...headers }, signal: client.signal }),
    );
    queueMicrotask(() => client.abort());
    const coded = response.headers.get("content-encoding") === "gzip";
    const text = coded
      ? await new Response(response.body!.pipeThrough(new DecompressionStream("gzip"))).text()
      : await response.text();
    return { status: response.status, text, headers: response.headers };
  };
  assert.match((await get()).text, /render 1 /);
  assert.match((await get()).text, /render 1 /);
  assert.equal(state.renders, 1);
  // Each content coding is kept as sent: a gzip client's first visit renders, its second does not.
  const gzip = await get(TOKEN_PAGE, { "accept-encoding": "gzip" });
  assert.equal(gzip.headers.get("content-encoding"), "gzip");
  assert.match(gzip.text, /render 2 /);
  assert.equal(state.renders, 2);
  // (Kept once its error-state check, which decodes it, is done.)
  await new Promise((resolve) => setTimeout(resolve, 20));
  await get(TOKEN_PAGE, { "accept-encoding": "gzip" });
  assert.equal(state.renders, 2);
  // Stale: the old document at once, one render behind it, then the new one.
  now = 2_500;
  assert.match((await get()).text, /render 1 /);
  assert.match((await get()).text, /render 1 |render 3 /);
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(state.renders, 3);
  assert.match((await get()).text, /render 3 /);
  // Past fresh + stale: rendered again before answering.
  now = 30_000;
  assert.match((await get()).text, /render 4 /);
  // Other queries are other documents.
  assert.match((await get(`${TOKEN_PAGE}?a=1`)).text, /render 5 /);
});

Deno.test("documentCache: never for cookies, crawlers, other pages, failures or private answers; a purge empties it", async () => {
  const { state, page } = renderer();
  const handle = compose([documentCache(), page]);
  const get = async (path = TOKEN_PAGE, headers: Record<string, string> = { "user-agent": BROWSER }) => {
    const response = await handle(new Request(`http://app.test${path}`, { headers }));
    await response.text();
    return state.renders;
  };
  const twice = async (path?: string, headers?: Record<string, string>) => {
    const before = state.renders;
    await get(path, headers);
    await get(path, headers);
    return state.renders - before;
  };
  assert.equal(await twice(TOKEN_PAGE, { "user-agent": BROWSER, cookie: "a=b" }), 2);
  assert.equal(await twice(TOKEN_PAGE, { "user-agent": "Twitterbot/1.0" }), 2);
  assert.equal(await twice("/not-a-whitelisted-page"), 2);
  // An owner's pages: a wallet action changes them, and their owner reloads at once.
  for (const path of ["/portfolio?address=0x1", "/positions/v3/ethereum/1", "/pool/1", "/pools/1", "/add/v2"]) {
    assert.equal(await twice(path), 2, path);
  }
  for (const path of ["/", "/explore", "/tokens/ethereum", "/pools/ethereum/0x1", "/vote/1"]) {
    assert.equal(await twice(`${path}?market`), 1, path);
  }
  state.error = true; // a part failed to load: an error state in the document
  assert.equal(await twice("/explore"), 2);
  state.error = false;
  state.headers = { "content-type": "text/html", "cache-control": "no-store" };
  assert.equal(await twice("/swap"), 2);
  state.headers = { "content-type": "text/html", "set-cookie": "a=b" };
  assert.equal(await twice("/buy"), 2);
  state.headers = { "content-type": "text/html" };
  state.status = 404;
  assert.equal(await twice("/sell"), 2);
  state.status = 200;
  assert.equal(await twice("/send"), 1);
  await invalidateCachedAnswers();
  assert.equal(await twice("/send"), 1);
});

Deno.test("documentCache: requests that miss a document being rendered wait for it: a burst costs one render", async () => {
  const { state, page } = renderer();
  const handle = compose([documentCache(), compression(), page]);
  const get = async (path = TOKEN_PAGE) => {
    const response = await handle(new Request(`http://app.test${path}`, { headers: { "user-agent": BROWSER } }));
    return { status: response.status, text: await response.text() };
  };
  const burst = await Promise.all(Array.from({ length: 8 }, () => get()));
  assert.equal(state.renders, 1, "one render for the burst");
  for (const answer of burst) {
    assert.equal(answer.status, 200);
    assert.match(answer.text, /render 1 .*<\/html>$/s);
  }
  // A render that is not kept (an error state) lets each waiter render its own: nothing failed is shared.
  state.error = true;
  const failed = await Promise.all(Array.from({ length: 3 }, () => get(`${TOKEN_PAGE}?b=1`)));
  assert.equal(state.renders, 1 + 3);
  assert.deepEqual(new Set(failed.map((answer) => /render (\d+)/.exec(answer.text)![1])).size, 3);
});

Deno.test("documentCache: a waiter stops waiting for a render that outlasts missWaitMs and renders its own", async () => {
  let renders = 0;
  const slow: Middleware = async () => {
    const n = ++renders;
    if (n === 1) await new Promise((resolve) => setTimeout(resolve, 200));
    return new Response(`<html>render ${n}</html>`, { headers: { "content-type": "text/html" } });
  };
  const handle = compose([documentCache({ missWaitMs: 20 }), slow]);
  const get = () => handle(new Request(`http://app.test${TOKEN_PAGE}`, { headers: { "user-agent": BROWSER } }));
  const first = get();
  await new Promise((resolve) => setTimeout(resolve, 5));
  assert.match(await (await get()).text(), /render 2/, "the waiter rendered its own after 20 ms");
  assert.match(await (await first).text(), /render 1/);
});

Deno.test("documentCache: after a render that was not kept, the waiters render side by side, not one by one", async () => {
  let renders = 0;
  let inFlight = 0;
  let most = 0;
  const failing: Middleware = async () => {
    renders++;
    most = Math.max(most, ++inFlight);
    await new Promise((resolve) => setTimeout(resolve, 20));
    inFlight--;
    return new Response(`<html><div class="state state-error">down</div></html>`, {
      headers: { "content-type": "text/html" },
    });
  };
  const handle = compose([documentCache(), failing]);
  const get = async () =>
    await (await handle(new Request(`http://app.test${TOKEN_PAGE}`, { headers: { "user-agent": BROWSER } }))).text();
  const answers = await Promise.all(Array.from({ length: 4 }, () => get()));
  assert.equal(renders, 4, "nothing failed is shared");
  for (const text of answers) assert.match(text, /state-error/);
  assert.equal(most, 3, "the three waiters rendered at once after the first render was not kept");
});
