/**
 * A render Worker for tests: the real one (`og/raster/render_worker.ts`), except
 * that some cards never finish (a busy loop past any deadline) and one grows
 * its JS heap without bound:
 *
 * - a token named `STALL` always stalls;
 * - a token with symbol `SLOW`, or a pool whose token0 symbol is `SLOW`,
 *   stalls while it carries a logo (so the retry without logos draws);
 * - a token named `BLOAT` allocates until the heap limit stops it.
 *
 * Started by tests through `createImageHandler({ workerUrl })`.
 */
import { startRenderWorker } from "../workers/render_worker.ts";
import type { CardJob } from "../job/card_job.ts";

function stalls(job: CardJob): boolean {
  if (job.kind === "token") return job.name === "STALL" || (job.symbol === "SLOW" && job.logo !== null);
  if (job.kind === "pool") return job.pool.token0Symbol === "SLOW" && (job.logo0 !== null || job.logo1 !== null);
  return false;
}

await startRenderWorker((draw) => (job, onTimings) => {
  if (stalls(job)) { while (true) { /* past any deadline */ } }
  if (job.kind === "token" && job.name === "BLOAT") {
    const hoard: unknown[] = [];
    while (true) hoard.push({ filler: new Array(1024).fill(hoard.length) });
  }
  return draw(job, onTimings);
});
