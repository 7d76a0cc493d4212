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

/** Deletes the templates of other digests (an older checkout's): only today's is ever loaded. */
async function dropOtherTemplates(keep: string): Promise<void> {
  const dir = keep.slice(0, keep.lastIndexOf("/") + 1);
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}${entry.name}`;
    if (entry.isFile && /^template-[0-9a-f]{16}\.json$/.test(entry.name) && path !== keep) {
      await Deno.remove(path).catch(() => {});
    }
  }
}

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
    await dropOtherTemplates(template);
    return { template, transactions };
  } finally {
    anvil.kill("SIGKILL");
    await anvil.exited;
  }
}
