/**
 * Which network addresses a logo fetch may reach (the SSRF guard of
 * `logo_fetch.ts`).
 *
 * An address is public when ipaddr.js puts it in no special-purpose range
 * (IANA's IPv4 and IPv6 registries: loopback, private, shared/CGNAT,
 * link-local and cloud metadata, multicast, documentation, benchmarking,
 * reserved, discard, NAT64, 6to4, Teredo, ORCHID, ...; IPv4-mapped IPv6 is
 * judged as the IPv4 address it carries). On top of ipaddr.js 2.5.0, IPv6
 * must lie in 2000::/3 (the only block IANA allocates global unicast from):
 * that also refuses the deprecated IPv4-compatible ::/96 (`::7f00:1`) and the
 * dummy prefix 100:0:0:1::/64, which that version of ipaddr.js calls unicast.
 *
 * A URL is vetted once: scheme, credentials, loopback names, then every
 * address its name resolves to. The fetch then connects to one of those
 * vetted addresses itself, so DNS cannot answer differently in between.
 * Hosts in the allow-list (`host:port`, from `LOGO_ALLOWED_HOSTS`) skip the
 * address check and are reached by name.
 *
 * @module
 */

import ipaddr from "ipaddr.js";

/**
 * Why a logo was not used; the message says what failed. `transient` marks
 * failures that may not happen again (no DNS answer, a network error, a
 * timeout, a 5xx, a cut-off answer), as opposed to refusals that will (a
 * private address, a cap): a card drawn without a transient logo should not
 * be kept.
 */
export class LogoRefusedError extends Error {
  override name = "LogoRefusedError";
  readonly transient: boolean;

  constructor(message: string, options: { transient?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.transient = options.transient ?? false;
  }
}

/** Looks up the addresses of a host name (A and AAAA). */
export type Resolver = (hostname: string, signal: AbortSignal) => Promise<string[]>;

/** Where to connect for a vetted URL. */
export interface VettedTarget {
  /**
   * The IP addresses to connect to, all public, in the resolver's order;
   * empty for an allow-listed host, which is reached by its name.
   */
  readonly addresses: readonly string[];
  /** The port, the scheme's default filled in. */
  readonly port: number;
}

/** An address without URL brackets or an IPv6 zone (`[fe80::1%eth0]` -> `fe80::1`). */
function bareAddress(text: string): string {
  const unbracketed = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  const zone = unbracketed.indexOf("%");
  return zone === -1 ? unbracketed : unbracketed.slice(0, zone);
}

/** Whether `text` is an IPv4 or IPv6 literal (IPv6 in URL brackets or not). */
export function isIpLiteral(text: string): boolean {
  return ipaddr.isValid(bareAddress(text));
}

/**
 * Whether `address` (an IPv4 or IPv6 literal) must not be fetched: anything
 * but public unicast (see the module notes). Text that is not an IP address
 * counts as blocked.
 */
export function isBlockedAddress(address: string): boolean {
  const bare = bareAddress(address.trim());
  if (!ipaddr.isValid(bare)) return true;
  const parsed = ipaddr.process(bare);
  if (parsed.range() !== "unicast") return true;
  if (parsed.kind() === "ipv6") {
    const first = (parsed as ipaddr.IPv6).parts[0];
    return (first & 0xe000) !== 0x2000;
  }
  return false;
}

/** `host:port` of a URL, lower case, with the scheme's default port filled in. */
export function hostAndPort(url: URL): string {
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return `${url.hostname.toLowerCase()}:${port}`;
}

function isAllowedHost(url: URL, allowed: readonly string[]): boolean {
  const own = hostAndPort(url);
  return allowed.some((entry) => entry.trim().toLowerCase() === own);
}

/** Resolves A and AAAA records with `Deno.resolveDns` (never `/etc/hosts`). */
export async function resolveWithDns(
  hostname: string,
  signal: AbortSignal,
): Promise<string[]> {
  const lookups = await Promise.allSettled([
    Deno.resolveDns(hostname, "A", { signal }),
    Deno.resolveDns(hostname, "AAAA", { signal }),
  ]);
  return lookups.flatMap((r) => r.status === "fulfilled" ? r.value : []);
}

/** Options of {@linkcode vetUrl}. */
export interface VetOptions {
  /** `host:port` entries that may be private or loopback. */
  readonly allowedHosts?: readonly string[];
  /** DNS lookup; {@linkcode resolveWithDns} by default (tests pass their own). */
  readonly resolve?: Resolver;
}

/**
 * Checks `url` before anything connects to it and returns where to connect:
 * http or https only, no credentials, not a loopback name, and every address
 * the name resolves to public. Throws {@linkcode LogoRefusedError} otherwise.
 */
export async function vetUrl(
  url: URL,
  options: VetOptions,
  signal: AbortSignal,
): Promise<VettedTarget> {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new LogoRefusedError(`Cannot fetch logo "${url.href.slice(0, 200)}": only http and https are allowed`);
  }
  if (url.username || url.password) {
    throw new LogoRefusedError(`Cannot fetch logo from ${url.host}: credentials in the URL`);
  }
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  if (isAllowedHost(url, options.allowedHosts ?? [])) return { addresses: [], port };
  // A trailing dot names the same host ("localhost." is localhost).
  const hostname = url.hostname.toLowerCase().replace(/\.$/, "");
  if (hostname === "localhost" || hostname.endsWith(".localhost")) {
    throw new LogoRefusedError(`Cannot fetch logo from ${url.host}: loopback host`);
  }
  const addresses = isIpLiteral(hostname)
    ? [bareAddress(hostname)]
    : await (options.resolve ?? resolveWithDns)(hostname, signal);
  if (addresses.length === 0) {
    throw new LogoRefusedError(`Cannot fetch logo from ${url.host}: the name does not resolve`, { transient: true });
  }
  const blocked = addresses.find(isBlockedAddress);
  if (blocked !== undefined) {
    throw new LogoRefusedError(`Cannot fetch logo from ${url.host}: address ${blocked} is not public`);
  }
  return { addresses: addresses.map(bareAddress), port };
}
