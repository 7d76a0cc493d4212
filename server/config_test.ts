import assert from "node:assert/strict";
import { ConfigError, DEFAULT_KV_PATH, DEFAULT_WALLETCONNECT_RELAY_URL, loadConfig } from "./config.ts";

Deno.test("loadConfig: defaults when nothing is set", () => {
  const config = loadConfig({});
  assert.equal(config.port, 8000);
  assert.equal(config.hostname, "0.0.0.0");
  assert.equal(config.graphqlUrl, null);
  assert.equal(config.gatewayTimeoutMs, 5000);
  assert.equal(config.kvPath, DEFAULT_KV_PATH);
  assert.equal(config.publicOrigin, null);
  assert.deepEqual(config.logoAllowedHosts, []);
});

Deno.test("loadConfig: reads every variable", () => {
  const config = loadConfig({
    PORT: "9001",
    HOSTNAME: "127.0.0.1",
    GRAPHQL_URL: "https://gateway.example/v1/graphql",
    GATEWAY_TIMEOUT_MS: "2500",
    DENO_KV_PATH: ":memory:",
    PUBLIC_ORIGIN: "https://app.example.com/",
    LOGO_ALLOWED_HOSTS: "127.0.0.1:9000, Localhost:80",
  });
  assert.equal(config.port, 9001);
  assert.equal(config.hostname, "127.0.0.1");
  assert.equal(config.graphqlUrl, "https://gateway.example/v1/graphql");
  assert.equal(config.graphqlWsUrl, "wss://gateway.example/v1/graphql");
  assert.equal(config.gatewayTimeoutMs, 2500);
  assert.equal(config.kvPath, ":memory:");
  assert.equal(config.publicOrigin, "https://app.example.com");
  assert.deepEqual(config.logoAllowedHosts, ["127.0.0.1:9000", "localhost:80"]);
});

Deno.test("loadConfig: a bad value names the variable and the expectation", () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ PORT: "http" }, /^Cannot parse PORT "http": expected an integer from 0 to 65535$/],
    [{ PORT: "70000" }, /PORT "70000"/],
    [{ PORT: "-1" }, /PORT "-1"/],
    [{ GRAPHQL_URL: "not a url" }, /^Cannot parse GRAPHQL_URL "not a url": expected an absolute URL$/],
    [{ GRAPHQL_URL: "ftp://x/graphql" }, /GRAPHQL_URL .*expected a http: or https: URL/],
    [{ PUBLIC_ORIGIN: "https://app.example.com/path" }, /PUBLIC_ORIGIN .*expected an origin/],
    [{ GATEWAY_TIMEOUT_MS: "0" }, /GATEWAY_TIMEOUT_MS "0"/],
    [{ LOGO_ALLOWED_HOSTS: "localhost" }, /LOGO_ALLOWED_HOSTS entry "localhost": expected host:port/],
    [{ HOSTNAME: "a b" }, /HOSTNAME "a b"/],
  ];
  for (const [env, message] of cases) {
    assert.throws(
      () => loadConfig(env),
      (error: unknown) => error instanceof ConfigError && message.test(error.message),
    );
  }
});

Deno.test("loadConfig: WalletConnect is off without a project id, on the public relay with one", () => {
  const off = loadConfig({});
  assert.equal(off.walletConnectProjectId, null);
  assert.equal(off.walletConnectRelayUrl, null);
  const on = loadConfig({ WALLETCONNECT_PROJECT_ID: " 0123456789abcdef0123456789abcdef " });
  assert.equal(on.walletConnectProjectId, "0123456789abcdef0123456789abcdef");
  assert.equal(on.walletConnectRelayUrl, DEFAULT_WALLETCONNECT_RELAY_URL);
  assert.equal(DEFAULT_WALLETCONNECT_RELAY_URL, "wss://relay.walletconnect.org");
  const own = (url: string) =>
    loadConfig({ WALLETCONNECT_PROJECT_ID: "p1", WALLETCONNECT_RELAY_URL: url }).walletConnectRelayUrl;
  assert.equal(own("ws://127.0.0.1:4444"), "ws://127.0.0.1:4444");
  assert.equal(own("wss://relay.example.com/"), "wss://relay.example.com");
  assert.equal(own("wss://relay.example.com/v2"), "wss://relay.example.com/v2");
});

Deno.test("loadConfig: a bad WalletConnect setting names the variable in one line", () => {
  const cases: [Record<string, string>, RegExp][] = [
    [
      { WALLETCONNECT_PROJECT_ID: "a b" },
      /^Cannot parse WALLETCONNECT_PROJECT_ID "a b": expected a project id \(letters, digits, - and _\)$/,
    ],
    [
      { WALLETCONNECT_PROJECT_ID: "p1", WALLETCONNECT_RELAY_URL: "https://relay.example.com" },
      /^Cannot parse WALLETCONNECT_RELAY_URL "https:\/\/relay.example.com": expected a ws: or wss: URL$/,
    ],
    [
      { WALLETCONNECT_PROJECT_ID: "p1", WALLETCONNECT_RELAY_URL: "relay.example.com" },
      /^Cannot parse WALLETCONNECT_RELAY_URL "relay.example.com": expected an absolute URL$/,
    ],
    [
      { WALLETCONNECT_PROJECT_ID: "p1", WALLETCONNECT_RELAY_URL: "wss://user:pw@relay.example.com" },
      /^Cannot parse WALLETCONNECT_RELAY_URL ".*": expected a ws: or wss: URL without credentials/,
    ],
    [
      { WALLETCONNECT_PROJECT_ID: "p1", WALLETCONNECT_RELAY_URL: "wss://relay.example.com/?projectId=x" },
      /WALLETCONNECT_RELAY_URL .*without credentials, query or fragment$/,
    ],
    [
      { WALLETCONNECT_RELAY_URL: "wss://relay.example.com" },
      /^Cannot use WALLETCONNECT_RELAY_URL "wss:\/\/relay.example.com": .*WALLETCONNECT_PROJECT_ID is not set$/,
    ],
  ];
  for (const [env, message] of cases) {
    assert.throws(
      () => loadConfig(env),
      (error: unknown) => error instanceof ConfigError && !error.message.includes("\n") && message.test(error.message),
      JSON.stringify(env),
    );
  }
});

