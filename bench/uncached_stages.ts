/**
 * Where the time of an uncached token image goes: `deno run -A
 * bench/uncached_stages.ts [images]` starts the service in this process
 * (`startService` of `server.ts`, the bench's own gateway and logo host,
 * KV in memory, every middleware), asks it for `images` (default 60) token
 * images of fresh addresses one at a time after 10 of warm-up, and prints
 * the median and lowest time of each stage. The stages are read through the
 * service's own ports, without touching the product: the preview source and
 * the image cache are wrapped, `onRender` marks the logo fetched, and the
 * render worker is `render_worker.ts` wrapped by `uncached_stages_worker.ts`
 * (its `drawCard` time and when it started and ended). The per-client
 * budget is off (one client asks for many images). A figure, not a test:
 * the ratio to the peers is part 3 of `run.ts`.
 *
 * @module
 */
import { startService } from "../server.ts";
import { loadConfig } from "../server/config.ts";
import { setLogSink } from "../server/log.ts";
import { createImageHandler, type RenderTimings } from "../og/mod.ts";
import { startBenchGateway } from "./gateway.ts";

const IMAGES = Number(Deno.args[0] ?? 60);
const WARM_UP = 10;

/** What the worker answers: `RenderTimings` plus `uncached_stages_worker.ts`'s additions. */
type WorkerTimings = RenderTimings & { drawMs: number; startedAt: number; endedAt: number };

setLogSink({ write: (bytes) => Promise.resolve(bytes.length), writeSync: (bytes) => bytes.length });
const gateway = startBenchGateway();
const now = () => performance.timeOrigin + performance.now();
const marks: { lookup?: number; looked?: number; fetched?: number; drawn?: number; worker?: WorkerTimings } = {};
const writes: number[] = [];
const config = loadConfig({
  GRAPHQL_URL: gateway.url,
  LOGO_ALLOWED_HOSTS: gateway.logoHost,
  HOSTNAME: "127.0.0.1",
  PORT: "0",
  DENO_KV_PATH: ":memory:",
});
const service = await startService(config, {
  // Images only: the app build is never loaded (pages would fail), so this runs without `deno task build`.
  loadBuild: () => Promise.reject(new Error("uncached_stages.ts serves images only")),
  createImages: (options) => {
    const previews = {
      ...options.previews,
      async token(...args: Parameters<typeof options.previews.token>) {
        marks.lookup = now();
        const preview = await options.previews.token(...args);
        marks.looked = now();
        return preview;
      },
    };
    const cache = options.cache && {
      getImage: options.cache.getImage,
      async setImage(...args: Parameters<NonNullable<typeof options.cache>["setImage"]>) {
        const started = now();
        await options.cache!.setImage(...args);
        writes.push(now() - started);
      },
    };
    return createImageHandler({
      ...options,
      previews,
      cache,
      clientBudget: false,
      workerUrl: new URL("./uncached_stages_worker.ts", import.meta.url),
      onRender: () => marks.fetched = now(),
      onTimings: (timings) => {
        marks.drawn = now();
        marks.worker = timings as WorkerTimings;
      },
    });
  },
});
const stages: Record<string, number[]> = {};
const add = (name: string, ms: number) => (stages[name] ??= []).push(ms);
const origin = service.url.replace("0.0.0.0", "127.0.0.1");
for (let i = 0; i < WARM_UP + IMAGES; i++) {
  const started = now();
  const response = await fetch(
    `${origin}/api/image/tokens/ethereum/0x${(0x700000 + i).toString(16).padStart(40, "0")}`,
  );
  const body = new Uint8Array(await response.arrayBuffer());
  const ended = now();
  if (response.status !== 200 || body[1] !== 0x50) throw new Error(`image ${i} answered ${response.status}`);
  if (i < WARM_UP) continue;
  const w = marks.worker!;
  add("whole request (client)", ended - started);
  add("1 request to lookup (routing, cache reads)", marks.lookup! - started);
  add("2 preview lookup (gateway)", marks.looked! - marks.lookup!);
  add("3 logo fetch", marks.fetched! - marks.looked!);
  add("4 job to the worker", w.startedAt - marks.fetched!);
  add("5 drawCard in the worker", w.drawMs);
  add("5a  logo decode, layout", w.drawMs - w.satoriMs - w.resvgMs - w.backdropMs - w.encodeMs - (w.baseMs ?? 0));
  add("5b  satori (face)", w.satoriMs);
  add("5c  resvg (face regions)", w.resvgMs);
  add("5d  backdrop, compositing", w.backdropMs);
  add("5e  PNG encode", w.encodeMs);
  add("6 PNG back to the main process", marks.drawn! - w.endedAt);
  add("7 answer to the client", ended - marks.drawn!);
  add("PNG KB", body.length / 1000);
}
// Let the last KV writes finish (they run after the answers).
await new Promise((resolve) => setTimeout(resolve, 200));
add("KV write (after the answer)", 0);
stages["KV write (after the answer)"] = writes.slice(WARM_UP);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`${IMAGES} uncached token images, c=1, after ${WARM_UP} of warm-up; load average ${Deno.loadavg()[0]}`);
console.log(`${"stage".padEnd(44)} ${"median".padStart(7)} ${"lowest".padStart(7)}  (ms)`);
for (const [name, values] of Object.entries(stages)) {
  console.log(
    `${name.padEnd(44)} ${median(values).toFixed(2).padStart(7)} ${Math.min(...values).toFixed(2).padStart(7)}`,
  );
}
await service.shutdown();
await gateway.close();
