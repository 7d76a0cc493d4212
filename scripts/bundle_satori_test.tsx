import assert from "node:assert/strict";
import satoriModule from "satori";
import { bundleSatori } from "./bundle_satori.ts";
import {
  codeCacheFile,
  loadSatoriScript,
  SATORI_CODE_FILE,
  SATORI_SCRIPT_FILE,
  satoriScriptHeader,
} from "../og/raster/satori_script.ts";
import { createDefaultFontLoader } from "../og/assets/fonts.ts";
import { STATIC_DIR } from "../server/paths.ts";

const CARD = (
  <div style={{ display: "flex", flexDirection: "column", width: 600, height: 300, background: "#123", color: "#fff" }}>
    <div style={{ fontSize: 48 }}>Uniswap UNI</div>
    <div style={{ fontSize: 24, opacity: 0.6 }}>Ünïcödé, Ελληνικά, кириллица</div>
  </div>
);

Deno.test("satori's script lays cards out as the module does, with its code cache of the same build only", async () => {
  const dir = `${await Deno.makeTempDir()}/`;
  try {
    assert.equal(await loadSatoriScript(dir), null, "no script: nothing to run");
    assert.ok(await bundleSatori(dir) > 1_000_000);
    const fonts = await createDefaultFontLoader(STATIC_DIR).load();
    const options = { width: 600, height: 300, fonts: [...fonts] };
    const expected = await satoriModule(CARD, options);

    const first = await loadSatoriScript(dir);
    assert.equal(first?.source, "script", "no cache yet");
    assert.equal(await first.satori(CARD, options), expected);
    await Deno.writeFile(`${dir}${SATORI_CODE_FILE}`, codeCacheFile(first));

    const cached = await loadSatoriScript(dir);
    assert.equal(cached?.source, "script+cache");
    assert.equal(await cached.satori(CARD, options), expected);

    // a cache of another build is not handed to V8 (it checks a script's length only)
    const other = codeCacheFile(first);
    other[0] = other[0] === 0x30 ? 0x31 : 0x30;
    await Deno.writeFile(`${dir}${SATORI_CODE_FILE}`, other);
    assert.equal((await loadSatoriScript(dir))?.source, "script");

    // a cache of the right build that is not V8's data: V8 compiles the script (Deno 2.9 does not always say so)
    const id = new TextEncoder().encode(`${first.build}\n`);
    const junk = new Uint8Array(id.length + 4096).fill(7);
    junk.set(id);
    await Deno.writeFile(`${dir}${SATORI_CODE_FILE}`, junk);
    const refused = await loadSatoriScript(dir);
    assert.equal(await refused!.satori(CARD, options), expected);

    // a script made from another satori version is not run
    const source = await Deno.readTextFile(`${dir}${SATORI_SCRIPT_FILE}`);
    const header = await satoriScriptHeader(first.build);
    assert.ok(source.startsWith(header));
    await Deno.writeTextFile(
      `${dir}${SATORI_SCRIPT_FILE}`,
      source.replace(header, header.replace(/satori@[^ ]+/, "satori@0.0.1")),
    );
    assert.equal(await loadSatoriScript(dir), null);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("bundling satori again removes the code cache of the script it replaces", async () => {
  const dir = `${await Deno.makeTempDir()}/`;
  try {
    await bundleSatori(dir);
    const loaded = await loadSatoriScript(dir);
    await Deno.writeFile(`${dir}${SATORI_CODE_FILE}`, codeCacheFile(loaded!));
    await bundleSatori(dir);
    await assert.rejects(Deno.stat(`${dir}${SATORI_CODE_FILE}`), Deno.errors.NotFound);
    assert.notEqual((await loadSatoriScript(dir))?.build, loaded!.build);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
