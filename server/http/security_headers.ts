/**
 * Security headers of every answer. HTML documents may be framed only by
 * this origin, connect (fetch, WebSocket) only to this origin — and to the
 * WalletConnect relay when WalletConnect is configured — and send only the
 * origin as referrer to other sites; no answer may be sniffed into another
 * type.
 *
 * @module
 */

/** Options of {@linkcode contentSecurityPolicy}. */
export interface PolicyOptions {
  /**
   * `WALLETCONNECT_RELAY_URL` when WalletConnect is configured (`null` or
   * absent otherwise): its origin joins `connect-src`.
   */
  readonly walletConnectRelayUrl?: string | null;
}

/**
 * The `Content-Security-Policy` of HTML documents: framing, `<base>` and
 * plugins locked to this origin, and `connect-src` to this origin (its
 * `/graphql`, `/rpc/` and WebSocket relays: `'self'` covers `ws:`/`wss:` on
 * the same host), plus the relay's origin only when WalletConnect is on.
 */
export function contentSecurityPolicy(options: PolicyOptions = {}): string {
  const connect = ["'self'"];
  if (options.walletConnectRelayUrl) connect.push(new URL(options.walletConnectRelayUrl).origin);
  return `frame-ancestors 'self'; base-uri 'self'; object-src 'none'; connect-src ${connect.join(" ")}`;
}

/** `Content-Security-Policy` of HTML documents without WalletConnect (see {@linkcode contentSecurityPolicy}). */
export const CONTENT_SECURITY_POLICY: string = contentSecurityPolicy();

/** Headers every HTML document carries. */
export const HTML_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "x-frame-options": "SAMEORIGIN",
  "content-security-policy": CONTENT_SECURITY_POLICY,
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
};

/** Whether a `content-type` is an HTML document. */
export function isHtml(contentType: string | null): boolean {
  return /^\s*text\/html\s*(;|$)/i.test(contentType ?? "");
}

/** Options of {@linkcode applySecurityHeaders} and {@linkcode withSecurityHeaders}. */
export interface SecurityHeaderOptions {
  /** The policy of HTML documents; default {@linkcode CONTENT_SECURITY_POLICY} (from {@linkcode contentSecurityPolicy}). */
  readonly contentSecurityPolicy?: string;
}

/**
 * Sets the security headers on `headers` in place: `X-Content-Type-Options:
 * nosniff` on every answer; on HTML documents also `X-Frame-Options`,
 * `Content-Security-Policy` (when the app set none; `frame-ancestors 'self'`
 * is added to one that lacks it) and `Referrer-Policy` (when none is set).
 */
export function applySecurityHeaders(headers: Headers, options: SecurityHeaderOptions = {}): void {
  headers.set("x-content-type-options", "nosniff");
  if (!isHtml(headers.get("content-type"))) return;
  headers.set("x-frame-options", HTML_SECURITY_HEADERS["x-frame-options"]);
  const csp = headers.get("content-security-policy");
  if (!csp) headers.set("content-security-policy", options.contentSecurityPolicy ?? CONTENT_SECURITY_POLICY);
  else if (!/(^|;)\s*frame-ancestors\s/i.test(csp)) {
    headers.set("content-security-policy", `${csp.replace(/;\s*$/, "")}; frame-ancestors 'self'`);
  }
  if (!headers.has("referrer-policy")) headers.set("referrer-policy", HTML_SECURITY_HEADERS["referrer-policy"]);
}

/**
 * The response with {@linkcode applySecurityHeaders} applied. Headers of a
 * `Response` from `fetch` or `Response.redirect` are immutable, so a copy is
 * made when they cannot be changed in place.
 */
export function withSecurityHeaders(response: Response, options: SecurityHeaderOptions = {}): Response {
  try {
    applySecurityHeaders(response.headers, options);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    applySecurityHeaders(headers, options);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
