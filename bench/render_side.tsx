/**
 * og/'s side of the render benchmark: a long-lived Deno process that draws
 * the bench cards (`cards.tsx`) with og/'s renderer (satori, then native
 * resvg when it loads, the backdrop painted in memory, our PNG encoder) on
 * command. Same line protocol as `node/render.mjs`: one JSON command per
 * stdin line, `{"kind":"token","n":20,"out":"/tmp/x.png"}`; one JSON answer
 * per stdout line, `{"times":[ms...],"bytes":N}` (the last PNG written to
 * `out` when given). The first answer is `{"ready":true,"renderer":...}`.
 *
 * @module
 */
import { writeFile } from "node:fs/promises";
import { renderCardPng } from "../og/render.ts";
import { selectRenderer } from "../og/resvg.ts";
import { benchCards, type CardKind } from "./cards.tsx";

const cards = await benchCards();
const renderer = await selectRenderer((Deno.env.get("RENDERER") as "native" | "wasm" | undefined) ?? null);
const encoder = new TextEncoder();
const say = (value: unknown) => Deno.stdout.writeSync(encoder.encode(JSON.stringify(value) + "\n"));

say({ ready: true, renderer: renderer.name, deno: Deno.version.deno });
let buffer = "";
for await (const chunk of Deno.stdin.readable.pipeThrough(new TextDecoderStream())) {
  buffer += chunk;
  let newline;
  while ((newline = buffer.indexOf("\n")) >= 0) {
    const line = buffer.slice(0, newline);
    buffer = buffer.slice(newline + 1);
    const { kind, n, out } = JSON.parse(line) as { kind: CardKind; n: number; out?: string };
    const { card, backdrop } = cards.ours[kind];
    const times: number[] = [];
    let png: Uint8Array = new Uint8Array(0);
    for (let i = 0; i < n; i++) {
      const started = performance.now();
      png = await renderCardPng(card, { fonts: cards.fonts, backdrop });
      times.push(performance.now() - started);
    }
    if (out) await writeFile(out, png);
    say({ times, bytes: png.length });
  }
}
