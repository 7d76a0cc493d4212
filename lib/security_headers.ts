/**
 * Security headers of every answer. HTML documents may be framed only by
 * this origin and send only the origin as referrer to other sites; no answer
 * may be sniffed into another type.
 *
 * @module
 */

/** `Content-Security-Policy` of HTML documents: framing, `<base>` and plugins locked to this origin. */
export const CONTENT_SECURITY_POLICY = "frame-ancestors 'self'; base-uri 'self'; object-src 'none'";

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

/**
 * Sets the security headers on `headers` in place: `X-Content-Type-Options:
 * nosniff` on every answer; on HTML documents also `X-Frame-Options`,
 * `Content-Security-Policy` (when the app set none; `frame-ancestors 'self'`
 * is added to one that lacks it) and `Referrer-Policy` (when none is set).
 */
export function applySecurityHeaders(headers: Headers): void {
  headers.set("x-content-type-options", "nosniff");
  if (!isHtml(headers.get("content-type"))) return;
  headers.set("x-frame-options", HTML_SECURITY_HEADERS["x-frame-options"]);
  const csp = headers.get("content-security-policy");
  if (!csp) headers.set("content-security-policy", CONTENT_SECURITY_POLICY);
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
export function withSecurityHeaders(response: Response): Response {
  try {
    applySecurityHeaders(response.headers);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    applySecurityHeaders(headers);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
