/**
 * Compiles the demo chain's own contracts into their committed artifacts (ABI
 * and creation code): `DemoToken.sol` into `demo_token.json` and
 * `DemoDynamicFeeHook.sol` into `demo_fee_hook.json`. Maintenance only: the
 * chain reads the committed JSON. Uses the `solc` npm package (0.8.28, a
 * devDependency), or the one at `SOLC`:
 * `deno run -A demo_chain/contracts/build.ts`. `build_test.ts` compiles again and
 * compares.
 *
 * @module
 */
import { createRequire } from "node:module";

const dir = new URL("./", import.meta.url);

/** The demo contracts: source file, contract name, artifact file. */
export const DEMO_CONTRACTS = [
  { source: "DemoToken.sol", name: "DemoToken", file: "demo_token.json" },
  { source: "DemoDynamicFeeHook.sol", name: "DemoDynamicFeeHook", file: "demo_fee_hook.json" },
] as const;

interface Solc {
  compile(input: string): string;
  version(): string;
}

function loadSolc(): Solc {
  const require = createRequire(import.meta.url);
  return require(Deno.env.get("SOLC") ?? "solc") as Solc;
}

/** Compiles one demo contract: its artifact (`contractName`, `compiler`, `abi`, `bytecode`). */
export async function compileDemoContract(
  contract: (typeof DEMO_CONTRACTS)[number],
  solc: Solc = loadSolc(),
): Promise<{ contractName: string; compiler: string; abi: unknown[]; bytecode: string }> {
  const source = await Deno.readTextFile(new URL(contract.source, dir));
  const input = {
    language: "Solidity",
    sources: { [contract.source]: { content: source } },
    settings: {
      evmVersion: "shanghai",
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((error: { severity: string }) => error.severity === "error");
  if (errors.length > 0) {
    throw new Error(
      `Cannot compile ${contract.source}: ${errors.map((e: { message: string }) => e.message).join("; ")}`,
    );
  }
  const compiled = output.contracts[contract.source][contract.name];
  return {
    contractName: contract.name,
    compiler: `solc ${solc.version()}`,
    abi: compiled.abi,
    bytecode: `0x${compiled.evm.bytecode.object}`,
  };
}

if (import.meta.main) {
  const solc = loadSolc();
  for (const contract of DEMO_CONTRACTS) {
    const artifact = await compileDemoContract(contract, solc);
    await Deno.writeTextFile(new URL(contract.file, dir), JSON.stringify(artifact, null, 2) + "\n");
    console.log(`${contract.file}: ${(artifact.bytecode.length - 2) / 2} bytes of creation code`);
  }
}
