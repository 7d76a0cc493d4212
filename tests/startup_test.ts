/**
 * Starting the service as a newcomer would, with configuration mistakes:
 * each stops the start with one line that names the variable, before
 * anything is installed or built, and leaves nothing behind.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { ROOT_DIR } from "../server/paths.ts";

async function run(args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: ROOT_DIR,
    env: { NO_COLOR: "1", ...env },
    stdout: "piped",
    stderr: "piped",
    stdin: "null",
  }).output();
  const decoder = new TextDecoder();
  return { code, output: decoder.decode(stdout) + decoder.decode(stderr) };
}

Deno.test("start: a bad PORT stops `deno task start` before install and build, naming PORT", async () => {
  const { code, output } = await run(["task", "start"], { PORT: "80a0" });
  assert.equal(code, 1);
  assert.match(output, /Invalid configuration: Cannot parse PORT "80a0": expected an integer from 0 to 65535/);
  assert.doesNotMatch(output, /Installing|Building/);
});

Deno.test("start: DENO_KV_PATH in a missing folder stops the start, names it, creates nothing", async () => {
  const folder = `/tmp/no-such-folder-${crypto.randomUUID()}`;
  const { code, output } = await run(["run", "-A", "server.ts"], {
    HOSTNAME: "127.0.0.1",
    PORT: "0",
    DENO_KV_PATH: `${folder}/sub/kv.sqlite3`,
  });
  assert.equal(code, 1);
  assert.match(output, /Invalid configuration: Cannot open DENO_KV_PATH ".*": folder ".*" does not exist/);
  assert.ok(!existsSync(folder), "the folder was created");
  assert.doesNotMatch(output, /\n\s+at /, "a stack trace was printed");
});

Deno.test("start: a busy PORT stops with one line naming PORT, no stack trace", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  try {
    const { code, output } = await run(["run", "-A", "server.ts"], {
      HOSTNAME: "127.0.0.1",
      PORT: String(port),
      DENO_KV_PATH: ":memory:",
    });
    assert.equal(code, 1);
    const lines = output.trim().split("\n").filter((line) => !line.startsWith("{"));
    assert.deepEqual(lines, [
      `Invalid configuration: Cannot listen on PORT ${port} (HOSTNAME 127.0.0.1): the address is already in use`,
    ]);
  } finally {
    listener.close();
  }
});
