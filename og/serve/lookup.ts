/**
 * The lookup stage of the share images: a target's preview data, read from
 * the preview source, turned into a card job with its logos fetched. Each
 * kind of card names its read and its job in one table ({@linkcode SOURCES}),
 * and a 404 remembered briefly ({@linkcode createMissMemory}).
 *
 * @module
 */
import type { ImageKind, ImageTarget } from "../../lib/preview_images.ts";
import type { PreviewSource } from "../../lib/preview_types.ts";
import { Lru } from "../../lib/lru.ts";
import type { CardJob, DrawOptions } from "../job/card_job.ts";
import {
  cardJobForNftAsset,
  cardJobForNftCollection,
  cardJobForPool,
  cardJobForPosition,
  cardJobForToken,
  type PreparedJob,
} from "../job/images.tsx";
import type { PositionVersion } from "../job/image_target.ts";
import type { LogoFetchOptions } from "../logo/logo_fetch.ts";

/** What a card job is made with: how it is drawn and how its logos are fetched. */
export type JobOptions = DrawOptions & { readonly logoFetch: LogoFetchOptions };

/** How one kind of card is looked up: its preview (`null`: unknown), then its job. */
interface CardSource<P> {
  read(previews: PreviewSource, target: ImageTarget, origin: string): Promise<P | null>;
  job(preview: P, target: ImageTarget, options: JobOptions): Promise<PreparedJob<CardJob>>;
}

function source<P>(card: CardSource<P>): CardSource<unknown> {
  return card as CardSource<unknown>;
}

/** Each kind's lookup. A source without positions (or a chain without RPC) knows none. */
export const SOURCES: Readonly<Record<ImageKind, CardSource<unknown>>> = {
  token: source({
    read: (previews, t, origin) => previews.token(t.chainName, t.address, origin),
    job: (preview, t, options) => cardJobForToken(preview, t.chainName, options),
  }),
  pool: source({
    read: (previews, t, origin) => previews.pool(t.chainName, t.address, origin),
    job: (preview, t, options) => cardJobForPool(preview, t.chainName, options),
  }),
  position: source({
    read: async (previews, t, origin) =>
      await previews.position?.(t.version as PositionVersion, t.chainName, t.address, origin) ?? null,
    job: (preview, t, options) => cardJobForPosition(preview, t.chainName, options),
  }),
  // NFTs are on Ethereum; a source without NFTs knows none.
  nft_asset: source({
    read: async (previews, t, origin) => await previews.nftAsset?.(t.address, t.id ?? "", origin) ?? null,
    job: (preview, _t, options) => cardJobForNftAsset(preview, options),
  }),
  nft_collection: source({
    read: async (previews, t, origin) => await previews.nftCollection?.(t.address, origin) ?? null,
    job: (preview, _t, options) => cardJobForNftCollection(preview, options),
  }),
};

/** The outcome of a lookup: unknown, or the card's job (`cacheable`: every logo was fetched or refused for good). */
export type Lookup =
  | { readonly found: false }
  | { readonly found: true; readonly prepared: PreparedJob<CardJob> };

/**
 * Looks `target` up: its preview, then its job. A failure to read the preview
 * rejects with a {@linkcode LookupError} of stage `preview`; one while
 * preparing the job (logos) with stage `job`.
 */
export async function lookupCard(
  previews: PreviewSource,
  target: ImageTarget,
  origin: string,
  options: JobOptions,
): Promise<Lookup> {
  const card = SOURCES[target.kind];
  let preview: unknown;
  try {
    preview = await card.read(previews, target, origin);
  } catch (error) {
    throw new LookupError("preview", error);
  }
  if (preview === null) return { found: false };
  try {
    return { found: true, prepared: await card.job(preview, target, options) };
  } catch (error) {
    throw new LookupError("job", error);
  }
}

/** A lookup that failed: reading the preview (the gateway) or preparing the card. */
export class LookupError extends Error {
  /** Which half failed. */
  readonly stage: "preview" | "job";
  constructor(stage: "preview" | "job", cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = "LookupError";
    this.stage = stage;
  }
}

/** Unknown targets (404s from the source) remembered for a while: a repeated unknown costs no lookup. */
export interface MissMemory {
  /** Whether `key` was unknown within the time to live. */
  has(key: string): boolean;
  /** Remembers `key` as unknown. */
  add(key: string): void;
}

/** Creates the memory of unknown targets (`ttlMs` 0: none), at most `maxEntries`. */
export function createMissMemory(ttlMs: number, maxEntries = 10_000): MissMemory {
  const misses = new Lru<number>({ maxBytes: Number.MAX_SAFE_INTEGER, maxEntries });
  return {
    has: (key) => (misses.get(key) ?? 0) > Date.now(),
    add(key) {
      if (ttlMs > 0) misses.set(key, Date.now() + ttlMs, 1);
    },
  };
}
