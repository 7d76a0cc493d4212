/**
 * Copies `@remix-run/deno` out of `node_modules` into `vendor/remix-deno`.
 *
 * The package ships raw `.ts` files, and Deno refuses to type-check or load
 * TypeScript from inside `node_modules`. `import_map.json` points
 * `@remix-run/deno` at the copy and maps the package's one deno.land import to
 * `node:path`, so nothing is fetched from outside the npm registry.
 *
 * @module
 */
import { cp, mkdir, readdir, readFile, realpath, rm, stat, writeFile } from "node:fs/promises";
import { fromFileUrl } from "./paths.ts";

const root = fromFileUrl(new URL("../", import.meta.url));
const source = `${root}node_modules/@remix-run/deno`;
const target = `${root}vendor/remix-deno`;

async function* walkTs(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) yield* walkTs(path);
    else if (entry.name.endsWith(".ts")) yield path;
  }
}

/** Copies the package when the vendored copy is missing or of another version. */
export async function vendorRemixDeno(): Promise<boolean> {
  const wanted = JSON.parse(await readFile(`${source}/package.json`, "utf8")).version as string;
  const marker = `${target}/.version`;
  const present = await readFile(marker, "utf8").catch(() => "");
  if (present === `${wanted}+nocheck` && await stat(`${target}/index.ts`).catch(() => null)) return false;
  await rm(target, { recursive: true, force: true });
  await mkdir(target, { recursive: true });
  await cp(await realpath(source), target, { recursive: true, dereference: true });
  // The package is written for an older TypeScript (untyped `catch` bindings):
  // it is third-party code, so it is not type-checked with ours.
  for await (const file of walkTs(target)) {
    await writeFile(file, `// @ts-nocheck third-party code, vendored as published\n${await readFile(file, "utf8")}`);
  }
  await writeFile(marker, `${wanted}+nocheck`);
  return true;
}

if (import.meta.main) {
  const copied = await vendorRemixDeno();
  console.log(copied ? "vendored @remix-run/deno into vendor/remix-deno" : "vendor/remix-deno is up to date");
}
