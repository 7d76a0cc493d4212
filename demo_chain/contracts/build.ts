/**
 * Compiles `DemoToken.sol` into `demo_token.json` (ABI and creation code).
 * Maintenance only: the chain reads the committed JSON. Needs the `solc` npm
 * package (0.8.28) in a scratch directory, e.g.
 * `npm install --prefix /tmp/solc solc@0.8.28`, then
 * `SOLC=/tmp/solc/node_modules/solc deno run -A demo_chain/contracts/build.ts`.
 *
 * @module
 */
import { createRequire } from "node:module";

const dir = new URL("./", import.meta.url);
const solcPath = Deno.env.get("SOLC");
if (!solcPath) throw new Error("Cannot compile DemoToken.sol: set SOLC to the path of the solc 0.8.28 npm package");
const solc = createRequire(import.meta.url)(solcPath);
const source = await Deno.readTextFile(new URL("DemoToken.sol", dir));
const input = {
  language: "Solidity",
  sources: { "DemoToken.sol": { content: source } },
  settings: {
    evmVersion: "shanghai",
    optimizer: { enabled: true, runs: 200 },
    outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
  },
};
const output = JSON.parse(solc.compile(JSON.stringify(input)));
for (const error of output.errors ?? []) console.error(error.formattedMessage);
const contract = output.contracts["DemoToken.sol"].DemoToken;
const artifact = {
  contractName: "DemoToken",
  compiler: `solc ${solc.version()}`,
  abi: contract.abi,
  bytecode: `0x${contract.evm.bytecode.object}`,
};
await Deno.writeTextFile(new URL("demo_token.json", dir), JSON.stringify(artifact, null, 2) + "\n");
console.log(`demo_token.json: ${(artifact.bytecode.length - 2) / 2} bytes of creation code`);
