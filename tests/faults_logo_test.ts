/**
 * Hostile token logos against the real server: a fake gateway hands out
 * logo URLs on a hostile loopback logo host (allow-listed, as a CDN would be
 * reachable) and spellings of a canary server that must never be reached.
 * Each hostile logo must leave the process alive and answer the share image
 * with the default colour; a cached image must stay fast while they are
 * processed; memory must come back; nothing is cached from a failure.
 *
 * The unit tests beside `og/logo/svg_guard.ts`, `og/logo/image_caps.ts`,
 * `og/logo/logo_fetch.ts` and `og/logo/average_color.ts` cover each cap in detail.
 */
import assert from "node:assert/strict";
import { encode as encodePng } from "fast-png";
import { type FakeResolver, startFakeGateway } from "./fakes/gateway.ts";
import { startServer, type TestServer } from "./server_harness.ts";
import { decodePixels, pixelAt, solidJpeg, solidPng } from "../og/test_helpers.ts";

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const DEFAULT = { r: 35, g: 43, b: 43 };
const RED = { r: 220, g: 20, b: 30 };
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const text = (s: string) => new TextEncoder().encode(s);

/** The hostile logos of issue 11, made here. */
function hostileLogos(): Record<string, Uint8Array> {
  const blurs = Array.from(
    { length: 30 },
    (_, i) =>
      `<filter id="f${i}"><feGaussianBlur stdDeviation="${20 + i}"/></filter>` +
      `<rect x="${i}" y="${i}" width="60" height="60" fill="#f00" filter="url(#f${i})"/>`,
  ).join("");
  const rects = Array.from(
    { length: 25_000 },
    (_, i) =>
      `<rect x="${i % 500}" y="${(i * 7) % 500}" width="10" height="10" stroke="#000" fill="#${
        (i * 97 % 0xffffff).toString(16).padStart(6, "0")
      }"/>`,
  ).join("");
  const laughs = '<defs><rect id="a0" width="1" height="1"/>' +
    Array.from({ length: 9 }, (_, i) => `<g id="a${i + 1}">${`<use href="#a${i}"/>`.repeat(10)}</g>`).join("") +
    '</defs><use href="#a9"/>';
  const jpeg = solidJpeg({ r: 1, g: 2, b: 3 }, 16);
  const sof = jpeg.findIndex((b, i) => b === 0xff && jpeg[i + 1] === 0xc0);
  jpeg[sof + 1] = 0xc2; // progressive, and 4096 x 4096
  new DataView(jpeg.buffer).setUint32(sof + 5, (4096 << 16) | 4096);
  const png = solidPng({ r: 255, g: 0, b: 0 }, 1);
  new DataView(png.buffer).setUint32(16, 30000);
  new DataView(png.buffer).setUint32(20, 30000);
  return {
    "tall.svg": text(`<svg ${NS} width="1" height="100000"><rect width="1" height="100000" fill="#f00"/></svg>`),
    "blur30.svg": text(`<svg ${NS} width="512" height="512" viewBox="0 0 100 100">${blurs}</svg>`),
    "rects25k.svg": text(`<svg ${NS} width="512" height="512">${rects}</svg>`),
    "use-bomb.svg": text(`<svg ${NS} width="100" height="100">${laughs}</svg>`),
    "entity-bomb.svg": text(
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">' +
        `<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><svg ${NS}><text>&c;&c;&c;&c;</text></svg>`,
    ),
    "flood-region.svg": text(
      `<svg ${NS} width="512" height="512" viewBox="0 0 100 100"><filter id="f" x="-100" y="-100" width="200" ` +
        `height="200"><feFlood flood-color="#00f"/></filter><rect width="80" height="80" filter="url(#f)"/></svg>`,
    ),
    "pattern-tile.svg": text(
      `<svg ${NS} viewBox="0 0 100 100"><pattern id="p" width="20000" height="20000" patternUnits="userSpaceOnUse">` +
        `<rect width="1" height="1"/></pattern><rect width="100" height="100" fill="url(#p)"/></svg>`,
    ),
    "external.svg": text(`<svg ${NS}><image href="file:///etc/passwd" width="9" height="9"/></svg>`),
    "progressive.jpg": jpeg,
    "bomb.png": png,
    "frame-bomb.gif": new Uint8Array([
      ...text("GIF89a"),
      ...[1, 0, 1, 0, 0, 0, 0, 0x2c, 0, 0, 0, 0, 255, 255, 255, 255, 0, 2, 2, 0x44, 0x01, 0, 0x3b],
    ]),
  };
}

