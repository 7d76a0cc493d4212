/**
 * What every attack test of the fault suite checks around an attack on the
 * real server: its memory (from `/proc`), a cached share image answered
 * within a bound while the attack runs, and its health afterwards.
 *
 * @module
 */
import assert from "node:assert/strict";
import type { TestServer } from "./server_harness.ts";

/** Memory allowed to remain after an attack, over the figure before it. */
export const MEMORY_SLACK_BYTES = 300 * 1024 * 1024;

/** Bound on a cached image's answer while an attack runs. */
export const CACHED_IMAGE_BOUND_MS = 5_000;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Resident set size of a process, in bytes (`VmRSS`). */
export async function rssOf(pid: number): Promise<number> {
  const status = await Deno.readTextFile(`/proc/${pid}/status`);
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN) * 1024;
}

/** Rejects when `promise` takes longer than `ms` (a hang is a failure, not a stuck test). */
export async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** True when the bytes start with the PNG signature. */
export function isPngBytes(bytes: Uint8Array): boolean {
  return PNG_SIGNATURE.every((byte, i) => bytes[i] === byte);
}

/** Fetches `path` and asserts a 200 PNG within {@linkcode CACHED_IMAGE_BOUND_MS}. */
export async function assertCachedImage(server: TestServer, path: string, what: string): Promise<void> {
  const response = await within(CACHED_IMAGE_BOUND_MS, `${what}: cached image`, fetch(server.url + path));
  const bytes = new Uint8Array(await response.arrayBuffer());
  assert.equal(response.status, 200, `${what}: the cached image answered ${response.status}`);
  assert.ok(isPngBytes(bytes), `${what}: the cached image is not a PNG`);
}

/** Renders `path` once (retrying while a cold start answers 503) so later fetches are cache hits. */
export async function warmImage(server: TestServer, path: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await fetch(server.url + path);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (response.status === 200 && isPngBytes(bytes)) return;
    if (response.status !== 503) assert.fail(`${path} answered ${response.status} while warming`);
  }
  assert.fail(`${path} never rendered`);
}

/**
 * The process is alive and serving, memory came back within
 * {@linkcode MEMORY_SLACK_BYTES} of `rssBefore`, and no panic was logged.
 */
export async function assertSurvived(server: TestServer, rssBefore: number, what: string): Promise<void> {
  const response = await within(10_000, `${what}: GET / afterwards`, fetch(`${server.url}/`));
  assert.equal(response.status, 200, `${what}: GET / afterwards answered ${response.status}`);
  assert.match(await response.text(), /<html/i);
  const rss = await rssOf(server.pid);
  assert.ok(
    rss - rssBefore < MEMORY_SLACK_BYTES,
    `${what}: RSS ${Math.round(rss / 1e6)} MB after, ${Math.round(rssBefore / 1e6)} MB before`,
  );
  assert.ok(!server.output.some((line) => /panicked|uncaught/i.test(line)), `${what}: the server logged a panic`);
}
