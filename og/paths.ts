/**
 * Where the share-image code finds files of npm packages at run time.
 *
 * @module
 */

import { ROOT_DIR } from "../server/paths.ts";

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
