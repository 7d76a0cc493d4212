/**
 * Byte arrays: the one place that joins chunks read from a stream or a
 * socket into one array. Pure, browser-safe.
 *
 * @module
 */

/** The bytes of `parts`, one after another, in one new array (`parts[0]` itself when it is the only one). */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0];
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
