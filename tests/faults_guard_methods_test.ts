/**
 * Requests without `Host` and odd methods against the real service (issue 31, items 5 and 6): an HTTP/1.1 request
 * without `Host` is a `400` (RFC 9112 §3.2) that names no internal address, never a page whose og:url names the
 * internal server's loopback port; `get`, `head`, `CONNECT`, `OPTIONS *`, `TRACE` and made-up methods are a `4xx`
 * on every kind of route, never a `500`, and leave no error line (`[object Object]`, "cannot have body") in the log.
 */
import assert from "node:assert/strict";
import { startServer } from "./server_harness.ts";
import { exchange } from "./guard_sockets.ts";

const TOKEN = "0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const decoder = new TextDecoder();

Deno.test("faults: requests without Host are 400 and name no internal address", async () => {
  const server = await startServer({ DEMO_CHAIN: "0" });
  try {
    const { port } = new URL(server.url);
    for (
      const target of ["/", `/explore/tokens/ethereum/${TOKEN}`, `/api/image/tokens/ethereum/${TOKEN}`, "/robots.txt"]
    ) {
      for (const ua of ["Twitterbot/1.0", BROWSER]) {
        for (const version of ["HTTP/1.1", "HTTP/1.0"]) {
          const context = `${version} GET ${target} as ${ua.slice(0, 10)} without Host`;
          const sent = await exchange(server.url, `GET ${target} ${version}\r\nUser-Agent: ${ua}\r\n\r\n`, {
            methods: ["GET"],
          });
          assert.equal(sent.answers[0]?.status, 400, context);
          const body = decoder.decode(sent.answers[0].body);
          assert.doesNotMatch(body, /localhost|127\.0\.0\.1|og:url|:\d{4,5}/, context);
          // The same request with a Host is served.
          const served = await exchange(
            server.url,
            `GET ${target} ${version}\r\nHost: 127.0.0.1:${port}\r\nUser-Agent: ${ua}\r\n\r\n`,
            { methods: ["GET"] },
          );
          assert.equal(served.answers[0]?.status, 200, `${context}, then with Host`);
        }
      }
    }
    // On a kept-alive connection the next request with a Host is answered after the 400.
    const both = await exchange(
      server.url,
      `GET / HTTP/1.1\r\n\r\nGET /robots.txt HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`,
      { methods: ["GET", "GET"] },
    );
    assert.deepEqual(both.answers.map((a) => a.status), [400, 200]);
  } finally {
    await server.stop();
  }
});

Deno.test("faults: odd methods answer 4xx on every route, never 500, and log no error", async () => {
  const server = await startServer({ DEMO_CHAIN: "0" });
  try {
    const { port } = new URL(server.url);
    const host = `127.0.0.1:${port}`;
    const targets = [
      "/",
      `/explore/tokens/ethereum/${TOKEN}`,
      `/api/image/tokens/ethereum/${TOKEN}`,
      "/api/other",
      "/graphql",
      "/rpc/ethereum",
      "/robots.txt",
      "/preview?path=/",
      "/no-such-page",
    ];
    const methods = ["get", "head", "Get", "hEAD", "post", "options", "TRACE", "FOO", "PROPFIND", "DELETE", "PUT"];
    const statuses = new Map<string, number>();
    for (const target of targets) {
      for (const method of methods) {
        for (const body of ["", "abc"]) {
          const length = body === "" ? "" : `Content-Length: ${body.length}\r\n`;
          const sent = await exchange(
            server.url,
            `${method} ${target} HTTP/1.1\r\nHost: ${host}\r\nUser-Agent: ${BROWSER}\r\n${length}\r\n${body}` +
              `GET /robots.txt HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
            { methods: [method, "GET"] },
          );
          const context = `${method} ${target}${body ? " with a body" : ""}`;
          const status = sent.answers[0]?.status ?? 0;
          assert.ok(status >= 400 && status < 500, `${context}: ${status} ${sent.garbage.slice(0, 100)}`);
          // The connection goes on: the next request is answered (after a body the server did not read, it may
          // close instead); never bytes that are not an answer.
          if (body === "" || sent.answers.length > 1) {
            assert.equal(sent.answers[1]?.status, 200, `${context}: the next request`);
          }
          assert.equal(sent.garbage, "", context);
          statuses.set(`${method} ${target}`, status);
        }
      }
    }
    // CONNECT (authority form and origin form) and OPTIONS * (the asterisk form).
    for (
      const head of [
        `CONNECT ${host} HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
        `CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n`,
        `CONNECT / HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
        `connect example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n`,
        `OPTIONS * HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
        `options * HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
      ]
    ) {
      const method = head.slice(0, head.indexOf(" "));
      const sent = await exchange(server.url, head, { methods: [method] });
      const status = sent.answers[0]?.status ?? 0;
      assert.ok(status >= 400 && status < 500, `${JSON.stringify(head)}: ${status}`);
    }
    // Exact methods the service serves still work where they belong.
    assert.equal(statuses.get("get /"), 405);
    const page = await fetch(`${server.url}/`, { headers: { "user-agent": BROWSER } });
    assert.equal(page.status, 200);
    await page.body?.cancel();
    const preflight = await fetch(`${server.url}/rpc/ethereum`, {
      method: "OPTIONS",
      headers: { origin: server.url, "access-control-request-method": "POST" },
    });
    await preflight.body?.cancel();
    assert.notEqual(preflight.status, 405, "the /rpc preflight is the proxy's to answer");
    await new Promise((resolve) => setTimeout(resolve, 200));
    const errors = server.output.filter((line) =>
      line.includes('"level":"error"') || line.includes("[object Object]") || line.includes("cannot have body")
    );
    assert.deepEqual(errors, []);
  } finally {
    await server.stop();
  }
});
