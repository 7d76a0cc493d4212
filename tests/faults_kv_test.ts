/**
 * Several instances on one KV file, and a KV that fails mid-run, against the
 * real server: two server processes render 150 share images each into the
 * same SQLite file at once and none of the 300 writes is lost to "database
 * is locked" (a third process, whose gateway is down, serves all 300 from
 * the file); a KV whose disk fills up while serving is logged, never a
 * crash, and images are still served; with `IMAGE_CACHE_MAX_BYTES` small,
 * 40 images leave the file under the cap, the oldest evicted, the size
 * logged at start and on eviction.
 */
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFakeGateway } from "./fakes/gateway.ts";
import { startServer, type TestServer } from "./server_harness.ts";
import { assertSurvived, isPngBytes, rssOf } from "./fault_probes.ts";
import { prerequisite } from "../queries/testing.ts";

const PER_SERVER = 150;

function tokenAddress(server: number, i: number): string {
  return `0x${server}${i.toString(16).padStart(39, "0")}`;
}

/**
 * Fetches every token image, `concurrency` at a time. With `asManyClients` (a server run with `TRUST_PROXY=1`) each
 * request names its own client in `X-Forwarded-For`, so the per-client budget of uncached renders (og/) does not
 * stand between this test and the KV writes it is about.
 */
async function renderAll(
  server: TestServer,
  addresses: string[],
  concurrency: number,
  asManyClients = false,
): Promise<number[]> {
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < addresses.length) {
      const index = next++;
      const address = addresses[index];
      const headers: HeadersInit = asManyClients ? { "x-forwarded-for": `198.51.100.${index % 250}` } : {};
      const response = await fetch(`${server.url}/api/image/tokens/ethereum/${address}`, { headers });
      const bytes = new Uint8Array(await response.arrayBuffer());
      statuses.push(response.status === 200 && isPngBytes(bytes) ? 200 : response.status);
    }
  }));
  return statuses;
}

Deno.test("faults: two instances on one KV file lose none of 300 image writes", async () => {
  const dir = await mkdtemp(join(tmpdir(), "faults-kv-shared-"));
  const kvPath = join(dir, "kv.sqlite3");
  const state = { down: false };
  const gateway = await startFakeGateway({
    Token: (v) =>
      state.down ? new Response("down", { status: 503 }) : {
        data: {
          token: { id: "t", chain: "ETHEREUM", address: String(v.address), symbol: "TKN", name: "T", project: null },
        },
      },
  });
  const env = { GRAPHQL_URL: gateway.url, DENO_KV_PATH: kvPath, TRUST_PROXY: "1" };
  const servers = await Promise.all([startServer(env), startServer(env)]);
  let reader: TestServer | null = null;
  try {
    const addresses = servers.map((_, s) => Array.from({ length: PER_SERVER }, (_, i) => tokenAddress(s + 1, i)));
    const statuses = await Promise.all(servers.map((server, s) => renderAll(server, addresses[s], 6, true)));
    for (const list of statuses) assert.deepEqual(list.filter((s) => s !== 200), [], "renders failed");
    for (const server of servers) {
      assert.ok(
        !server.output.some((line) => /KV write failed/.test(line)),
        server.output.filter((line) => /kv_cache/.test(line)).join("\n"),
      );
    }
    await Promise.all(servers.map((server) => server.stop()));

    // A fresh process with the gateway down can only answer from the file.
    state.down = true;
    reader = await startServer(env);
    const found = await renderAll(reader, addresses.flat(), 8, true);
    assert.equal(found.filter((s) => s === 200).length, 2 * PER_SERVER, "image writes were lost");
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await reader?.stop();
    await gateway.close();
    await rm(dir, { recursive: true, force: true });
  }
});

/** Whether this process may mount a small tmpfs (root on Linux), for a disk that fills up. */
function canMountTmpfs(): boolean {
  try {
    const dir = Deno.makeTempDirSync({ prefix: "faults-kv-probe-" });
    const mounted = new Deno.Command("mount", { args: ["-t", "tmpfs", "-o", "size=64k", "tmpfs", dir] }).outputSync();
    if (mounted.success) new Deno.Command("umount", { args: [dir] }).outputSync();
    Deno.removeSync(dir);
    return mounted.success;
  } catch {
    return false;
  }
}

const TMPFS = prerequisite(canMountTmpfs(), "mounting a tmpfs (root), for the full-disk KV test");

Deno.test({
  name: "faults: a KV whose disk fills up mid-run is logged, never a crash; images are still served",
  ignore: !TMPFS,
  async fn() {
    const dir = await mkdtemp(join(tmpdir(), "faults-kv-full-"));
    const mount = await new Deno.Command("mount", { args: ["-t", "tmpfs", "-o", "size=640k", "tmpfs", dir] }).output();
    assert.ok(mount.success, new TextDecoder().decode(mount.stderr));
    const gateway = await startFakeGateway({
      Token: (v) => ({
        data: {
          token: { id: "t", chain: "ETHEREUM", address: String(v.address), symbol: "TKN", name: "T", project: null },
        },
      }),
    });
    // As many clients (TRUST_PROXY): 41 new images from one client would pass its budget's burst of 40 whenever
    // the cards are drawn faster than the budget refills; this test is about the full disk, not the budget.
    const server = await startServer({
      GRAPHQL_URL: gateway.url,
      DENO_KV_PATH: join(dir, "kv.sqlite3"),
      TRUST_PROXY: "1",
    });
    try {
      const first = await renderAll(server, [tokenAddress(3, 1)], 1, true);
      assert.deepEqual(first, [200]);
      const rssBefore = await rssOf(server.pid);
      // About 40 KB a card: 40 of them do not fit in 640 KB.
      const statuses = await renderAll(server, Array.from({ length: 40 }, (_, i) => tokenAddress(4, i)), 4, true);
      assert.deepEqual(statuses.filter((s) => s !== 200), [], "images failed once the disk was full");
      const page = await fetch(`${server.url}/explore/tokens/ethereum/${tokenAddress(4, 99)}`);
      assert.equal(page.status, 200);
      await page.body?.cancel();
      await assertSurvived(server, rssBefore, "KV disk full");
      assert.ok(
        server.output.some((line) => /kv_cache: Deno KV write failed.*full/i.test(line)),
        "the full disk was not logged",
      );
    } finally {
      await server.stop();
      await gateway.close();
      await new Deno.Command("umount", { args: [dir] }).output();
      await rm(dir, { recursive: true, force: true });
    }
  },
});

