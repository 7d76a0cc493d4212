/**
 * Security headers on every answer (`server/http/security_headers.ts`):
 * `nosniff` everywhere; HTML adds the CSP, `X-Frame-Options` and
 * `Referrer-Policy`. Protocol switches (WebSocket upgrades) pass untouched.
 *
 * @module
 */
import { withSecurityHeaders } from "../http/security_headers.ts";
import type { Middleware } from "./compose.ts";

/** Sets the security headers; `contentSecurityPolicy` is the CSP of HTML documents. */
export function securityHeaders(contentSecurityPolicy: string): Middleware {
  const options = { contentSecurityPolicy };
  const decorate = (response: Response) => response.status === 101 ? response : withSecurityHeaders(response, options);
  return (ctx) => ctx.next().then(decorate);
}
