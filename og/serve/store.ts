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
import { cacheIdOf, cardKeyOf } from "../job/image_target.ts";
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
  /** A mark of this store's writes so far: take it before a {@linkcode CardStore.read} that missed. */
  mark(): number;
  /**
   * Whether this store may have written the card since `mark`: only then can
   * reading it again find what the read before `mark` missed (this
   * process's draws are the ones that write it; a missed read is not
   * repeated for nothing, 0.2-0.5 ms of KV a card).
   */
  writtenSince(target: ImageTarget, emojiSet: EmojiSet, mark: number): boolean;
  /** Resolves once the writes under way are done. */
  settled(): Promise<void>;
}

/** Creates the store over `cache` (`null`: nothing is cached). */
export function createCardStore(cache: ImageCache | null): CardStore {
  const writes = new Set<Promise<unknown>>();
  const ledger = createWriteLedger();
  return {
    mark: () => ledger.mark(),
    writtenSince: (target, emojiSet, mark) => ledger.since(cardKeyOf(target, emojiSet), mark),
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
      ledger.record(cardKeyOf(target, emojiSet));
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

/** How many recent writes the ledger remembers; older ones read as "maybe written" to any mark before them. */
const LEDGER_KEYS = 4096;

/** The sequence number of each card's last write, for the last {@linkcode LEDGER_KEYS} cards. */
function createWriteLedger() {
  let sequence = 0;
  // The newest sequence number the ledger forgot: a mark before it cannot tell, so it answers yes.
  let forgotten = 0;
  const last = new Map<string, number>();
  return {
    mark: () => sequence,
    record(key: string): void {
      last.delete(key);
      last.set(key, ++sequence);
      if (last.size > LEDGER_KEYS) {
        const [oldest, at] = last.entries().next().value!;
        last.delete(oldest);
        forgotten = at;
      }
    },
    since: (key: string, mark: number): boolean => forgotten > mark || (last.get(key) ?? 0) > mark,
  };
}
