/**
 * What a logo's bytes are, judged by their first bytes (magic numbers), never
 * by the URL's file name or the server's content type.
 *
 * @module
 */

/** What the fetched bytes are. */
export type ImageType = "png" | "jpeg" | "gif" | "webp" | "svg" | "other";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  return prefix.every((byte, i) => bytes[at + i] === byte);
}

/** An XML prolog, comments and a doctype, then the `<svg` root. */
const SVG_HEAD = /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

/** The image type of `bytes` from its magic numbers. */
export function sniffImageType(bytes: Uint8Array): ImageType {
  if (startsWith(bytes, PNG_SIGNATURE)) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (bytes.length >= 6 && startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return "gif";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) {
    return "webp";
  }
  const head = new TextDecoder().decode(bytes.subarray(0, 512)).replace(/^\ufeff/, "").trimStart();
  return SVG_HEAD.test(head) ? "svg" : "other";
}
