import assert from "node:assert/strict";
import { CONTENT_SECURITY_POLICY, contentSecurityPolicy, withSecurityHeaders } from "./security_headers.ts";

Deno.test("HTML answers get frame, CSP, nosniff and referrer headers", () => {
  for (const status of [200, 404, 500]) {
    const r = withSecurityHeaders(
      new Response("<!DOCTYPE html>", { status, headers: { "content-type": "text/html; charset=utf-8" } }),
    );
    assert.equal(r.headers.get("x-frame-options"), "SAMEORIGIN");
    assert.match(r.headers.get("content-security-policy")!, /(^|;)\s*frame-ancestors 'self'/);
    assert.equal(r.headers.get("x-content-type-options"), "nosniff");
    assert.equal(r.headers.get("referrer-policy"), "strict-origin-when-cross-origin");
  }
});

Deno.test("a CSP set by the app is kept, with frame-ancestors added when missing", () => {
  const own = withSecurityHeaders(
    new Response("", { headers: { "content-type": "text/html", "content-security-policy": "img-src *;" } }),
  );
  assert.equal(own.headers.get("content-security-policy"), "img-src *; frame-ancestors 'self'");
  const full = withSecurityHeaders(
    new Response("", { headers: { "content-type": "text/html", "content-security-policy": CONTENT_SECURITY_POLICY } }),
  );
  assert.equal(full.headers.get("content-security-policy"), CONTENT_SECURITY_POLICY);
});

Deno.test("images and other answers get nosniff only", () => {
  for (const type of ["image/png", "text/css", "application/json", "text/plain"]) {
    const r = withSecurityHeaders(new Response("x", { headers: { "content-type": type } }));
    assert.equal(r.headers.get("x-content-type-options"), "nosniff", type);
    assert.equal(r.headers.get("x-frame-options"), null, type);
    assert.equal(r.headers.get("content-security-policy"), null, type);
  }
});

Deno.test("immutable headers (a redirect) are copied, not thrown on", () => {
  const r = withSecurityHeaders(Response.redirect("http://x/y", 302));
  assert.equal(r.status, 302);
  assert.equal(r.headers.get("location"), "http://x/y");
  assert.equal(r.headers.get("x-content-type-options"), "nosniff");
});

Deno.test("connect-src is this origin only, plus the WalletConnect relay's origin only when it is configured", () => {
  const connectSrc = (policy: string) => /(?:^|;)\s*connect-src ([^;]*)/.exec(policy)?.[1].trim().split(/\s+/);
  assert.deepEqual(connectSrc(CONTENT_SECURITY_POLICY), ["'self'"]);
  assert.equal(contentSecurityPolicy(), CONTENT_SECURITY_POLICY);
  assert.equal(contentSecurityPolicy({ walletConnectRelayUrl: null }), CONTENT_SECURITY_POLICY);
  assert.ok(!/walletconnect/i.test(CONTENT_SECURITY_POLICY));
  assert.deepEqual(connectSrc(contentSecurityPolicy({ walletConnectRelayUrl: "wss://relay.walletconnect.org" })), [
    "'self'",
    "wss://relay.walletconnect.org",
  ]);
  // The origin, not the path: the client adds its own query to the relay URL.
  assert.deepEqual(connectSrc(contentSecurityPolicy({ walletConnectRelayUrl: "ws://127.0.0.1:4444/v2" })), [
    "'self'",
    "ws://127.0.0.1:4444",
  ]);
  const policy = contentSecurityPolicy({ walletConnectRelayUrl: "wss://relay.walletconnect.org" });
  const page = withSecurityHeaders(new Response("", { headers: { "content-type": "text/html" } }), {
    contentSecurityPolicy: policy,
  });
  assert.equal(page.headers.get("content-security-policy"), policy);
  assert.match(policy, /(^|;)\s*frame-ancestors 'self'/);
  const image = withSecurityHeaders(new Response("", { headers: { "content-type": "image/png" } }), {
    contentSecurityPolicy: policy,
  });
  assert.equal(image.headers.get("content-security-policy"), null);
});
