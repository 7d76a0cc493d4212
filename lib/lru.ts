/**
 * A small least-recently-used map bounded by total bytes and by entry count.
 *
 * A `Map` finds entries and a doubly linked list orders them by recency:
 * reading an entry moves it to the tail and eviction takes from the head, so
 * `get`, `set` and `delete` are O(1) (eviction is O(1) per evicted entry).
 * (A bare `Map` with delete-and-reinsert is not: its iterator walks over the
 * holes deletions leave at the front.)
 *
 * @module
 */

/** Bounds of an {@linkcode Lru}. */
export interface LruOptions {
  /** Largest total size, in bytes, of the values held. */
  readonly maxBytes: number;
  /** Largest number of entries held. Unbounded when omitted. */
  readonly maxEntries?: number;
}

interface Node<V> {
  readonly key: string;
  value: V;
  size: number;
  /** Less recently used neighbour. */
  prev: Node<V> | null;
  /** More recently used neighbour. */
  next: Node<V> | null;
}

/**
 * A least-recently-used map whose entries each carry a size in bytes given by
 * the caller. Adding an entry evicts the least recently used ones until both
 * bounds hold; an entry larger than `maxBytes` on its own is not kept.
 */
export class Lru<V> {
  readonly #map = new Map<string, Node<V>>();
  readonly #maxBytes: number;
  readonly #maxEntries: number;
  #bytes = 0;
  /** Least recently used entry. */
  #head: Node<V> | null = null;
  /** Most recently used entry. */
  #tail: Node<V> | null = null;

  /** Creates an empty map with the given bounds. */
  constructor(options: LruOptions) {
    const { maxBytes, maxEntries = Infinity } = options;
    if (!(maxBytes >= 0) || !(maxEntries >= 0)) {
      throw new RangeError(
        `Cannot create LRU with maxBytes ${maxBytes} and maxEntries ${maxEntries}: expected non-negative numbers`,
      );
    }
    this.#maxBytes = maxBytes;
    this.#maxEntries = maxEntries;
  }

  /** Number of entries held. */
  get size(): number {
    return this.#map.size;
  }

  /** Total size in bytes of the entries held. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Returns the value for `key` and marks it most recently used. */
  get(key: string): V | undefined {
    const node = this.#map.get(key);
    if (node === undefined) return undefined;
    this.#unlink(node);
    this.#append(node);
    return node.value;
  }

  /** Whether `key` is held, without changing its recency. */
  has(key: string): boolean {
    return this.#map.has(key);
  }

  /**
   * Stores `value` of `size` bytes under `key` as the most recently used entry
   * and evicts the least recently used entries beyond the bounds. Returns
   * whether the value was kept (false when it alone exceeds `maxBytes`).
   */
  set(key: string, value: V, size: number): boolean {
    if (!(size >= 0)) {
      throw new RangeError(
        `Cannot store LRU entry of size ${size}: expected a non-negative number`,
      );
    }
    this.delete(key);
    if (size > this.#maxBytes || this.#maxEntries < 1) return false;
    const node: Node<V> = { key, value, size, prev: null, next: null };
    this.#map.set(key, node);
    this.#append(node);
    this.#bytes += size;
    while (
      this.#head !== null &&
      (this.#bytes > this.#maxBytes || this.#map.size > this.#maxEntries)
    ) {
      this.delete(this.#head.key);
    }
    return true;
  }

  /** Removes `key`; returns whether it was held. */
  delete(key: string): boolean {
    const node = this.#map.get(key);
    if (node === undefined) return false;
    this.#map.delete(key);
    this.#unlink(node);
    this.#bytes -= node.size;
    return true;
  }

  /** Removes every entry. */
  clear(): void {
    this.#map.clear();
    this.#head = this.#tail = null;
    this.#bytes = 0;
  }

  /** Keys from least to most recently used. */
  *keys(): IterableIterator<string> {
    for (let node = this.#head; node !== null; node = node.next) {
      yield node.key;
    }
  }

  #unlink(node: Node<V>): void {
    if (node.prev !== null) node.prev.next = node.next;
    else this.#head = node.next;
    if (node.next !== null) node.next.prev = node.prev;
    else this.#tail = node.prev;
    node.prev = node.next = null;
  }

  #append(node: Node<V>): void {
    node.prev = this.#tail;
    node.next = null;
    if (this.#tail !== null) this.#tail.next = node;
    else this.#head = node;
    this.#tail = node;
  }
}
