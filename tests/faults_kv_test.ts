/**
 * Several instances on one KV file, and a KV that fails mid-run, against the
 * real server: two server processes render 150 share images each into the
 * same SQLite file at once and none of the 300 writes is lost to "database
 * is locked" (a third process, whose gateway is down, serves all 300 from
 * the file); a KV whose disk fills up while serving is logged, never a
 * crash, and images are still served.
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

async function renderAll(server: TestServer, addresses: string[], concurrency: number): Promise<number[]> {
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < addresses.length) {
      const address = addresses[next++];
      const response = await fetch(`${server.url}/api/image/tokens/ethereum/${address}`);
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
  const env = { GRAPHQL_URL: gateway.url, DENO_KV_PATH: kvPath };
  const servers = await Promise.all([startServer(env), startServer(env)]);
  let reader: TestServer | null = null;
  try {
    const addresses = servers.map((_, s) => Array.from({ length: PER_SERVER }, (_, i) => tokenAddress(s + 1, i)));
    const statuses = await Promise.all(servers.map((server, s) => renderAll(server, addresses[s], 6)));
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
    const found = await renderAll(reader, addresses.flat(), 8);
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
    const server = await startServer({ GRAPHQL_URL: gateway.url, DENO_KV_PATH: join(dir, "kv.sqlite3") });
    try {
      const first = await renderAll(server, [tokenAddress(3, 1)], 1);
      assert.deepEqual(first, [200]);
      const rssBefore = await rssOf(server.pid);
      // About 40 KB a card: 40 of them do not fit in 640 KB.
      const statuses = await renderAll(server, Array.from({ length: 40 }, (_, i) => tokenAddress(4, i)), 4);
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