/** Renders each image in turn, waiting out 429/503 (the per-client budget of uncached renders); the last statuses. */
async function renderInTurn(server: TestServer, addresses: string[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const address of addresses) {
    let status = 0;
    for (let attempt = 0; attempt < 20; attempt++) {
      const response = await fetch(`${server.url}/api/image/tokens/ethereum/${address}`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      status = response.status === 200 && isPngBytes(bytes) ? 200 : response.status;
      if (status !== 429 && status !== 503) break;
      const wait = Math.min(2, Number(response.headers.get("retry-after")) || 1);
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    }
    statuses.push(status);
  }
  return statuses;
}

/** What a KV file holds of the share images: meta entries by key, their bytes, and the index. */
async function imageInventory(path: string) {
  const kv = await Deno.openKv(path);
  try {
    const images = new Map<string, number>();
    let indexed = 0;
    let chunks = 0;
    for await (const entry of kv.list<Record<string, unknown>>({ prefix: [] })) {
      const kind = entry.key[0];
      if (kind === "image_chunk") chunks++;
      else if (kind === "image_index") indexed++;
      else if (typeof kind === "string" && kind.endsWith("_image")) {
        images.set(String(entry.key[2]), entry.value.byteLength as number);
      }
    }
    const bytes = [...images.values()].reduce((sum, n) => sum + n, 0);
    return { images, bytes, indexed, chunks };
  } finally {
    kv.close();
  }
}

Deno.test({
  name: "faults: the KV image cache stays under IMAGE_CACHE_MAX_BYTES after many images, the oldest evicted",
  async fn() {
    const CAP = 300_000;
    const dir = await mkdtemp(join(tmpdir(), "faults-kv-cap-"));
    const kvPath = join(dir, "kv.sqlite3");
    const gateway = await startFakeGateway({
      Token: (v) => ({
        data: {
          token: { id: "t", chain: "ETHEREUM", address: String(v.address), symbol: "TKN", name: "T", project: null },
        },
      }),
    });
    const env = { GRAPHQL_URL: gateway.url, DENO_KV_PATH: kvPath, IMAGE_CACHE_MAX_BYTES: String(CAP) };
    let server: TestServer | null = await startServer(env);
    try {
      await server.waitForLine((line) => /kv_cache: image cache holds 0 images, 0\.0 MB of at most 0\.3 MB/.test(line));
      const rssBefore = await rssOf(server.pid);
      // One at a time, so "oldest" is the order written.
      const addresses = Array.from({ length: 40 }, (_, i) => tokenAddress(5, i));
      const [statuses] = await Promise.all([
        renderInTurn(server, addresses),
        (async () => {
          // Another client is served meanwhile.
          const page = await fetch(`${server!.url}/`);
          assert.equal(page.status, 200);
          await page.body?.cancel();
        })(),
      ]);
      assert.deepEqual(statuses.filter((s) => s !== 200), [], "renders failed");
      await server.waitForLine((line) => /kv_cache: image cache over its cap: evicted the \d+ oldest/.test(line));
      await assertSurvived(server, rssBefore, "image cache cap");
      await server.stop();
      server = null;

      const held = await imageInventory(kvPath);
      console.log(`image cache cap ${CAP}: ${held.images.size} of 40 images kept, ${held.bytes} bytes`);
      assert.ok(held.bytes <= CAP, `${held.bytes} bytes of images in KV, cap ${CAP}`);
      assert.ok(held.images.size >= 3, `only ${held.images.size} images kept`);
      assert.equal(held.indexed, held.images.size, "one index entry per image");
      assert.ok(held.chunks >= held.images.size && held.chunks <= 2 * held.images.size, `${held.chunks} chunks`);
      const kept = addresses.map((a) => held.images.has(a.toLowerCase()));
      const firstKept = kept.indexOf(true);
      assert.ok(firstKept > 0, "nothing was evicted");
      assert.ok(kept.slice(firstKept).every(Boolean), `the kept images are not the newest: ${kept.join(",")}`);

      // A fresh process logs what the file holds at start, and serves the newest image from it.
      server = await startServer(env);
      await server.waitForLine((line) =>
        new RegExp(`kv_cache: image cache holds ${held.images.size} images, .* of at most 0\\.3 MB`).test(line)
      );
      assert.deepEqual(await renderInTurn(server, [addresses[39]]), [200]);
    } finally {
      await server?.stop();
      await gateway.close();
      await rm(dir, { recursive: true, force: true });
    }
  },
});
