/**
 * The deployed template of today's demo chain (`state.ts`): deployed into a
 * throwaway Anvil and written without its history. Run by `deploy_main.ts`
 * in a child process of `start.ts`, so neither the deployment code nor its
 * contracts are loaded by the service.
 *
 * @module
 */
import type { Hex } from "viem";
import { spawnAnvil } from "./anvil.ts";
import { DEMO_CHAIN_ID } from "./identity.ts";
import { deployDemo } from "./deploy.ts";
import { demoPlan } from "./plan.ts";
import { httpNode } from "./rpc.ts";
import { deploymentDigest, MARKER_ACCOUNT, MARKER_SLOT, templateFile, writeStateDump } from "./state.ts";

/**
 * Deploys today's plan into a throwaway node, marks it with the digest and
 * writes its state as the template: the template's path and the transactions
 * sent.
 */
export async function deployTemplate(): Promise<{ template: string; transactions: number }> {
  const plan = demoPlan();
  const digest = deploymentDigest(plan);
  const template = templateFile(digest);
  const anvil = await spawnAnvil({ port: 0 });
  try {
    const node = httpNode(anvil.url, DEMO_CHAIN_ID);
    const { transactions } = await deployDemo(node, plan);
    await node.request("anvil_setStorageAt", [MARKER_ACCOUNT, MARKER_SLOT, digest]);
    await node.request("evm_mine", []); // an empty best block: the history can go
    await writeStateDump(await node.request<Hex>("anvil_dumpState", []), template, true);
    return { template, transactions };
  } finally {
    anvil.kill("SIGKILL");
    await anvil.exited;
  }
}
