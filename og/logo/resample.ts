/**
 * Scales a decoded logo to the exact size the card draws it at, so resvg
 * draws it 1:1: resvg-wasm takes about 10 ms to scale a 64 px PNG up to
 * 160 px (more for large logos scaled down), this takes well under 1 ms.
 *
 * @module
 */

/** Largest side a logo is scaled to (the card draws at most 160 px). */
const MAX_SIZE = 1024;

/** 8-bit RGBA pixels, straight (not premultiplied) alpha. */
export interface RgbaImage {
  readonly width: number;
  readonly height: number;
  readonly data: ArrayLike<number>;
}

/**
 * Scales `image` to `size` x `size`, covering the square (the shorter side
 * fills it, the longer one is cropped around the centre). Downscaling
 * averages every source pixel under a target pixel; upscaling is bilinear.
 * Colours are weighted by alpha so transparent edges do not darken. The
 * work is bounded by the source's pixels (capped before decoding by
 * `image_caps.ts`) plus `size` squared; a malformed image throws a
 * `RangeError` instead of reading past its data.
 */
export function coverSquare(image: RgbaImage, size: number): Uint8Array {
  const { width, height, data } = image;
  if (!Number.isInteger(size) || size < 1 || size > MAX_SIZE) {
    throw new RangeError(`Cannot scale a logo to ${size} px: expected an integer from 1 to ${MAX_SIZE}`);
  }
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`Cannot scale a ${width}x${height} logo: expected at least 1x1`);
  }
  if (data.length < width * height * 4) {
    throw new RangeError(`Cannot scale a ${width}x${height} logo: ${data.length} bytes of pixels is too few`);
  }
  const scale = Math.max(size / width, size / height);
  const cropW = size / scale;
  const cropH = size / scale;
  const x0 = (width - cropW) / 2;
  const y0 = (height - cropH) / 2;
  const out = new Uint8Array(size * size * 4);
  const step = 1 / scale;
  if (step <= 1) {
    upscale(data, width, height, x0, y0, step, size, out);
    return out;
  }
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let r = 0, g = 0, b = 0, a = 0, n = 0;
      const sx0 = Math.floor(x0 + x * step);
      const sy0 = Math.floor(y0 + y * step);
      const sx1 = Math.max(sx0 + 1, Math.floor(x0 + (x + 1) * step));
      const sy1 = Math.max(sy0 + 1, Math.floor(y0 + (y + 1) * step));
      for (let sy = sy0; sy < Math.min(sy1, height); sy++) {
        for (let sx = sx0; sx < Math.min(sx1, width); sx++) {
          const o = (sy * width + sx) * 4;
          const alpha = data[o + 3];
          r += data[o] * alpha;
          g += data[o + 1] * alpha;
          b += data[o + 2] * alpha;
          a += alpha;
          n++;
        }
      }
      const o = (y * size + x) * 4;
      if (a > 0) {
        out[o] = Math.round(r / a);
        out[o + 1] = Math.round(g / a);
        out[o + 2] = Math.round(b / a);
        out[o + 3] = Math.round(a / n);
      }
    }
  }
  return out;
}

/** Where each target row or column samples its source: the two neighbours and the weight of the second. */
function samples(count: number, origin: number, step: number, limit: number) {
  const first = new Int32Array(count);
  const second = new Int32Array(count);
  const weight = new Float64Array(count);
  for (let t = 0; t < count; t++) {
    const f = Math.min(limit - 1, Math.max(0, origin + (t + 0.5) * step - 0.5));
    first[t] = Math.floor(f);
    second[t] = Math.min(first[t] + 1, limit - 1);
    weight[t] = f - first[t];
  }
  return { first, second, weight };
}

/**
 * Bilinear scaling up (`step` <= 1), colours weighted by alpha: the same sums
 * as per pixel, with each row's and column's neighbours and weights prepared
 * once, and the source read through one `Uint8Array` view (a monomorphic
 * loop: about 4x faster on a 128 px logo drawn at 160 px).
 */
function upscale(
  source: ArrayLike<number>,
  width: number,
  height: number,
  x0: number,
  y0: number,
  step: number,
  size: number,
  out: Uint8Array,
): void {
  const data = bytesOf(source);
  const cols = samples(size, x0, step, width);
  const rows = samples(size, y0, step, height);
  // Byte offsets of each column's two neighbours within a row, and the weights.
  const left = new Int32Array(size);
  const right = new Int32Array(size);
  const dxs = new Float64Array(size);
  const ndxs = new Float64Array(size);
  for (let x = 0; x < size; x++) {
    left[x] = cols.first[x] * 4;
    right[x] = cols.second[x] * 4;
    dxs[x] = cols.weight[x];
    ndxs[x] = 1 - cols.weight[x];
  }
  const rowBytes = width * 4;
  for (let y = 0; y < size; y++) {
    const top = rows.first[y] * rowBytes;
    const bottom = rows.second[y] * rowBytes;
    const dy = rows.weight[y];
    const ndy = 1 - dy;
    let o = y * size * 4;
    for (let x = 0; x < size; x++, o += 4) {
      const dx = dxs[x];
      const ndx = ndxs[x];
      const o00 = top + left[x];
      const o10 = top + right[x];
      const o01 = bottom + left[x];
      const o11 = bottom + right[x];
      const a00 = data[o00 + 3] * (ndx * ndy);
      const a10 = data[o10 + 3] * (dx * ndy);
      const a01 = data[o01 + 3] * (ndx * dy);
      const a11 = data[o11 + 3] * (dx * dy);
      const a = a00 + a10 + a01 + a11;
      if (a > 0) {
        // Math.round of a sum in [0, 255]: plus one half, truncated by the byte store.
        out[o] = (data[o00] * a00 + data[o10] * a10 + data[o01] * a01 + data[o11] * a11) / a + 0.5;
        out[o + 1] = (data[o00 + 1] * a00 + data[o10 + 1] * a10 + data[o01 + 1] * a01 + data[o11 + 1] * a11) / a +
          0.5;
        out[o + 2] = (data[o00 + 2] * a00 + data[o10 + 2] * a10 + data[o01 + 2] * a01 + data[o11 + 2] * a11) / a +
          0.5;
        out[o + 3] = a + 0.5;
      }
    }
  }
}

/** The pixels as one `Uint8Array` view (no copy for typed byte arrays). */
function bytesOf(data: ArrayLike<number>): Uint8Array {
  if (data instanceof Uint8Array) return data;
  if (data instanceof Uint8ClampedArray) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return Uint8Array.from(data);
}
