/**
 * Reads icon sets in the Iconify JSON format (`@iconify-json/*` packages) and
 * turns one icon into a standalone SVG data URL that satori can draw.
 *
 * @module
 */

import { readFile } from "node:fs/promises";
import { packageFile } from "./paths.ts";

interface IconifyIcon {
  body: string;
  width?: number;
  height?: number;
  left?: number;
  top?: number;
}

interface IconifyAlias {
  parent: string;
  width?: number;
  height?: number;
}

/** An Iconify icon set as stored in a package's `icons.json`. */
export interface IconSet {
  readonly prefix: string;
  readonly icons: Record<string, IconifyIcon>;
  readonly aliases?: Record<string, IconifyAlias>;
  readonly width?: number;
  readonly height?: number;
  readonly left?: number;
  readonly top?: number;
}

/** Reads and parses `icons.json` of the installed package `pkg`. */
export async function readIconSet(pkg: string): Promise<IconSet> {
  const text = await readFile(packageFile(pkg, "icons.json"), "utf8");
  return JSON.parse(text) as IconSet;
}

/**
 * Reads `chars.json` of an emoji icon set: code points in lower-case hex
 * joined by `-` (`1f984`, `1f468-200d-1f469`) mapped to icon names.
 */
export async function readCharMap(
  pkg: string,
): Promise<Record<string, string>> {
  const text = await readFile(packageFile(pkg, "chars.json"), "utf8");
  return JSON.parse(text) as Record<string, string>;
}

/**
 * The SVG document of icon `name` in `set`, or `null` when the set has no
 * such icon (aliases are followed, at most a few levels deep).
 */
export function iconSvg(set: IconSet, name: string): string | null {
  let current = name;
  for (let depth = 0; depth < 4; depth++) {
    const icon = set.icons[current];
    if (icon) {
      const width = icon.width ?? set.width ?? 16;
      const height = icon.height ?? set.height ?? 16;
      const left = icon.left ?? set.left ?? 0;
      const top = icon.top ?? set.top ?? 0;
      return `<svg xmlns="http://www.w3.org/2000/svg" ` +
        `xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" ` +
        `height="${height}" viewBox="${left} ${top} ${width} ${height}">` +
        `${icon.body}</svg>`;
    }
    const alias = set.aliases?.[current];
    if (!alias) return null;
    current = alias.parent;
  }
  return null;
}

/** `data:image/svg+xml;base64,...` for an SVG document. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${bytesToBase64(new TextEncoder().encode(svg))}`;
}

/** Standard base64 of `bytes`, in chunks so large inputs do not overflow. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}
