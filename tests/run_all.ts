/**
 * `deno task test` after `scripts/prepare.ts`: launches one Debian Chromium as a
 * playwright server, runs every test file in parallel (`deno test --parallel`,
 * one file more than there are cores: `JOBS`) with its endpoint in
 * `TEST_BROWSER_WS_ENDPOINT` (so the browser test files connect to it
 * instead of starting their own, see `server_harness.ts`), then closes it
 * and exits with the tests' code.
 * Type checking is `deno task check`'s (CI runs both). Extra arguments go to
 * `deno test` (e.g. a file to run alone).
 *
 * @module
 */
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, SHARED_BROWSER_ENV } from "./server_harness.ts";
import { ROOT_DIR } from "../server/paths.ts";

const browser = await chromium.launchServer({
  executablePath: Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium",
  args: [...CHROMIUM_ARGS],
});
/**
 * Test files run at once (`DENO_JOBS`, unless set): one more than the cores,
 * as most files spend their time waiting on the browser, a service or a
 * timer. Measured on the 2-core machine, whole suite: 2 at once 6m45s, 3
 * 5m25s, 4 5m34s.
 */
const JOBS = Deno.env.get("DENO_JOBS") ?? String(navigator.hardwareConcurrency + 1);

let code = 1;
try {
  const tests = new Deno.Command(Deno.execPath(), {
    args: ["test", "-A", "--parallel", "--no-check", ...Deno.args],
    cwd: ROOT_DIR,
    env: { [SHARED_BROWSER_ENV]: browser.wsEndpoint(), DENO_JOBS: JOBS },
    stdin: "null",
  }).spawn();
  code = (await tests.status).code;
} finally {
  await browser.close();
}
Deno.exit(code);
