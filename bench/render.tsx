/**
 * The render comparison: the token and pool cards (`cards.tsx`) drawn by
 * og/ (satori, native resvg when it loads, in-memory backdrop, our PNG
 * encoder; under Deno), by @vercel/og 0.11.1 (`ImageResponse`, under Node)
 * and by plain satori + native @resvg/resvg-js (under Node). Each side is one
 * long-lived process (`render_side.tsx`, `node/render.mjs`) that gets the
 * same warm-up; then rounds interleave the sides (the order rotates every
 * round), each drawing `perRound` cards of a kind. Every round's ratio of
 * medians is printed, and the median of the rounds is the figure.
 *
 * @module
 */
import { decode } from "fast-png";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchCards, type CardKind, writeCardsFile } from "./cards.tsx";
import { ROOT_DIR } from "../server/paths.ts";

const ROUNDS = Number(Deno.env.get("BENCH_RENDER_ROUNDS") ?? 5);
const PER_ROUND = Number(Deno.env.get("BENCH_RENDER_PER_ROUND") ?? 20);
const WARMUP = 10;

/** One printed line of the comparison. */
export interface RenderRow {
  name: string;
  p50?: number;
  p95?: number;
  value?: string;
  target?: string;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))];
}

/** A long-lived render process speaking the line protocol. */
class Side {
  readonly name: string;
  #child: Deno.ChildProcess;
  #writer: WritableStreamDefaultWriter<Uint8Array>;
  #lines: AsyncIterator<string>;
  ready: Record<string, unknown> = {};

  constructor(name: string, command: string, args: string[], cwd: string) {
    this.name = name;
    this.#child = new Deno.Command(command, { args, cwd, stdin: "piped", stdout: "piped", stderr: "inherit" })
      .spawn();
    this.#writer = this.#child.stdin.getWriter();
    this.#lines = this.#child.stdout.pipeThrough(new TextDecoderStream()).pipeThrough(splitLines())[
      Symbol.asyncIterator
    ]();
  }

  async #read(): Promise<Record<string, unknown>> {
    const next = await this.#lines.next();
    if (next.done) throw new Error(`${this.name} side exited`);
    return JSON.parse(next.value);
  }

  async start(): Promise<void> {
    this.ready = await this.#read();
  }

  async run(kind: CardKind, n: number, out?: string): Promise<{ times: number[]; bytes: number }> {
    await this.#writer.write(new TextEncoder().encode(JSON.stringify({ kind, n, out }) + "\n"));
    return await this.#read() as { times: number[]; bytes: number };
  }

  async stop(): Promise<void> {
    await this.#writer.close().catch(() => {});
    await this.#child.status;
  }
}

function splitLines(): TransformStream<string, string> {
  let buffer = "";
  return new TransformStream({
    transform(chunk, controller) {
      buffer += chunk;
      let newline;
      while ((newline = buffer.indexOf("\n")) >= 0) {
        controller.enqueue(buffer.slice(0, newline));
        buffer = buffer.slice(newline + 1);
      }
    },
  });
}

/** Mean absolute difference per RGB channel (0-255) of two same-size PNGs. */
async function meanDifference(a: string, b: string): Promise<number> {
  const x = decode(await Deno.readFile(a));
  const y = decode(await Deno.readFile(b));
  if (x.width !== y.width || x.height !== y.height) {
    throw new Error(`Cannot compare a ${x.width}x${x.height} PNG with a ${y.width}x${y.height} one`);
  }
  let sum = 0;
  for (let i = 0; i < x.width * x.height; i++) {
    for (let c = 0; c < 3; c++) {
      sum += Math.abs(Number(x.data[i * x.channels + c]) - Number(y.data[i * y.channels + c]));
    }
  }
  return sum / (x.width * x.height * 3);
}