/** A loopback logo host: fixed files plus switchable answers, with hit counts. */
function startLogoHost(files: Record<string, Uint8Array>) {
  const hits = new Map<string, number>();
  const state = { flaky: "fail" as "fail" | "ok" };
  const stop = new AbortController();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {}, signal: stop.signal }, async (request) => {
    const url = new URL(request.url);
    const name = url.pathname.slice(1);
    hits.set(name, (hits.get(name) ?? 0) + 1);
    if (name === "red.png") return new Response(solidPng(RED).slice(), { headers: { "content-type": "image/png" } });
    if (name === "flaky.png") {
      if (state.flaky === "fail") return new Response("upstream down", { status: 503 });
      return new Response(solidPng(RED).slice(), { headers: { "content-type": "image/png" } });
    }
    if (name === "slow.png") {
      await new Promise<void>((resolve) => stop.signal.addEventListener("abort", () => resolve(), { once: true }));
      return new Response("late");
    }
    if (name === "redirect") {
      return new Response(null, { status: 302, headers: { location: url.searchParams.get("to")! } });
    }
    const file = files[name];
    if (!file) return new Response("not found", { status: 404 });
    return new Response(file.slice(), { headers: { "content-type": "application/octet-stream" } });
  });
  return {
    origin: `http://127.0.0.1:${server.addr.port}`,
    host: `127.0.0.1:${server.addr.port}`,
    hits,
    state,
    async close() {
      stop.abort();
      await server.finished;
    },
  };
}

/** The pid of the process listening on loopback `port` (from /proc), for its memory. */
async function listenerPid(port: number): Promise<number | null> {
  const table = await Deno.readTextFile("/proc/net/tcp");
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  const row = table.split("\n").map((line) => line.trim().split(/\s+/))
    .find((cols) => cols[1]?.endsWith(`:${hexPort}`) && cols[3] === "0A");
  if (!row) return null;
  const socket = `socket:[${row[9]}]`;
  for await (const entry of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      for await (const fd of Deno.readDir(`/proc/${entry.name}/fd`)) {
        if (Deno.readLinkSync(`/proc/${entry.name}/fd/${fd.name}`) === socket) return Number(entry.name);
      }
    } catch { /* gone, or not ours to read */ }
  }
  return null;
}

async function rssMb(pid: number): Promise<number> {
  const status = await Deno.readTextFile(`/proc/${pid}/status`);
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/** Resident memory in MB of `pid` and each process below it (render workers), from `/proc/{pid}/status`. */
function treeRssMb(pid: number): { total: number; each: number[] } {
  const each: number[] = [];
  const visit = (id: number) => {
    try {
      each.push(Number(/VmRSS:\s+(\d+)/.exec(Deno.readTextFileSync(`/proc/${id}/status`))![1]) / 1024);
      for (const task of Deno.readDirSync(`/proc/${id}/task`)) {
        const children = Deno.readTextFileSync(`/proc/${id}/task/${task.name}/children`).trim();
        for (const child of children ? children.split(/\s+/) : []) visit(Number(child));
      }
    } catch { /* exited while read */ }
  };
  visit(pid);
  return { total: each.reduce((a, b) => a + b, 0), each };
}

let clients = 0;

/**
 * Fetches an image and returns its PNG bytes (asserting a 200 PNG) and the
 * time it took, as a client of its own (`X-Forwarded-For` under
 * `TRUST_PROXY`): the per-client budget of uncached images
 * (`og/job/client_budget.ts`, tested in `og/mod_test.ts`) is not what this file
 * tests, and would refuse its hundred hostile renders from one address.
 */
async function image(server: TestServer, path: string): Promise<{ png: Uint8Array; ms: number }> {
  const started = performance.now();
  const n = clients++;
  const response = await fetch(server.url + path, {
    headers: { "x-forwarded-for": `198.18.${(n >> 8) & 255}.${n & 255}` },
  });
  const png = new Uint8Array(await response.arrayBuffer());
  const ms = performance.now() - started;
  assert.equal(
    response.status,
    200,
    `${path} answered ${response.status}: ${new TextDecoder().decode(png.slice(0, 200))}`,
  );
  assert.ok(PNG_SIGNATURE.every((b, i) => png[i] === b), `${path} is not a PNG`);
  return { png, ms };
}

/** The card's background colour, read where only the backdrop is painted (top-left corner). */
function background(png: Uint8Array) {
  return pixelAt(decodePixels(png), 6, 6);
}

function near(a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }): boolean {
  return Math.abs(a.r - b.r) <= 6 && Math.abs(a.g - b.g) <= 6 && Math.abs(a.b - b.b) <= 6;
}

