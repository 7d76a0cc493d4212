// A Node side of the render benchmark: a long-lived process that draws the
// bench cards (cards.json from bench/cards.tsx) on command, with
// @vercel/og's ImageResponse ("vercel"), plain satori + native
// @resvg/resvg-js ("satori"), or Takumi ("takumi": @takumi-rs/core's
// Renderer, the tree through @takumi-rs/helpers' fromJsx as a Takumi user
// hands it JSX, PNG out). Same line protocol as bench/render_side.tsx:
// one JSON command per stdin line, {"kind":"token","n":20,"out":"/tmp/x.png"};
// one JSON answer per stdout line, {"times":[ms...],"cpuMs":N,"bytes":N}
// (cpuMs: CPU time of the whole process, every thread, per card).
// Usage: node render.mjs cards.json vercel|satori|takumi
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createInterface } from "node:readline";

// computed specifiers: `deno check` of the repository must not try to
// resolve packages that only bench/node/node_modules holds
const load = (name) => import(name);
const require = createRequire(import.meta.url);

const [input, side] = process.argv.slice(2);
const cards = JSON.parse(readFileSync(input, "utf8"));
const fonts = cards.fonts.map((f) => ({
  name: f.name,
  weight: f.weight,
  style: f.style,
  data: Buffer.from(f.base64, "base64"),
}));

let render;
let version;
if (side === "vercel") {
  const { ImageResponse } = await load("@vercel/og");
  version = `@vercel/og ${require("@vercel/og/package.json").version}`;
  render = async (tree) => {
    const response = new ImageResponse(tree, { width: cards.width, height: cards.height, fonts });
    return new Uint8Array(await response.arrayBuffer());
  };
} else if (side === "satori") {
  const satori = (await load("satori")).default;
  const { Resvg } = await load("@resvg/resvg-js");
  version = `satori ${require("satori/package.json").version} + @resvg/resvg-js ${
    require("@resvg/resvg-js/package.json").version
  }`;
  render = async (tree) => {
    const svg = await satori(tree, { width: cards.width, height: cards.height, fonts });
    return new Uint8Array(new Resvg(svg, { fitTo: { mode: "original" } }).render().asPng());
  };
} else if (side === "takumi") {
  const { Renderer } = await load("@takumi-rs/core");
  const { fromJsx } = await load("@takumi-rs/helpers/jsx");
  // its exports leave out package.json: read the file itself
  const manifest = new URL("./node_modules/@takumi-rs/core/package.json", import.meta.url);
  version = `@takumi-rs/core ${JSON.parse(readFileSync(manifest, "utf8")).version}`;
  const renderer = new Renderer();
  for (const f of fonts) await renderer.registerFont({ name: f.name, data: f.data, weight: f.weight, style: f.style });
  render = async (tree) => {
    const { node, css } = await fromJsx(tree);
    const png = await renderer.render(node, { width: cards.width, height: cards.height, format: "png", css });
    return new Uint8Array(png);
  };
} else {
  throw new Error(`Cannot run side "${side}": expected vercel, satori or takumi`);
}

const say = (value) => process.stdout.write(JSON.stringify(value) + "\n");
say({ ready: true, version, node: process.versions.node });
for await (const line of createInterface({ input: process.stdin })) {
  const { kind, n, out } = JSON.parse(line);
  const times = [];
  let png = new Uint8Array(0);
  const cpu = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    png = await render(cards[kind]);
    times.push(performance.now() - started);
  }
  const used = process.cpuUsage(cpu);
  if (png[1] !== 0x50 || png[2] !== 0x4e) throw new Error("not a PNG");
  if (out) writeFileSync(out, png);
  say({ times, cpuMs: (used.user + used.system) / 1000 / n, bytes: png.length });
}