/** Runs the comparison; returns figures and table rows. */
export async function runRenderComparison(
  log: (message: string) => void = console.error,
): Promise<{ rows: RenderRow[]; [key: string]: unknown }> {
  const nodeDir = join(ROOT_DIR, "bench/node");
  try {
    await Deno.stat(join(nodeDir, "node_modules/@vercel/og/package.json"));
  } catch {
    throw new Error("Cannot find @vercel/og: run `cd bench/node && npm ci`");
  }
  const dir = await mkdtemp(join(tmpdir(), "bench-render-"));
  const cardsFile = join(dir, "cards.json");
  await writeCardsFile(cardsFile, await benchCards());
  const sides = [
    new Side("og", Deno.execPath(), ["run", "-A", "bench/render_side.tsx"], ROOT_DIR),
    new Side("vercel", "node", ["render.mjs", cardsFile, "vercel"], nodeDir),
    new Side("satori", "node", ["render.mjs", cardsFile, "satori"], nodeDir),
  ];
  const times: Record<string, Record<CardKind, number[][]>> = {};
  try {
    for (const side of sides) {
      await side.start();
      times[side.name] = { token: [], pool: [] };
      // The same warm-up on every side.
      for (const kind of ["token", "pool"] as const) await side.run(kind, WARMUP);
    }
    log(`render: ${sides.map((s) => `${s.name} ${JSON.stringify(s.ready)}`).join("; ")}`);
    for (let round = 0; round < ROUNDS; round++) {
      for (const kind of ["token", "pool"] as const) {
        // The order rotates every round: A B C, B C A, C A B ...
        for (let i = 0; i < sides.length; i++) {
          const side = sides[(round + i) % sides.length];
          const last = round === ROUNDS - 1;
          const result = await side.run(kind, PER_ROUND, last ? join(dir, `${kind}-${side.name}.png`) : undefined);
          times[side.name][kind].push(result.times);
        }
        const m = (name: string) => median(times[name][kind][round]);
        log(
          `render round ${round + 1} ${kind}: og ${m("og").toFixed(1)} ms, @vercel/og ${m("vercel").toFixed(1)} ms (${
            (m("og") / m("vercel")).toFixed(2)
          }x), satori+resvg-js ${m("satori").toFixed(1)} ms (${(m("og") / m("satori")).toFixed(2)}x)`,
        );
      }
    }
    const rows: RenderRow[] = [];
    const figures: Record<string, unknown> = {};
    for (const kind of ["token", "pool"] as const) {
      const roundRatios = (other: string) =>
        times.og[kind].map((ours, round) => median(ours) / median(times[other][kind][round]));
      const vercelRatios = roundRatios("vercel");
      const satoriRatios = roundRatios("satori");
      const all = (name: string) => times[name][kind].flat();
      const difference = await meanDifference(join(dir, `${kind}-og.png`), join(dir, `${kind}-vercel.png`));
      figures[kind] = {
        medianMs: { og: median(all("og")), vercel: median(all("vercel")), satori: median(all("satori")) },
        p95Ms: { og: p95(all("og")), vercel: p95(all("vercel")), satori: p95(all("satori")) },
        roundRatiosVsVercel: vercelRatios,
        roundRatiosVsSatori: satoriRatios,
        ratioVsVercel: median(vercelRatios),
        ratioVsSatori: median(satoriRatios),
        meanPixelDifferenceVsVercel: difference,
      };
      rows.push({ name: `${kind} card render, og/ (Deno)`, p50: median(all("og")), p95: p95(all("og")) });
      rows.push({ name: `${kind} card render, @vercel/og`, p50: median(all("vercel")), p95: p95(all("vercel")) });
      rows.push({
        name: `${kind} card render, satori + resvg-js`,
        p50: median(all("satori")),
        p95: p95(all("satori")),
      });
      rows.push({
        name: `${kind} card: og/ / @vercel/og`,
        value: `${median(vercelRatios).toFixed(2)}x (rounds ${vercelRatios.map((r) => r.toFixed(2)).join(" ")}); ` +
          `pixels differ by ${difference.toFixed(1)}/255 on average`,
        target: "<= 0.5x",
      });
      rows.push({
        name: `${kind} card: og/ / satori + resvg-js`,
        value: `${median(satoriRatios).toFixed(2)}x (rounds ${satoriRatios.map((r) => r.toFixed(2)).join(" ")})`,
      });
    }
    return {
      rows,
      ...figures,
      sides: Object.fromEntries(sides.map((s) => [s.name, s.ready])),
      rounds: ROUNDS,
      perRound: PER_ROUND,
      warmup: WARMUP,
    };
  } finally {
    await Promise.all(sides.map((side) => side.stop()));
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const result = await runRenderComparison();
  for (const row of result.rows) console.log(row);
}
