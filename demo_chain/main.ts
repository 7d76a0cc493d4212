/**
 * Runs the demo chain alone, supervised: `deno run -A demo_chain/main.ts
 * [--port 8545] [--hostname 127.0.0.1] [--state .data/demo_chain/state.json]`.
 * Without `--state`, the chain's state is thrown away when it stops. It stops
 * on SIGINT or SIGTERM (Anvil writes its state file first).
 *
 * @module
 */
import { ConfigError } from "../server/config.ts";
import { startSupervisedDemoChain } from "./supervisor.ts";

function flag(name: string): string | undefined {
  const index = Deno.args.indexOf(name);
  return index === -1 ? undefined : Deno.args[index + 1];
}

const started = performance.now();
let chain;
try {
  chain = await startSupervisedDemoChain({
    port: Number(flag("--port") ?? 0),
    hostname: flag("--hostname"),
    stateFile: flag("--state"),
  });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  Deno.exit(1);
}
const report = chain.current()?.report;
console.log(
  `Demo chain JSON-RPC on ${chain.url} (chain id ${chain.chainId}): ${report?.tokens} tokens, ${report?.pools} ` +
    `pools, state ${report?.source} in ${Math.round(performance.now() - started)} ms`,
);
const stop = () => chain.close().then(() => Deno.exit(0));
Deno.addSignalListener("SIGINT", stop);
Deno.addSignalListener("SIGTERM", stop);
