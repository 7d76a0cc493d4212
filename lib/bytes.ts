/**
 * Byte arrays: the one place that joins chunks read from a stream or a
 * socket into one array, and that digests bytes (SHA-256, hex). Pure,
 * browser-safe (web APIs only).
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

const encoder = new TextEncoder();

/** The SHA-256 of `data` (a string is digested as UTF-8). */
export async function sha256(data: Uint8Array | string): Promise<Uint8Array> {
  const bytes = typeof data === "string" ? encoder.encode(data) : data;
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
}

/** `bytes` as lowercase hexadecimal, two digits a byte. */
export function toHex(bytes: Uint8Array): string {
  let hex = "";
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0");
  return hex;
}
