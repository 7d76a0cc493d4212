/**
 * Runs the demo chain alone: `deno run -A demo_chain/main.ts [--port 8545]`.
 *
 * @module
 */
import { startDemoChain } from "./mod.ts";

const index = Deno.args.indexOf("--port");
const port = index === -1 ? 0 : Number(Deno.args[index + 1]);
const started = performance.now();
const chain = await startDemoChain({ port });
console.log(
  `Demo chain JSON-RPC on ${chain.url} (chain id ${chain.chainId}): ${chain.report.tokens} tokens, ` +
    `${chain.report.pools} pools, ${chain.report.transactions} transactions in ${
      Math.round(performance.now() - started)
    } ms`,
);
Deno.addSignalListener("SIGINT", () => chain.close().then(() => Deno.exit(0)));