Deno.test("loadConfig: PREVIEW_PURGE_TOKEN is off by default, and a short or spaced one is refused unechoed", () => {
  assert.equal(loadConfig({}).previewPurgeToken, null);
  assert.equal(
    loadConfig({ PREVIEW_PURGE_TOKEN: " s3cret-token-0123456789 " }).previewPurgeToken,
    "s3cret-token-0123456789",
  );
  for (const bad of ["short", "has a space in the middle!", "é".repeat(20)]) {
    assert.throws(
      () => loadConfig({ PREVIEW_PURGE_TOKEN: bad }),
      (error: Error) =>
        /PREVIEW_PURGE_TOKEN .*16 to 512 visible ASCII/.test(error.message) && !error.message.includes(bad),
    );
  }
});

Deno.test("loadConfig: IMAGE_CACHE_MAX_BYTES defaults to 256 MiB and takes 64 KiB to 1 TiB", () => {
  assert.equal(loadConfig({}).imageCacheMaxBytes, 256 * 1024 * 1024);
  assert.equal(loadConfig({ IMAGE_CACHE_MAX_BYTES: " 300000 " }).imageCacheMaxBytes, 300_000);
  for (const bad of ["1000", "1e9", "-5", "256MB", String(2 ** 40 + 1)]) {
    assert.throws(
      () => loadConfig({ IMAGE_CACHE_MAX_BYTES: bad }),
      new RegExp(`Cannot parse IMAGE_CACHE_MAX_BYTES "${bad}": expected an integer from 65536 to ${2 ** 40}`),
    );
  }
});

Deno.test("loadConfig: render workers retire after RENDER_IDLE_SECONDS and fit in RENDER_MEMORY_MB", () => {
  const defaults = loadConfig({});
  assert.equal(defaults.renderIdleSeconds, 30);
  assert.equal(defaults.renderMemoryMb, 480);
  const set = loadConfig({ RENDER_IDLE_SECONDS: "45", RENDER_MEMORY_MB: "512" });
  assert.equal(set.renderIdleSeconds, 45);
  assert.equal(set.renderMemoryMb, 512);
  assert.throws(() => loadConfig({ RENDER_IDLE_SECONDS: "0" }), /RENDER_IDLE_SECONDS "0"/);
  assert.throws(() => loadConfig({ RENDER_MEMORY_MB: "10" }), /RENDER_MEMORY_MB "10": expected an integer from 64/);
});

Deno.test("loadConfig: PAGE_WORKERS renders pages on that many isolates, one per core by default, 0 on the main thread", () => {
  assert.equal(loadConfig({}).pageWorkers, Math.max(1, Math.min(navigator.hardwareConcurrency, 64)));
  assert.equal(loadConfig({ PAGE_WORKERS: "0" }).pageWorkers, 0);
  assert.equal(loadConfig({ PAGE_WORKERS: "3" }).pageWorkers, 3);
  assert.throws(() => loadConfig({ PAGE_WORKERS: "65" }), /PAGE_WORKERS "65": expected an integer from 0/);
  assert.throws(() => loadConfig({ PAGE_WORKERS: "two" }), /PAGE_WORKERS "two"/);
});

Deno.test("loadConfig: the demo chain's state is kept beside a KV file, where DEMO_CHAIN_STATE says, or not", () => {
  assert.equal(loadConfig({}).demoChainState, ".data/demo_chain_state.json");
  assert.equal(loadConfig({ DENO_KV_PATH: "/var/kv/x.sqlite3" }).demoChainState, "/var/kv/demo_chain_state.json");
  assert.equal(loadConfig({ DENO_KV_PATH: "kv.sqlite3" }).demoChainState, "demo_chain_state.json");
  assert.equal(loadConfig({ DENO_KV_PATH: ":memory:" }).demoChainState, null);
  assert.equal(loadConfig({ DENO_KV_PATH: "https://kv.example/x" }).demoChainState, null);
  assert.equal(loadConfig({ DEMO_CHAIN_STATE: "/tmp/c.json", DENO_KV_PATH: ":memory:" }).demoChainState, "/tmp/c.json");
  assert.equal(loadConfig({ DEMO_CHAIN_STATE: ":memory:" }).demoChainState, null);
  for (const bad of ["dir/", "http://x/y"]) {
    assert.throws(
      () => loadConfig({ DEMO_CHAIN_STATE: bad }),
      new ConfigError(
        `Cannot parse DEMO_CHAIN_STATE "${bad}": expected a file path or :memory:`,
      ),
    );
  }
});
