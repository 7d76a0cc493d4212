/**
 * Where the demo chain's deployed state lives, and how a start knows that a
 * state holds today's deployment.
 *
 * - The **deployment digest** ({@linkcode deploymentDigest}) hashes what the
 *   deployment depends on: the plan (tokens, pools, amounts from the demo
 *   gateway's catalog), the deployment code and the vendored contracts. The
 *   deployment ends by writing it into storage slot 0 of the deployer
 *   ({@linkcode MARKER_ACCOUNT}); a loaded state whose slot holds another
 *   value (or none) is stale and is deployed again.
 * - The **template** (`.data/demo_chain/template-{digest}.json`): the state
 *   right after a deployment, written once; every later fresh chain (a test's,
 *   a first start of the service after a clone with a warm `.data/`) loads it
 *   instead of deploying again.
 *
 * @module
 */
import { createHash } from "node:crypto";
import type { Hex } from "viem";
import { DEPLOYER } from "./accounts.ts";
import type { DemoPlan } from "./plan.ts";

/** The account whose storage slot 0 holds the digest of the deployment a state holds. */
export const MARKER_ACCOUNT = DEPLOYER;
/** The marker's storage slot. */
export const MARKER_SLOT: Hex = "0x0";

/** The folder of the templates: `.data/demo_chain/` of this checkout. */
export const TEMPLATE_DIR: URL = new URL("../.data/demo_chain/", import.meta.url);

/** Files of `demo_chain/` the deployment depends on (besides the plan and `contracts/`). */
const DEPLOY_SOURCES = [
  "deploy.ts",
  "deploy_v4.ts",
  "deployer.ts",
  "template.ts",
  "accounts.ts",
  "anvil.ts",
  "state.ts",
];

function readIfThere(url: URL): Uint8Array {
  try {
    return Deno.readFileSync(url);
  } catch {
    return new Uint8Array();
  }
}

/** The plan as text (bigints as decimal strings). */
function planText(plan: DemoPlan): string {
  return JSON.stringify(
    { tokens: plan.tokens, pools: plan.pools, deployer: [...plan.deployerAmounts] },
    (_, value) => typeof value === "bigint" ? value.toString() : value,
  );
}

/** The digest of a deployment of `plan` with this checkout's code and contracts, as a 32-byte word. */
export function deploymentDigest(plan: DemoPlan): Hex {
  const hash = createHash("sha256");
  hash.update(planText(plan));
  for (const file of DEPLOY_SOURCES) hash.update(readIfThere(new URL(`./${file}`, import.meta.url)));
  const contracts = new URL("./contracts/", import.meta.url);
  const names = [...Deno.readDirSync(contracts)].map((entry) => entry.name).sort();
  for (const name of names) {
    hash.update(name);
    hash.update(readIfThere(new URL(name, contracts)));
  }
  return `0x${hash.digest("hex")}`;
}

/** The template file of a digest. */
export function templateFile(digest: Hex): string {
  return new URL(`template-${digest.slice(2, 18)}.json`, TEMPLATE_DIR).pathname;
}

/** Whether a file exists. */
export function fileExists(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/** An Anvil state dump's fields that {@linkcode withoutHistory} reads (others pass through). */
interface StateDump {
  best_block_number?: number | string;
  blocks?: { header: { number: string } }[];
  transactions?: { block_number?: number | string }[];
  historical_states?: unknown;
  [field: string]: unknown;
}

/**
 * A state dump without the history that made it: only the best block (Anvil
 * needs it) and its transactions (the deployment mines an empty one last). The deployment's
 * ~300 blocks and ~500 receipts (their logs and call traces) are 95% of a
 * dump; without them a loaded chain holds 50 MB less and `eth_getLogs` over
 * all blocks answers only what was traded since.
 */
export function withoutHistory(dump: StateDump): StateDump {
  const best = Number(dump.best_block_number ?? 0);
  return {
    ...dump,
    blocks: (dump.blocks ?? []).filter((block) => Number(block.header.number) === best),
    transactions: (dump.transactions ?? []).filter((transaction) => Number(transaction.block_number) === best),
    historical_states: null,
  };
}

/**
 * Writes a state dump (`anvil_dumpState`'s answer: gzipped JSON, hex) as the
 * JSON file `--load-state` reads, atomically (a temporary file, then a
 * rename); `historyless` drops what {@linkcode withoutHistory} drops.
 */
export async function writeStateDump(dump: Hex, path: string, historyless = false): Promise<void> {
  const bytes = Uint8Array.from(dump.slice(2).match(/../g) ?? [], (byte) => parseInt(byte, 16));
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
  let json = gzipped
    ? new Uint8Array(
      await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")))
        .arrayBuffer(),
    )
    : bytes;
  if (historyless) {
    json = new TextEncoder().encode(JSON.stringify(withoutHistory(JSON.parse(new TextDecoder().decode(json)))));
  }
  const dir = path.slice(0, path.lastIndexOf("/"));
  if (dir) await Deno.mkdir(dir, { recursive: true });
  const temporary = `${path}.${Deno.pid}.${crypto.randomUUID().slice(0, 8)}.tmp`;
  await Deno.writeFile(temporary, json);
  await Deno.rename(temporary, path);
}
