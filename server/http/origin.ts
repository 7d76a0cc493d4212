/**
 * The origin a request was made to, for absolute URLs in previews and for
 * routing: `PUBLIC_ORIGIN` when set; with `TRUST_PROXY=1` the scheme and host
 * a proxy passed in `X-Forwarded-Proto` and `X-Forwarded-Host`; otherwise
 * the request's own `Host`. Every host is validated as `host[:port]` first:
 * a Host header is never parsed into a path.
 *
 * @module
 */

/** Options of {@linkcode resolveOrigin}. */
export interface OriginOptions {
  /** `PUBLIC_ORIGIN`: wins over everything the request says. */
  readonly publicOrigin?: string | null;
  /** `TRUST_PROXY`: believe `X-Forwarded-Proto` and `X-Forwarded-Host`. */
  readonly trustProxy?: boolean;
}

/** What {@linkcode resolveOrigin} decided. */
export type OriginResult =
  | { readonly ok: true; readonly origin: string }
  | { readonly ok: false; readonly reason: string };

const LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/i;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** Whether the text is a host name (letters, digits, `-` and `_`; labels of 1-63; 253 at most) or an IPv4 address. */
function isHostName(host: string): boolean {
  if (host.length === 0 || host.length > 253) return false;
  if (IPV4.test(host)) return true;
  const labels = host.replace(/\.$/, "").split(".");
  // A last label of digits only would be a malformed IPv4 address.
  if (/^\d+$/.test(labels[labels.length - 1])) return false;
  return labels.every((label) => LABEL.test(label));
}

function isIpv6(literal: string): boolean {
  if (!/^[0-9a-f:.]{2,45}$/i.test(literal) || !literal.includes(":")) return false;
  try {
    return new URL(`http://[${literal}]/`).hostname !== "";
  } catch {
    return false;
  }
}

/**
 * Parses a `Host`-style value: a host name, an IPv4 address or a bracketed
 * IPv6 address, with an optional port of 1-65535. Answers the value as an
 * authority (host lower-cased) or `null` when it is anything else: a path, a
 * query, user info, spaces, an empty port.
 *
 * @example
 * ```ts
 * parseHost("App.Example.com:8443"); // "app.example.com:8443"
 * parseHost("127.0.0.1:9200/api/image/tokens/x?"); // null
 * ```
 */
export function parseHost(value: string | null | undefined): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 260) return null;
  const known = hosts.get(value);
  if (known !== undefined) return known;
  const parsed = parseHostOnce(value);
  remember(hosts, value, parsed);
  return parsed;
}

/**
 * Most recent answers of {@linkcode parseHost} and of `toOrigin`: a service
 * sees few distinct hosts, and every request asks again (regular
 * expressions and a `URL` parse, a few microseconds). Emptied when full, so
 * a flood of made-up hosts costs no more than it did without it.
 */
const MEMO_ENTRIES = 256;
const hosts = new Map<string, string | null>();
const origins = new Map<string, string>();

function remember<T>(memo: Map<string, T>, key: string, value: T): void {
  if (memo.size >= MEMO_ENTRIES) memo.clear();
  memo.set(key, value);
}

function parseHostOnce(value: string): string | null {
  const match = /^(\[[^\]]*\]|[^:\[\]]+)(?::(\d{1,5}))?$/.exec(value);
  if (!match) return null;
  const [, host, port] = match;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return null;
  const valid = host.startsWith("[") ? isIpv6(host.slice(1, -1)) : isHostName(host);
  if (!valid) return null;
  return port === undefined ? host.toLowerCase() : `${host.toLowerCase()}:${Number(port)}`;
}

/** The first value of a comma-separated forwarding header (the client-facing proxy's), trimmed. */
function firstValue(value: string | null): string | null {
  if (value === null) return null;
  const first = value.split(",")[0].trim();
  return first === "" ? null : first;
}

function toOrigin(protocol: "http:" | "https:", host: string): string {
  const key = `${protocol}//${host}`;
  let origin = origins.get(key);
  if (origin === undefined) {
    // URL drops default ports and normalises IPv6 spelling.
    origin = new URL(key).origin;
    remember(origins, key, origin);
  }
  return origin;
}

/**
 * Decides the origin of a request:
 * 1. `publicOrigin` when set (the `Host` must still be valid);
 * 2. with `trustProxy`, `X-Forwarded-Proto` (`http` or `https`) and
 *    `X-Forwarded-Host` (a valid `host[:port]`) — the first value of each
 *    list; a missing or invalid one falls back to the request's own;
 * 3. the request's `Host` with the scheme it arrived on.
 *
 * A missing or invalid `Host` (HTTP/1.1 requires one; HTTP/2 `:authority`
 * arrives as the request URL's host) gives `{ ok: false }`: answer 400.
 * `parsed` is `request.url` already parsed, when the caller has it.
 */
export function resolveOrigin(request: Request, options: OriginOptions = {}, parsed?: URL): OriginResult {
  let url: URL | null = parsed ?? null;
  if (url === null) {
    try {
      url = new URL(request.url);
    } catch {
      // Deno builds the URL from the Host header: an invalid Host can make it unparsable.
    }
  }
  const rawHost = request.headers.get("host");
  const host = rawHost !== null ? parseHost(rawHost) : parseHost(url?.host);
  if (host === null) return { ok: false, reason: "invalid Host header" };
  if (options.publicOrigin) return { ok: true, origin: options.publicOrigin.replace(/\/+$/, "") };
  let protocol: "http:" | "https:" = url?.protocol === "https:" ? "https:" : "http:";
  let authority = host;
  if (options.trustProxy) {
    const proto = firstValue(request.headers.get("x-forwarded-proto"))?.toLowerCase();
    if (proto === "http" || proto === "https") protocol = `${proto}:`;
    const forwardedHost = parseHost(firstValue(request.headers.get("x-forwarded-host")));
    if (forwardedHost !== null) authority = forwardedHost;
  }
  return { ok: true, origin: toOrigin(protocol, authority) };
}
