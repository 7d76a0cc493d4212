/**
 * satori, loaded from the build's one-file script with V8's code cache of a
 * run that drew every kind of card, so a fresh render worker neither parses
 * nor compiles it function by function.
 *
 * satori and its dependencies are about 2 MB of JavaScript. Imported as ES
 * modules, a fresh process compiles them at load, and Deno's code cache of a
 * module, written right after the module ran, holds only what ran then:
 * each function of satori's first layout is compiled when it is first called
 * (measured in a fresh process, satori's load and first layout: 48 + 57 ms
 * as modules, 25 + 45 ms from this script with its cache). The build
 * (`scripts/draw_layers.ts`) bundles satori into one script
 * (`build/og_layers/satori.js`, made with esbuild), lays the cards out with
 * it while it draws the layers, then keeps V8's code cache of the script as
 * it is then (`satori.code`): the functions the cards needed, compiled.
 *
 * The script's first line names the satori version it was made from and a
 * build id; a script of another version is not run, and a cache is used
 * only when it starts with its script's build id. (V8 itself checks a cache
 * against the script's length only, and against its own version and flags;
 * when those do not fit, it compiles the script as usual and says so in
 * `cachedDataRejected`.) Without the script (no build yet, e.g. `deno task
 * dev` on a fresh clone), satori is imported as the ES module.
 *
 * @module
 */

import { Script } from "node:vm";
import type satoriModule from "satori";
import { DEFAULT_LAYER_DIR } from "./layer_store.ts";
import { packageVersion } from "../paths.ts";
import { errorText, logger } from "../log.ts";

/** satori's layout function (`satori(element, options)` to an SVG document). */
export type Satori = typeof satoriModule;

/** The script's file name in the build's directory. */
export const SATORI_SCRIPT_FILE = "satori.js";
/** The code cache's file name, beside the script. */
export const SATORI_CODE_FILE = "satori.code";

/** Where satori came from in this process, and how its script's cache fared. */
export type SatoriSource = "module" | "script" | "script+cache";

/** satori run from the build's script ({@linkcode loadSatoriScript}). */
export interface SatoriScript {
  readonly satori: Satori;
  /** Whether V8 took the code cache. */
  readonly source: "script" | "script+cache";
  readonly script: Script;
  /** The build id of the script (its first line). */
  readonly build: string;
}

interface Loaded {
  readonly satori: Satori;
  readonly source: SatoriSource;
  readonly script: SatoriScript | null;
}

let loading: Promise<Loaded> | null = null;

/** The first line of a script made from the installed satori by build `build`: `// satori@0.63.2 build {build}`. */
export async function satoriScriptHeader(build: string): Promise<string> {
  return `// ${await packageVersion("satori")} build ${build}\n`;
}

const HEADER = /^\/\/ (\S+) build ([0-9a-f-]{36})\n/;
const encoder = new TextEncoder();

/**
 * The script as `factory(module)` wrapped around esbuild's CommonJS bundle
 * `bundle`, headed by {@linkcode satoriScriptHeader}.
 */
export function satoriScriptSource(header: string, bundle: string): string {
  return `${header}(function (module, exports) {\n${bundle}\n})`;
}

async function readOptional(path: string): Promise<Uint8Array | undefined> {
  try {
    return await Deno.readFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
}

/**
 * Runs satori's script in `dir` (with its code cache when the cache is of
 * this build and V8 takes it). `null` when there is no script, or it is of
 * another satori version than the installed one; throws when it cannot run.
 * Each call runs the script anew: {@linkcode loadSatori} keeps one.
 */
export async function loadSatoriScript(dir: string): Promise<SatoriScript | null> {
  let source: string;
  try {
    source = await Deno.readTextFile(`${dir}${SATORI_SCRIPT_FILE}`);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return null;
    throw error;
  }
  const [version, cache] = await Promise.all([packageVersion("satori"), readOptional(`${dir}${SATORI_CODE_FILE}`)]);
  const header = HEADER.exec(source);
  if (!header || header[1] !== version) return null;
  const build = header[2];
  // the cache file: the build id and a newline, then V8's data
  const id = encoder.encode(`${build}\n`);
  const fits = cache !== undefined && cache.length > id.length && id.every((byte, i) => cache[i] === byte);
  const cachedData = fits ? cache.subarray(id.length) : undefined;
  const script = new Script(source, { filename: `${dir}${SATORI_SCRIPT_FILE}`, cachedData });
  const factory = script.runInThisContext() as (module: { exports: unknown }, exports: unknown) => void;
  const module = { exports: {} as { default?: unknown } };
  factory(module, module.exports);
  const satori = module.exports.default;
  if (typeof satori !== "function") throw new Error(`Cannot load ${dir}${SATORI_SCRIPT_FILE}: no satori in it`);
  const cached = cachedData !== undefined && !script.cachedDataRejected;
  return { satori: satori as Satori, source: cached ? "script+cache" : "script", script, build };
}

/**
 * The code cache file of `loaded` as it is now: its build id and a newline,
 * then V8's code cache, holding every function run so far compiled.
 */
export function codeCacheFile(loaded: SatoriScript): Uint8Array {
  const id = encoder.encode(`${loaded.build}\n`);
  const data = loaded.script.createCachedData();
  const file = new Uint8Array(id.length + data.length);
  file.set(id);
  file.set(data, id.length);
  return file;
}

async function load(dir: string): Promise<Loaded> {
  try {
    const loaded = await loadSatoriScript(dir);
    if (loaded) return { satori: loaded.satori, source: loaded.source, script: loaded };
  } catch (error) {
    logger.warn("Share images: satori's script could not run, importing the module", { error: errorText(error) });
  }
  const satori = (await import("satori")).default;
  return { satori, source: "module", script: null };
}

/**
 * satori, loaded once per process: from the build's script in `dir` (with
 * its code cache when V8 takes it), else the ES module.
 */
export async function loadSatori(dir: string = DEFAULT_LAYER_DIR): Promise<Satori> {
  return (await (loading ??= load(dir))).satori;
}

/** Where this process's satori came from (after {@linkcode loadSatori}); `null` before. */
export async function satoriSource(): Promise<SatoriSource | null> {
  return loading ? (await loading).source : null;
}

/**
 * The code cache file ({@linkcode codeCacheFile}) of this process's satori
 * script; `null` when satori did not come from the script.
 */
export async function satoriCodeCache(): Promise<Uint8Array | null> {
  const loaded = loading ? await loading : null;
  return loaded?.script ? codeCacheFile(loaded.script) : null;
}
