/**
 * The render comparison: the token, pool and position cards (`cards.tsx`)
 * drawn by og/ (`drawCard` as a render worker runs it: logo decoded and
 * scaled, layers, backdrop, PNG; under Deno), by Takumi (@takumi-rs/core,
 * under Node), by @vercel/og 0.11.1 (`ImageResponse`, under Node) and by
 * plain satori + native @resvg/resvg-js (under Node). Each side is one
 * long-lived process (`render_side.tsx`, `node/render.mjs`) that gets the
 * same warm-up; then rounds interleave the sides (the order rotates every
 * round), each drawing `perRound` cards of a kind. Every round's medians and
 * ratios are printed; the figure is the median of the rounds, with their
 * spread (lowest and highest round). Every round, each side's last PNG is
 * decoded and compared with og/'s reference (the same card drawn whole by
 * satori + resvg): a side that draws something else fails the run. At the
 * end each side's resident memory (its whole process tree) is read from
 * `/proc`.
 *
 * @module
 */
import { decode } from "fast-png";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchCards, CARD_KINDS, type CardKind, writeCardsFile } from "./cards.tsx";
import { renderCardPng } from "../og/raster/render.ts";
import { selectRenderer } from "../og/raster/resvg.ts";
import { ROOT_DIR } from "../server/paths.ts";
import { treeMemoryOf } from "./server.ts";

const ROUNDS = Number(Deno.env.get("BENCH_RENDER_ROUNDS") ?? 5);
const PER_ROUND = Number(Deno.env.get("BENCH_RENDER_PER_ROUND") ?? 20);
const WARMUP = 10;
/**
 * Largest mean difference per RGB channel (0-255) from og/'s reference
 * that still counts as the same card: og/'s own layers and the satori
 * peers draw the same tree with the same fonts (well under 1); Takumi has
 * its own text and image rasterizer (about 1-3).
 */
const MAX_MEAN_DIFFERENCE = 6;

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

