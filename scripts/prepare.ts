/**
 * Installs and builds what is missing, so that `deno task start` and
 * `deno task test` work on a fresh clone:
 *
 * - npm packages (`deno install`) when `node_modules` is missing or older
 *   than `package.json`;
 * - the vendored copy of `@remix-run/deno` (see `vendor_remix_deno.ts`);
 * - with `--build`: the Remix build when it is missing or older than the app;
 * - with `--browser`: Chromium from Debian when `/usr/bin/chromium` is missing.
 *
 * Only `node:` built-ins are imported: it runs before anything is installed.
 *
 * @module
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { fromFileUrl } from "./paths.ts";

const root = fromFileUrl(new URL("../", import.meta.url));
const deno = Deno.execPath();

function run(command: string, args: string[], env: Record<string, string> = {}): void {
  console.log(`$ ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...Deno.env.toObject(), ...env } });
  if (result.status !== 0) {
    console.error(`"${command} ${args.join(" ")}" failed with exit code ${result.status ?? result.signal}`);
    Deno.exit(1);
  }
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

const marker = `${root}node_modules/.deno/.prepared`;
if (mtime(marker) < Math.max(mtime(`${root}package.json`), mtime(`${root}deno.lock`))) {
  run(deno, ["install", "--allow-scripts=npm:esbuild"]);
  await Deno.writeTextFile(marker, new Date().toISOString());
}

const { vendorRemixDeno } = await import("./vendor_remix_deno.ts");
if (await vendorRemixDeno()) console.log("vendored @remix-run/deno into vendor/remix-deno");

if (Deno.args.includes("--build")) {
  const built = mtime(`${root}build/server/index.js`);
  const sources = Math.max(
    newest(`${root}app`),
    newest(`${root}lib`),
    newest(`${root}queries`),
    mtime(`${root}vite.config.ts`),
    mtime(`${root}package.json`),
  );
  if (built < sources) run(deno, ["run", "-A", "node_modules/@remix-run/dev/dist/cli.js", "vite:build"]);
}

if (Deno.args.includes("--browser") && !existsSync("/usr/bin/chromium")) {
  const sudo = Deno.uid() === 0 ? [] : ["sudo"];
  const [cmd, ...rest] = [...sudo, "apt-get", "update", "-qq"];
  run(cmd, rest);
  const [cmd2, ...rest2] = [...sudo, "apt-get", "install", "-y", "-qq", "chromium"];
  run(cmd2, rest2, { DEBIAN_FRONTEND: "noninteractive" });
}
