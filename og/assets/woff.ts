/**
 * WOFF 1.0 to plain sfnt (TrueType/OpenType) bytes, with the native zlib.
 * satori's font parser inflates each table of a WOFF font in JavaScript on
 * its first call (measured: about 20 ms of a new render worker's first card
 * for the six default fonts); handing it the same font unpacked once with
 * `node:zlib` skips that. The glyphs are the same bytes, so the pixels are.
 *
 * @module
 */

import { inflateSync } from "node:zlib";

/** `wOFF`, the signature of a WOFF 1.0 file. */
const WOFF_SIGNATURE = 0x774f4646;

/** Whether `bytes` start like a WOFF 1.0 file. */
export function isWoff(bytes: Uint8Array): boolean {
  return bytes.length >= 44 && new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0) ===
      WOFF_SIGNATURE;
}

/**
 * The sfnt font packed in the WOFF 1.0 file `bytes` (tables inflated, in
 * the directory's order); any other bytes are returned as they are. Throws
 * on a WOFF file whose directory or tables do not fit it.
 */
export function woffToSfnt(bytes: Uint8Array): Uint8Array {
  if (!isWoff(bytes)) return bytes;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const flavor = view.getUint32(4);
  const count = view.getUint16(12);
  if (44 + count * 20 > bytes.length) throw new RangeError("Cannot unpack a WOFF font: its table directory is cut");
  const tables: { tag: number; checksum: number; data: Uint8Array }[] = [];
  for (let i = 0; i < count; i++) {
    const at = 44 + i * 20;
    const offset = view.getUint32(at + 4);
    const compLength = view.getUint32(at + 8);
    const origLength = view.getUint32(at + 12);
    if (offset + compLength > bytes.length) throw new RangeError("Cannot unpack a WOFF font: a table is cut");
    const packed = bytes.subarray(offset, offset + compLength);
    const data = compLength < origLength ? new Uint8Array(inflateSync(packed)) : packed;
    if (data.length !== origLength) throw new RangeError("Cannot unpack a WOFF font: a table has the wrong length");
    tables.push({ tag: view.getUint32(at), checksum: view.getUint32(at + 16), data });
  }
  let size = 12 + count * 16;
  for (const table of tables) size += (table.data.length + 3) & ~3;
  const out = new Uint8Array(size);
  const sfnt = new DataView(out.buffer);
  // The offset table's search fields, as the OpenType spec computes them.
  let power = 1, log2 = 0;
  while (power * 2 <= count) power *= 2, log2++;
  sfnt.setUint32(0, flavor);
  sfnt.setUint16(4, count);
  sfnt.setUint16(6, power * 16);
  sfnt.setUint16(8, log2);
  sfnt.setUint16(10, count * 16 - power * 16);
  let offset = 12 + count * 16;
  for (const [i, table] of tables.entries()) {
    const record = 12 + i * 16;
    sfnt.setUint32(record, table.tag);
    sfnt.setUint32(record + 4, table.checksum);
    sfnt.setUint32(record + 8, offset);
    sfnt.setUint32(record + 12, table.data.length);
    out.set(table.data, offset);
    offset += (table.data.length + 3) & ~3;
  }
  return out;
}
