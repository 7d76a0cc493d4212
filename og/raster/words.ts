/**
 * Whether pixel buffers can be read and written 32 bits at a time, one
 * pixel (RGBA, R in the low byte) per `Uint32Array` element: the fast paths
 * of `backdrop.ts` and `png.ts`.
 *
 * @module
 */

/** Whether this machine stores a 32-bit word's low byte first (R of an RGBA pixel in its low byte). */
export const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Whether every one of `buffers` can be viewed as 32-bit pixels: a little-endian machine, each 4-byte aligned. */
export function wordAligned(...buffers: Uint8Array[]): boolean {
  return LITTLE_ENDIAN && buffers.every((buffer) => buffer.byteOffset % 4 === 0);
}
