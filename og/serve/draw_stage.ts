/**
 * The render stage of the share images: a card job drawn in the render
 * workers. A render stopped (deadline, memory, crash) with logos is drawn
 * again without them (`degraded`: answered, never cached), and that card is
 * drawn without its logos at once for a while, so a hostile logo costs one
 * deadline per {@linkcode STOPPED_LOGO_TTL_MS}, not one per request.
 *
 * @module
 */
import type { ImageTarget } from "../../lib/preview_images.ts";
import { Lru } from "../../lib/lru.ts";
import type { CardJob } from "../job/card_job.ts";
import { hasLogos, withoutLogos } from "../job/images.tsx";
import { logger } from "../log.ts";
import type { RenderTimings } from "../raster/render.ts";
import { RenderAbortedError, type RenderPool } from "../workers/render_pool.ts";

/** How long a card whose logos stopped a render worker is drawn without them. */
export const STOPPED_LOGO_TTL_MS = 10 * 60_000;

/** A drawn card; `degraded` when drawn without its logos. */
export interface Drawn {
  readonly png: Uint8Array;
  readonly degraded: boolean;
}

/** Draws card jobs in `pool`: `draw(job, target, key, signal?)`. */
export type DrawStage = (job: CardJob, target: ImageTarget, key: string, signal?: AbortSignal) => Promise<Drawn>;

/** Creates the render stage over `pool`; `onTimings` receives each render's stage times. */
export function createDrawStage(pool: RenderPool, onTimings?: (timings: RenderTimings) => void): DrawStage {
  const stoppedLogos = new Lru<number>({ maxBytes: 4096, maxEntries: 4096 });

  async function run(job: CardJob, degraded: boolean, signal?: AbortSignal): Promise<Drawn> {
    const output = await pool.run(job, signal);
    if (output.timings) onTimings?.(output.timings);
    return { png: output.png, degraded };
  }

  return async (job, target, key, signal) => {
    if (hasLogos(job) && (stoppedLogos.get(key) ?? 0) > Date.now()) return await run(withoutLogos(job), true, signal);
    try {
      return await run(job, false, signal);
    } catch (error) {
      if (!(error instanceof RenderAbortedError) || !hasLogos(job) || signal?.aborted) throw error;
      stoppedLogos.set(key, Date.now() + STOPPED_LOGO_TTL_MS, 1);
      logger.warn("Share image drawn again without its logos", {
        kind: target.kind,
        network: target.chainName,
        address: target.address,
        reason: error.reason,
        error: error.message,
      });
      return await run(withoutLogos(job), true, signal);
    }
  };
}