/** `median (lowest-highest)` of per-round figures. */
function spread(values: number[], digits = 2): string {
  return `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}-${
    Math.max(...values).toFixed(digits)
  })`;
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

  get pid(): number {
    return this.#child.pid;
  }

  async #read(): Promise<Record<string, unknown>> {
    const next = await this.#lines.next();
    if (next.done) throw new Error(`${this.name} side exited`);
    return JSON.parse(next.value);
  }

  async start(): Promise<void> {
    this.ready = await this.#read();
  }

  async run(
    kind: CardKind,
    n: number,
    out?: string,
  ): Promise<{ times: number[]; cpuMs: number; bytes: number; stages?: Record<string, number> }> {
    await this.#writer.write(new TextEncoder().encode(JSON.stringify({ kind, n, out }) + "\n"));
    return await this.#read() as { times: number[]; cpuMs: number; bytes: number; stages?: Record<string, number> };
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
function meanDifference(a: Uint8Array, b: Uint8Array): number {
  const x = decode(a);
  const y = decode(b);
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

const SIDES = ["og", "takumi", "vercel", "satori"] as const;
type SideName = typeof SIDES[number];
const LABEL: Record<SideName, string> = {
  og: "og/ drawCard",
  takumi: "Takumi",
  vercel: "@vercel/og",
  satori: "satori+resvg-js",
};
const PEERS = ["takumi", "vercel", "satori"] as const;

/**
 * What the comparison needs before its sides start: the Node peers installed
 * (else a clear error), the bench cards written for them, and og/'s reference
 * pixels (each card drawn whole by satori + resvg over its backdrop).
 */
async function prepareComparison(): Promise<{
  nodeDir: string;
  dir: string;
  cardsFile: string;
  reference: Record<CardKind, Uint8Array>;
}> {
  const nodeDir = join(ROOT_DIR, "bench/node");
  for (const pkg of ["@vercel/og", "@takumi-rs/core", "@takumi-rs/helpers"]) {
    try {
      await Deno.stat(join(nodeDir, `node_modules/${pkg}/package.json`));
    } catch {
      throw new Error(`Cannot find ${pkg}: run \`cd bench/node && npm ci\``);
    }
  }
  const dir = await mkdtemp(join(tmpdir(), "bench-render-"));
  const cardsFile = join(dir, "cards.json");
  const cards = await benchCards();
  await writeCardsFile(cardsFile, cards);
  await selectRenderer((Deno.env.get("RENDERER") as "native" | "wasm" | undefined) ?? null);
  const reference = {} as Record<CardKind, Uint8Array>;
  for (const kind of CARD_KINDS) {
    reference[kind] = await renderCardPng(cards.ours[kind].card, {
      fonts: cards.fonts,
      backdrop: cards.ours[kind].backdrop,
    });
    await writeFile(join(dir, `${kind}-reference.png`), reference[kind]);
  }
  return { nodeDir, dir, cardsFile, reference };
}

/** Runs the comparison; returns figures and table rows. */
export async function runRenderComparison(
  log: (message: string) => void = console.error,
): Promise<{ rows: RenderRow[]; [key: string]: unknown }> {
  const { nodeDir, dir, cardsFile, reference } = await prepareComparison();
  const sides: Record<SideName, Side> = {
    og: new Side("og", Deno.execPath(), ["run", "-A", "bench/render_side.tsx"], ROOT_DIR),
    takumi: new Side("takumi", "node", ["render.mjs", cardsFile, "takumi"], nodeDir),
    vercel: new Side("vercel", "node", ["render.mjs", cardsFile, "vercel"], nodeDir),
    satori: new Side("satori", "node", ["render.mjs", cardsFile, "satori"], nodeDir),
  };
  const times = {} as Record<SideName, Record<CardKind, number[][]>>;
  /** CPU time per card of each round, the side's whole process (every thread). */
  const cpu = {} as Record<SideName, Record<CardKind, number[]>>;
  const differences = {} as Record<SideName, Record<CardKind, number[]>>;
  const stages: Record<CardKind, Record<string, number>[]> = { token: [], pool: [], position: [] };
  try {
    for (const name of SIDES) {
      await sides[name].start();
      times[name] = { token: [], pool: [], position: [] };
      cpu[name] = { token: [], pool: [], position: [] };
      differences[name] = { token: [], pool: [], position: [] };
      // The same warm-up on every side.
      for (const kind of CARD_KINDS) await sides[name].run(kind, WARMUP);
    }
    log(`render: ${SIDES.map((name) => `${name} ${JSON.stringify(sides[name].ready)}`).join("; ")}`);
    for (let round = 0; round < ROUNDS; round++) {
      for (const kind of CARD_KINDS) {
        // The order rotates every round: A B C D, B C D A, ...
        for (let i = 0; i < SIDES.length; i++) {
          const name = SIDES[(round + i) % SIDES.length];
          const out = join(dir, `${kind}-${name}.png`);
          const result = await sides[name].run(kind, PER_ROUND, out);
          times[name][kind].push(result.times);
          cpu[name][kind].push(result.cpuMs);
          if (result.stages) stages[kind].push(result.stages);
          // The measured output is the real card.
          const difference = meanDifference(await Deno.readFile(out), reference[kind]);
          if (difference > MAX_MEAN_DIFFERENCE) {
            throw new Error(
              `${name} drew another ${kind} card in round ${round + 1}: ` +
                `mean difference ${difference.toFixed(1)}/255 from og/'s reference (kept in ${dir})`,
            );
          }
          differences[name][kind].push(difference);
        }
        const m = (name: SideName) => median(times[name][kind][round]);
        const c = (name: SideName) => cpu[name][kind][round];
        log(
          `render round ${round + 1} ${kind}: ` +
            SIDES.map((name) =>
              name === "og"
                ? `og ${m("og").toFixed(1)} ms (cpu ${c("og").toFixed(1)})`
                : `${LABEL[name]} ${m(name).toFixed(1)} ms (cpu ${c(name).toFixed(1)}; og ${
                  (m("og") / m(name)).toFixed(2)
                }x, cpu ${(c("og") / c(name)).toFixed(2)}x)`
            ).join(", "),
        );
      }
      const og = (kind: CardKind) => median(times.og[kind][round]);
      log(
        `render round ${round + 1}: og position / og token ${(og("position") / og("token")).toFixed(2)}x, cpu ${
          (cpu.og.position[round] / cpu.og.token[round]).toFixed(2)
        }x`,
      );
    }
    const memory: Record<string, number> = {};
    for (const name of SIDES) memory[name] = (await treeMemoryOf(sides[name].pid)).rss;
    const rows: RenderRow[] = [];
    const figures: Record<string, unknown> = {};
    for (const kind of CARD_KINDS) {
      const roundMedians = (name: SideName) => times[name][kind].map(median);
      const ratios = (peer: SideName) =>
        times.og[kind].map((ours, round) => median(ours) / median(times[peer][kind][round]));
      const cpuRatios = (peer: SideName) => cpu.og[kind].map((ours, round) => ours / cpu[peer][kind][round]);
      const all = (name: SideName) => times[name][kind].flat();
      const stageNames = Object.keys(stages[kind][0] ?? {});
      const stageMedians = Object.fromEntries(
        stageNames.map((stage) => [stage, median(stages[kind].map((s) => s[stage]))]),
      );
      figures[kind] = {
        roundMediansMs: Object.fromEntries(SIDES.map((name) => [name, roundMedians(name)])),
        medianOfRoundsMs: Object.fromEntries(SIDES.map((name) => [name, median(roundMedians(name))])),
        p95Ms: Object.fromEntries(SIDES.map((name) => [name, p95(all(name))])),
        roundRatios: Object.fromEntries(PEERS.map((peer) => [peer, ratios(peer)])),
        ratio: Object.fromEntries(PEERS.map((peer) => [peer, median(ratios(peer))])),
        cpuMsPerCard: Object.fromEntries(SIDES.map((name) => [name, cpu[name][kind]])),
        cpuRatio: Object.fromEntries(PEERS.map((peer) => [peer, median(cpuRatios(peer))])),
        meanPixelDifference: Object.fromEntries(SIDES.map((name) => [name, median(differences[name][kind])])),
        ogStagesMs: stageMedians,
      };
      for (const name of SIDES) {
        rows.push({
          name: `${kind} card render, ${LABEL[name]}`,
          p50: median(roundMedians(name)),
          p95: p95(all(name)),
          value: `rounds ${roundMedians(name).map((v) => v.toFixed(1)).join(" ")}; median ${
            spread(roundMedians(name), 1)
          } ms; cpu per card ${spread(cpu[name][kind], 1)} ms; ${
            median(differences[name][kind]).toFixed(2)
          }/255 from reference`,
        });
      }
      for (const peer of PEERS) {
        rows.push({
          name: `${kind} card: og/ / ${LABEL[peer]}`,
          value: `${spread(ratios(peer))}x (rounds ${ratios(peer).map((r) => r.toFixed(2)).join(" ")}); cpu ${
            spread(cpuRatios(peer))
          }x (rounds ${cpuRatios(peer).map((r) => r.toFixed(2)).join(" ")})`,
          target: peer === "takumi" && kind !== "position" ? "<= 1.0x" : undefined,
        });
      }
      rows.push({
        name: `${kind} card: og/ stages (median ms)`,
        value: stageNames.map((stage) => `${stage} ${stageMedians[stage].toFixed(2)}`).join(", "),
      });
    }
    const positionOverToken = times.og.position.map((ours, round) => median(ours) / median(times.og.token[round]));
    const positionOverTokenCpu = cpu.og.position.map((ours, round) => ours / cpu.og.token[round]);
    figures.positionOverToken = positionOverToken;
    figures.positionOverTokenCpu = positionOverTokenCpu;
    rows.push({
      name: "og/ position card / token card",
      value: `${spread(positionOverToken)}x (rounds ${positionOverToken.map((r) => r.toFixed(2)).join(" ")}); cpu ${
        spread(positionOverTokenCpu)
      }x (rounds ${positionOverTokenCpu.map((r) => r.toFixed(2)).join(" ")})`,
      target: "<= 1.5x",
    });
    const mib = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MiB`;
    rows.push({
      name: "render sides' resident memory (process tree)",
      value: SIDES.map((name) => `${LABEL[name]} ${mib(memory[name])}`).join(", "),
    });
    return {
      rows,
      ...figures,
      memoryBytes: memory,
      sides: Object.fromEntries(SIDES.map((name) => [name, sides[name].ready])),
      rounds: ROUNDS,
      perRound: PER_ROUND,
      warmup: WARMUP,
    };
  } finally {
    await Promise.all(SIDES.map((name) => sides[name].stop()));
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const result = await runRenderComparison();
  for (const row of result.rows) console.log(row);
}
