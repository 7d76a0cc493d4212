import assert from "node:assert/strict";
import { compose, type Middleware } from "./compose.ts";
import { readOnlyPages, servedMethods } from "./methods.ts";

/** A stand-in for what follows: answers 200 with the method it saw. */
const echo: Middleware = (ctx) => Promise.resolve(new Response(ctx.request.method));

Deno.test("servedMethods: only GET, HEAD, POST and OPTIONS as spelled reach the rest; others are 405 with Allow", async () => {
  const handle = compose([servedMethods(), echo]);
  for (const method of ["GET", "HEAD", "POST", "OPTIONS"]) {
    const response = await handle(new Request("http://app.test/", { method }));
    assert.equal(response.status, 200, method);
    await response.body?.cancel();
  }
  // `new Request` normalises `get`; a server's Request keeps it, as Deno.serve gives it.
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => handle(request));
  try {
    for (const method of ["get", "head", "Post", "FOO", "TRACE", "PROPFIND", "DELETE", "PUT", "PATCH"]) {
      const conn = await Deno.connect({ hostname: "127.0.0.1", port: server.addr.port });
      await conn.write(new TextEncoder().encode(`${method} / HTTP/1.1\r\nHost: app.test\r\nConnection: close\r\n\r\n`));
      const text = new TextDecoder().decode(await new Response(conn.readable).arrayBuffer());
      assert.match(text, /^HTTP\/1\.1 405 /, method);
      assert.match(text, /\r\nallow: GET, HEAD, POST, OPTIONS\r\n/, method);
    }
  } finally {
    await server.shutdown();
  }
});

Deno.test("readOnlyPages: pages take GET and HEAD; POST and OPTIONS are 405 with Allow: GET, HEAD", async () => {
  const handle = compose([readOnlyPages(), echo]);
  for (const method of ["GET", "HEAD"]) {
    assert.equal((await handle(new Request("http://app.test/", { method }))).status, 200);
  }
  for (const method of ["POST", "OPTIONS"]) {
    const response = await handle(new Request("http://app.test/", { method }));
    assert.equal(response.status, 405, method);
    assert.equal(response.headers.get("allow"), "GET, HEAD");
  }
});
