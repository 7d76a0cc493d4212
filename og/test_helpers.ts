/**
 * Test doubles and fixtures for the share-image tests: logo files made on the
 * fly (PNG, JPEG, WebP, hostile ones), a loopback logo server, an in-memory
 * preview source and image cache, and PNG pixel helpers.
 *
 * @module
 */

import { decode as decodePng, encode as encodePng } from "fast-png";
import jpeg from "jpeg-js";
import type {
  NftAssetPreview,
  NftAssetPreviewData,
  NftCollectionPreview,
  NftCollectionPreviewData,
  PoolPreview,
  PoolPreviewData,
  PositionPreview,
  PositionPreviewData,
  PreviewSource,
  TokenPreview,
} from "../lib/preview_types.ts";
import type { ImageCache, ImageKind } from "./mod.ts";
import type { Rgb } from "./logo/average_color.ts";

/** A solid-colour RGBA PNG of `size` x `size`. */
export function solidPng(color: Rgb, size = 64, alpha = 255): Uint8Array {
  const data = new Uint8Array(size * size * 4);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = color.r;
    data[i + 1] = color.g;
    data[i + 2] = color.b;
    data[i + 3] = alpha;
  }
  return encodePng({ width: size, height: size, data, channels: 4, depth: 8 });
}

/** A solid-colour JPEG of `size` x `size`. */
export function solidJpeg(color: Rgb, size = 64): Uint8Array {
  const data = new Uint8Array(size * size * 4);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = color.r;
    data[i + 1] = color.g;
    data[i + 2] = color.b;
    data[i + 3] = 255;
  }
  return new Uint8Array(
    jpeg.encode({ width: size, height: size, data }, 95).data,
  );
}

/** The first bytes of a WebP file (enough for content sniffing). */
export function webpBytes(): Uint8Array {
  const bytes = new Uint8Array(64);
  bytes.set(new TextEncoder().encode("RIFF"), 0);
  new DataView(bytes.buffer).setUint32(4, 56, true);
  bytes.set(new TextEncoder().encode("WEBPVP8 "), 8);
  return bytes;
}

/**
 * A PNG whose header claims `width` x `height` (a decompression bomb as far
 * as the header goes; the data is a tiny valid zlib stream).
 */
export function pngHeaderOnly(width: number, height: number): Uint8Array {
  const real = solidPng({ r: 255, g: 0, b: 0 }, 1);
  const copy = real.slice();
  const view = new DataView(copy.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return copy;
}

/** Routes of {@linkcode startLogoServer}, path to handler. */
export type LogoRoutes = Record<
  string,
  (request: Request, url: URL) => Response | Promise<Response>
>;

/** A running loopback server; close it in the test. */
export interface LogoServer {
  readonly origin: string;
  readonly port: number;
  /** Requests per path so far. */
  readonly hits: Map<string, number>;
  close(): Promise<void>;
}

/** Starts a server on 127.0.0.1 (free port) answering `routes`. */
export function startLogoServer(routes: LogoRoutes): LogoServer {
  const hits = new Map<string, number>();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    async (request) => {
      const url = new URL(request.url);
      hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
      const route = routes[url.pathname];
      if (!route) return new Response("not found", { status: 404 });
      return await route(request, url);
    },
  );
  const port = server.addr.port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () => server.shutdown(),
  };
}

/** A response with bytes and a content type. */
export function bytesResponse(bytes: Uint8Array, type: string): Response {
  return new Response(bytes.slice(), { headers: { "content-type": type } });
}

/** Waits `ms`, or less if `signal` aborts; never leaves a timer behind. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}

/** Token fixture as the gateway would describe it. */
export interface TokenFixture {
  readonly symbol: string;
  readonly name: string;
  readonly logoUrl: string | null;
}

/** In-memory {@linkcode PreviewSource} that counts lookups. */
export class FixturePreviews implements PreviewSource {
  readonly tokens = new Map<string, TokenFixture>();
  readonly pools = new Map<string, PoolPreviewData>();
  /** Positions by `{chainName}/{version}:{id}` (`ethereum/v3:1234`). */
  readonly positions = new Map<string, PositionPreviewData>();
  /** NFT assets by `{contract}:{token id}` (lower case). */
  readonly nftAssets = new Map<string, NftAssetPreviewData>();
  /** NFT collections by contract (lower case). */
  readonly nftCollections = new Map<string, NftCollectionPreviewData>();
  lookups = 0;
  /** Delay before answering, to make concurrent requests overlap. */
  delayMs = 0;
  /** When set, every lookup throws this. */
  failure: Error | null = null;

  async token(
    chainName: string,
    address: string,
    origin: string,
  ): Promise<TokenPreview | null> {
    this.lookups++;
    if (this.delayMs) await sleep(this.delayMs);
    if (this.failure) throw this.failure;
    const token = this.tokens.get(`${chainName}/${address.toLowerCase()}`);
    if (!token) return null;
    return {
      ...token,
      title: `Get ${token.symbol} on Uniswap`,
      image: `${origin}/api/image/tokens/${chainName}/${address}`,
      url: `${origin}/explore/tokens/${chainName}/${address}`,
    };
  }

