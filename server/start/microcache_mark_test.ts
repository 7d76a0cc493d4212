import assert from "node:assert/strict";
import { MICROCACHE_HEADER } from "../conn_guard/microcache.ts";
import { DOCUMENT_MICROCACHE_MS, IMAGE_MICROCACHE_MS, markForMicrocache, microcacheTtl } from "./microcache_mark.ts";

const UNI = "0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984";
const IMAGE = `http://app.test/api/image/tokens/ethereum/${UNI}`;
const PAGE = `http://app.test/explore/tokens/ethereum/${UNI}`;
const PNG = { "content-type": "image/png", "cache-control": "public, immutable, no-transform, max-age=604800" };
const HTML = { "content-type": "text/html; charset=utf-8" };
const BOT = { "user-agent": "Twitterbot/1.0" };

function ttl(url: string, init: RequestInit, status: number, headers: Record<string, string>): number {
  return microcacheTtl(new Request(url, init), new Response(status === 204 ? null : "x", { status, headers }));
}

Deno.test("marked: a public 200 share image and a crawler's 200 document, GET or HEAD", () => {
  assert.equal(ttl(IMAGE, {}, 200, PNG), IMAGE_MICROCACHE_MS);
  assert.equal(ttl(IMAGE, { method: "HEAD" }, 200, PNG), IMAGE_MICROCACHE_MS);
  assert.equal(ttl(PAGE, { headers: BOT }, 200, HTML), DOCUMENT_MICROCACHE_MS);
  assert.equal(ttl(PAGE, { headers: BOT, method: "HEAD" }, 200, HTML), DOCUMENT_MICROCACHE_MS);
  const marked = markForMicrocache(new Request(IMAGE), new Response("png", { headers: PNG }));
  assert.equal(marked.headers.get(MICROCACHE_HEADER), String(IMAGE_MICROCACHE_MS));
  // A mark from elsewhere (a proxied upstream) never reaches the guard on an answer it may not keep.
  const stray = new Response("x", { headers: { [MICROCACHE_HEADER]: "2000", "content-type": "application/json" } });
  assert.equal(markForMicrocache(new Request("http://app.test/rpc"), stray).headers.has(MICROCACHE_HEADER), false);
});

Deno.test("not marked: failures, personal answers and requests, browsers' pages, other paths", () => {
  assert.equal(ttl(IMAGE, {}, 500, PNG), 0);
  assert.equal(ttl(IMAGE, {}, 404, { "content-type": "text/plain", "cache-control": "no-store" }), 0);
  assert.equal(ttl(IMAGE, {}, 200, { ...PNG, "cache-control": "no-store" }), 0);
  assert.equal(ttl(IMAGE, {}, 200, { ...PNG, "cache-control": "private, max-age=60" }), 0);
  assert.equal(ttl(IMAGE, {}, 200, { ...PNG, "set-cookie": "a=b" }), 0);
  assert.equal(ttl(IMAGE, { headers: { cookie: "a=b" } }, 200, PNG), 0);
  assert.equal(ttl(IMAGE, { headers: { authorization: "Bearer x" } }, 200, PNG), 0);
  assert.equal(ttl(IMAGE, { method: "POST", body: "x" }, 200, PNG), 0);
  assert.equal(ttl(PAGE, {}, 200, HTML), 0, "a browser's page");
  assert.equal(ttl(PAGE, { headers: BOT }, 200, { ...HTML, "cache-control": "no-store" }), 0);
  assert.equal(ttl(PAGE, { headers: BOT }, 503, HTML), 0);
  assert.equal(ttl("http://app.test/assets/app.js", {}, 200, { "cache-control": "public, max-age=60" }), 0);
  assert.equal(ttl("http://app.test/robots.txt", { headers: BOT }, 200, { "content-type": "text/plain" }), 0);
});
