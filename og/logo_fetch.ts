/**
 * Fetches a token logo from an untrusted URL (it comes from the gateway, which
 * takes it from token lists anyone can edit).
 *
 * - http and https only, no credentials in the URL;
 * - the host is resolved (A and AAAA) and every address must be public: no
 *   loopback, private, shared, link-local (cloud metadata), multicast or
 *   reserved ranges, IPv4 or IPv6 (mapped and NAT64 forms included);
 * - redirects are followed by hand (at most 3) and checked the same way;
 * - one time limit (5 s by default) for the whole fetch, DNS included;
 * - a byte cap (2 MB by default) checked while the body streams in;
 * - the image header is read to refuse more than 16.7 Mpx before anything
 *   decodes it.
 *
 * Hosts listed in `allowedHosts` (`host:port`) skip the address check, for
 * local development, tests and the demo gateway's own logos.
 *
 * Known gap: the address is checked, then `fetch` resolves the name again
 * (a DNS-rebinding window); the allow-list and the short timeout limit it.
 *
 * @module
 */

/** What the fetched bytes are, by their first bytes (not the file name). */
export type ImageType = "png" | "jpeg" | "gif" | "webp" | "svg" | "other";

/** A logo that passed every check. */
export interface FetchedLogo {
  readonly bytes: Uint8Array;
  readonly type: ImageType;
  /** Width and height from the header (not known for SVG). */
  readonly width: number | null;
  readonly height: number | null;
}

/** Limits of a logo fetch; all have defaults. */
export interface LogoFetchOptions {
  /** `host:port` entries that may be private or loopback. */
  readonly allowedHosts?: readonly string[];
  /** Total time for DNS, connection, redirects and body, in ms (5000). */
  readonly timeoutMs?: number;
  /** Largest body in bytes (2 MB). */
  readonly maxBytes?: number;
  /** Largest width x height from the image header (4096 x 4096). */
  readonly maxPixels?: number;
  /** Redirects followed at most (3). */
  readonly maxRedirects?: number;
  /** DNS lookup; `Deno.resolveDns` for A and AAAA by default (for tests). */
  readonly resolve?: (hostname: string, signal: AbortSignal) => Promise<string[]>;
}

/** Default limits. */
export const LOGO_LIMITS = {
  timeoutMs: 5000,
  maxBytes: 2 * 1024 * 1024,
  maxPixels: 4096 * 4096,
  maxRedirects: 3,
} as const;

/** Why a logo was refused; the message says what failed. */
export class LogoRefusedError extends Error {
  override name = "LogoRefusedError";
}

/** Parses an IPv4 dotted quad into 4 numbers, or `null`. */
function parseIpv4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => /^\d{1,3}$/.test(p) ? Number(p) : NaN);
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : null;
}

/** Parses an IPv6 address (brackets allowed) into 8 groups, or `null`. */
function parseIpv6(text: string): number[] | null {
  let s = text.replace(/^\[|\]$/g, "").toLowerCase();
  const zone = s.indexOf("%");
  if (zone !== -1) s = s.slice(0, zone);
  if (!s.includes(":")) return null;
  // An embedded IPv4 tail (::ffff:1.2.3.4).
  const lastColon = s.lastIndexOf(":");
  const tail = s.slice(lastColon + 1);
  if (tail.includes(".")) {
    const v4 = parseIpv4(tail);
    if (!v4) return null;
    s = s.slice(0, lastColon + 1) +
      ((v4[0] << 8) | v4[1]).toString(16) + ":" +
      ((v4[2] << 8) | v4[3]).toString(16);
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  const numbers = groups.map((g) => /^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN);
  return numbers.some(Number.isNaN) ? null : numbers;
}

function isBlockedIpv4([a, b, c]: number[]): boolean {
  return a === 0 || // "this" network
    a === 10 || // private
    (a === 100 && b >= 64 && b <= 127) || // shared (CGNAT)
    a === 127 || // loopback
    (a === 169 && b === 254) || // link-local, cloud metadata
    (a === 172 && b >= 16 && b <= 31) || // private
    (a === 192 && b === 0 && (c === 0 || c === 2)) || // IETF, TEST-NET-1
    (a === 192 && b === 88 && c === 99) || // 6to4 relay
    (a === 192 && b === 168) || // private
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    (a === 198 && b === 51 && c === 100) || // TEST-NET-2
    (a === 203 && b === 0 && c === 113) || // TEST-NET-3
    a >= 224; // multicast, reserved, broadcast
}

function isBlockedIpv6(g: number[]): boolean {
  const zeroPrefix = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroPrefix(7) && (g[7] === 0 || g[7] === 1)) return true; // :: and ::1
  if (zeroPrefix(5) && g[5] === 0xffff) { // IPv4-mapped
    return isBlockedIpv4([g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255]);
  }
  if (zeroPrefix(6)) { // IPv4-compatible (deprecated)
    return isBlockedIpv4([g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255]);
  }
  if (g[0] === 0x64 && g[1] === 0xff9b) { // NAT64
    return isBlockedIpv4([g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255]);
  }
  if (g[0] === 0x2002) { // 6to4 carries an IPv4 address
    return isBlockedIpv4([g[1] >> 8, g[1] & 255, g[2] >> 8, g[2] & 255]);
  }
  return (g[0] & 0xfe00) === 0xfc00 || // unique local (fc00::/7)
    (g[0] & 0xffc0) === 0xfe80 || // link-local
    (g[0] & 0xffc0) === 0xfec0 || // site-local (deprecated)
    (g[0] & 0xff00) === 0xff00 || // multicast
    (g[0] === 0x2001 && g[1] === 0x0db8) || // documentation
    (g[0] === 0x2001 && g[1] < 0x200) || // Teredo, ORCHID, benchmarking
    (g[0] === 0x0100 && zeroPrefix(4)); // discard-only
}

