/**
 * A fast PNG encoder for the rendered card pixels. resvg-wasm's own `asPng()`
 * takes about 17 ms for a 1200x630 card here; this one hands the rows to the
 * runtime's native deflate (`CompressionStream`) and takes about 3 ms, for a
 * somewhat larger file (measured: 22 KB instead of 15 KB for a plain card).
 *
 * @module
 */

const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

function crc32(bytes: Uint8Array, start: number, end: number): number {
  let c = -1;
  for (let i = start; i < end; i++) {
    c = CRC_TABLE[(c ^ bytes[i]) & 255] ^ (c >>> 8);
  }
  return (c ^ -1) >>> 0;
}

async function deflate(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([data]).stream().pipeThrough(
    new CompressionStream("deflate"),
  );
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * Encodes 8-bit RGBA pixels (`width * height * 4` bytes, rows top to bottom)
 * as a PNG (colour type 6, no interlace, filter "none" on every row, zlib
 * stream from the runtime's deflate).
 */
export async function encodeRgbaPng(
  pixels: Uint8Array,
  width: number,
  height: number,
): Promise<Uint8Array> {
  const stride = width * 4;
  if (pixels.length !== stride * height) {
    throw new Error(
      `Cannot encode PNG: ${pixels.length} bytes for ${width}x${height} RGBA`,
    );
  }
  const raw = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    // Filter byte 0 (none) is already there.
    raw.set(pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  const idat = await deflate(raw);
  const out = new Uint8Array(8 + (12 + 13) + (12 + idat.length) + 12);
  const view = new DataView(out.buffer);
  out.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let offset = 8;
  const chunk = (type: string, data: Uint8Array) => {
    view.setUint32(offset, data.length);
    const start = offset + 4;
    for (let i = 0; i < 4; i++) out[start + i] = type.charCodeAt(i);
    out.set(data, start + 4);
    view.setUint32(start + 4 + data.length, crc32(out, start, start + 4 + data.length));
    offset = start + 8 + data.length;
  };
  const header = new Uint8Array(13);
  const headerView = new DataView(header.buffer);
  headerView.setUint32(0, width);
  headerView.setUint32(4, height);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  chunk("IHDR", header);
  chunk("IDAT", idat);
  chunk("IEND", new Uint8Array());
  return out;
}