function address(n: number): string {
  return `0x${n.toString(16).padStart(40, "0")}`;
}

Deno.test("faults: hostile logos leave the server alive, drawing the default colour, caching no failure", async (t) => {
  const files = hostileLogos();
  const logoHost = startLogoHost(files);
  const canary = startLogoHost({});
  const logoOf = new Map<string, string>();
  const resolvers: Record<string, FakeResolver> = {
    Token: (v) => {
      const tokenAddress = String(v.address).toLowerCase();
      const logoUrl = logoOf.get(tokenAddress);
      if (logoUrl === undefined) return { data: { token: null } };
      return {
        data: {
          token: {
            id: `t-${tokenAddress}`,
            chain: "ETHEREUM",
            address: tokenAddress,
            symbol: "TKN",
            name: "TKN Coin",
            project: { id: `p-${tokenAddress}`, logoUrl },
          },
        },
      };
    },
  };
  const gateway = await startFakeGateway(resolvers);
  const server = await startServer({
    GRAPHQL_URL: gateway.url,
    LOGO_ALLOWED_HOSTS: logoHost.host,
    TRUST_PROXY: "1",
  });
  let next = 1;
  const tokenWith = (logoUrl: string) => {
    const tokenAddress = address(next++);
    logoOf.set(tokenAddress, logoUrl);
    return `/api/image/tokens/ethereum/${tokenAddress}`;
  };
  try {
    const pid = await listenerPid(Number(new URL(server.url).port));
    assert.ok(pid, "the server's pid was not found");
    const control = tokenWith(`${logoHost.origin}/red.png`);
    const cached = await image(server, control);

    await t.step("control: a normal logo colours the card, so a default colour below means something", () => {
      assert.ok(near(background(cached.png), RED), `background ${JSON.stringify(background(cached.png))}`);
    });

    const rssBefore = await rssMb(pid);
    const hostile = Object.keys(files).map((name) => ({ name, path: tokenWith(`${logoHost.origin}/${name}`) }));

    await t.step("each hostile logo: a 200 PNG with the default colour, and the server still answers", async () => {
      for (const { name, path } of hostile) {
        const { png } = await image(server, path);
        assert.ok(near(background(png), DEFAULT), `${name}: background ${JSON.stringify(background(png))}`);
        assert.equal(logoHost.hits.get(name), 1, `${name} was fetched ${logoHost.hits.get(name)} times`);
        const again = await image(server, control);
        assert.deepEqual(again.png, cached.png);
      }
    });

    await t.step("a cached image never waits behind the hostile logos' renders (p99 below their median)", async () => {
      const emoji = ["openmoji", "blobmoji", "noto", "fluentFlat", "twemoji"];
      let done = false;
      const renders: number[] = [];
      const attack = (async () => {
        // Every hostile logo under each emoji variant: new renders, new fetches.
        await Promise.all(
          emoji.flatMap((set) =>
            hostile.map(async ({ path }) => renders.push((await image(server, `${path}?emoji=${set}`)).ms))
          ),
        );
        done = true;
      })();
      const times: number[] = [];
      // The whole process tree (the server and its render workers) while the cards are drawn.
      let peak = treeRssMb(pid);
      const sampler = setInterval(() => {
        const tree = treeRssMb(pid);
        if (tree.total > peak.total) peak = tree;
      }, 50);
      while (!done || times.length < 200) {
        const { png, ms } = await image(server, control);
        assert.deepEqual(png, cached.png, "the cached image changed");
        times.push(ms);
        if (times.length >= 2000) break;
      }
      await attack;
      clearInterval(sampler);
      console.log(
        `process tree during the attack: peak ${peak.total.toFixed(0)} MB ` +
          `(${peak.each.map((mb) => mb.toFixed(0)).join(" + ")}: the server, then its render workers)`,
      );
      assert.ok(peak.total <= 512, `the process tree reached ${peak.total.toFixed(0)} MB`);
      times.sort((a, b) => a - b);
      const p99 = times[Math.floor(times.length * 0.99)];
      console.log(
        `cached image during the attack: ${times.length} requests, median ${times[times.length >> 1].toFixed(1)} ms, ` +
          `p99 ${p99.toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms`,
      );
      renders.sort((a, b) => a - b);
      const renderMedian = renders[renders.length >> 1];
      console.log(`the attack's renders: ${renders.length}, median ${renderMedian.toFixed(1)} ms`);
      // A cached answer queued behind renders would take as long as one: it must stay below their median, whatever
      // the machine's speed (the absolute figure, 50 ms on a quiet machine, is printed above, not asserted).
      assert.ok(p99 < renderMedian, `cached p99 ${p99.toFixed(1)} ms, renders' median ${renderMedian.toFixed(1)} ms`);
    });

    await t.step("memory after the attack is within 300 MB of before", async () => {
      const after = await rssMb(pid);
      console.log(`server RSS: ${rssBefore.toFixed(0)} MB before, ${after.toFixed(0)} MB after`);
      assert.ok(after - rssBefore < 300, `RSS grew from ${rssBefore.toFixed(0)} to ${after.toFixed(0)} MB`);
    });

    await t.step("a slow logo is cut at 5 s; the image still answers", async () => {
      const { png, ms } = await image(server, tokenWith(`${logoHost.origin}/slow.png`));
      assert.ok(near(background(png), DEFAULT));
      assert.ok(ms >= 4500 && ms < 9000, `took ${Math.round(ms)} ms`);
    });

    await t.step("the SSRF canary is never reached, directly, by redirect or by /etc/hosts name", async () => {
      const port = new URL(canary.origin).port;
      const spellings = [
        `http://127.0.0.1:${port}/c`,
        `http://127.1:${port}/c`,
        `http://0x7f000001:${port}/c`,
        `http://2130706433:${port}/c`,
        `http://[::1]:${port}/c`,
        `http://[::ffff:127.0.0.1]:${port}/c`,
        `http://[::7f00:1]:${port}/c`,
        `http://localhost:${port}/c`,
        `http://LOCALHOST.:${port}/c`,
        `http://vm:${port}/c`,
        `http://runsc:${port}/c`,
      ];
      for (const url of spellings) {
        for (const logoUrl of [url, `${logoHost.origin}/redirect?to=${encodeURIComponent(url)}`]) {
          const { png } = await image(server, tokenWith(logoUrl));
          assert.ok(near(background(png), DEFAULT), logoUrl);
        }
      }
      assert.equal([...canary.hits.values()].reduce((a, b) => a + b, 0), 0, "the canary was reached");
    });

    await t.step("a card drawn while its logo host failed is not cached: it recovers at once", async () => {
      const path = tokenWith(`${logoHost.origin}/flaky.png`);
      logoHost.state.flaky = "fail";
      assert.ok(near(background((await image(server, path)).png), DEFAULT));
      logoHost.state.flaky = "ok";
      const recovered = background((await image(server, path)).png);
      assert.ok(near(recovered, RED), `still ${JSON.stringify(recovered)}: the failed card was cached`);
    });

    await t.step("the server is alive and logged no panic", async () => {
      const response = await fetch(`${server.url}/`);
      await response.body?.cancel();
      assert.ok(response.status < 500, `GET / answered ${response.status}`);
      assert.ok(!server.output.some((line) => /panicked|uncaught|out of memory/i.test(line)), "a panic was logged");
    });
  } finally {
    await server.stop();
    await gateway.close();
    await logoHost.close();
    await canary.close();
  }
});

// A PNG bigger than the card draws but within the budget still colours the card
// (the cap refuses bombs, not large logos).
Deno.test("faults: a large but honest logo is still drawn", async () => {
  const size = 1024;
  const data = new Uint8Array(size * size * 4);
  for (let i = 0; i < data.length; i += 4) data.set([RED.r, RED.g, RED.b, 255], i);
  const logoHost = startLogoHost({
    "large.png": encodePng({ width: size, height: size, data, channels: 4, depth: 8 }),
  });
  const gateway = await startFakeGateway({
    Token: (v) => ({
      data: {
        token: {
          id: "t",
          chain: "ETHEREUM",
          address: String(v.address).toLowerCase(),
          symbol: "BIG",
          name: "Big Coin",
          project: { id: "p", logoUrl: `${logoHost.origin}/large.png` },
        },
      },
    }),
  });
  const server = await startServer({ GRAPHQL_URL: gateway.url, LOGO_ALLOWED_HOSTS: logoHost.host });
  try {
    const { png } = await image(server, `/api/image/tokens/ethereum/${address(7)}`);
    assert.ok(near(background(png), RED), JSON.stringify(background(png)));
  } finally {
    await server.stop();
    await gateway.close();
    await logoHost.close();
  }
});
