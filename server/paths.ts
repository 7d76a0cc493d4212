/**
 * The repository's folders as absolute paths: the one home of the root path.
 *
 * @module
 */
import { fileURLToPath } from "node:url";

/** Absolute path of the repository root, with a trailing slash. */
export const ROOT_DIR: string = fileURLToPath(new URL("../", import.meta.url));

/** Absolute path of `static/` (public files, fonts, the default preview image). */
export const STATIC_DIR: string = `${ROOT_DIR}static`;
