/**
 * `deno task dev`: runs `server.ts --dev` (the service on `PORT` with Vite's
 * HMR behind it) and restarts it when a server file changes (`lib/`, `server/`, `og/`,
 * `queries/`, `demo_gateway/`, `server.ts`; not tests or READMEs). Edits
 * under `app/` are Vite's: they reach the open page through HMR without a
 * restart.
 *
 * Unlike `deno run --watch`, which keeps waiting for a change after the
 * program exits, SIGINT or SIGTERM stops the server (it closes Vite and the
 * demo gateway) and then this process: nothing is left running.
 *
 * @module
 */
import { ROOT_DIR } from "../server/paths.ts";

const WATCHED = ["lib", "server", "og", "queries", "demo_gateway", "demo_chain", "server.ts"].map((path) =>
  `${ROOT_DIR}${path}`
);
const IGNORED = /(_test\.tsx?|\.md)$|\/(testdata|\.scratch)\//;

let child: Deno.ChildProcess | null = null;
let stopping = false;

function start(): void {
  child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "server.ts", "--dev"],
    cwd: ROOT_DIR,
    stdin: "inherit",
    stdout: "inherit",
    stderr: "inherit",
  }).spawn();
}

async function stopChild(): Promise<void> {
  const running = child;
  child = null;
  if (!running) return;
  try {
    running.kill("SIGTERM");
  } catch { /* already gone */ }
  const timer = setTimeout(() => {
    try {
      running.kill("SIGKILL");
    } catch { /* already gone */ }
  }, 10_000);
  await running.status;
  clearTimeout(timer);
}

async function shutdown(): Promise<void> {
  if (stopping) return;
  stopping = true;
  watcher.close();
  await stopChild();
  Deno.exit(0);
}

const watcher = Deno.watchFs(WATCHED, { recursive: true });
Deno.addSignalListener("SIGINT", shutdown);
Deno.addSignalListener("SIGTERM", shutdown);
start();

let timer: ReturnType<typeof setTimeout> | undefined;
let restarting = Promise.resolve();
for await (const event of watcher) {
  if (stopping) break;
  const paths = event.paths.filter((path) => !IGNORED.test(path));
  if (paths.length === 0 || event.kind === "access") continue;
  clearTimeout(timer);
  timer = setTimeout(() => {
    restarting = restarting.then(async () => {
      if (stopping) return;
      console.log(JSON.stringify({ level: "info", msg: `Restarting: ${paths[0].slice(ROOT_DIR.length)} changed` }));
      await stopChild();
      if (!stopping) start();
    });
  }, 150);
}
