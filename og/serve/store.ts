/**
 * The cache half of the share images: cards read from and written to the
 * image cache (KV, 7 days). A failed read is logged and reads as a miss; a
 * write does not hold the answer back, and {@linkcode CardStore.settled}
 * waits for the writes still under way (at shutdown).
 *
 * @module
 */
import type { ImageCache, ImageTarget } from "../../lib/preview_images.ts";
import { DEFAULT_EMOJI_SET, type EmojiSet } from "../assets/emoji.ts";
import { cacheIdOf } from "../job/image_target.ts";
import { errorText, logger } from "../log.ts";

/** The cache variant of an emoji set (none for the default set). */
export function variantOf(emojiSet: EmojiSet): string | undefined {
  return emojiSet === DEFAULT_EMOJI_SET ? undefined : `emoji=${emojiSet}`;
}

/** Cards in the image cache. */
export interface CardStore {
  /** The cached card, or `null`. */
  read(target: ImageTarget, emojiSet: EmojiSet): Promise<Uint8Array | null>;
  /** Stores a card without waiting (failures are logged). */
  write(target: ImageTarget, emojiSet: EmojiSet, png: Uint8Array): void;
  /** Resolves once the writes under way are done. */
  settled(): Promise<void>;
}

/** Creates the store over `cache` (`null`: nothing is cached). */
export function createCardStore(cache: ImageCache | null): CardStore {
  const writes = new Set<Promise<unknown>>();
  return {
    async read(target, emojiSet) {
      if (!cache) return null;
      try {
        return await cache.getImage(target.kind, target.chainName, cacheIdOf(target), variantOf(emojiSet));
      } catch (error) {
        logger.error("Image cache read failed", { error: errorText(error) });
        return null;
      }
    },
    write(target, emojiSet, png) {
      if (!cache) return;
      const write =
        (async () => await cache.setImage(target.kind, target.chainName, cacheIdOf(target), png, variantOf(emojiSet)))()
          .catch((error) => logger.error("Image cache write failed", { error: errorText(error) }))
          .finally(() => writes.delete(write));
      writes.add(write);
    },
    async settled() {
      await Promise.all(writes);
    },
  };
}
