import assert from "node:assert/strict";
import { parseHost, resolveOrigin } from "./origin.ts";

function request(url: string, headers: Record<string, string> = {}): Request {
  return new Request(url, { headers });
}

Deno.test("parseHost accepts host[:port] and nothing else", () => {
  assert.equal(parseHost("example.com"), "example.com");
  assert.equal(parseHost("App.Example.COM:8443"), "app.example.com:8443");
  assert.equal(parseHost("localhost:8000"), "localhost:8000");
  assert.equal(parseHost("127.0.0.1:9200"), "127.0.0.1:9200");
  assert.equal(parseHost("[::1]:8000"), "[::1]:8000");
  assert.equal(parseHost("[2001:db8::1]"), "[2001:db8::1]");
  assert.equal(parseHost("my_service:80"), "my_service:80");
  assert.equal(parseHost("example.com."), "example.com.");
  for (
    const bad of [
      "127.0.0.1:9200/api/image/tokens/ethereum/0x1?",
      "a b",
      "",
      "example.com:",
      "example.com:0",
      "example.com:65536",
      "example.com:80:80",
      "user@example.com",
      "example.com/",
      "example.com?x",
      "example.com#x",
      "-bad.com",
      "bad-.com",
      "a..b",
      "300.1.1.1",
      "1.2.3",
      "[::1",
      "[not:an:ip:zz]",
      "::1",
      `${"a".repeat(64)}.com`,
      `${"a.".repeat(130)}com`,
      "exa\u0000mple.com",
      "ex%41mple.com",
    ]
  ) {
    assert.equal(parseHost(bad), null, JSON.stringify(bad));
  }
  assert.equal(parseHost(null), null);
});

Deno.test("resolveOrigin: the request's own Host and scheme by default", () => {
  assert.deepEqual(resolveOrigin(request("http://app.example:8000/swap")), {
    ok: true,
    origin: "http://app.example:8000",
  });
  // forwarding headers are ignored unless TRUST_PROXY is on
  const proxied = request("http://10.0.0.5:8000/swap", {
    "x-forwarded-proto": "https",
    "x-forwarded-host": "app.example.com",
  });
  assert.deepEqual(resolveOrigin(proxied), { ok: true, origin: "http://10.0.0.5:8000" });
  // the Host header, not an absolute-form target's host, is the request's host
  const absolute = request("http://evil.example/x", { host: "app.example" });
  assert.deepEqual(resolveOrigin(absolute), { ok: true, origin: "http://app.example" });
  // default ports are dropped
  assert.deepEqual(resolveOrigin(request("https://app.example/", { host: "app.example:443" })), {
    ok: true,
    origin: "https://app.example",
  });
});

Deno.test("resolveOrigin: an invalid Host is refused, whatever else is configured", () => {
  const hostile = request("http://127.0.0.1:9200/api/image/tokens/a?/favicon.svg", {
    host: "127.0.0.1:9200/api/image/tokens/a?",
  });
  assert.equal(resolveOrigin(hostile).ok, false);
  assert.equal(resolveOrigin(hostile, { publicOrigin: "https://app.example.com" }).ok, false);
  assert.equal(resolveOrigin(hostile, { trustProxy: true }).ok, false);
  assert.equal(resolveOrigin(request("http://x/", { host: "a b" })).ok, false);
});

Deno.test("resolveOrigin: PUBLIC_ORIGIN wins", () => {
  const r = request("http://10.0.0.5:8000/", { "x-forwarded-host": "other.example", "x-forwarded-proto": "http" });
  assert.deepEqual(resolveOrigin(r, { publicOrigin: "https://app.example.com/", trustProxy: true }), {
    ok: true,
    origin: "https://app.example.com",
  });
});

Deno.test("resolveOrigin: TRUST_PROXY takes validated X-Forwarded-Proto and X-Forwarded-Host", () => {
  const options = { trustProxy: true };
  const cases: [Record<string, string>, string][] = [
    [{ "x-forwarded-proto": "https", "x-forwarded-host": "app.example.com" }, "https://app.example.com"],
    [{ "x-forwarded-proto": "HTTPS" }, "https://10.0.0.5:8000"],
    [{ "x-forwarded-host": "App.Example.com:8443" }, "http://app.example.com:8443"],
    // lists: the first (client-facing) value
    [{ "x-forwarded-proto": "https, http", "x-forwarded-host": "a.example, b.example" }, "https://a.example"],
    [{ "x-forwarded-proto": "https", "x-forwarded-host": "app.example.com:443" }, "https://app.example.com"],
    // invalid values fall back to the request's own
    [{ "x-forwarded-proto": "javascript", "x-forwarded-host": "evil.example/x?" }, "http://10.0.0.5:8000"],
    [{ "x-forwarded-proto": "ftp", "x-forwarded-host": "a b" }, "http://10.0.0.5:8000"],
    [{ "x-forwarded-host": "" }, "http://10.0.0.5:8000"],
  ];
  for (const [headers, origin] of cases) {
    assert.deepEqual(
      resolveOrigin(request("http://10.0.0.5:8000/swap", headers), options),
      { ok: true, origin },
      JSON.stringify(headers),
    );
  }
});

Deno.test("parseHost and resolveOrigin answer the same when asked again, past the memo's size too", () => {
  // Remembered answers (valid and refused) must stay the very answers, also once the memo was emptied.
  for (let round = 0; round < 2; round++) {
    for (let i = 0; i < 600; i++) {
      assert.equal(parseHost(`Host${i}.Example.com:${1000 + i}`), `host${i}.example.com:${1000 + i}`);
      assert.equal(parseHost(`host${i}.example.com:0`), null);
      assert.deepEqual(resolveOrigin(request(`http://h${i}.example.com:80/p`)), {
        ok: true,
        origin: `http://h${i}.example.com`,
      });
    }
    assert.equal(parseHost("[::1]:8080"), "[::1]:8080");
    assert.equal(parseHost("127.0.0.1:9200/api"), null);
  }
});

Deno.test("resolveOrigin takes the URL already parsed, with the same answer", () => {
  const req = request("https://App.example.com:443/x?y", { host: "app.example.com:443" });
  assert.deepEqual(resolveOrigin(req, {}, new URL(req.url)), resolveOrigin(req));
  assert.deepEqual(resolveOrigin(req, {}, new URL(req.url)), { ok: true, origin: "https://app.example.com" });
});