/**
 * Whether `address` (an IPv4 or IPv6 literal) must not be fetched: loopback,
 * private, shared, link-local, metadata, multicast, documentation or
 * reserved. Text that is not an IP address counts as blocked.
 */
export function isBlockedAddress(address: string): boolean {
  const v4 = parseIpv4(address);
  if (v4) return isBlockedIpv4(v4);
  const v6 = parseIpv6(address);
  if (v6) return isBlockedIpv6(v6);
  return true;
}

/** Whether `hostname` is an IP literal (IPv6 in brackets or not). */
function isIpLiteral(hostname: string): boolean {
  return parseIpv4(hostname) !== null || parseIpv6(hostname) !== null;
}

/** `host:port` of a URL, with the scheme's default port filled in. */
export function hostAndPort(url: URL): string {
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return `${url.hostname.toLowerCase()}:${port}`;
}

function isAllowedHost(url: URL, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return false;
  const own = hostAndPort(url);
  return allowed.some((entry) => entry.toLowerCase() === own);
}

async function defaultResolve(
  hostname: string,
  signal: AbortSignal,
): Promise<string[]> {
  const lookups = await Promise.allSettled([
    Deno.resolveDns(hostname, "A", { signal }),
    Deno.resolveDns(hostname, "AAAA", { signal }),
  ]);
  return lookups.flatMap((r) => r.status === "fulfilled" ? r.value : []);
}

async function checkUrl(
  url: URL,
  options: LogoFetchOptions,
  signal: AbortSignal,
): Promise<void> {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new LogoRefusedError(
      `Cannot fetch logo "${url.href}": only http and https are allowed`,
    );
  }
  if (url.username || url.password) {
    throw new LogoRefusedError(
      `Cannot fetch logo from ${url.host}: credentials in the URL`,
    );
  }
  if (isAllowedHost(url, options.allowedHosts ?? [])) return;
  const hostname = url.hostname.toLowerCase();
  if (hostname === "localhost" || hostname.endsWith(".localhost")) {
    throw new LogoRefusedError(
      `Cannot fetch logo from ${url.host}: loopback host`,
    );
  }
  const addresses = isIpLiteral(hostname) ? [hostname] : await (options.resolve ?? defaultResolve)(hostname, signal);
  if (addresses.length === 0) {
    throw new LogoRefusedError(
      `Cannot fetch logo from ${url.host}: the name does not resolve`,
    );
  }
  const blocked = addresses.find(isBlockedAddress);
  if (blocked !== undefined) {
    throw new LogoRefusedError(
      `Cannot fetch logo from ${url.host}: address ${blocked} is not public`,
    );
  }
}

/** The image type of `bytes` from its magic numbers. */
export function sniffImageType(bytes: Uint8Array): ImageType {
  const b = bytes;
  if (
    b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e &&
    b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a &&
    b[7] === 0x0a
  ) return "png";
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) {
    return "jpeg";
  }
  if (
    b.length >= 6 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 &&
    b[3] === 0x38
  ) return "gif";
  if (
    b.length >= 12 && b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 &&
    b[3] === 0x46 && b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 &&
    b[11] === 0x50
  ) return "webp";
  const head = new TextDecoder().decode(b.subarray(0, 512)).trimStart()
    .replace(/^\ufeff/, "");
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) {
    return "svg";
  }
  return "other";
}

/**
 * Width and height from a PNG, JPEG or GIF header, without decoding pixels;
 * `null` when the header cannot be read.
 */
