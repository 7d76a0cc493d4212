/**
 * Deploys today's demo chain into a throwaway Anvil and writes it as the
 * template (`state.ts`), then exits: `deno run -A demo_chain/deploy_main.ts`.
 * {@linkcode startDemoChain} runs it as a child process when no template
 * exists, so the deployment's ~500 calls and its 14 MB state dump never live
 * in the service's heap. Its last line is `Demo chain template {path}: {n}
 * transactions in {ms} ms`.
 *
 * @module
 */
import { deployTemplate } from "./template.ts";

const started = performance.now();
const { template, transactions } = await deployTemplate();
console.log(
  `Demo chain template ${template}: ${transactions} transactions in ${Math.round(performance.now() - started)} ms`,
);
