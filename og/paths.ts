/**
 * Where the share-image code finds files of npm packages at run time, and
 * which versions it finds.
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import { memoizeUntilFailure } from "../lib/memoize.ts";

/** The repository's root folder, with a trailing slash. */
export const ROOT_DIR: string = fileURLToPath(new URL("../", import.meta.url));
/** The repository's `static/` folder (fonts in `static/fonts/`). */
export const STATIC_DIR: string = `${ROOT_DIR}static`;

/**
 * Absolute file path of `file` inside the installed npm package `pkg`
 * (`node_modules/` at the repository root, filled by `deno install`).
 *
 * @example
 * ```ts
 * packageFile("@resvg/resvg-wasm", "index_bg.wasm");
 * ```
 */
export function packageFile(pkg: string, file: string): string {
  return `${ROOT_DIR}node_modules/${pkg}/${file}`;
}

/**
 * `pkg@version` of the installed npm package `pkg` (its `package.json`),
 * read once per process (a failed read is tried again next time).
 */
export const packageVersion: (pkg: string) => Promise<string> = memoizeUntilFailure(async (pkg: string) => {
  const manifest = JSON.parse(await Deno.readTextFile(packageFile(pkg, "package.json"))) as { version?: unknown };
  if (typeof manifest.version !== "string") {
    throw new Error(`Cannot read the version of ${pkg}: none in its package.json`);
  }
  return `${pkg}@${manifest.version}`;
});
