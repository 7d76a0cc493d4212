/**
 * The render worker of `uncached_stages.ts`: `render_worker.ts` itself, with
 * each job's whole `drawCard` time and its start and end (epoch ms, the
 * clock the main process reads too) added to the timings it answers with.
 *
 * @module
 */
import { startRenderWorker } from "../og/workers/render_worker.ts";

await startRenderWorker((draw) => async (job, onTimings) => {
  const started = performance.now();
  let timings = {};
  const png = await draw(job, (t) => timings = t);
  const ended = performance.now();
  onTimings({
    ...timings,
    drawMs: ended - started,
    startedAt: performance.timeOrigin + started,
    endedAt: performance.timeOrigin + ended,
  } as never);
  return png;
});
