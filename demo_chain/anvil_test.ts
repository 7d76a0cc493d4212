import assert from "node:assert/strict";
import { anvilArgs, anvilBinary, anvilPlatformPackage, BLOCK_GAS_LIMIT, spawnAnvil } from "./anvil.ts";

Deno.test("Anvil's binary is the platform package's, found without the wrapper and runnable", async () => {
  assert.equal(anvilPlatformPackage("linux", "x86_64"), "anvil-linux-amd64");
  assert.equal(anvilPlatformPackage("darwin", "aarch64"), "anvil-darwin-arm64");
  assert.throws(() => anvilPlatformPackage("freebsd", "x86_64"), /Anvil has no binary for freebsd on x86_64/);
  const binary = anvilBinary();
  assert.match(binary, new RegExp(`${anvilPlatformPackage()}/bin/anvil$`));
  const { stdout, success } = await new Deno.Command(binary, { args: ["--version"] }).output();
  assert.ok(success);
  assert.match(new TextDecoder().decode(stdout), /^anvil Version: 1\.7\.1/);
  assert.throws(() => anvilBinary(new URL("file:///nonexistent/")), /Cannot find Anvil's binary/);
});

Deno.test("the command line: chain 31337, Prague, 30M gas, no CORS, the state file when given", () => {
  const args = anvilArgs({ port: 0 });
  const value = (name: string) => args[args.indexOf(name) + 1];
  assert.equal(value("--chain-id"), "31337");
  assert.equal(value("--hardfork"), "prague");
  assert.equal(value("--gas-limit"), String(BLOCK_GAS_LIMIT));
  assert.equal(value("--host"), "127.0.0.1");
  assert.ok(args.includes("--no-cors"));
  assert.ok(!args.includes("--state") && !args.includes("--load-state"));
  assert.equal(anvilArgs({ port: 0, stateFile: "/x/s.json" }).at(-1), "/x/s.json");
  assert.equal(anvilArgs({ port: 0, loadState: "/x/t.json" }).at(-2), "--load-state");
});

Deno.test("the node: JSON only, no CORS for a web page, an endless loop out of gas at once, the dev accounts", async () => {
  const anvil = await spawnAnvil({ port: 0 });
  try {
    const post = async (headers: Record<string, string>, body: unknown) => {
      const response = await fetch(anvil.url, { method: "POST", headers, body: JSON.stringify(body) });
      return { status: response.status, headers: response.headers, json: await response.json().catch(() => null) };
    };
    const json = { "content-type": "application/json" };
    const call = (method: string, params: unknown[] = []) => ({ jsonrpc: "2.0", id: 1, method, params });
    assert.equal((await post(json, call("eth_chainId"))).json.result, "0x7a69");
    // A web page's simple request (no preflight) is not JSON: it never runs.
    const target = "0x00000000000000000000000000000000000c0de5";
    const plain = await post({ "content-type": "text/plain" }, call("anvil_setCode", [target, "0x00"]));
    assert.equal(plain.json?.result, undefined);
    assert.equal((await post(json, call("eth_getCode", [target, "latest"]))).json.result, "0x");
    // And a preflight for JSON gets no CORS grant.
    const preflight = await fetch(anvil.url, {
      method: "OPTIONS",
      headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
    });
    await preflight.body?.cancel();
    assert.equal(preflight.headers.get("access-control-allow-origin"), null);
    const started = performance.now();
    const loop = await post(json, call("eth_call", [{ data: "0x5b600056" }, "latest"]));
    assert.match(loop.json.error.message, /OutOfGas/);
    assert.ok(performance.now() - started < 1_000);
    const balance = await post(json, call("eth_getBalance", ["0xa0Ee7A142d267C1f36714E4a8F75612F20a79720", "latest"]));
    assert.equal(BigInt(balance.json.result), 10_000n * 10n ** 18n);
  } finally {
    await anvil.close();
  }
});

Deno.test({
  name: "Anvil never outlives the process that started it, even one killed with SIGKILL",
  ignore: Deno.build.os !== "linux",
}, async () => {
  const script = await Deno.makeTempFile({ suffix: ".ts" });
  await Deno.writeTextFile(
    script,
    `import { spawnAnvil } from ${JSON.stringify(new URL("./anvil.ts", import.meta.url).href)};
const anvil = await spawnAnvil({ port: 0 });
console.log("pid", anvil.pid);
await new Promise(() => {});`,
  );
  const parent = new Deno.Command(Deno.execPath(), { args: ["run", "-A", script], stdout: "piped", stderr: "null" })
    .spawn();
  try {
    const reader = parent.stdout.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (!/pid \d+\n/.test(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    const pid = Number(/pid (\d+)/.exec(text)![1]);
    const alive = () => {
      try {
        return !/^State:\s+Z/m.test(Deno.readTextFileSync(`/proc/${pid}/status`));
      } catch {
        return false;
      }
    };
    assert.ok(alive(), "Anvil runs");
    parent.kill("SIGKILL");
    await parent.status;
    reader.releaseLock();
    await parent.stdout.cancel().catch(() => {});
    const deadline = Date.now() + 5_000;
    while (alive() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(!alive(), "Anvil ended with its parent");
  } finally {
    await Deno.remove(script);
  }
});
