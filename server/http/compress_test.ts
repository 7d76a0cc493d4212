import assert from "node:assert/strict";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import {
  addVary,
  compressBytes,
  compressResponse,
  encodedEtag,
  isCompressibleType,
  MIN_COMPRESS_BYTES,
  negotiateEncoding,
} from "./compress.ts";

const HTML = `<!DOCTYPE html><html><head><title>t</title></head><body>${
  "<p>Swap tokens</p>".repeat(400)
}</body></html>`;

function decode(bytes: Uint8Array, encoding: string | null): string {
  const raw = encoding === "br" ? brotliDecompressSync(bytes) : encoding === "gzip" ? gunzipSync(bytes) : bytes;
  return new TextDecoder().decode(raw);
}

function get(acceptEncoding?: string): Request {
  return new Request("http://x/", {
    headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
  });
}

Deno.test("negotiateEncoding prefers brotli, honours q-values and refusals", () => {
  assert.equal(negotiateEncoding("gzip, deflate, br"), "br");
  assert.equal(negotiateEncoding("gzip"), "gzip");
  assert.equal(negotiateEncoding("x-gzip"), "gzip");
  assert.equal(negotiateEncoding("br;q=0.5, gzip;q=1"), "gzip");
  assert.equal(negotiateEncoding("br;q=0, gzip"), "gzip");
  assert.equal(negotiateEncoding("*"), "br");
  assert.equal(negotiateEncoding("*;q=0.1, br;q=0"), "gzip");
  assert.equal(negotiateEncoding("deflate"), null);
  assert.equal(negotiateEncoding("identity"), null);
  assert.equal(negotiateEncoding("gzip;q=0"), null);
  assert.equal(negotiateEncoding(""), null);
  assert.equal(negotiateEncoding(null), null);
  assert.equal(negotiateEncoding(" GZIP ; Q=0.8 "), "gzip");
});

Deno.test("isCompressibleType: text, JSON, SVG, manifest yes; images and fonts no", () => {
  for (
    const type of [
      "text/html; charset=utf-8",
      "text/javascript",
      "application/javascript",
      "text/css",
      "application/json",
      "image/svg+xml",
      "text/x-script",
      "application/manifest+json",
      "text/plain",
    ]
  ) assert.ok(isCompressibleType(type), type);
  for (
    const type of ["image/png", "image/x-icon", "image/jpeg", "font/woff2", "font/woff", "application/octet-stream"]
  ) {
    assert.ok(!isCompressibleType(type), type);
  }
  assert.ok(!isCompressibleType(null));
});

Deno.test("compressResponse encodes a streamed document chunk by chunk and it decodes to the same text", async () => {
  for (const encoding of ["br", "gzip"] as const) {
    const parts = [HTML.slice(0, 3000), HTML.slice(3000)];
    // the second part is released only after the first compressed bytes were read: the stream stays a stream
    const gate = Promise.withResolvers<void>();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode(parts[0]));
        await gate.promise;
        controller.enqueue(new TextEncoder().encode(parts[1]));
        controller.close();
      },
    });
    const response = compressResponse(
      get("gzip, deflate, br".replace(encoding === "gzip" ? ", br" : "", "")),
      new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } }),
    );
    assert.equal(response.headers.get("content-encoding"), encoding);
    assert.equal(response.headers.get("vary"), "Accept-Encoding");
    assert.equal(response.headers.get("content-length"), null);
    const reader = response.body!.getReader();
    const chunks: Uint8Array[] = [];
    const first = await reader.read();
    assert.ok(first.value && first.value.byteLength > 0, "first compressed bytes arrive before the body ends");
    chunks.push(first.value);
    const firstText = decode(first.value, null);
    assert.notEqual(firstText, parts[0], "compressed, not raw");
    gate.resolve();
    while (true) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    const all = new Uint8Array(await new Blob(chunks as Uint8Array<ArrayBuffer>[]).arrayBuffer());
    assert.equal(decode(all, encoding), HTML);
    assert.ok(all.byteLength < HTML.length / 4, `${encoding}: ${all.byteLength} bytes`);
  }
});

Deno.test("compressResponse leaves images, encoded, no-transform, tiny and bodiless answers alone", async () => {
  const png = new Response(new Uint8Array(5000), {
    headers: { "content-type": "image/png", "content-length": "5000" },
  });
  assert.equal(compressResponse(get("br"), png), png);
  const encoded = new Response("x".repeat(5000), {
    headers: { "content-type": "text/html", "content-encoding": "gzip" },
  });
  assert.equal(compressResponse(get("br"), encoded), encoded);
  const noTransform = new Response("x".repeat(5000), {
    headers: { "content-type": "text/plain", "cache-control": "public, no-transform" },
  });
  assert.equal(compressResponse(get("br"), noTransform), noTransform);
  const tiny = new Response("Not Found", {
    status: 404,
    headers: { "content-type": "text/plain", "content-length": String(MIN_COMPRESS_BYTES - 1) },
  });
  assert.equal(compressResponse(get("br"), tiny), tiny);
  const notModified = new Response(null, { status: 304, headers: { "content-type": "text/css" } });
  assert.equal(compressResponse(get("br"), notModified), notModified);
  // without Accept-Encoding: raw, but Vary says the bytes depend on it
  const raw = compressResponse(get(), new Response(HTML, { headers: { "content-type": "text/html" } }));
  assert.equal(raw.headers.get("content-encoding"), null);
  assert.equal(raw.headers.get("vary"), "Accept-Encoding");
  assert.equal(await raw.text(), HTML);
});

Deno.test("compressResponse keeps status and other headers and marks a strong ETag as encoded", async () => {
  const response = compressResponse(
    get("gzip"),
    new Response(HTML, {
      status: 404,
      headers: { "content-type": "text/html", etag: '"abc"', "x-frame-options": "SAMEORIGIN", vary: "Cookie" },
    }),
  );
  assert.equal(response.status, 404);
  assert.equal(response.headers.get("etag"), '"abc-gzip"');
  assert.equal(response.headers.get("x-frame-options"), "SAMEORIGIN");
  assert.equal(response.headers.get("vary"), "Cookie, Accept-Encoding");
  assert.equal(decode(new Uint8Array(await response.arrayBuffer()), "gzip"), HTML);
  assert.equal(encodedEtag('W/"abc"', "br"), 'W/"abc"');
});

Deno.test("compressBytes round-trips large bodies in slices", async () => {
  const big = new TextEncoder().encode(HTML.repeat(40));
  for (const encoding of ["br", "gzip"] as const) {
    const out = await compressBytes(big, encoding);
    assert.equal(decode(out, encoding), HTML.repeat(40));
  }
});

Deno.test("addVary appends once and respects *", () => {
  const headers = new Headers();
  addVary(headers, "Accept-Encoding");
  addVary(headers, "accept-encoding");
  assert.equal(headers.get("vary"), "Accept-Encoding");
  const star = new Headers({ vary: "*" });
  addVary(star, "Accept-Encoding");
  assert.equal(star.get("vary"), "*");
});