export function imageDimensions(
  bytes: Uint8Array,
  type: ImageType,
): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (type === "png") {
    // Signature (8), IHDR length (4) and type (4), then width and height.
    if (bytes.length < 24) return null;
    if (String.fromCharCode(...bytes.subarray(12, 16)) !== "IHDR") return null;
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (type === "gif") {
    if (bytes.length < 10) return null;
    return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
  }
  if (type === "jpeg") {
    let offset = 2;
    while (offset + 4 <= bytes.length) {
      if (bytes[offset] !== 0xff) return null;
      const marker = bytes[offset + 1];
      if (marker === 0xff) {
        offset++;
        continue;
      }
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        offset += 2;
        continue;
      }
      const length = view.getUint16(offset + 2);
      const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 &&
        marker !== 0xc8 && marker !== 0xcc;
      if (isFrame) {
        if (offset + 9 > bytes.length) return null;
        return {
          height: view.getUint16(offset + 5),
          width: view.getUint16(offset + 7),
        };
      }
      if (marker === 0xd9 || marker === 0xda) return null;
      offset += 2 + length;
    }
    return null;
  }
  return null;
}

async function readCapped(
  response: Response,
  maxBytes: number,
  host: string,
): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new LogoRefusedError(
      `Cannot fetch logo from ${host}: ${declared} bytes is over ${maxBytes}`,
    );
  }
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new LogoRefusedError(
        `Cannot fetch logo from ${host}: body is over ${maxBytes} bytes`,
      );
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The http(s) URL to fetch for a logo URI: `ipfs://` and `ipns://` go through
 * the public IPFS gateway, `ar://` through arweave.net (as token lists use
 * them); anything else is returned unchanged for the checks to judge.
 */
export function logoHttpUrl(uri: string): string {
  const trimmed = uri.trim();
  const ipfs = /^ipfs:\/\/(?:ipfs\/)?(.+)$/i.exec(trimmed);
  if (ipfs) return `https://ipfs.io/ipfs/${ipfs[1]}`;
  const ipns = /^ipns:\/\/(.+)$/i.exec(trimmed);
  if (ipns) return `https://ipfs.io/ipns/${ipns[1]}`;
  const ar = /^ar:\/\/(.+)$/i.exec(trimmed);
  if (ar) return `https://arweave.net/${ar[1]}`;
  return trimmed;
}

async function fetchChecked(
  logoUrl: string,
  options: LogoFetchOptions,
  signal: AbortSignal,
): Promise<FetchedLogo> {
  let url: URL;
  try {
    url = new URL(logoHttpUrl(logoUrl));
  } catch {
    throw new LogoRefusedError(`Cannot parse logo URL "${logoUrl}"`);
  }
  const maxRedirects = options.maxRedirects ?? LOGO_LIMITS.maxRedirects;
  for (let hop = 0;; hop++) {
    await checkUrl(url, options, signal);
    const response = await fetch(url, {
      redirect: "manual",
      signal,
      headers: { accept: "image/png,image/jpeg,image/svg+xml,image/*;q=0.8" },
    });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      const location = response.headers.get("location");
      if (!location) {
        throw new LogoRefusedError(
          `Cannot fetch logo from ${url.host}: redirect without a location`,
        );
      }
      if (hop >= maxRedirects) {
        throw new LogoRefusedError(
          `Cannot fetch logo from ${url.host}: more than ${maxRedirects} redirects`,
        );
      }
      url = new URL(location, url);
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new LogoRefusedError(
        `Cannot fetch logo from ${url.host}: status ${response.status}`,
      );
    }
    const bytes = await readCapped(
      response,
      options.maxBytes ?? LOGO_LIMITS.maxBytes,
      url.host,
    );
    const type = sniffImageType(bytes);
    const size = imageDimensions(bytes, type);
    if ((type === "png" || type === "jpeg" || type === "gif") && !size) {
      throw new LogoRefusedError(
        `Cannot fetch logo from ${url.host}: unreadable ${type} header`,
      );
    }
    const maxPixels = options.maxPixels ?? LOGO_LIMITS.maxPixels;
    if (size && (size.width * size.height > maxPixels || size.width === 0 || size.height === 0)) {
      throw new LogoRefusedError(
        `Cannot fetch logo from ${url.host}: ${size.width}x${size.height} ` +
          `is over ${maxPixels} pixels`,
      );
    }
    return {
      bytes,
      type,
      width: size?.width ?? null,
      height: size?.height ?? null,
    };
  }
}

/**
 * Fetches the logo at `logoUrl` under the limits above. Resolves to `null`
 * (and logs why) when the URL is refused, the fetch fails or times out, or
 * the image is too large: a bad logo never fails a card.
 */
export async function fetchLogo(
  logoUrl: string,
  options: LogoFetchOptions = {},
): Promise<FetchedLogo | null> {
  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? LOGO_LIMITS.timeoutMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new LogoRefusedError(
        `Cannot fetch logo "${logoUrl}": no answer within ${timeoutMs} ms`,
      );
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    return await Promise.race([
      fetchChecked(logoUrl, options, controller.signal),
      timeout,
    ]);
  } catch (error) {
    console.warn(`Logo not used: ${(error as Error).message}`);
    return null;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}
