import assert from "node:assert/strict";
import { SATORI_SCRIPT_FILE, satoriScriptHeader, satoriScriptSource } from "./satori_script.ts";
import { ROOT_DIR } from "../paths.ts";

/** In a fresh process: where `loadSatori(dir)` got satori, whether it lays a box out, and what it logged. */
async function loadIn(dir: string): Promise<{ source: string; logged: string }> {
  const probe = `
    import { loadSatori, satoriSource } from "./og/raster/satori_script.ts";
    const satori = await loadSatori(${JSON.stringify(dir)});
    const svg = await satori({ type: "div", props: { style: { display: "flex", width: 8, height: 8 } } }, { width: 8, height: 8, fonts: [] });
    if (!svg.startsWith("<svg")) throw new Error("no SVG");
    console.log(await satoriSource());
  `;
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--ext=ts", probe],
    cwd: ROOT_DIR,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  const text = decoder.decode(output.stdout);
  assert.equal(output.code, 0, decoder.decode(output.stderr));
  const lines = text.trim().split("\n");
  return { source: lines.at(-1)!, logged: lines.slice(0, -1).join("\n") + decoder.decode(output.stderr) };
}

Deno.test("without a script, or with one that cannot run, satori is the module", async () => {
  const dir = `${await Deno.makeTempDir()}/`;
  try {
    const none = await loadIn(dir);
    assert.equal(none.source, "module");
    assert.equal(none.logged, "");

    const header = await satoriScriptHeader(crypto.randomUUID());
    await Deno.writeTextFile(`${dir}${SATORI_SCRIPT_FILE}`, satoriScriptSource(header, 'throw new Error("broken");'));
    const broken = await loadIn(dir);
    assert.equal(broken.source, "module");
    assert.match(broken.logged, /satori's script could not run, importing the module/);
    assert.match(broken.logged, /broken/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
