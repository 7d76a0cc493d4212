/**
 * Installs and builds what is missing, so that `deno task start` and
 * `deno task test` work on a fresh clone:
 *
 * - with `--config`: the configuration is validated first (`server/config.ts`),
 *   so a bad `PORT` stops the start before anything is installed or built;
 * - npm packages, from the lockfile (`deno install --frozen`), when what is
 *   installed came from another `package.json` or `deno.lock` (a marker holds
 *   their digest; their file times do not count): the serving set
 *   (`dependencies`: serving, the build, the demo gateway and chain), or with
 *   `--tests` the test set too (`devDependencies`), each with its own marker
 *   and only this machine's libc build of native addons (`install_sets.ts`),
 *   then without the packages' source maps (`dropSourceMaps`);
 *   a short summary is printed instead of every download line;
 * - with `--build`: the React Router build when it is missing or older than
 *   the app, and the share images' layer store (`draw_layers.ts`) when older
 *   than the cards' code and fonts;
 * - with `--browser`: Chromium from Debian when `/usr/bin/chromium` is missing.
 *
 * Only `node:` built-ins, `install_sets.ts` and `server/config.ts` (which
 * import nothing) are imported: it runs before anything is installed.
 *
 * @module
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { ConfigError, loadConfig } from "../server/config.ts";
import { ROOT_DIR } from "../server/paths.ts";
import { dropSourceMaps, hostLibc, type Lockfile, lockView, rootSpecifiers } from "./install_sets.ts";

const deno = Deno.execPath();

function run(label: string, command: string, args: string[], env: Record<string, string> = {}): void {
  const started = performance.now();
  console.log(`${label}...`);
  const result = spawnSync(command, args, {
    cwd: ROOT_DIR,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...Deno.env.toObject(), NO_COLOR: "1", ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trimEnd().split("\n");
    console.error(output.slice(-40).join("\n"));
    console.error(`${label} failed (${command} ${args.join(" ")}: exit ${result.status ?? result.signal})`);
    Deno.exit(1);
  }
  console.log(`${label}: done in ${seconds} s`);
}

function mtime(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : mtime(path));
  }
  return latest;
}

if (Deno.args.includes("--config")) {
  try {
    loadConfig(Deno.env.toObject());
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Invalid configuration: ${error.message}`);
    Deno.exit(1);
  }
}

/**
 * Installs the serving set (`tests` false) or the test set from a view of
 * `deno.lock` written to a temporary file; when no view can be cut (a package
 * missing from the lockfile), from `deno.lock` whole, whose `--frozen` check
 * then says what is stale.
 */
async function installSet(tests: boolean): Promise<void> {
  const manifest = JSON.parse(readFileSync(`${ROOT_DIR}package.json`, "utf8"));
  const roots = rootSpecifiers(manifest.dependencies);
  if (tests) roots.push(...rootSpecifiers(manifest.devDependencies));
  const args = ["install", "--frozen", "--allow-scripts=npm:esbuild"];
  const view = await Deno.makeTempFile({ prefix: "deno_lock_view_", suffix: ".json" });
  try {
    const lock: Lockfile = JSON.parse(readFileSync(`${ROOT_DIR}deno.lock`, "utf8"));
    await Deno.writeTextFile(view, JSON.stringify(lockView(lock, roots, hostLibc()), null, 2));
    args.push(`--lock=${view}`, ...(tests ? [] : ["--prod"]));
  } catch (error) {
    console.log(`Installing every package of deno.lock: ${(error as Error).message}`);
  }
  try {
    run(`Installing npm packages, ${tests ? "serving and test sets" : "serving set"} (deno.lock)`, deno, args);
  } finally {
    await Deno.remove(view);
  }
  // The packages only: `node_modules/.vite` is Vite dev's own cache, whose maps it serves to the browser.
  const dropped = await dropSourceMaps(`${ROOT_DIR}node_modules/.deno`);
  if (dropped.files > 0) {
    console.log(`Dropped ${dropped.files} source maps of packages (${(dropped.bytes / 1e6).toFixed(0)} MB)`);
  }
}

// A marker holds the digest of the manifests it was installed from: a copy of the tree or a checkout that only
// touches their times installs nothing; a changed manifest installs again.
const manifests = createHash("sha256")
  .update(readFileSync(`${ROOT_DIR}package.json`))
  .update(readFileSync(`${ROOT_DIR}deno.lock`))
  .digest("hex");
const servingMarker = `${ROOT_DIR}node_modules/.deno/.prepared-serving`;
const testsMarker = `${ROOT_DIR}node_modules/.deno/.prepared-tests`;
const installedFrom = (marker: string) => existsSync(marker) && readFileSync(marker, "utf8").trim() === manifests;
const testsReady = installedFrom(testsMarker);
const withTests = Deno.args.includes("--tests");
if (withTests ? !testsReady : !testsReady && !installedFrom(servingMarker)) {
  // A serving install prunes the test packages: the test set's marker goes first, so it can never outlive them.
  if (!withTests) rmSync(testsMarker, { force: true });
  await installSet(withTests);
  await Deno.writeTextFile(withTests ? testsMarker : servingMarker, `${manifests}\n`);
}

if (Deno.args.includes("--build")) {
  const built = mtime(`${ROOT_DIR}build/server/index.js`);
  const sources = Math.max(
    newest(`${ROOT_DIR}app`),
    newest(`${ROOT_DIR}lib`),
    newest(`${ROOT_DIR}queries`),
    mtime(`${ROOT_DIR}vite.config.ts`),
    mtime(`${ROOT_DIR}react-router.config.ts`),
    mtime(`${ROOT_DIR}package.json`),
  );
  if (built < sources) {
    run("Building the app (React Router + Vite)", deno, [
      "run",
      "-A",
      "node_modules/@react-router/dev/bin.js",
      "build",
    ]);
  }
  // The share images' layer store (scripts/draw_layers.ts): drawn again, with satori's script and its code cache,
  // when the cards' code, fonts, packages or the scripts making it are newer than it (its layers are named by what
  // they hold, so this only saves redrawing). Not fatal: without it, workers draw and import what they need.
  const layers = `${ROOT_DIR}build/og_layers/.drawn`;
  const inputs = Math.max(
    newest(`${ROOT_DIR}og`),
    newest(`${ROOT_DIR}static/fonts`),
    mtime(`${ROOT_DIR}deno.lock`),
    mtime(`${ROOT_DIR}scripts/draw_layers.ts`),
    mtime(`${ROOT_DIR}scripts/bundle_satori.ts`),
  );
  if (mtime(layers) < inputs) {
    const result = spawnSync(deno, ["run", "-A", "scripts/draw_layers.ts"], { cwd: ROOT_DIR, encoding: "utf8" });
    if (result.status === 0) {
      console.log(result.stdout.trim());
    } else {
      console.warn(`Drawing the share images' layers failed (they are drawn when needed):\n${result.stderr.trim()}`);
    }
  }
}

if (Deno.args.includes("--browser") && !existsSync("/usr/bin/chromium")) {
  const sudo = Deno.uid() === 0 ? [] : ["sudo"];
  const [cmd, ...rest] = [...sudo, "apt-get", "update", "-qq"];
  run("Updating Debian package lists", cmd, rest);
  const [cmd2, ...rest2] = [...sudo, "apt-get", "install", "-y", "-qq", "chromium"];
  run("Installing Chromium (Debian)", cmd2, rest2, { DEBIAN_FRONTEND: "noninteractive" });
}
