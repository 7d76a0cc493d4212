import assert from "node:assert/strict";
import { fetchLogo, fetchLogoOutcome, type LogoFetchOptions, logoHttpUrl } from "./logo_fetch.ts";
import type { Connector } from "./pinned_get.ts";
import { bytesResponse, pngHeaderOnly, sleep, solidPng, startLogoServer } from "../test_helpers.ts";

Deno.test("logoHttpUrl maps IPFS and Arweave URIs to gateways", () => {
  assert.equal(logoHttpUrl("ipfs://QmAbc/logo.png"), "https://ipfs.io/ipfs/QmAbc/logo.png");
  assert.equal(logoHttpUrl("ipfs://ipfs/QmAbc"), "https://ipfs.io/ipfs/QmAbc");
  assert.equal(logoHttpUrl("ipns://name.eth/x.png"), "https://ipfs.io/ipns/name.eth/x.png");
  assert.equal(logoHttpUrl("ar://TxId"), "https://arweave.net/TxId");
  assert.equal(logoHttpUrl(" https://a.b/c.png "), "https://a.b/c.png");
  assert.equal(logoHttpUrl("file:///etc/passwd"), "file:///etc/passwd");
});

Deno.test("fetchLogo applies every limit to a hostile server", async () => {
  const stop = new AbortController();
  const red = solidPng({ r: 220, g: 20, b: 30 });
  const server = startLogoServer({
    "/red.png": () => bytesResponse(red, "image/png"),
    "/red.webp": () => bytesResponse(red, "image/webp"),
    "/redirect": (_request, url) =>
      new Response(null, {
        status: 302,
        headers: { location: url.searchParams.get("to")! },
      }),
    "/loop": () => new Response(null, { status: 302, headers: { location: "/loop" } }),
    "/big": () => bytesResponse(new Uint8Array(3 * 1024 * 1024), "image/png"),
    "/big-chunked": () => {
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= 3 * 1024 * 1024) return controller.close();
          sent += 64 * 1024;
          controller.enqueue(new Uint8Array(64 * 1024));
        },
      });
      return new Response(body, { headers: { "content-type": "image/png" } });
    },
    "/bomb.png": () => bytesResponse(pngHeaderOnly(30000, 30000), "image/png"),
    "/slow.png": async () => {
      await sleep(20_000, stop.signal);
      return bytesResponse(red, "image/png");
    },
  });
  const allowed = { allowedHosts: [`127.0.0.1:${server.port}`] };
  try {
    // The allow-listed server itself works.
    const ok = await fetchLogo(`${server.origin}/red.png`, allowed);
    assert.equal(ok?.type, "png");
    assert.deepEqual(ok?.bytes, red);
    // Content decides the type, not the name.
    assert.equal(
      (await fetchLogo(`${server.origin}/red.webp`, allowed))?.type,
      "png",
    );

    // Loopback that is not allow-listed: by name, by IP, by IPv6.
    const before = server.hits.get("/red.png");
    assert.equal(
      await fetchLogo(`http://localhost:${server.port}/red.png`, allowed),
      null,
    );
    assert.equal(await fetchLogo(`${server.origin}/red.png`), null);
    assert.equal(await fetchLogo(`http://[::1]:${server.port}/red.png`), null);
    assert.equal(server.hits.get("/red.png"), before, "no request was made");

    // A redirect from an allowed host to a loopback one is refused.
    const to = `http://localhost:${server.port}/red.png`;
    assert.equal(
      await fetchLogo(
        `${server.origin}/redirect?to=${encodeURIComponent(to)}`,
        allowed,
      ),
      null,
    );
    // ... while a redirect to an allowed host is followed.
    const toAllowed = `${server.origin}/red.png`;
    assert.equal(
      (await fetchLogo(
        `${server.origin}/redirect?to=${encodeURIComponent(toAllowed)}`,
        allowed,
      ))?.type,
      "png",
    );
    // Redirect loops stop.
    assert.equal(await fetchLogo(`${server.origin}/loop`, allowed), null);
    assert.equal(server.hits.get("/loop"), 4);

    // Size caps: declared and streamed.
    assert.equal(await fetchLogo(`${server.origin}/big`, allowed), null);
    assert.equal(await fetchLogo(`${server.origin}/big-chunked`, allowed), null);
    // Pixel cap from the header.
    assert.equal(await fetchLogo(`${server.origin}/bomb.png`, allowed), null);

    // Timeout: a server that never answers (until the test stops) is given up
    // on at the (shortened) limit, as a failure that may pass (not cacheable).
    assert.deepEqual(
      await fetchLogoOutcome(`${server.origin}/slow.png`, { ...allowed, timeoutMs: 800 }),
      { logo: null, cacheable: false },
    );
    assert.equal(server.hits.get("/slow.png"), 1, "asked once, answered never");

    // Still healthy.
    assert.equal(
      (await fetchLogo(`${server.origin}/red.png`, allowed))?.type,
      "png",
    );
  } finally {
    stop.abort();
    await server.close();
  }
});

