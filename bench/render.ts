/**
 * The render comparison: placeholder until og/ exposes its card renderer.
 *
 * @module
 */

/** One printed line of the render comparison. */
export interface RenderRow {
  name: string;
  p50?: number;
  p95?: number;
  value?: string;
  target?: string;
}

/** Renders the same card with og/ (Deno) and @vercel/og (Node) and compares. */
export function runRenderComparison(): Promise<{ rows: RenderRow[] }> {
  return Promise.reject(new Error("not written yet"));
}
