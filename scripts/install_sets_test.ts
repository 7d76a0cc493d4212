import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { dropSourceMaps, forOtherLibc, isSourceMap, type Lockfile, lockView, rootSpecifiers } from "./install_sets.ts";

function lockOf(npm: Lockfile["npm"], specifiers: Record<string, string>): Lockfile {
  return { version: "5", specifiers, npm, workspace: { packageJson: { dependencies: Object.keys(specifiers) } } };
}

const sample = lockOf({
  "app@1.0.0_peer@2.0.0": { integrity: "a", dependencies: ["shared", "peer", "alias@npm:@scope/real@1.0.0"] },
  "peer@2.0.0": { integrity: "p" },
  "shared": { integrity: "s" },
  "@scope/real@1.0.0": { integrity: "r" },
  "native@1.0.0": {
    integrity: "n",
    optionalDependencies: ["native-linux-x64-gnu", "native-linux-x64-musl", "native-darwin-arm64"],
  },
  "native-linux-x64-gnu": { integrity: "g", os: ["linux"], cpu: ["x64"] },
  "native-linux-x64-musl": { integrity: "m", os: ["linux"], cpu: ["x64"] },
  "native-darwin-arm64": { integrity: "d", os: ["darwin"], cpu: ["arm64"] },
  "tool@3.0.0": { integrity: "t", dependencies: ["shared"] },
}, { "npm:app@1.0.0": "1.0.0_peer@2.0.0", "npm:native@1.0.0": "1.0.0", "npm:tool@3.0.0": "3.0.0" });

Deno.test("a view keeps what its roots reach, through names, full ids and aliases", () => {
  const view = lockView(sample, ["npm:app@1.0.0"], "gnu");
  assert.deepEqual(Object.keys(view.npm).sort(), ["@scope/real@1.0.0", "app@1.0.0_peer@2.0.0", "peer@2.0.0", "shared"]);
  assert.deepEqual(view.specifiers, { "npm:app@1.0.0": "1.0.0_peer@2.0.0" });
  assert.equal(view.npm["peer@2.0.0"], sample.npm["peer@2.0.0"], "entries pass through unchanged");
  assert.deepEqual(view.workspace, sample.workspace);
});

Deno.test("a view leaves out the native builds of the other libc only", () => {
  const gnu = lockView(sample, ["npm:native@1.0.0"], "gnu");
  assert.deepEqual(gnu.npm["native@1.0.0"].optionalDependencies, ["native-linux-x64-gnu", "native-darwin-arm64"]);
  assert.ok(!("native-linux-x64-musl" in gnu.npm));
  const musl = lockView(sample, ["npm:native@1.0.0"], "musl");
  assert.deepEqual(Object.keys(musl.npm).sort(), ["native-darwin-arm64", "native-linux-x64-musl", "native@1.0.0"]);
  const mac = lockView(sample, ["npm:native@1.0.0"], undefined);
  assert.equal(Object.keys(mac.npm).length, 4);
  assert.ok(forOtherLibc("@rollup/rollup-linux-arm-musleabihf", "gnu"));
  assert.ok(!forOtherLibc("@esbuild/linux-x64", "gnu"));
});

Deno.test("a root or a dependency missing from the lockfile is refused", () => {
  assert.throws(() => lockView(sample, ["npm:absent@1.0.0"], "gnu"), /deno\.lock has no npm:absent@1\.0\.0/);
  const broken = lockOf({ "a@1.0.0": { integrity: "a", dependencies: ["gone"] } }, { "npm:a@1.0.0": "1.0.0" });
  assert.throws(() => lockView(broken, ["npm:a@1.0.0"], "gnu"), /no single package for gone/);
});

Deno.test("deno.lock: the serving set holds no test-only package and one libc build; the test set adds them", async () => {
  const lock: Lockfile = JSON.parse(await readFile(new URL("../deno.lock", import.meta.url), "utf8"));
  const manifest = JSON.parse(await readFile(new URL("../package.json", import.meta.url), "utf8"));
  const serving = lockView(lock, rootSpecifiers(manifest.dependencies), "gnu");
  const all = lockView(
    lock,
    [...rootSpecifiers(manifest.dependencies), ...rootSpecifiers(manifest.devDependencies)],
    "gnu",
  );
  const names = (view: Lockfile) => new Set(Object.keys(view.npm).map((id) => id.slice(0, id.indexOf("@", 1))));
  const testOnly = [
    "playwright-core",
    "jsdom",
    "metascraper",
    "unfurl.js",
    "@testing-library/react",
    "@uniswap/v3-core",
    "@uniswap/v4-core",
    "solc",
  ];
  for (const name of testOnly) {
    assert.ok(!names(serving).has(name), name);
    assert.ok(names(all).has(name), name);
  }
  for (const name of ["vite", "@react-router/dev", "@foundry-rs/anvil-linux-amd64", "viem"]) {
    assert.ok(names(serving).has(name), name);
  }
  for (const view of [serving, all]) assert.ok(![...names(view)].some((name) => name.endsWith("-musl")));
  assert.ok(!names(all).has("@iconify-json/fluent-emoji"), "the 3D Fluent set is not installed (fluent draws flat)");
});

Deno.test("source maps of installed packages are dropped, other files and linked folders kept", async () => {
  for (const name of ["index.js.map", "a.mjs.map", "b.cjs.map", "index.d.ts.map", "x.d.mts.map", "app.css.map"]) {
    assert.ok(isSourceMap(name), name);
  }
  for (const name of ["index.js", "map", "roadmap.md", "source.map.js", "world.map", "index.js.mapx"]) {
    assert.ok(!isSourceMap(name), name);
  }
  const dir = await Deno.makeTempDir();
  try {
    const pkg = `${dir}/.deno/viem@2.0.0/node_modules/viem/_esm`;
    await Deno.mkdir(pkg, { recursive: true });
    await Deno.writeTextFile(`${pkg}/index.js`, "export {};\n//# sourceMappingURL=index.js.map\n");
    await Deno.writeTextFile(`${pkg}/index.js.map`, '{"version":3}');
    await Deno.writeTextFile(`${pkg}/index.d.ts.map`, '{"version":3,"x":1}');
    await Deno.writeTextFile(`${pkg}/world.map`, "data");
    const outside = await Deno.makeTempDir();
    await Deno.writeTextFile(`${outside}/kept.js.map`, "{}");
    await Deno.symlink(outside, `${dir}/linked`);
    assert.deepEqual(await dropSourceMaps(dir), { files: 2, bytes: 13 + 19 });
    assert.deepEqual([...Deno.readDirSync(pkg)].map((e) => e.name).sort(), ["index.js", "world.map"]);
    assert.ok(Deno.statSync(`${outside}/kept.js.map`).isFile, "links are not followed");
    assert.deepEqual(await dropSourceMaps(dir), { files: 0, bytes: 0 });
    await Deno.remove(outside, { recursive: true });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
