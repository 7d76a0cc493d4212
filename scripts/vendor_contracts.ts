/**
 * Copies the Uniswap contracts the demo chain deploys (`demo_chain/deploy.ts`)
 * out of their npm packages into small committed files under
 * `demo_chain/contracts/`: for each, the ABI and the creation code, nothing
 * else (none links a library, and the deployment reads neither the runtime code
 * nor the metadata). So serving installs none of the four `@uniswap/v2-*` /
 * `v3-*` packages (they stay in `devDependencies` for the tests and for this
 * generator). Run it again after changing one of their versions:
 *
 * ```sh
 * deno task gen:contracts
 * ```
 *
 * `vendor_contracts_test.ts` fails when a committed file differs from what
 * the installed packages give.
 *
 * @module
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** One contract to vendor: which package and artifact it comes from, and the committed file it becomes. */
export interface VendoredContract {
  /** File name under `demo_chain/contracts/`. */
  readonly file: string;
  /** npm package holding the artifact. */
  readonly packageName: string;
  /** The artifact's path inside the package. */
  readonly artifact: string;
  /**
   * Set when the artifact is Solidity source holding the contract's runtime
   * code as its first `hex"..."` literal (Permit2, in v4-periphery's
   * `DeployPermit2.sol`): the ABI then comes from these artifacts, merged.
   */
  readonly runtimeWithAbiFrom?: readonly string[];
}

/** The vendored contract file: where it comes from, the ABI and the creation code (`0x`-prefixed). */
export interface VendoredArtifact {
  readonly _comment: string;
  readonly contractName: string;
  readonly abi: unknown[];
  /** Creation code; empty for a contract vendored as its runtime code. */
  readonly bytecode: string;
  /** Runtime code, for a contract placed as it is (Permit2). */
  readonly runtimeBytecode?: string;
}

/** Uniswap V4, Permit2 and the Universal Router, which `demo_chain/deploy_v4.ts` places at Ethereum's addresses. */
export const UNISWAP_V4_CONTRACTS: readonly VendoredContract[] = [
  { file: "pool_manager.json", packageName: "@uniswap/v4-core", artifact: "out/PoolManager.sol/PoolManager.json" },
  {
    file: "v4_position_manager.json",
    packageName: "@uniswap/v4-periphery",
    artifact: "foundry-out/PositionManager.sol/PositionManager.json",
  },
  {
    file: "state_view.json",
    packageName: "@uniswap/v4-periphery",
    artifact: "foundry-out/StateView.sol/StateView.json",
  },
  { file: "v4_quoter.json", packageName: "@uniswap/v4-periphery", artifact: "foundry-out/V4Quoter.sol/V4Quoter.json" },
  {
    file: "permit2.json",
    packageName: "@uniswap/v4-periphery",
    artifact: "lib/permit2/test/utils/DeployPermit2.sol",
    runtimeWithAbiFrom: [
      "foundry-out/IAllowanceTransfer.sol/IAllowanceTransfer.default.json",
      "foundry-out/ISignatureTransfer.sol/ISignatureTransfer.json",
    ],
  },
  {
    file: "universal_router.json",
    packageName: "@uniswap/universal-router",
    artifact: "artifacts/contracts/UniversalRouter.sol/UniversalRouter.json",
  },
];

/** The Uniswap contracts `demo_chain/deploy.ts` places at Ethereum's addresses (SwapRouter02 is vendored apart). */
export const UNISWAP_CONTRACTS: readonly VendoredContract[] = [
  { file: "weth9.json", packageName: "@uniswap/v2-periphery", artifact: "build/WETH9.json" },
  { file: "uniswap_v2_factory.json", packageName: "@uniswap/v2-core", artifact: "build/UniswapV2Factory.json" },
  {
    file: "uniswap_v2_router02.json",
    packageName: "@uniswap/v2-periphery",
    artifact: "build/UniswapV2Router02.json",
  },
  {
    file: "uniswap_v3_factory.json",
    packageName: "@uniswap/v3-core",
    artifact: "artifacts/contracts/UniswapV3Factory.sol/UniswapV3Factory.json",
  },
  {
    file: "swap_router.json",
    packageName: "@uniswap/v3-periphery",
    artifact: "artifacts/contracts/SwapRouter.sol/SwapRouter.json",
  },
  {
    file: "quoter_v2.json",
    packageName: "@uniswap/v3-periphery",
    artifact: "artifacts/contracts/lens/QuoterV2.sol/QuoterV2.json",
  },
  {
    file: "tick_lens.json",
    packageName: "@uniswap/v3-periphery",
    artifact: "artifacts/contracts/lens/TickLens.sol/TickLens.json",
  },
  {
    file: "nonfungible_position_manager.json",
    packageName: "@uniswap/v3-periphery",
    artifact: "artifacts/contracts/NonfungiblePositionManager.sol/NonfungiblePositionManager.json",
  },
  {
    file: "v3_migrator.json",
    packageName: "@uniswap/v3-periphery",
    artifact: "artifacts/contracts/V3Migrator.sol/V3Migrator.json",
  },
];

/** The folder the files are written to. */
export const CONTRACTS_DIR: string = fileURLToPath(new URL("../demo_chain/contracts/", import.meta.url));

/** The `node_modules` folder of this checkout. */
export const NODE_MODULES: string = fileURLToPath(new URL("../node_modules/", import.meta.url));

/**
 * A package artifact's fields the copy reads (Waffle's `build/*.json`,
 * Hardhat's `artifacts/**.json`, or Foundry's `out/**.json`, whose
 * `bytecode` is `{ object, linkReferences }`).
 */
