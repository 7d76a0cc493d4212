import assert from "node:assert/strict";
import { ROOT_DIR } from "../server/paths.ts";

/** Runs `deno` with `args` in the repository; its exit code and output. */
async function deno(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const output = await new Deno.Command(Deno.execPath(), { args, cwd: ROOT_DIR, stdout: "piped", stderr: "piped" })
    .output();
  const decoder = new TextDecoder();
  return { code: output.code, stdout: decoder.decode(output.stdout), stderr: decoder.decode(output.stderr) };
}

Deno.test("the build fills a store a fresh process draws from: bases, watermarks, satori's script and its code cache", async () => {
  const dir = `${await Deno.makeTempDir()}/`;
  try {
    await Deno.writeFile(`${dir}stale.bin`, new Uint8Array(8));
    const built = await deno(["run", "-A", "scripts/draw_layers.ts", dir]);
    assert.equal(built.code, 0, built.stderr);
    assert.match(built.stdout, /^Drew the layers of 22 cards in [\d.]+ s$/m);
    const names = [];
    for await (const entry of Deno.readDir(dir)) names.push(entry.name);
    const layers = names.filter((name) => /^[0-9a-f]{64}\.bin$/.test(name));
    // 22 bases, and the watermark at each of its two opacities; the stale file is gone
    assert.equal(layers.length, 24, names.join(" "));
    assert.ok(!names.includes("stale.bin"));
    for (const name of ["satori.js", "satori.code", ".drawn"]) assert.ok(names.includes(name), name);

    // A fresh process (a render worker's flags) loads satori from the script with the cache, and draws with it.
    const probe = `
      import { loadSatori, satoriSource } from "./og/raster/satori_script.ts";
      const satori = await loadSatori(${JSON.stringify(dir)});
      const svg = await satori({ type: "div", props: { style: { display: "flex", width: 10, height: 10, background: "red" } } }, { width: 10, height: 10, fonts: [] });
      console.log(await satoriSource(), svg.startsWith("<svg"));
    `;
    const fresh = await deno([
      "eval",
      "--ext=ts",
      "--v8-flags=--max-old-space-size=256,--max-semi-space-size=4",
      probe,
    ]);
    assert.equal(fresh.code, 0, fresh.stderr);
    assert.equal(fresh.stdout.trim(), "script+cache true");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
