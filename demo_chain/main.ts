/**
 * Runs the demo chain alone: `deno run -A demo_chain/main.ts [--port 8545]
 * [--hostname 127.0.0.1]`. {@linkcode startDemoChain} runs it as a child
 * process: its first line says where it serves; it stops on SIGINT or SIGTERM
 * and when its stdin closes (the parent is gone).
 *
 * @module
 */
import { ConfigError } from "../server/config.ts";
import { startDemoChainInProcess } from "./mod.ts";

function flag(name: string): string | undefined {
  const index = Deno.args.indexOf(name);
  return index === -1 ? undefined : Deno.args[index + 1];
}

const port = Number(flag("--port") ?? 0);
const started = performance.now();
let chain;
try {
  chain = await startDemoChainInProcess({ port, hostname: flag("--hostname") });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  Deno.exit(1);
}
console.log(
  `Demo chain JSON-RPC on ${chain.url} (chain id ${chain.chainId}): ${chain.report.tokens} tokens, ` +
    `${chain.report.pools} pools, ${chain.report.transactions} transactions in ${
      Math.round(performance.now() - started)
    } ms`,
);
const stop = () => chain.close().then(() => Deno.exit(0));
Deno.addSignalListener("SIGINT", stop);
Deno.addSignalListener("SIGTERM", stop);
// The parent holds our stdin: when it goes, so do we.
(async () => {
  try {
    for await (const _ of Deno.stdin.readable) { /* nothing is sent */ }
  } catch { /* closed */ }
  await stop();
})();
