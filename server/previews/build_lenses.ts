/**
 * Compiles the position lenses (`position_lens.sol`, `position_lens_v4.sol`)
 * into their committed creation code (`position_lens.ts`,
 * `position_lens_v4.ts`). Maintenance only: the service reads the committed
 * code. Uses the `solc` npm package (0.8.28, a devDependency) with the
 * settings of `demo_chain/contracts/build.ts` (optimizer 200 runs, evm
 * shanghai): `deno run -A server/previews/build_lenses.ts`.
 * `build_lenses_test.ts` compiles again and compares.
 *
 * @module
 */
import { createRequire } from "node:module";

const dir = new URL("./", import.meta.url);

/** The lenses: source file, contract name, module written, constant exported. */
export const LENSES = [
  { source: "position_lens.sol", name: "PositionLens", file: "position_lens.ts", constant: "POSITION_LENS_CODE" },
  {
    source: "position_lens_v4.sol",
    name: "PositionLensV4",
    file: "position_lens_v4.ts",
    constant: "POSITION_LENS_V4_CODE",
  },
] as const;

interface Solc {
  compile(input: string): string;
}

function loadSolc(): Solc {
  const require = createRequire(import.meta.url);
  return require(Deno.env.get("SOLC") ?? "solc") as Solc;
}

/** The creation code (`0x`-prefixed) of one lens, compiled from its source. */
export async function compileLens(lens: (typeof LENSES)[number], solc: Solc = loadSolc()): Promise<string> {
  const source = await Deno.readTextFile(new URL(lens.source, dir));
  const input = {
    language: "Solidity",
    sources: { [lens.source]: { content: source } },
    settings: {
      evmVersion: "shanghai",
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { "*": { "*": ["evm.bytecode.object"] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((error: { severity: string }) => error.severity === "error");
  if (errors.length > 0) {
    throw new Error(`Cannot compile ${lens.source}: ${errors.map((e: { message: string }) => e.message).join("; ")}`);
  }
  return `0x${output.contracts[lens.source][lens.name].evm.bytecode.object}`;
}

if (import.meta.main) {
  const solc = loadSolc();
  for (const lens of LENSES) {
    const code = await compileLens(lens, solc);
    const path = new URL(lens.file, dir);
    const text = await Deno.readTextFile(path);
    const pattern = new RegExp(`(export const ${lens.constant} =\\s*")0x[0-9a-f]*(")`);
    if (!pattern.test(text)) throw new Error(`Cannot find ${lens.constant} in ${lens.file}`);
    await Deno.writeTextFile(path, text.replace(pattern, `$1${code}$2`));
    console.log(`${lens.file}: ${(code.length - 2) / 2} bytes of creation code`);
  }
}
