/**
 * og/'s side of the render benchmark: a long-lived Deno process that draws
 * the bench jobs (`cards.tsx`) exactly as a render worker does
 * (`og/raster/render_worker.ts`): `drawCard` with the job as the pool sends it, so
 * each card decodes and scales its logo, lays out its layers and paints its
 * backdrop; nothing is prepared ahead that a worker does not prepare (the
 * worker's own warm-up draws cards of each kind, like this side's warm-up
 * rounds). Same line protocol as `node/render.mjs`: one JSON command per
 * stdin line, `{"kind":"token","n":20,"out":"/tmp/x.png"}`; one JSON answer
 * per stdout line, `{"times":[ms...],"cpuMs":N,"bytes":N,"stages":{...}}` (the
 * last PNG written to `out` when given; `cpuMs` the CPU time of the whole
 * process, every thread, per card; `stages` the median milliseconds of each
 * render stage). The first answer is `{"ready":true,"renderer":...}`.
 *
 * @module
 */
import { writeFile } from "node:fs/promises";
import process from "node:process";
import { join } from "node:path";
import type { RenderTimings } from "../og/raster/render.ts";
import { selectRenderer } from "../og/raster/resvg.ts";
import { ROOT_DIR } from "../server/paths.ts";
import type { CardKind } from "./cards.tsx";

// As a render worker does (og/raster/render_worker.ts): React's production build, set before React loads.
if (Deno.env.get("NODE_ENV") === undefined) Deno.env.set("NODE_ENV", "production");
const { drawCard } = await import("../og/job/draw.tsx");
const { createDefaultFontLoader } = await import("../og/assets/fonts.ts");
const { benchJobs } = await import("./cards.tsx");

const jobs = benchJobs();
const renderer = await selectRenderer((Deno.env.get("RENDERER") as "native" | "wasm" | undefined) ?? null);
const fonts = createDefaultFontLoader(join(ROOT_DIR, "static"));
const encoder = new TextEncoder();
const say = (value: unknown) => Deno.stdout.writeSync(encoder.encode(JSON.stringify(value) + "\n"));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

say({ ready: true, renderer: renderer.name, deno: Deno.version.deno });
let buffer = "";
for await (const chunk of Deno.stdin.readable.pipeThrough(new TextDecoderStream())) {
  buffer += chunk;
  let newline;
  while ((newline = buffer.indexOf("\n")) >= 0) {
    const line = buffer.slice(0, newline);
    buffer = buffer.slice(newline + 1);
    const { kind, n, out } = JSON.parse(line) as { kind: CardKind; n: number; out?: string };
    const times: number[] = [];
    const stages: Record<string, number[]> = {};
    const onTimings = (timings: RenderTimings) => {
      for (const [stage, ms] of Object.entries(timings)) (stages[stage] ??= []).push(ms);
    };
    let png: Uint8Array = new Uint8Array(0);
    const cpu = process.cpuUsage();
    for (let i = 0; i < n; i++) {
      const started = performance.now();
      png = await drawCard(jobs[kind], { fonts, onTimings });
      times.push(performance.now() - started);
    }
    const used = process.cpuUsage(cpu);
    if (out) await writeFile(out, png);
    say({
      times,
      cpuMs: (used.user + used.system) / 1000 / n,
      bytes: png.length,
      stages: Object.fromEntries(Object.entries(stages).map(([stage, ms]) => [stage, median(ms)])),
    });
  }
}
