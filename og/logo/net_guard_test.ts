import assert from "node:assert/strict";
import { hostAndPort, isBlockedAddress, isIpLiteral, LogoRefusedError, vetUrl } from "./net_guard.ts";

Deno.test("isBlockedAddress refuses every special-purpose range, IPv4 and IPv6", () => {
  const blocked = [
    // IPv4: this network, private, shared, loopback, link-local (metadata), IETF,
    // TEST-NETs, 6to4 relay, benchmarking, AS112, AMT, reserved, multicast, broadcast.
    "0.0.0.0",
    "0.1.2.3",
    "10.1.2.3",
    "100.64.0.1",
    "100.127.255.254",
    "127.0.0.1",
    "127.8.9.10",
    "169.254.169.254",
    "172.16.0.1",
    "172.31.255.255",
    "192.0.0.8",
    "192.0.2.1",
    "192.31.196.1",
    "192.52.193.1",
    "192.88.99.1",
    "192.168.1.1",
    "192.175.48.1",
    "198.18.0.1",
    "198.19.255.1",
    "198.51.100.7",
    "203.0.113.9",
    "224.0.0.1",
    "240.0.0.1",
    "255.255.255.255",
    // The same written the ways URL parsers and ipaddr.js accept.
    "2130706433",
    "0x7f.1",
    // IPv6: unspecified, loopback, mapped and translated IPv4, discard (100::/64,
    // which the old prefix check missed), dummy prefix, IPv4-compatible, NAT64,
    // Teredo, benchmarking, ORCHID, documentation, 6to4, segment routing,
    // unique local, link-local (with a zone), site-local, multicast.
    "::",
    "::1",
    "[::1]",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::ffff:0:7f00:1",
    "100::1",
    "100::ffff:ffff:ffff:ffff",
    "100:0:0:1::1",
    "::7f00:1",
    "::a00:1",
    "64:ff9b::a00:1",
    "64:ff9b::808:808",
    "64:ff9b:1::1",
    "2001::1",
    "2001:2::1",
    "2001:10::1",
    "2001:20::1",
    "2001:db8::1",
    "2002:7f00:1::",
    "2620:4f:8000::1",
    "3fff::1",
    "5f00::1",
    "fc00::1",
    "fd00:ec2::254",
    "fe80::1",
    "fe80::1%eth0",
    "[fe80::1%25lo]",
    "fec0::1",
    "ff02::1",
    // Outside 2000::/3 (not allocated for global unicast).
    "4000::1",
    "not an ip",
    "",
  ];
  for (const address of blocked) {
    assert.equal(isBlockedAddress(address), true, address);
  }
  const allowed = ["1.1.1.1", "8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"];
  for (const address of allowed) {
    assert.equal(isBlockedAddress(address), false, address);
  }
});

Deno.test("isIpLiteral and hostAndPort", () => {
  assert.equal(isIpLiteral("[::1]"), true);
  assert.equal(isIpLiteral("10.0.0.1"), true);
  assert.equal(isIpLiteral("example.com"), false);
  assert.equal(hostAndPort(new URL("https://Example.com/x")), "example.com:443");
  assert.equal(hostAndPort(new URL("http://a.b:81/x")), "a.b:81");
  assert.equal(hostAndPort(new URL("http://[::1]/x")), "[::1]:80");
});

Deno.test("vetUrl resolves once, and refuses before any lookup what it can", async () => {
  const looked: string[] = [];
  const resolve = (hostname: string) => {
    looked.push(hostname);
    const answers: Record<string, string[]> = {
      "public.example": ["93.184.216.34", "2606:2800:220:1::1"],
      "mixed.example": ["93.184.216.34", "10.0.0.7"],
      "rebind.example": ["100::1"],
    };
    return Promise.resolve(answers[hostname] ?? []);
  };
  const signal = new AbortController().signal;
  const vet = (url: string, allowedHosts: string[] = []) => vetUrl(new URL(url), { resolve, allowedHosts }, signal);

  assert.deepEqual(await vet("https://public.example/logo.png"), {
    addresses: ["93.184.216.34", "2606:2800:220:1::1"],
    port: 443,
  });
  for (const url of ["http://mixed.example/", "http://rebind.example/", "http://nothing.example/"]) {
    await assert.rejects(vet(url), LogoRefusedError, url);
  }
  assert.deepEqual(looked, ["public.example", "mixed.example", "rebind.example", "nothing.example"]);

  // Refused without a lookup: schemes, credentials, loopback names (a
  // trailing dot included) and non-public literals.
  for (
    const url of [
      "ftp://public.example/x",
      "file:///etc/passwd",
      "http://user:pw@public.example/x",
      "http://localhost/x",
      "http://LOCALHOST./x",
      "http://a.b.localhost/x",
      "http://127.1/x",
      "http://0x7f000001/x",
      "http://2130706433/x",
      "http://[::ffff:127.0.0.1]/x",
      "http://[100::1]/x",
      "http://169.254.169.254/latest/meta-data",
    ]
  ) {
    await assert.rejects(vet(url), LogoRefusedError, url);
  }
  assert.equal(looked.length, 4);

  // The allow-list matches host and port exactly, and skips the address check.
  assert.deepEqual(await vet("http://127.0.0.1:9000/x", ["127.0.0.1:9000"]), { addresses: [], port: 9000 });
  await assert.rejects(vet("http://127.0.0.1:9001/x", ["127.0.0.1:9000"]), LogoRefusedError);
  await assert.rejects(vet("http://localhost:9000/x", ["127.0.0.1:9000"]), LogoRefusedError);
});