Deno.test("fetchLogo checks every resolved address before connecting", async () => {
  const resolved: string[] = [];
  const resolve = (hostname: string) => {
    resolved.push(hostname);
    return Promise.resolve(
      hostname === "mixed.example" ? ["93.184.216.34", "10.0.0.7"] : [],
    );
  };
  assert.equal(await fetchLogo("http://mixed.example/logo.png", { resolve }), null);
  assert.equal(await fetchLogo("http://nothing.example/logo.png", { resolve }), null);
  assert.deepEqual(resolved, ["mixed.example", "nothing.example"]);
  // Schemes and credentials are refused before any lookup.
  assert.equal(await fetchLogo("ftp://mixed.example/logo.png", { resolve }), null);
  assert.equal(await fetchLogo("file:///etc/passwd", { resolve }), null);
  assert.equal(
    await fetchLogo("http://user:pw@mixed.example/logo.png", { resolve }),
    null,
  );
  assert.equal(await fetchLogo("not a url", { resolve }), null);
  assert.equal(resolved.length, 2);
  // Metadata address given literally.
  assert.equal(await fetchLogo("http://169.254.169.254/latest/meta-data"), null);
});

/**
 * A connector that records where it was asked to connect and sends every
 * connection to loopback `port` instead (the "public" addresses of these
 * tests are never contacted).
 */
function loopbackConnector(port: number, asked: string[]): Connector {
  return ({ hostname, signal }) => {
    asked.push(hostname);
    return Deno.connect({ hostname: "127.0.0.1", port, signal });
  };
}

Deno.test("fetchLogo asks DNS once per hop and connects to the address it vetted (no rebinding)", async () => {
  const red = solidPng({ r: 220, g: 20, b: 30 });
  const hosts: string[] = [];
  const server = startLogoServer({
    "/red.png": (request) => {
      hosts.push(request.headers.get("host") ?? "");
      return bytesResponse(red, "image/png");
    },
    "/to-private": () => new Response(null, { status: 302, headers: { location: "http://inside.example/red.png" } }),
  });
  const lookups: string[] = [];
  // A rebinding name: public on the first answer, loopback on every later one.
  const resolve = (hostname: string) => {
    lookups.push(hostname);
    if (hostname === "inside.example") return Promise.resolve(["10.0.0.7"]);
    return Promise.resolve(lookups.filter((h) => h === hostname).length === 1 ? ["93.184.216.34"] : ["127.0.0.1"]);
  };
  const asked: string[] = [];
  const options: LogoFetchOptions = { resolve, connect: loopbackConnector(server.port, asked) };
  try {
    const logo = await fetchLogo(`http://rebind.example:${server.port}/red.png`, options);
    assert.deepEqual(logo?.bytes, red);
    assert.deepEqual(lookups, ["rebind.example"]);
    assert.deepEqual(asked, ["93.184.216.34"]);
    assert.deepEqual(hosts, [`rebind.example:${server.port}`]);
    // The next fetch of the same name sees the rebound answer and is refused before connecting.
    assert.equal(await fetchLogo(`http://rebind.example:${server.port}/red.png`, options), null);
    assert.deepEqual(asked, ["93.184.216.34"]);
    // A redirect to a name that resolves privately is vetted again and refused.
    assert.equal(await fetchLogo(`http://public.example:${server.port}/to-private`, options), null);
    assert.deepEqual(lookups.slice(-2), ["public.example", "inside.example"]);
    assert.deepEqual(hosts, [`rebind.example:${server.port}`]);
  } finally {
    await server.close();
  }
});

Deno.test("fetchLogo over https: pinned address, SNI and certificate for the logo's host name", async () => {
  const tls = new URL("../testdata/tls/", import.meta.url);
  const [ca, cert, key] = await Promise.all(
    ["ca.pem", "logo.test.pem", "logo.test.key"].map((name) => Deno.readTextFile(new URL(name, tls))),
  );
  const red = solidPng({ r: 220, g: 20, b: 30 });
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, cert, key, onListen() {} },
    () => bytesResponse(red, "image/png"),
  );
  const port = server.addr.port;
  const asked: string[] = [];
  const options: LogoFetchOptions = {
    resolve: () => Promise.resolve(["93.184.216.34"]),
    connect: loopbackConnector(port, asked),
    caCerts: [ca],
  };
  try {
    assert.deepEqual((await fetchLogo(`https://logo.test:${port}/red.png`, options))?.bytes, red);
    // The same server under a name its certificate does not cover.
    assert.equal(await fetchLogo(`https://evil.test:${port}/red.png`, options), null);
    assert.deepEqual(asked, ["93.184.216.34", "93.184.216.34"]);
  } finally {
    await server.shutdown();
  }
});

