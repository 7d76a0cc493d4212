import assert from "node:assert/strict";
import {
  fetchLogo,
  hostAndPort,
  imageDimensions,
  isBlockedAddress,
  logoHttpUrl,
  sniffImageType,
} from "./logo_fetch.ts";
import {
  bytesResponse,
  pngHeaderOnly,
  sleep,
  solidJpeg,
  solidPng,
  startLogoServer,
  webpBytes,
} from "./test_helpers.ts";

Deno.test("isBlockedAddress refuses non-public addresses", () => {
  const blocked = [
    "127.0.0.1",
    "127.8.9.10",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "[::1]",
    "fe80::1",
    "fc00::1",
    "fd00:ec2::254",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "64:ff9b::a00:1",
    "2002:7f00:1::",
    "ff02::1",
    "not an ip",
  ];
  for (const address of blocked) {
    assert.equal(isBlockedAddress(address), true, address);
  }
  const allowed = [
    "1.1.1.1",
    "8.8.8.8",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
  ];
  for (const address of allowed) {
    assert.equal(isBlockedAddress(address), false, address);
  }
});

Deno.test("sniffImageType reads magic bytes, not names", () => {
  assert.equal(sniffImageType(solidPng({ r: 1, g: 2, b: 3 })), "png");
  assert.equal(sniffImageType(solidJpeg({ r: 1, g: 2, b: 3 })), "jpeg");
  assert.equal(sniffImageType(webpBytes()), "webp");
  assert.equal(
    sniffImageType(new TextEncoder().encode("GIF89a\x01\x00\x01\x00")),
    "gif",
  );
  assert.equal(
    sniffImageType(new TextEncoder().encode('<?xml version="1.0"?>\n<svg>')),
    "svg",
  );
  assert.equal(sniffImageType(new TextEncoder().encode("<html>")), "other");
});

Deno.test("imageDimensions reads PNG and JPEG headers", () => {
  assert.deepEqual(
    imageDimensions(solidPng({ r: 0, g: 0, b: 0 }, 37), "png"),
    { width: 37, height: 37 },
  );
  assert.deepEqual(
    imageDimensions(solidJpeg({ r: 0, g: 0, b: 0 }, 24), "jpeg"),
    { width: 24, height: 24 },
  );
  assert.deepEqual(imageDimensions(pngHeaderOnly(30000, 30000), "png"), {
    width: 30000,
    height: 30000,
  });
});

Deno.test("logoHttpUrl maps IPFS and Arweave URIs to gateways", () => {
  assert.equal(logoHttpUrl("ipfs://QmAbc/logo.png"), "https://ipfs.io/ipfs/QmAbc/logo.png");
  assert.equal(logoHttpUrl("ipfs://ipfs/QmAbc"), "https://ipfs.io/ipfs/QmAbc");
  assert.equal(logoHttpUrl("ipns://name.eth/x.png"), "https://ipfs.io/ipns/name.eth/x.png");
  assert.equal(logoHttpUrl("ar://TxId"), "https://arweave.net/TxId");
  assert.equal(logoHttpUrl(" https://a.b/c.png "), "https://a.b/c.png");
  assert.equal(logoHttpUrl("file:///etc/passwd"), "file:///etc/passwd");
});

Deno.test("hostAndPort", () => {
  assert.equal(hostAndPort(new URL("https://Example.com/x")), "example.com:443");
  assert.equal(hostAndPort(new URL("http://a.b:81/x")), "a.b:81");
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

    // Timeout: the 20 s server is cut at the (shortened) limit.
    const started = performance.now();
    assert.equal(
      await fetchLogo(`${server.origin}/slow.png`, { ...allowed, timeoutMs: 800 }),
      null,
    );
    const elapsed = performance.now() - started;
    assert.ok(elapsed >= 700 && elapsed < 3000, `took ${elapsed} ms`);

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
