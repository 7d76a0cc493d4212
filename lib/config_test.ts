import assert from "node:assert/strict";
import { ConfigError, DEFAULT_KV_PATH, loadConfig } from "./config.ts";

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