export interface PackageArtifact {
  readonly contractName?: string;
  readonly abi: unknown[];
  readonly bytecode: string | { readonly object: string; readonly linkReferences?: Record<string, unknown> };
  readonly linkReferences?: Record<string, unknown>;
}

/** Creation code with its `0x` prefix (Waffle's artifacts have none, Hardhat's have one). */
export function prefixed(bytecode: string): string {
  return bytecode.startsWith("0x") ? bytecode : `0x${bytecode}`;
}

/**
 * The vendored form of one package artifact: the ABI and the creation code,
 * unchanged. Refuses an artifact that links libraries (its creation code would
 * need them placed first).
 */
export function vendoredArtifact(
  contract: VendoredContract,
  pkg: { version: string; license: string },
  artifact: PackageArtifact,
): VendoredArtifact {
  const bytecode = typeof artifact.bytecode === "string" ? artifact.bytecode : artifact.bytecode.object;
  const links = typeof artifact.bytecode === "string" ? artifact.linkReferences : artifact.bytecode.linkReferences;
  if (Object.keys(links ?? {}).length > 0) {
    throw new Error(`${contract.packageName}/${contract.artifact} links libraries: deploy them first`);
  }
  if (!/^(0x)?[0-9a-f]+$/i.test(bytecode)) {
    throw new Error(`${contract.packageName}/${contract.artifact} has no creation code`);
  }
  const name = artifact.contractName ??
    contract.artifact.slice(contract.artifact.lastIndexOf("/") + 1, -".json".length);
  return {
    _comment:
      `${name} of ${contract.packageName} ${pkg.version} (${pkg.license}), the ABI and creation code of its ${contract.artifact}, unchanged; copied by scripts/vendor_contracts.ts (deno task gen:contracts).`,
    contractName: name,
    abi: artifact.abi,
    bytecode: prefixed(bytecode),
  };
}

/** One ABI from several (an entry named twice, e.g. an error both interfaces declare, is kept once). */
export function mergedAbi(abis: readonly unknown[][]): unknown[] {
  const seen = new Set<string>();
  return abis.flat().filter((entry) => {
    const key = JSON.stringify(entry);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The vendored form of a contract kept as runtime code: the first `hex"..."`
 * literal of a Solidity source and an ABI.
 */
export function vendoredRuntime(
  contract: VendoredContract,
  pkg: { version: string; license: string },
  source: string,
  abi: unknown[],
): VendoredArtifact {
  const hex = /hex"([0-9a-f]+)"/i.exec(source)?.[1];
  if (!hex) throw new Error(`${contract.packageName}/${contract.artifact} holds no hex literal`);
  const name = contract.file.replace(/\.json$/, "").replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
  return {
    _comment:
      `${name} of ${contract.packageName} ${pkg.version} (${pkg.license}): its runtime code, the hex literal of ${contract.artifact}, and the ABI of ${
        contract.runtimeWithAbiFrom?.join(" and ")
      }, unchanged; copied by scripts/vendor_contracts.ts (deno task gen:contracts).`,
    contractName: name,
    abi,
    bytecode: "",
    runtimeBytecode: `0x${hex}`,
  };
}

/** The file's text before `deno fmt`: one line per ABI entry, like `swap_router02.json`. */
export function vendoredJson(vendored: VendoredArtifact): string {
  const abi = vendored.abi.map((entry) => `    ${JSON.stringify(entry)}`).join(",\n");
  return `{
  "_comment": ${JSON.stringify(vendored._comment)},
  "contractName": ${JSON.stringify(vendored.contractName)},
  "abi": [\n${abi}\n  ],
  "bytecode": ${JSON.stringify(vendored.bytecode)}${
    vendored.runtimeBytecode === undefined ? "" : `,\n  "runtimeBytecode": ${JSON.stringify(vendored.runtimeBytecode)}`
  }
}
`;
}

/** Reads one contract's artifact and package manifest from `modules` and returns its vendored form. */
export async function readVendored(contract: VendoredContract, modules = NODE_MODULES): Promise<VendoredArtifact> {
  const dir = join(modules, contract.packageName);
  const pkg = JSON.parse(await readFile(join(dir, "package.json"), "utf8"));
  if (contract.runtimeWithAbiFrom) {
    const abis = await Promise.all(
      contract.runtimeWithAbiFrom.map(async (path) => JSON.parse(await readFile(join(dir, path), "utf8")).abi),
    );
    const source = await readFile(join(dir, contract.artifact), "utf8");
    return vendoredRuntime(contract, { version: pkg.version, license: pkg.license }, source, mergedAbi(abis));
  }
  const artifact = JSON.parse(await readFile(join(dir, contract.artifact), "utf8")) as PackageArtifact;
  return vendoredArtifact(contract, { version: pkg.version, license: pkg.license }, artifact);
}

if (import.meta.main) {
  const modules = Deno.args[0] ?? NODE_MODULES;
  const written: string[] = [];
  for (const contract of [...UNISWAP_CONTRACTS, ...UNISWAP_V4_CONTRACTS]) {
    const vendored = await readVendored(contract, modules);
    const path = join(CONTRACTS_DIR, contract.file);
    await writeFile(path, vendoredJson(vendored));
    written.push(path);
    const code = vendored.runtimeBytecode ?? vendored.bytecode;
    const kind = vendored.runtimeBytecode ? "runtime" : "creation";
    console.log(`demo_chain/contracts/${contract.file}: ${(code.length - 2) / 2} bytes of ${kind} code`);
  }
  const fmt = await new Deno.Command(Deno.execPath(), { args: ["fmt", "--quiet", ...written] }).output();
  if (!fmt.success) throw new Error(`deno fmt failed: ${new TextDecoder().decode(fmt.stderr)}`);
}
