import assert from "node:assert/strict";
import { setLogSink } from "../log.ts";
import { compose, type Middleware } from "./compose.ts";
import { compression } from "./compression.ts";
import { headWithoutBody } from "./head.ts";
import { requestLog } from "./request_log.ts";
import { securityHeaders } from "./security_headers.ts";

Deno.test("compose: middlewares run in order, may answer, hand on a rebuilt request, and wrap the answer", async () => {
  const seen: string[] = [];
  const outer: Middleware = async (ctx) => {
    seen.push(`outer ${ctx.url.pathname}`);
    const response = await ctx.next();
    response.headers.set("x-outer", "1");
    return response;
  };
  const rewrite: Middleware = (ctx) => ctx.next(new Request(`http://app.test/rewritten${ctx.url.search}`));
  const answer: Middleware = (ctx) => {
    seen.push(`answer ${ctx.url.pathname}${ctx.url.search}`);
    return Promise.resolve(new Response(ctx.request.url));
  };
  const handle = compose([outer, null, rewrite, answer]);
  const response = await handle(new Request("http://app.test/first?q=1"));
  assert.equal(await response.text(), "http://app.test/rewritten?q=1");
  assert.equal(response.headers.get("x-outer"), "1");
  assert.deepEqual(seen, ["outer /first", "answer /rewritten?q=1"]);
});

Deno.test("compose: a request no middleware answers is a plain 404", async () => {
  const response = await compose([(ctx) => ctx.next()])(new Request("http://app.test/nothing"));
  assert.equal(response.status, 404);
  assert.equal(await response.text(), "Not Found");
});

Deno.test("compose: a step that throws, at once or later, under the decorating steps is requestLog's 500", async () => {
  const previous = setLogSink({ write: () => Promise.resolve(), writeSync: () => {} });
  try {
    const failures: Middleware[] = [
      () => {
        throw new Error("at once");
      },
      () => Promise.reject(new Error("later")),
    ];
    for (const failure of failures) {
      for (const method of ["GET", "HEAD"]) {
        const handle = compose([
          requestLog(),
          headWithoutBody(),
          securityHeaders("default-src 'self'"),
          compression(),
          failure,
        ]);
        const response = await handle(new Request("http://app.test/x", { method }));
        assert.equal(response.status, 500);
        assert.equal(await response.text(), "Internal Server Error");
      }
    }
  } finally {
    setLogSink(previous);
  }
});