/** Spellings of loopback and private addresses, and names that resolve to them. */
function canarySpellings(port: number): string[] {
  return [
    `http://127.0.0.1:${port}/`,
    `http://127.1:${port}/`,
    `http://0x7f000001:${port}/`,
    `http://2130706433:${port}/`,
    `http://0177.0.0.1:${port}/`,
    `http://127.000.000.001:${port}/`,
    `http://0.0.0.0:${port}/`,
    `http://0:${port}/`,
    `http://[::1]:${port}/`,
    `http://[::]:${port}/`,
    `http://[::ffff:127.0.0.1]:${port}/`,
    `http://[0:0:0:0:0:ffff:7f00:1]:${port}/`,
    `http://[::7f00:1]:${port}/`,
    `http://[64:ff9b::7f00:1]:${port}/`,
    `http://[2002:7f00:1::]:${port}/`,
    `http://[100::1]:${port}/`,
    `http://localhost:${port}/`,
    `http://LOCALHOST.:${port}/`,
    `http://canary.localhost:${port}/`,
    `https://127.0.0.1:${port}/`,
    `http://user:pw@127.0.0.1:${port}/`,
    // Names: from /etc/hosts, and one a DNS answer would point home.
    `http://vm:${port}/`,
    `http://runsc:${port}/`,
    `http://127.0.0.1.nip.io:${port}/`,
  ];
}

Deno.test("the SSRF canary is never reached: 24 spellings, directly and through redirects", async () => {
  const canary = startLogoServer({});
  const front = startLogoServer({
    "/redirect": (_request, url) =>
      new Response(null, { status: 302, headers: { location: url.searchParams.get("to")! } }),
  });
  // Names resolve as a hostile DNS would: home. (No real lookup is made.)
  const resolve = () => Promise.resolve(["127.0.0.1"]);
  const options: LogoFetchOptions = { resolve, allowedHosts: [`127.0.0.1:${front.port}`], timeoutMs: 2000 };
  try {
    const spellings = canarySpellings(canary.port);
    assert.equal(spellings.length, 24);
    for (const url of spellings) {
      assert.equal(await fetchLogo(url, options), null, url);
      const hop = `${front.origin}/redirect?to=${encodeURIComponent(url)}`;
      assert.equal(await fetchLogo(hop, options), null, `redirect to ${url}`);
    }
    assert.equal([...canary.hits.values()].reduce((a, b) => a + b, 0), 0, "the canary was reached");
    assert.equal(front.hits.get("/redirect"), spellings.length, "the redirects were followed to the check");
  } finally {
    await canary.close();
    await front.close();
  }
});

Deno.test("fetchLogoOutcome: only outcomes that would repeat may be cached", async () => {
  const stop = new AbortController();
  const red = solidPng({ r: 220, g: 20, b: 30 });
  const server = startLogoServer({
    "/red.png": () => bytesResponse(red, "image/png"),
    "/500": () => new Response("down", { status: 500 }),
    "/429": () => new Response("slow down", { status: 429 }),
    "/404": () => new Response("gone", { status: 404 }),
    "/bomb.png": () => bytesResponse(pngHeaderOnly(30000, 30000), "image/png"),
    "/hang.png": async () => {
      await sleep(20_000, stop.signal);
      return bytesResponse(red, "image/png");
    },
  });
  const closed = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const closedPort = (closed.addr as Deno.NetAddr).port;
  closed.close();
  const options: LogoFetchOptions = {
    allowedHosts: [`127.0.0.1:${server.port}`, `127.0.0.1:${closedPort}`],
    resolve: () => Promise.resolve([]),
    timeoutMs: 500,
  };
  const outcome = async (url: string) => {
    const { logo, cacheable } = await fetchLogoOutcome(url, options);
    return { found: logo !== null, cacheable };
  };
  try {
    assert.deepEqual(await outcome(`${server.origin}/red.png`), { found: true, cacheable: true });
    assert.deepEqual(await outcome(`${server.origin}/404`), { found: false, cacheable: true });
    assert.deepEqual(await outcome(`${server.origin}/bomb.png`), { found: false, cacheable: true });
    assert.deepEqual(await outcome("http://10.0.0.1/logo.png"), { found: false, cacheable: true });
    assert.deepEqual(await outcome("not a url"), { found: false, cacheable: true });
    assert.deepEqual(await outcome(`${server.origin}/500`), { found: false, cacheable: false });
    assert.deepEqual(await outcome(`${server.origin}/429`), { found: false, cacheable: false });
    assert.deepEqual(await outcome(`http://127.0.0.1:${closedPort}/red.png`), { found: false, cacheable: false });
    assert.deepEqual(await outcome("http://unresolvable.example/logo.png"), { found: false, cacheable: false });
    assert.deepEqual(await outcome(`${server.origin}/hang.png`), { found: false, cacheable: false });
  } finally {
    stop.abort();
    await server.close();
  }
});
