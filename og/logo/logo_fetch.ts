/**
 * Fetches a token logo from an untrusted URL (it comes from the gateway, which
 * takes it from token lists anyone can edit).
 *
 * - the URL is vetted by `net_guard.ts` (http or https, no credentials, no
 *   loopback name, every resolved address public; allow-listed `host:port`
 *   entries skip the address check);
 * - the connection goes to one of the vetted addresses itself
 *   (`pinned_get.ts`): DNS is asked once per hop, so a name cannot resolve
 *   to a public address for the check and a private one for the connection
 *   (DNS rebinding); for https, SNI and the certificate check use the name;
 * - redirects are followed by hand (at most 3), each hop vetted again;
 * - one time limit (5 s by default) for the whole fetch, DNS included;
 * - a byte cap (2 MB by default) checked while the body streams in, and no
 *   compressed transfer;
 * - the type is sniffed from the bytes (`sniff.ts`) and a bitmap's header is
 *   checked against the pixel budget of `image_caps.ts` before anything
 *   decodes it.
 *
 * @module
 */

import { errorText, logger } from "../log.ts";
import { BITMAP_LIMITS, checkBitmap, ImageRefusedError } from "./image_caps.ts";
import { LogoRefusedError, type Resolver, vetUrl } from "./net_guard.ts";
import { type Connector, pinnedGet, type PinnedResponse } from "./pinned_get.ts";
import { type ImageType, sniffImageType } from "./sniff.ts";

/** A logo that passed every check. */
export interface FetchedLogo {
  readonly bytes: Uint8Array;
  /** What the bytes are, by their magic numbers. */
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
  /** Largest width x height from the image header (2048 x 2048, see `image_caps.ts`). */
  readonly maxPixels?: number;
  /** Redirects followed at most (3). */
  readonly maxRedirects?: number;
  /** DNS lookup; `Deno.resolveDns` for A and AAAA by default (for tests). */
  readonly resolve?: Resolver;
  /** Opens the TCP connection; `Deno.connect` by default (for tests). */
  readonly connect?: Connector;
  /** Extra root certificates (PEM) trusted for https (for tests). */
  readonly caCerts?: string[];
}

/** Default limits. */
export const LOGO_LIMITS = {
  timeoutMs: 5000,
  maxBytes: 2 * 1024 * 1024,
  maxPixels: BITMAP_LIMITS.maxPixels,
  maxRedirects: 3,
} as const;

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

const REQUEST_HEADERS = {
  "Accept": "image/png,image/jpeg,image/svg+xml,image/*;q=0.8",
  "User-Agent": "link-preview-logo-fetch",
} as const;

/** One hop: vet the URL, then GET it from a vetted address. */
async function getOnce(url: URL, options: LogoFetchOptions, signal: AbortSignal): Promise<PinnedResponse> {
  const target = await vetUrl(url, options, signal);
  const connect = options.connect ?? ((o) => Deno.connect(o));
  // Allow-listed hosts are reached by name; everything else only at the
  // addresses just vetted, tried in order.
  const addresses = target.addresses.length > 0 ? target.addresses : [url.hostname.replace(/^\[|\]$/g, "")];
  const pinned: Connector = async ({ port, signal }) => {
    let lastError: unknown = new LogoRefusedError("no address to connect to");
    for (const hostname of addresses) {
      try {
        return await connect({ hostname, port, signal });
      } catch (error) {
        if (signal.aborted) throw error;
        lastError = error;
      }
    }
    throw lastError;
  };
  try {
    return await pinnedGet(url, {
      connectTo: addresses[0],
      port: target.port,
      signal,
      maxBytes: options.maxBytes ?? LOGO_LIMITS.maxBytes,
      headers: REQUEST_HEADERS,
      caCerts: options.caCerts,
      connect: pinned,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    // A limit the answer broke is the server's doing; anything else (refused
    // connection, reset, TLS failure) may pass.
    const transient = error instanceof LogoRefusedError ? error.transient : true;
    throw new LogoRefusedError(`Cannot fetch logo from ${url.host}: ${errorText(error)}`, { transient, cause: error });
  }
}

async function fetchChecked(logoUrl: string, options: LogoFetchOptions, signal: AbortSignal): Promise<FetchedLogo> {
  let url: URL;
  try {
    url = new URL(logoHttpUrl(logoUrl));
  } catch {
    throw new LogoRefusedError(`Cannot parse logo URL "${logoUrl.slice(0, 200)}"`);
  }
  const maxRedirects = options.maxRedirects ?? LOGO_LIMITS.maxRedirects;
  for (let hop = 0;; hop++) {
    const response = await getOnce(url, options, signal);
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get("location");
      if (!location) throw new LogoRefusedError(`Cannot fetch logo from ${url.host}: redirect without a location`);
      if (hop >= maxRedirects) {
        throw new LogoRefusedError(`Cannot fetch logo from ${url.host}: more than ${maxRedirects} redirects`);
      }
      try {
        url = new URL(location, url);
      } catch {
        throw new LogoRefusedError(`Cannot fetch logo from ${url.host}: unreadable redirect location`);
      }
      continue;
    }
    if (response.status < 200 || response.status >= 300) {
      const transient = response.status >= 500 || response.status === 408 || response.status === 429;
      throw new LogoRefusedError(`Cannot fetch logo from ${url.host}: status ${response.status}`, { transient });
    }
    const bytes = response.body;
    const type = sniffImageType(bytes);
    if (type === "svg" || type === "other") return { bytes, type, width: null, height: null };
    const { width, height } = checkBitmap(bytes, type, { maxPixels: options.maxPixels ?? LOGO_LIMITS.maxPixels });
    return { bytes, type, width, height };
  }
}

/** What a logo fetch gave. */
export interface LogoOutcome {
  /** The logo, or `null` when it was refused or failed (the card shows the letter tile). */
  readonly logo: FetchedLogo | null;
  /**
   * Whether a card drawn from this outcome may be kept (cached): true for a
   * logo and for a refusal that would repeat, false when the failure may
   * pass (timeout, network error, no DNS answer, 5xx, 408, 429).
   */
  readonly cacheable: boolean;
}

/**
 * Fetches the logo at `logoUrl` under the limits above and says whether the
 * outcome may be cached. Never rejects: a refusal or failure gives `logo:
 * null` and a warning in the log.
 */
export async function fetchLogoOutcome(logoUrl: string, options: LogoFetchOptions = {}): Promise<LogoOutcome> {
  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? LOGO_LIMITS.timeoutMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new LogoRefusedError(
        `Cannot fetch logo "${logoUrl.slice(0, 200)}": no answer within ${timeoutMs} ms`,
        { transient: true },
      );
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    const logo = await Promise.race([fetchChecked(logoUrl, options, controller.signal), timeout]);
    return { logo, cacheable: true };
  } catch (error) {
    const transient = !(error instanceof LogoRefusedError || error instanceof ImageRefusedError) ||
      (error instanceof LogoRefusedError && error.transient);
    logger.warn("Logo not used", { error: errorText(error), transient });
    return { logo: null, cacheable: !transient };
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

/**
 * Fetches the logo at `logoUrl` under the limits above. Resolves to `null`
 * (and logs why) when the URL is refused, the fetch fails or times out, or
 * the image is too large: a bad logo never fails a card.
 */
export async function fetchLogo(logoUrl: string, options: LogoFetchOptions = {}): Promise<FetchedLogo | null> {
  return (await fetchLogoOutcome(logoUrl, options)).logo;
}