  async pool(
    chainName: string,
    address: string,
    origin: string,
  ): Promise<PoolPreview | null> {
    this.lookups++;
    if (this.delayMs) await sleep(this.delayMs);
    if (this.failure) throw this.failure;
    const data = this.pools.get(`${chainName}/${address.toLowerCase()}`);
    if (!data) return null;
    const name = `${data.token0Symbol}/${data.token1Symbol}`;
    return {
      title: `${name} on Uniswap`,
      name,
      image: `${origin}/api/image/pools/${chainName}/${address}`,
      url: `${origin}/explore/pools/${chainName}/${address}`,
      poolData: data,
    };
  }

  async position(
    version: "v2" | "v3" | "v4",
    chainName: string,
    id: string,
    origin: string,
  ): Promise<PositionPreview | null> {
    this.lookups++;
    if (this.delayMs) await sleep(this.delayMs);
    if (this.failure) throw this.failure;
    const data = this.positions.get(`${chainName}/${version}:${id.toLowerCase()}`);
    if (!data) return null;
    const name = `${data.token0Symbol}/${data.token1Symbol}`;
    return {
      title: `${name} position on Uniswap`,
      name,
      image: `${origin}/api/image/positions/${version}/${chainName}/${id}`,
      url: `${origin}/positions/${version}/${chainName}/${id}`,
      positionData: data,
    };
  }

  async nftAsset(contract: string, tokenId: string, origin: string): Promise<NftAssetPreview | null> {
    this.lookups++;
    if (this.delayMs) await sleep(this.delayMs);
    if (this.failure) throw this.failure;
    const data = this.nftAssets.get(`${contract.toLowerCase()}:${tokenId}`);
    if (!data) return null;
    return {
      title: data.name ?? `#${tokenId}`,
      image: `${origin}/api/image/nfts/asset/${contract}/${tokenId}`,
      url: `${origin}/nfts/asset/${contract}/${tokenId}`,
      nftData: data,
    };
  }

  async nftCollection(contract: string, origin: string): Promise<NftCollectionPreview | null> {
    this.lookups++;
    if (this.delayMs) await sleep(this.delayMs);
    if (this.failure) throw this.failure;
    const data = this.nftCollections.get(contract.toLowerCase());
    if (!data) return null;
    return {
      title: data.name ?? "NFT collection",
      image: `${origin}/api/image/nfts/collection/${contract}`,
      url: `${origin}/nfts/collection/${contract}`,
      collectionData: data,
    };
  }
}

/** A PNG of `size` x `size` in four quadrants of `colors` (top left, top right, bottom left, bottom right). */
export function quadrantPng(colors: readonly [Rgb, Rgb, Rgb, Rgb], size = 64): Uint8Array {
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const c = colors[(y < size / 2 ? 0 : 2) + (x < size / 2 ? 0 : 1)];
      data.set([c.r, c.g, c.b, 255], (y * size + x) * 4);
    }
  }
  return encodePng({ width: size, height: size, data, channels: 4, depth: 8 });
}

/** In-memory {@linkcode ImageCache} that counts reads and writes. */
export class MemoryImageCache implements ImageCache {
  readonly entries = new Map<string, Uint8Array>();
  reads = 0;
  writes = 0;

  getImage(kind: ImageKind, chainName: string, address: string, variant?: string) {
    this.reads++;
    return Promise.resolve(
      this.entries.get(`${kind}/${chainName}/${address}/${variant ?? ""}`) ?? null,
    );
  }

  setImage(
    kind: ImageKind,
    chainName: string,
    address: string,
    png: Uint8Array,
    variant?: string,
  ) {
    this.writes++;
    this.entries.set(`${kind}/${chainName}/${address}/${variant ?? ""}`, png);
    return Promise.resolve();
  }
}

/** Decoded RGBA pixels of a PNG (throws on anything else). */
export interface Pixels {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
  readonly channels: number;
}

/** Decodes PNG bytes. */
export function decodePixels(bytes: Uint8Array): Pixels {
  const png = decodePng(bytes);
  return {
    width: png.width,
    height: png.height,
    data: png.data as Uint8Array,
    channels: png.channels,
  };
}

/** The colour of the pixel at (x, y). */
export function pixelAt(image: Pixels, x: number, y: number): Rgb {
  const o = (y * image.width + x) * image.channels;
  return { r: image.data[o], g: image.data[o + 1], b: image.data[o + 2] };
}

/** Number of pixels in a rectangle whose colour differs by more than `tolerance` on any channel. */
export function countDifferentPixels(
  a: Pixels,
  b: Pixels,
  region: { x: number; y: number; width: number; height: number } = {
    x: 0,
    y: 0,
    width: a.width,
    height: a.height,
  },
  tolerance = 8,
): number {
  let count = 0;
  for (let y = region.y; y < region.y + region.height; y++) {
    for (let x = region.x; x < region.x + region.width; x++) {
      const pa = pixelAt(a, x, y);
      const pb = pixelAt(b, x, y);
      if (
        Math.abs(pa.r - pb.r) > tolerance || Math.abs(pa.g - pb.g) > tolerance ||
        Math.abs(pa.b - pb.b) > tolerance
      ) count++;
    }
  }
  return count;
}

/**
 * Runs `fn` with `setGc` to put a value in `globalThis.gc` (`undefined`
 * removes it), and puts back whatever was there before, even if `fn` throws.
 */
export function withGlobalGc(fn: (setGc: (gc: unknown) => void) => void): void {
  const global = globalThis as { gc?: unknown };
  const before = global.gc;
  const setGc = (gc: unknown) => {
    if (gc === undefined) delete global.gc;
    else global.gc = gc;
  };
  try {
    fn(setGc);
  } finally {
    setGc(before);
  }
}
