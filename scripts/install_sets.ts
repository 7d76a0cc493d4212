/**
 * The two npm install sets, both cut from the one lockfile (`deno.lock`):
 *
 * - **serving**: what `package.json`'s `dependencies` reach (the server, the
 *   build with React Router and Vite, the demo gateway and the demo chain);
 * - **tests**: that plus the `devDependencies` (playwright, jsdom, the unfurl
 *   conformance libraries, type packages).
 *
 * Deno 2.9.6's `deno install --prod` leaves out the devDependencies as top-level
 * packages but still installs every package of the lockfile's snapshot, and it
 * installs both libc builds of native addons (the lockfile records `os` and
 * `cpu`, not `libc`). So `scripts/prepare.ts` hands `deno install --frozen`
 * a view of `deno.lock`: the same entries, versions and integrity hashes, kept
 * when a root of the set reaches them, without the optional native packages
 * built for the other libc (named `-musl` / `-gnu` after the napi-rs
 * convention). Versions are pinned in `deno.lock` only; the view is written to
 * a temporary file for one install and thrown away.
 *
 * After an install, {@link dropSourceMaps} deletes the packages' source maps
 * (`*.js.map`, `*.d.ts.map`, `*.css.map`, ...): serving and building do not
 * need them, and they are a fifth of `node_modules`.
 *
 * Imports nothing: it runs before anything is installed.
 *
 * @module
 */

/** One package of the lockfile's `npm` section (other fields pass through). */
export interface LockPackage {
  dependencies?: string[];
  optionalDependencies?: string[];
  [field: string]: unknown;
}

/** The fields of a version 5 `deno.lock` the view reads (others pass through). */
export interface Lockfile {
  version: string;
  specifiers: Record<string, string>;
  npm: Record<string, LockPackage>;
  [field: string]: unknown;
}

/** The C library the native addons are built against: `gnu` (glibc), `musl`, or none (not Linux). */
export type Libc = "gnu" | "musl" | undefined;

/** The libc of this Deno binary, which loads the addons. */
export function hostLibc(): Libc {
  if (Deno.build.os !== "linux") return undefined;
  return Deno.build.env === "musl" ? "musl" : "gnu";
}

/** Whether an optional native package is built for another libc than `libc`. */
export function forOtherLibc(name: string, libc: Libc): boolean {
  if (libc === "gnu") return /-musl(eabihf)?$/.test(name);
  if (libc === "musl") return /-gnu(eabihf)?$/.test(name);
  return false;
}

/** `name@version` pairs of a manifest section, as lockfile specifiers (`npm:name@version`). */
export function rootSpecifiers(section: Record<string, string> | undefined): string[] {
  return Object.entries(section ?? {}).map(([name, version]) => `npm:${name}@${version}`);
}

/** The package name of a lockfile id (`ox@0.9.3_typescript@5.9.3`) or of a bare name (`ox`). */
function packageName(ref: string): string {
  const at = ref.indexOf("@", 1);
  return at < 0 ? ref : ref.slice(0, at);
}

/**
 * The lockfile restricted to what `roots` (specifiers such as
 * `npm:react@19.2.9`) reach through dependencies and optional dependencies,
 * leaving out optional native packages of the other libc. Throws when a root
 * or a dependency is not in the lockfile (the caller then installs it whole).
 */
export function lockView(lock: Lockfile, roots: readonly string[], libc: Libc): Lockfile {
  const byName = new Map<string, string[]>();
  for (const id of Object.keys(lock.npm)) {
    const name = packageName(id);
    byName.set(name, [...(byName.get(name) ?? []), id]);
  }
  // A dependency is written as a full id (`ox@0.9.3_typescript@5.9.3`), as a name when one version is locked, or
  // as an alias (`cacheable-request@npm:@kikobeats/cacheable-request@7.0.7`).
  function resolve(written: string): string {
    const alias = written.indexOf("@npm:", 1);
    const ref = alias < 0 ? written : written.slice(alias + "@npm:".length);
    if (Object.hasOwn(lock.npm, ref)) return ref;
    const ids = byName.get(ref) ?? [];
    if (ids.length === 1) return ids[0];
    throw new Error(`deno.lock: no single package for ${ref}`);
  }
  const pending: string[] = [];
  for (const specifier of roots) {
    const resolved = lock.specifiers[specifier];
    if (resolved === undefined) throw new Error(`deno.lock has no ${specifier}: run \`deno install\``);
    pending.push(`${specifier.slice("npm:".length, specifier.lastIndexOf("@"))}@${resolved}`);
  }
  const kept = new Set<string>();
  while (pending.length > 0) {
    const id = resolve(pending.pop()!);
    if (kept.has(id)) continue;
    kept.add(id);
    const entry = lock.npm[id];
    pending.push(...(entry.dependencies ?? []));
    pending.push(...(entry.optionalDependencies ?? []).filter((ref) => !forOtherLibc(packageName(ref), libc)));
  }
  const npm: Record<string, LockPackage> = {};
  for (const [id, entry] of Object.entries(lock.npm)) {
    if (!kept.has(id)) continue;
    const optional = entry.optionalDependencies?.filter((ref) => !forOtherLibc(packageName(ref), libc));
    npm[id] = optional === undefined ? entry : { ...entry, optionalDependencies: optional };
  }
  const specifiers = Object.fromEntries(Object.entries(lock.specifiers).filter(([key]) => roots.includes(key)));
  return { ...lock, specifiers, npm };
}

/** Whether a file name is a source map of code or styles (`index.js.map`, `index.d.ts.map`, `app.css.map`). */
export function isSourceMap(name: string): boolean {
  return /\.(?:[cm]?[jt]sx?|css)\.map$/.test(name);
}

/**
 * Deletes the source maps under `dir` (the installed packages,
 * `node_modules/.deno`), without following symbolic links (each package's
 * files are reached once). Nothing needs them: without them a stack trace through a package
 * names its shipped JavaScript (file, line, column) instead of its TypeScript
 * sources, and Vite dev's pre-bundled dependencies map to that JavaScript too,
 * both without a warning; the build is byte-identical. Returns how many files
 * and bytes went.
 */
export async function dropSourceMaps(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  const pending = [dir];
  while (pending.length > 0) {
    const folder = pending.pop()!;
    for await (const entry of Deno.readDir(folder)) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory) pending.push(path);
      else if (entry.isFile && isSourceMap(entry.name)) {
        bytes += (await Deno.stat(path)).size;
        await Deno.remove(path);
        files++;
      }
    }
  }
  return { files, bytes };
}
